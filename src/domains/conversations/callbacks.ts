import { z } from "@hono/zod-openapi";
import { and, eq, inArray, sql } from "drizzle-orm";
import { changedMeanwhile, precondition } from "../../data/precondition";
import type { EmittedEvent } from "../../data/events";
import { whatsappMessageDelivered, whatsappMessageFailed, whatsappMessageRead } from "./events";
import { toMessage } from "./model";
import { outboundByProviderIds, type MessageRecord } from "./queries";
import { defineCallback } from "../../core/callbacks";
import { rowOf } from "../../data/rows";
import { defineJob } from "../../work/jobs";
import { clock } from "../../lib/clock";
import { messages, whatsappConnections, type MessageStatus } from "./schema";

/** The statuses Meta reports for a message we sent; `deleted` and the like change nothing. */
const reportedStatuses = ["sent", "delivered", "read", "failed"] as const;
type ReportedStatus = (typeof reportedStatuses)[number];

/** The statuses a message may still be in for a reported status to move it forward (never back). */
const movesFrom: Record<ReportedStatus, MessageStatus[]> = {
  sent: ["queued"],
  delivered: ["queued", "sent"],
  read: ["queued", "sent", "delivered"],
  // Meta fails a message it could not deliver; one already delivered or read stays so.
  failed: ["queued", "sent"],
};

const MetaStatus = z.object({
  /** Our message's provider id (wamid.…), as the send answered it. */
  id: z.string().min(1),
  status: z.string().min(1),
  /** Unix seconds, as a string. */
  timestamp: z.string().regex(/^\d{1,12}$/),
  // recipient_id (the contact's phone) and the error details are not kept: the job needs neither.
});

/**
 * Meta's webhook for the `messages` field of the WhatsApp Business Account: one URL per app, so
 * what it concerns is read from it (the number's phone_number_id, the message's wamid). Only
 * `statuses` are applied here; a webhook with none (an inbound message) is acknowledged and ignored.
 */
const MetaWebhookBody = z.object({
  object: z.literal("whatsapp_business_account"),
  entry: z
    .array(
      z.object({
        changes: z.array(
          z.object({
            value: z.object({
              metadata: z.object({ phone_number_id: z.string().min(1) }),
              statuses: z.array(MetaStatus).optional(),
            }),
          }),
        ),
      }),
    )
    .min(1),
});

const MetaMessagesWebhook = z.object({
  body: MetaWebhookBody.refine((body) => statusesOf(body).length > 0, "no statuses"),
});

function statusesOf(body: z.infer<typeof MetaWebhookBody>) {
  return body.entry.flatMap((entry) =>
    entry.changes.flatMap((change) =>
      (change.value.statuses ?? []).map((status) => ({
        ...status,
        phoneNumberId: change.value.metadata.phone_number_id,
      })),
    ),
  );
}

const isReported = (status: string): status is ReportedStatus =>
  (reportedStatuses as readonly string[]).includes(status);

/** The event each reported status emits when it moves a message (`sent` has its own, emitted when the provider took it). */
const statusEvents = {
  delivered: whatsappMessageDelivered,
  read: whatsappMessageRead,
  failed: whatsappMessageFailed,
} as const;

/** The changes a reported status makes to a message, at Meta's time `at`. */
function changesOf(message: MessageRecord, status: ReportedStatus, at: string): Partial<MessageRecord> {
  const sentAt = message.sentAt ?? at;
  switch (status) {
    case "sent":
      return { status, sentAt };
    case "delivered":
      return { status, deliveredAt: at, sentAt };
    case "read":
      return { status, readAt: at, deliveredAt: message.deliveredAt ?? at, sentAt };
    case "failed":
      return { status, failedAt: at, error: "WhatsApp reported the message undeliverable." };
  }
}

/**
 * Applies Meta's status webhooks: each outbound message of the company with that wamid moves
 * forward only (queued, sent, delivered, read; failed only before it was delivered), with the time
 * Meta reports, and each move to delivered, read or failed emits its event. The batch states each
 * message is still in the status it was read in, so a repeat (or a racing delivery of the same
 * webhook) cannot emit twice; a status that comes after a later one changes nothing.
 */
const applyMessageStatuses = defineJob({
  kind: "conversations.message_status",
  payload: MetaMessagesWebhook,
  async run(job, { body }) {
    const updatedAt = clock.iso();
    const reported = statusesOf(body).filter((status): status is typeof status & { status: ReportedStatus } =>
      isReported(status.status),
    );
    const read = await outboundByProviderIds(job.db, job.companyId, [...new Set(reported.map((status) => status.id))]);
    const current = new Map(read.map((message) => [message.providerMessageId!, message]));
    const changed = new Map<string, { before: MessageRecord; changes: Partial<MessageRecord> }>();
    const events: EmittedEvent[] = [];
    for (const status of reported) {
      const message = current.get(status.id);
      if (!message?.status || !movesFrom[status.status].includes(message.status)) continue;
      const changes = changesOf(message, status.status, new Date(Number(status.timestamp) * 1000).toISOString());
      const after = { ...message, ...changes, updatedAt };
      current.set(status.id, after);
      const entry = changed.get(status.id);
      changed.set(status.id, {
        before: entry?.before ?? message,
        changes: { ...entry?.changes, ...changes, updatedAt },
      });
      if (status.status !== "sent")
        events.push(statusEvents[status.status].of({ ...toMessage(after), previous_status: message.status }));
    }
    const statements = [...changed.values()].flatMap(({ before, changes }) => {
      const asRead = rowOf(messages, job.companyId, before.id, eq(messages.status, before.status!));
      const { contactPhone: _contactPhone, ...columns } = changes;
      return [
        precondition(job.db, sql`EXISTS (SELECT 1 FROM ${messages} WHERE ${asRead})`, () =>
          changedMeanwhile("WhatsApp message"),
        ),
        job.db.update(messages).set(columns).where(asRead),
      ];
    });
    return { status: "done", statements, events };
  },
});

/** POST /providers/whatsapp/messages: the app's webhook (X-Hub-Signature-256), subscribed to the `messages` field. */
export const messageStatusCallback = defineCallback({
  provider: "whatsapp",
  topic: "messages",
  job: applyMessageStatuses,
  eventId: ({ body }) =>
    statusesOf(body)
      .map((status) => `${status.id}:${status.status}`)
      .join(","),
  // Meta batches rarely and only per number; the company is the one whose message the first status names.
  companyOf: async (db, { body }) => {
    const [first] = statusesOf(body);
    if (!first) return undefined;
    const companiesOfNumber = db
      .select({ companyId: whatsappConnections.companyId })
      .from(whatsappConnections)
      .where(eq(whatsappConnections.phoneNumberId, first.phoneNumberId));
    const message = await db
      .select({ companyId: messages.companyId })
      .from(messages)
      .where(and(inArray(messages.companyId, companiesOfNumber), eq(messages.providerMessageId, first.id)))
      .limit(1)
      .get();
    return message?.companyId;
  },
  // Our message of the first status (Meta names it by its wamid): the request log links the callback to the request that sent it.
  resourceOf: async ({ body }, db, companyId) => {
    const [first] = statusesOf(body);
    if (!first) return undefined;
    const [message] = await outboundByProviderIds(db, companyId, [first.id]);
    return message?.id;
  },
});
