import { z } from "@hono/zod-openapi";
import { nowIso } from "../../data/schema";
import { ProviderError } from "../../integrations";
import { isOutcomeUnknown, sendOnce } from "../../work/intents";
import { defineJob, type JobContext } from "../../work/jobs";
import { ApiError } from "../../lib/errors";
import { numberOf } from "./sms-inbound";
import { connectionGateway } from "./connections";
import { whatsappMessageFailed, whatsappMessageSent } from "./events";
import { toMessage } from "./model";
import { connectionOf, findMessage, markFailed, markSent, settleQueued, unusableReason } from "./queries";
import { companyRow } from "../../data/rows";
import { deliverSms, recordSmsReport, smsMessages, type SmsMessageRow, type SmsReport } from "../sms";
import type { IntentTarget } from "../../work/intents";

/** Why a reply whose earlier send's answer was lost is not sent again (it may have reached the customer). */
const outcomeUnknownReason =
  "An earlier attempt reached WhatsApp but its answer was lost when the process stopped; WhatsApp cannot be asked whether it delivered it, so it is not sent again (it may have reached the customer).";

/**
 * The gateway's side of POST /conversations/{conversation_uuid}/messages: sends a queued text
 * reply through the WhatsApp adapter, as the conversation's number, and records the outcome.
 * A provider failure is retried on the webhook schedule (the runner's); a refusal of the
 * recipient, the retries running out, or an earlier attempt whose outcome is unknown (outcome_unknown:
 * never sent twice), leaves the message failed and emits whatsapp.message.failed with the reason.
 */
export const sendReply = defineJob({
  kind: "conversations.send_reply",
  // The reply's request: the intent this job opens is listed under it in the request log.
  payload: z.object({ messageId: z.string(), requestId: z.string().optional() }),
  async run(job, { messageId, requestId }) {
    const message = await findMessage(job.db, job.companyId, messageId);
    // Sent or failed already (a duplicate run): nothing left to do.
    if (message?.status !== "queued") return { status: "done" };
    const connection = await connectionOf(job.db, job.companyId, message.connectionId);
    if (connection?.status !== "connected")
      return {
        status: "failed",
        reason: connection ? unusableReason(connection) : "The conversation's WhatsApp number is no longer connected.",
      };
    try {
      const whatsapp = connectionGateway(job, connection).whatsapp;
      // Meta cannot be asked what it did with a message: a run that died after sending leaves the
      // intent in flight, and the retry stops with outcome_unknown instead of sending it again.
      const once = await sendOnce(
        job.db,
        {
          companyId: job.companyId,
          subject: `conversations.reply:${messageId}`,
          provider: "whatsapp",
          kind: "whatsapp",
          resourceId: messageId,
          requestId,
        },
        {
          send: () => whatsapp.sendText({ to: message.contactPhone, body: message.text ?? "" }),
          providerId: (answer) => answer.messageId,
        },
      );
      const sent = { messageId: once.outcome === "sent" ? once.result.messageId : once.providerId };
      const at = nowIso();
      const view = toMessage({
        ...message,
        status: "sent",
        providerMessageId: sent.messageId,
        sentAt: at,
        updatedAt: at,
      });
      return {
        status: "done",
        statements: [markSent(job.db, job.companyId, messageId, sent.messageId, at)],
        events: [whatsappMessageSent.of({ ...view, previous_status: message.status })],
      };
    } catch (error) {
      if (isOutcomeUnknown(error)) return { status: "failed", reason: outcomeUnknownReason };
      if (!(error instanceof ProviderError)) throw error;
      return error.outcome === "refused"
        ? { status: "failed", reason: error.detail }
        : { status: "retry", reason: error.detail };
    }
  },
  async exhausted(job, { messageId }, reason) {
    const message = await findMessage(job.db, job.companyId, messageId);
    if (message?.status !== "queued") return {};
    const at = nowIso();
    const view = toMessage({ ...message, status: "failed", error: reason, failedAt: at, updatedAt: at });
    return {
      statements: [markFailed(job.db, job.companyId, messageId, reason, at)],
      events: [whatsappMessageFailed.of({ ...view, previous_status: message.status })],
    };
  },
});

/** The intent of an SMS reply: its subject is the message (one intent, one SMS row, per reply). */
export const smsReplyIntent = (companyId: string, messageId: string, requestId?: string) =>
  ({
    companyId,
    subject: `conversations.sms_reply:${messageId}`,
    provider: "twilio",
    kind: "sms",
    resourceId: messageId,
    ...(requestId === undefined ? {} : { requestId }),
  }) as const satisfies IntentTarget;

/** The conversation's message as its SMS left it: sent with the provider's id, failed with its reason, or still queued. */
function followSms(job: JobContext, messageId: string, sms: SmsMessageRow) {
  const at = nowIso();
  if (sms.status === "failed")
    return settleQueued(
      job.db,
      { companyId: job.companyId, id: messageId },
      {
        status: "failed",
        reason: sms.failureReason ?? "The SMS was not sent.",
        at,
      },
    );
  if (sms.providerMessageId !== null)
    return settleQueued(
      job.db,
      { companyId: job.companyId, id: messageId },
      {
        status: "sent",
        providerMessageId: sms.providerMessageId,
        at,
      },
    );
  return [];
}

/**
 * The gateway's side of a text reply in an SMS conversation (replyBySms): sends the SMS recorded
 * with it through its intent (deliverSms, as POST /sms/send does: Twilio asked again only when it
 * shows nothing of an earlier attempt) and records the outcome on the SMS (recordSmsReport: sms.sent,
 * or sms.failed with its refund) and on the conversation's message in one batch. No answer read:
 * retried (the intent is looked up first). An SMS settled meanwhile by its callback or its
 * reconciliation is only followed by the message.
 */
export const sendSmsReply = defineJob({
  kind: "conversations.send_sms_reply",
  payload: z.object({ messageId: z.string() }),
  async run(job, { messageId }) {
    const message = await findMessage(job.db, job.companyId, messageId);
    if (message?.status !== "queued") return { status: "done" };
    const sms = await companyRow(job.db, smsMessages, job.companyId, messageId);
    if (!sms) return { status: "failed", reason: "The reply's SMS was not recorded." };
    let report: SmsReport | undefined;
    if (sms.status === "sending") {
      // From the conversation's number, the one the contact wrote to.
      const number = await numberOf(job.db, job.companyId, message.connectionId);
      if (!number) return { status: "failed", reason: "The conversation's number is no longer the company's." };
      const sent = await deliverSms(job, sms, smsReplyIntent(job.companyId, messageId), number.e164);
      if (!sent.report)
        return {
          status: "retry",
          reason: sent.failure instanceof ApiError ? sent.failure.detail : "The provider's answer was not read.",
        };
      report = sent.report;
    }
    const recorded = report ? await recordSmsReport(job.db, sms, report) : undefined;
    return {
      status: "done",
      statements: [...(recorded?.statements ?? []), ...followSms(job, messageId, recorded?.row ?? sms)],
      events: recorded?.events ?? [],
    };
  },
  // Out of retries with the SMS still sending: its reconciliation settles it (docs/deadlines.md); the message follows what is known.
  async exhausted(job, { messageId }) {
    const sms = await companyRow(job.db, smsMessages, job.companyId, messageId);
    return { statements: sms ? followSms(job, messageId, sms) : [] };
  },
});
