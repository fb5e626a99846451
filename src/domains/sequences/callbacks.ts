import { z } from "@hono/zod-openapi";
import { eq, sql } from "drizzle-orm";
import { clock } from "../../lib/clock";
import { defineCallback } from "../../core/callbacks";
import { changedMeanwhile, precondition } from "../../data/precondition";
import { companyRowExists, rowOf } from "../../data/rows";
import { defineJob } from "../../work/jobs";
import {
  deliveryChange,
  deliveryEventOf,
  emailEvent,
  PostmarkDeliveryWebhook,
  postmarkEventId,
  postmarkReport,
} from "../email";
import { findSend } from "./queries";
import { sequenceSends } from "./schema";

/** Postmark's delivery webhooks about a sequence step's mail: the Metadata its send gave it (campaigns' marketing.ts) names the step's send. */
const SequenceMailWebhook = z.object({
  body: PostmarkDeliveryWebhook.extend({
    Metadata: z.object({ company_id: z.string().min(1), sequence_id: z.string().min(1), send_id: z.string().min(1) }),
  }),
});

/**
 * Applies Postmark's Delivery, Bounce and SpamComplaint webhooks to a sequence step's send with
 * email's rules (the delivery status only moves forward; a hard bounce or a complaint suppresses
 * the address, so the next campaign or step skips it), each change with its email.* event of
 * source `sequence`. The write states the send is still as read, so a duplicate webhook, or one
 * racing it, changes nothing. A webhook that overtakes the record of the send's acceptance
 * waits for it (retried), so email.sent comes first.
 */
const applySequenceMailEvent = defineJob({
  kind: "sequences.delivery_event",
  payload: SequenceMailWebhook,
  async run(job, { body }) {
    const send = await findSend(job.db, job.companyId, body.Metadata.send_id);
    if (!send || send.status === "failed") return { status: "done" };
    if (send.status === "queued")
      return { status: "retry", reason: "The send's acceptance by the provider is not recorded yet." };
    const report = postmarkReport(body);
    if (send.providerMessageId !== null && send.providerMessageId !== report.providerMessageId)
      return { status: "done" };
    const change = await deliveryChange(job.db, job.companyId, send.email, send.deliveryStatus, report);
    if (!change) return { status: "done" };
    const now = clock.iso();
    const asRead = rowOf(
      sequenceSends,
      job.companyId,
      send.id,
      eq(sequenceSends.status, "sent"),
      send.deliveryStatus === null
        ? sql`${sequenceSends.deliveryStatus} IS NULL`
        : eq(sequenceSends.deliveryStatus, send.deliveryStatus),
    );
    return {
      status: "done",
      statements: [
        precondition(job.db, sql`EXISTS (SELECT 1 FROM ${sequenceSends} WHERE ${asRead})`, () =>
          changedMeanwhile("sequence step's send"),
        ),
        job.db
          .update(sequenceSends)
          .set({ deliveryStatus: change.deliveryStatus, deliveryUpdatedAt: now, updatedAt: now })
          .where(asRead),
        ...change.statements,
      ],
      events: [
        emailEvent(deliveryEventOf(change.deliveryStatus), {
          id: send.id,
          table: sequenceSends,
          previousStatus: "sent",
          previousDeliveryStatus: send.deliveryStatus,
          source: "sequence",
          sequenceId: send.sequenceId,
          contactId: send.contactId,
          to: send.email,
          subject: send.subject,
          status: "sent",
          deliveryStatus: change.deliveryStatus,
          providerMessageId: send.providerMessageId,
          bounceReason: change.bounceReason,
          suppressed: change.suppressed,
          occurredAt: now,
        }),
      ],
    };
  },
});

/** POST /providers/postmark/email-events (email's webhook URL): the webhooks whose Metadata names a sequence step's send. */
export const sequenceMailCallback = defineCallback({
  provider: "postmark",
  topic: "email-events",
  job: applySequenceMailEvent,
  eventId: ({ body }) => postmarkEventId(body),
  companyOf: async (db, { body }) =>
    (await companyRowExists(db, sequenceSends, body.Metadata.company_id, body.Metadata.send_id))
      ? body.Metadata.company_id
      : undefined,
});
