import { z } from "@hono/zod-openapi";
import { nowIso } from "../../core/db/schema";
import { ApiError } from "../../core/errors";
import { ProviderError } from "../../core/gateway";
import { emailEvent, emailSent } from "../email";
import { sendMarketingEmail } from "./marketing";
import { defineJob } from "../../core/jobs";
import { findAttempt, resolveAttempt } from "./queries";

/** The company lost its verified identity (or the deployment its signing key) after the dispatch: the send fails, it is not retried. */
export function identityGone(error: unknown): { status: "failed"; reason: string } {
  if (error instanceof ApiError && !(error instanceof ProviderError) && error.slug === "integration_not_configured") return { status: "failed", reason: error.detail };
  throw error;
}

/**
 * Sends one attempt of a campaign through the email provider (the gateway's Postmark adapter).
 * The attempt holds the message as rendered at dispatch. A run finds the attempt still queued or
 * does nothing, and its outcome is recorded with the job's own status in one batch, so an attempt
 * is sent at most once by the job runner (a provider that timed out after accepting is the one
 * case a retry can repeat: Postmark takes no idempotency key).
 * It goes out from the company's verified identity with the recipient's unsubscribe link
 * (marketing.ts); an identity removed since the dispatch fails the attempt.
 * Errors of the provider and timeouts are retried on the schedule; a refusal of the recipient
 * (Postmark 406, an inactive address) fails the attempt at once with its reason.
 */
export const sendCampaignEmail = defineJob({
  kind: "campaigns.send_email",
  payload: z.object({ attemptId: z.string() }),
  async run(job, { attemptId }) {
    const attempt = await findAttempt(job.db, job.companyId, attemptId);
    if (attempt?.status !== "queued") return { status: "done" };
    const sent = await sendMarketingEmail(job, {
      companyId: job.companyId,
      contactId: attempt.contactId,
      to: attempt.email,
      subject: attempt.subject,
      html: attempt.htmlBody,
      text: attempt.textBody,
      tag: "campaign",
      metadata: { campaign_id: attempt.campaignId, attempt_id: attempt.id },
    }).catch(identityGone);
    if ("status" in sent) return sent;
    const now = nowIso();
    return {
      status: "done",
      statements: resolveAttempt(job.db, attempt, { status: "sent", providerMessageId: sent.messageId }, now),
      events: [
        emailEvent(emailSent, {
          id: attempt.id,
          source: "campaign",
          campaignId: attempt.campaignId,
          contactId: attempt.contactId,
          identityId: sent.identityId,
          to: attempt.email,
          subject: attempt.subject,
          status: "sent",
          providerMessageId: sent.messageId,
          occurredAt: now,
        }),
      ],
    };
  },
  async exhausted(job, { attemptId }, reason) {
    const attempt = await findAttempt(job.db, job.companyId, attemptId);
    return attempt ? { statements: resolveAttempt(job.db, attempt, { status: "failed", reason }, nowIso()) } : {};
  },
});
