import { z } from "@hono/zod-openapi";
import { defineCallback } from "../../core/callbacks";
import { companyRow, companyRowExists } from "../../data/rows";
import { defineJob } from "../../work/jobs";
import { recordSmsReport, type SmsReport } from "./outcomes";
import { smsMessages } from "./schema";
import { clock } from "../../lib/clock";

const MessageStatusCallback = z.object({
  query: z.object({ company: z.string().min(1), message: z.string().min(1) }),
  body: z.object({
    MessageSid: z.string().min(1),
    MessageStatus: z.enum([
      "accepted",
      "scheduled",
      "queued",
      "sending",
      "sent",
      "delivered",
      "undelivered",
      "failed",
      "read",
      "canceled",
      "receiving",
      "received",
    ]),
    ErrorCode: z.string().optional(),
  }),
});

/** What a status callback reports, in the terms recordSmsReport applies; the in-between statuses report nothing. */
function reportOf(body: z.output<typeof MessageStatusCallback>["body"]): SmsReport | undefined {
  const sid = body.MessageSid;
  switch (body.MessageStatus) {
    case "sent":
      return { status: "sent", sid, at: clock.iso() };
    case "delivered":
    case "read":
      return { status: "delivered", sid, at: clock.iso() };
    case "undelivered":
    case "failed":
      return {
        status: body.MessageStatus,
        sid,
        reason: `The carrier could not deliver the message${body.ErrorCode ? ` (Twilio error ${body.ErrorCode})` : ""}.`,
      };
    default:
      return undefined;
  }
}

/**
 * Applies Twilio's message status callback: `sent` confirms a message whose send's answer was
 * not recorded yet; the first final status (delivered, undelivered, failed) is recorded with its
 * time and its event, and a failure refunds the message's cost in the same batch. Repeats, late
 * and out-of-order ones change nothing (recordSmsReport is a compare-and-set on the row as read).
 */
const applyMessageStatus = defineJob({
  kind: "sms.message_status",
  payload: MessageStatusCallback,
  async run(job, { query, body }) {
    const report = reportOf(body);
    const row = report ? await companyRow(job.db, smsMessages, job.companyId, query.message) : undefined;
    const recorded = row && report ? await recordSmsReport(job.db, row, report) : undefined;
    return { status: "done", statements: recorded?.statements ?? [], events: recorded?.events ?? [] };
  },
});

/** POST /providers/twilio/message-status?company=&message=: the StatusCallback of every SMS sent. */
export const messageStatusCallback = defineCallback({
  provider: "twilio",
  topic: "message-status",
  job: applyMessageStatus,
  eventId: ({ body }) => `${body.MessageSid}:${body.MessageStatus}`,
  resourceOf: ({ query }) => query.message,
  companyOf: async (db, { query }) =>
    (await companyRowExists(db, smsMessages, query.company, query.message)) ? query.company : undefined,
});
