import { z } from "@hono/zod-openapi";
import { clock } from "../../lib/clock";
import { scheduleDue } from "../../work/due";
import { settleIntent } from "../../work/intents";
import { noProviderOutcome } from "../../work/deadlines";
import { defineJob, type JobDefinition, type JobOutcome } from "../../work/jobs";
import { SEND_RECONCILE_AFTER_MS } from "../../work/sends";
import { findMessage, settleQueued, toMessage, whatsappMessageFailed, whatsappMessageSent } from "../conversations";

/** How long to wait before settling a message whose latest attempt was too recent to judge. */
const ASK_AGAIN_MS = 30 * 60_000;

/**
 * Due work scheduled with every POST /whatsapp/send, in the batch that records its message: a
 * message still `queued` past the bound (its request died before recording the provider's answer,
 * and nobody retried it) is settled from its intent (src/work/intents.ts). Sent when the intent
 * was accepted; failed, with the reason, when it was never sent or the provider said no, or when
 * its answer was lost (Meta cannot be asked: it is not sent again; the reason says no_provider_outcome,
 * docs/deadlines.md). The message's change is a
 * compare-and-set on `queued`, so a retry of the request settling it meanwhile wins or loses whole.
 */
export const reconcileSend: JobDefinition<{ messageId: string }> = defineJob({
  kind: "whatsapp.reconcile_send",
  payload: z.object({ messageId: z.string() }),
  async run(job, { messageId }): Promise<JobOutcome> {
    const message = await findMessage(job.db, job.companyId, messageId);
    if (message?.status !== "queued") return { status: "done" };
    const settled = (await settleIntent(job.db, job.companyId, messageId, {
      settleAfterMs: SEND_RECONCILE_AFTER_MS,
    })) ?? { state: "unknown", reason: "The send was interrupted, and WhatsApp cannot be asked whether it was sent." };
    const at = clock.iso();
    if (settled.state === "running") {
      return {
        status: "done",
        statements: [
          scheduleDue(reconcileSend, job.companyId, new Date(clock.now() + ASK_AGAIN_MS).toISOString(), { messageId }),
        ],
      };
    }
    if (settled.state === "accepted") {
      const view = toMessage({
        ...message,
        status: "sent",
        providerMessageId: settled.providerId,
        sentAt: at,
        updatedAt: at,
      });
      return {
        status: "done",
        statements: settleQueued(job.db, message, { status: "sent", providerMessageId: settled.providerId, at }),
        events: [whatsappMessageSent.of({ ...view, previous_status: message.status })],
      };
    }
    // Meta cannot be asked: an answer lost is the provider unable to say (docs/deadlines.md).
    const reason = settled.state === "unknown" ? noProviderOutcome(settled.reason) : settled.reason;
    const view = toMessage({ ...message, status: "failed", error: reason, failedAt: at, updatedAt: at });
    return {
      status: "done",
      statements: settleQueued(job.db, message, { status: "failed", reason, at }),
      events: [whatsappMessageFailed.of({ ...view, previous_status: message.status })],
    };
  },
});
