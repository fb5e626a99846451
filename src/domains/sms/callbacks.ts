import { z } from "@hono/zod-openapi";
import { and, eq, isNull, or } from "drizzle-orm";
import { defineCallback } from "../../core/callbacks";
import { companyRowExists, rowOf } from "../../core/db/rows";
import { defineJob } from "../../core/jobs";
import { smsMessages } from "./schema";
import { clock } from "../../core/clock";

/** The statuses of Twilio's message status callback that say what finally became of the message. */
const finalStatuses = { delivered: "delivered", undelivered: "undelivered", failed: "failed" } as const;

const MessageStatusCallback = z.object({
  query: z.object({ company: z.string().min(1), message: z.string().min(1) }),
  body: z.object({
    MessageSid: z.string().min(1),
    MessageStatus: z.enum(["accepted", "scheduled", "queued", "sending", "sent", "delivered", "undelivered", "failed", "read", "canceled", "receiving", "received"]),
  }),
});

/**
 * Applies Twilio's message status callback: the first final status (delivered, undelivered,
 * failed) is recorded with its time; the in-between ones and any later one change nothing.
 */
const applyMessageStatus = defineJob({
  kind: "sms.message_status",
  payload: MessageStatusCallback,
  async run(job, { query, body }) {
    const status = body.MessageStatus in finalStatuses ? finalStatuses[body.MessageStatus as keyof typeof finalStatuses] : undefined;
    if (!status) return { status: "done" };
    const at = clock.iso();
    return {
      status: "done",
      statements: [
        job.db
          .update(smsMessages)
          .set({ deliveryStatus: status, deliveryUpdatedAt: at })
          .where(rowOf(smsMessages, job.companyId, query.message, and(
                isNull(smsMessages.deliveryStatus),
                // The callback may come before the send recorded the provider's id.
                or(isNull(smsMessages.providerMessageId), eq(smsMessages.providerMessageId, body.MessageSid)),
              ),)),
      ],
    };
  },
});

/** POST /providers/twilio/message-status?company=&message=: the StatusCallback of every SMS sent. */
export const messageStatusCallback = defineCallback({
  provider: "twilio",
  topic: "message-status",
  job: applyMessageStatus,
  eventId: ({ body }) => `${body.MessageSid}:${body.MessageStatus}`,
  companyOf: async (db, { query }) => ((await companyRowExists(db, smsMessages, query.company, query.message)) ? query.company : undefined),
});
