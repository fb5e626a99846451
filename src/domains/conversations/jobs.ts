import { z } from "@hono/zod-openapi";
import { nowIso } from "../../core/db/schema";
import { ProviderError } from "../../core/gateway";
import { defineJob } from "../../core/jobs";
import { connectionGateway } from "./connections";
import { whatsappMessageFailed, whatsappMessageSent } from "./events";
import { toMessage } from "./model";
import { connectionOf, findMessage, markFailed, markSent, unusableReason } from "./queries";

/**
 * The gateway's side of POST /conversations/{conversation_uuid}/messages: sends a queued text
 * reply through the WhatsApp adapter, as the conversation's number, and records the outcome.
 * A provider failure is retried on the webhook schedule (the runner's); a refusal of the
 * recipient, or the retries running out, leaves the message failed and emits whatsapp.message.failed.
 */
export const sendReply = defineJob({
  kind: "conversations.send_reply",
  payload: z.object({ messageId: z.string() }),
  async run(job, { messageId }) {
    const message = await findMessage(job.db, job.companyId, messageId);
    // Sent or failed already (a duplicate run): nothing left to do.
    if (message?.status !== "queued") return { status: "done" };
    const connection = await connectionOf(job.db, job.companyId, message.connectionId);
    if (connection?.status !== "connected") return { status: "failed", reason: connection ? unusableReason(connection) : "The conversation's WhatsApp number is no longer connected." };
    try {
      const sent = await connectionGateway(job, connection).whatsapp.sendText({ to: message.contactPhone, body: message.text ?? "" });
      const at = nowIso();
      const view = toMessage({ ...message, status: "sent", providerMessageId: sent.messageId, sentAt: at, updatedAt: at });
      return { status: "done", statements: [markSent(job.db, job.companyId, messageId, sent.messageId, at)], events: [whatsappMessageSent.of(view)] };
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      return error.outcome === "refused" ? { status: "failed", reason: error.detail } : { status: "retry", reason: error.detail };
    }
  },
  async exhausted(job, { messageId }, reason) {
    const message = await findMessage(job.db, job.companyId, messageId);
    if (message?.status !== "queued") return {};
    const at = nowIso();
    const view = toMessage({ ...message, status: "failed", error: reason, failedAt: at, updatedAt: at });
    return { statements: [markFailed(job.db, job.companyId, messageId, reason, at)], events: [whatsappMessageFailed.of(view)] };
  },
});
