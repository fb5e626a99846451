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
import { findAttempt } from "./queries";
import { campaignAttempts } from "./schema";

/** Postmark's delivery webhooks about a campaign's mail: the Metadata its send gave it (marketing.ts) names the attempt. */
const CampaignMailWebhook = z.object({
  body: PostmarkDeliveryWebhook.extend({
    Metadata: z.object({
      company_id: z.string().min(1),
      campaign_id: z.string().min(1),
      attempt_id: z.string().min(1),
    }),
  }),
});

/**
 * Applies Postmark's Delivery, Bounce and SpamComplaint webhooks to a campaign's attempt with
 * email's rules (the delivery status only moves forward; a hard bounce or a complaint suppresses
 * the address, so the next campaign or step skips it), each change with its email.* event of
 * source `campaign`. The write states the attempt is still as read, so a duplicate webhook, or one
 * racing it, changes nothing. A webhook that overtakes the record of the attempt's acceptance
 * waits for it (retried), so email.sent comes first.
 */
const applyCampaignMailEvent = defineJob({
  kind: "campaigns.delivery_event",
  payload: CampaignMailWebhook,
  async run(job, { body }) {
    const attempt = await findAttempt(job.db, job.companyId, body.Metadata.attempt_id);
    if (!attempt || attempt.status === "failed") return { status: "done" };
    if (attempt.status === "queued")
      return { status: "retry", reason: "The attempt's acceptance by the provider is not recorded yet." };
    const report = postmarkReport(body);
    if (attempt.providerMessageId !== null && attempt.providerMessageId !== report.providerMessageId)
      return { status: "done" };
    const change = await deliveryChange(job.db, job.companyId, attempt.email, attempt.deliveryStatus, report);
    if (!change) return { status: "done" };
    const now = clock.iso();
    const asRead = rowOf(
      campaignAttempts,
      job.companyId,
      attempt.id,
      eq(campaignAttempts.status, "sent"),
      attempt.deliveryStatus === null
        ? sql`${campaignAttempts.deliveryStatus} IS NULL`
        : eq(campaignAttempts.deliveryStatus, attempt.deliveryStatus),
    );
    return {
      status: "done",
      statements: [
        precondition(job.db, sql`EXISTS (SELECT 1 FROM ${campaignAttempts} WHERE ${asRead})`, () =>
          changedMeanwhile("campaign attempt"),
        ),
        job.db
          .update(campaignAttempts)
          .set({ deliveryStatus: change.deliveryStatus, deliveryUpdatedAt: now, updatedAt: now })
          .where(asRead),
        ...change.statements,
      ],
      events: [
        emailEvent(deliveryEventOf(change.deliveryStatus), {
          id: attempt.id,
          table: campaignAttempts,
          previousStatus: "sent",
          previousDeliveryStatus: attempt.deliveryStatus,
          source: "campaign",
          campaignId: attempt.campaignId,
          contactId: attempt.contactId,
          to: attempt.email,
          subject: attempt.subject,
          status: "sent",
          deliveryStatus: change.deliveryStatus,
          providerMessageId: attempt.providerMessageId,
          bounceReason: change.bounceReason,
          suppressed: change.suppressed,
          occurredAt: now,
        }),
      ],
    };
  },
});

/** POST /providers/postmark/email-events (email's webhook URL): the webhooks whose Metadata names a campaign attempt. */
export const campaignMailCallback = defineCallback({
  provider: "postmark",
  topic: "email-events",
  job: applyCampaignMailEvent,
  eventId: ({ body }) => postmarkEventId(body),
  companyOf: async (db, { body }) =>
    (await companyRowExists(db, campaignAttempts, body.Metadata.company_id, body.Metadata.attempt_id))
      ? body.Metadata.company_id
      : undefined,
});
