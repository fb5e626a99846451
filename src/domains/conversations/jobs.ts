import { z } from "@hono/zod-openapi";
import { nowIso } from "../../data/schema";
import { ProviderError } from "../../integrations";
import { isOutcomeUnknown, sendOnce } from "../../work/intents";
import { defineJob } from "../../work/jobs";
import { connectionGateway } from "./connections";
import { whatsappMessageFailed, whatsappMessageSent } from "./events";
import { toMessage } from "./model";
import { connectionOf, findMessage, markFailed, markSent, unusableReason } from "./queries";

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
  payload: z.object({ messageId: z.string() }),
  async run(job, { messageId }) {
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
