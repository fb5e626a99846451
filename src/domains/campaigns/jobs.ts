import { z } from "@hono/zod-openapi";
import { nowIso } from "../../data/schema";
import { ApiError } from "../../lib/errors";
import { ProviderError } from "../../integrations";
import { emailEvent, emailSent } from "../email";
import type { Database } from "../../data/client";
import { defineJob } from "../../work/jobs";
import { renderTemplate } from "../email-templates";
import { mergeContactOf, sendMarketingEmail } from "./marketing";
import { precondition } from "../../data/precondition";
import { versionedUpdate } from "../../data/versioned";
import type { EmittedEvent } from "../../data/events";
import { campaignCompleted } from "./events";
import type { CampaignView } from "./model";
import {
  COMPLETE_CAMPAIGN_KIND,
  completionCounts,
  findAttempt,
  findBatch,
  findCampaign,
  nothingLeftToSend,
  resolveAttempt,
} from "./queries";
import { campaignAttempts, campaigns, type CampaignAttemptRow, type CampaignBatchRow } from "./schema";

/** The company lost its verified identity (or the deployment its signing key) after the dispatch: the send fails, it is not retried. */
export function identityGone(error: unknown): { status: "failed"; reason: string } {
  if (error instanceof ApiError && !(error instanceof ProviderError) && error.slug === "integration_not_configured")
    return { status: "failed", reason: error.detail };
  throw error;
}

/**
 * The batches whose template this isolate read last: the jobs of one batch are consumed together,
 * and a batch's template never changes, so each is read from D1 once rather than once per recipient.
 * A few entries only (a template is up to 400 KB).
 */
const recentBatches = new Map<string, CampaignBatchRow>();
const RECENT_BATCHES_MAX = 4;

async function batchTemplate(db: Database, companyId: string, batchId: string): Promise<CampaignBatchRow | undefined> {
  const cached = recentBatches.get(batchId);
  if (cached?.companyId === companyId) return cached;
  const batch = await findBatch(db, companyId, batchId);
  if (!batch) return undefined;
  if (recentBatches.size >= RECENT_BATCHES_MAX) recentBatches.delete(recentBatches.keys().next().value!);
  recentBatches.set(batchId, batch);
  return batch;
}

/** The attempt's bodies: its batch's template rendered with its merge values (or the bodies an attempt of before batches kept). */
async function attemptMessage(
  db: Database,
  companyId: string,
  attempt: CampaignAttemptRow,
): Promise<{ html: string; text: string | null } | undefined> {
  if (attempt.htmlBody !== null) return { html: attempt.htmlBody, text: attempt.textBody };
  const batch = await batchTemplate(db, companyId, attempt.batchId);
  if (!batch) return undefined;
  const rendered = renderTemplate(
    { subject: "", body: batch.body, text_body: batch.textBody },
    mergeContactOf(attempt.mergeValues ?? {}),
  );
  return { html: rendered.html, text: rendered.text };
}

/**
 * Sends one attempt of a campaign through the email provider (the gateway's Postmark adapter).
 * The attempt holds its subject and merge values; its bodies are its batch's template (as it was at
 * dispatch) rendered with them, here, at send time. A run finds the attempt still queued or
 * does nothing, and its outcome is recorded with the job's own status in one batch, so an attempt
 * is sent at most once by the job runner; a run that died after Postmark accepted the mail leaves
 * its intent in flight, and the retry finds the mail by its intent id instead of sending it again
 * (src/work/intents.ts).
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
    const message = await attemptMessage(job.db, job.companyId, attempt);
    if (!message)
      return { status: "failed", reason: "The batch's template is missing; the attempt cannot be rendered." };
    const sent = await sendMarketingEmail(job, {
      companyId: job.companyId,
      contactId: attempt.contactId,
      to: attempt.email,
      subject: attempt.subject,
      html: message.html,
      text: message.text,
      tag: "campaign",
      metadata: { campaign_id: attempt.campaignId, attempt_id: attempt.id },
      intent: `campaigns.attempt:${attempt.id}`,
    }).catch(identityGone);
    if ("status" in sent) return sent;
    const now = nowIso();
    return {
      status: "done",
      statements: resolveAttempt(job.db, attempt, { status: "sent", providerMessageId: sent.messageId }, now),
      events: [
        emailEvent(emailSent, {
          id: attempt.id,
          table: campaignAttempts,
          // A queued attempt is what an email in `sending` is.
          previousStatus: "sending",
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

/** campaign.completed for `campaign` (as read) moving from `previousStatus` to `completed`: its counts read now. */
export async function completedEvent(
  db: Database,
  companyId: string,
  campaign: CampaignView,
  previousStatus: "sending" | "paused",
  cause: "all_attempted" | "marked_completed",
  now: string,
): Promise<EmittedEvent> {
  const counted = await completionCounts(db, companyId, campaign.id);
  const { counts } = campaign;
  return campaignCompleted.of({
    campaign_id: campaign.id,
    status: "completed",
    previous_status: previousStatus,
    cause,
    counts: {
      enrolled: counts.enrolled,
      sent: counted?.sent ?? 0,
      failed: counted?.failed ?? 0,
      delivered: counted?.delivered ?? 0,
      bounced: counted?.bounced ?? 0,
      complained: counted?.complained ?? 0,
      suppressed: counts.skipped_unsubscribed,
      skipped_no_email: counts.skipped_no_email,
    },
    completed_at: now,
  });
}

/**
 * Completes a `sending` campaign whose every recipient was attempted (queued by the batch of its
 * last attempt's outcome, queries.ts completionCheck): a compare-and-set on its status and version
 * that nothing is left to send, with campaign.completed in the same batch. A check that finds it
 * completed already, paused, or with recipients left changes nothing; one that loses the race to
 * another write runs again on what that write left. So the event is emitted once.
 */
export const completeCampaign = defineJob({
  kind: COMPLETE_CAMPAIGN_KIND,
  payload: z.object({ campaignId: z.string() }),
  async run(job, { campaignId }) {
    const found = await findCampaign(job.db, job.companyId, campaignId);
    if (found?.campaign.status !== "sending") return { status: "done" };
    const { counts } = found.campaign;
    if (counts.pending > 0 || counts.queued > 0) return { status: "done" };
    const now = nowIso();
    return {
      status: "done",
      statements: [
        precondition(
          job.db,
          nothingLeftToSend(job.companyId, campaignId),
          () => new ApiError("conflict", "The campaign changed while it was being completed."),
        ),
        ...versionedUpdate(
          job.db,
          campaigns,
          { companyId: job.companyId, id: campaignId, version: found.version },
          { status: "completed", updatedAt: now },
          "campaign",
        ),
      ],
      events: [await completedEvent(job.db, job.companyId, found.campaign, "sending", "all_attempted", now)],
    };
  },
});
