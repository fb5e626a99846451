import { z } from "@hono/zod-openapi";
import { and, eq, inArray, sql } from "drizzle-orm";
import { defineCallback } from "../../core/callbacks";
import { ofCompany } from "../../core/db/rows";
import { defineJob } from "../../core/jobs";
import { clock } from "../../core/clock";
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

const MetaMessagesWebhook = z.object({ body: MetaWebhookBody.refine((body) => statusesOf(body).length > 0, "no statuses") });

function statusesOf(body: z.infer<typeof MetaWebhookBody>) {
  return body.entry.flatMap((entry) =>
    entry.changes.flatMap((change) => (change.value.statuses ?? []).map((status) => ({ ...status, phoneNumberId: change.value.metadata.phone_number_id }))),
  );
}

const isReported = (status: string): status is ReportedStatus => (reportedStatuses as readonly string[]).includes(status);

/**
 * Applies Meta's status webhooks: each outbound message of the company with that wamid moves
 * forward only (queued, sent, delivered, read; failed only before it was delivered), with the time
 * Meta reports. A repeat, or a status that comes after a later one, matches no row and changes nothing.
 */
const applyMessageStatuses = defineJob({
  kind: "conversations.message_status",
  payload: MetaMessagesWebhook,
  async run(job, { body }) {
    const updatedAt = clock.iso();
    const statements = statusesOf(body).flatMap((reported) => {
      if (!isReported(reported.status)) return [];
      const at = new Date(Number(reported.timestamp) * 1000).toISOString();
      const changes =
        reported.status === "sent"
          ? { status: "sent" as const, sentAt: sql`coalesce(${messages.sentAt}, ${at})` }
          : reported.status === "delivered"
            ? { status: "delivered" as const, deliveredAt: at, sentAt: sql`coalesce(${messages.sentAt}, ${at})` }
            : reported.status === "read"
              ? { status: "read" as const, readAt: at, deliveredAt: sql`coalesce(${messages.deliveredAt}, ${at})`, sentAt: sql`coalesce(${messages.sentAt}, ${at})` }
              : { status: "failed" as const, failedAt: at, error: "WhatsApp reported the message undeliverable." };
      return [
        job.db
          .update(messages)
          .set({ ...changes, updatedAt })
          .where(
            ofCompany(
              messages,
              job.companyId,
              eq(messages.providerMessageId, reported.id),
              eq(messages.direction, "outbound"),
              inArray(messages.status, movesFrom[reported.status]),
            ),
          ),
      ];
    });
    return { status: "done", statements };
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
    const companiesOfNumber = db.select({ companyId: whatsappConnections.companyId }).from(whatsappConnections).where(eq(whatsappConnections.phoneNumberId, first.phoneNumberId));
    const message = await db
      .select({ companyId: messages.companyId })
      .from(messages)
      .where(and(inArray(messages.companyId, companiesOfNumber), eq(messages.providerMessageId, first.id)))
      .limit(1)
      .get();
    return message?.companyId;
  },
});
