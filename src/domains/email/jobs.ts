import { z } from "@hono/zod-openapi";
import { companyRow } from "../../data/rows";
import { gateway } from "../../integrations";
import { clock } from "../../lib/clock";
import { scheduleDue } from "../../work/due";
import { abandonIntent, settleIntent } from "../../work/intents";
import { nextAsk, noProviderOutcome, pastDeadline, providerCannotSay, sendDeadline } from "../../work/deadlines";
import { defineJob, type JobContext, type JobDefinition, type JobOutcome } from "../../work/jobs";
import { SEND_RECONCILE_AFTER_MS } from "../../work/sends";
import { recordEmailReport, type EmailReport } from "./outcomes";
import { findIdentity } from "./queries";
import { emailIdentities, emailMessages, type EmailMessageRow } from "./schema";
import { ProviderError } from "../../integrations";
import { askProvider, IDENTITY_DEADLINE_MS, nextCheckAt, recordCheck, recordFailure } from "./identities";

/** Why a message left sending is failed when nothing can be learnt: it was recorded before intents named their records. */
const NEVER_CONFIRMED =
  "The send was interrupted before the provider's answer was recorded, and the provider never confirmed it.";

/**
 * What became of an email still `sending` past the bound, as its intent says once settled:
 * Postmark is asked first (its outbound search by our intent id, src/work/intents.ts), and only
 * a message it does not have is failed. Undefined: an attempt is too recent to judge.
 */
async function unconfirmedReport(job: JobContext, row: EmailMessageRow): Promise<EmailReport | undefined> {
  const identity = await findIdentity(job.db, row.companyId, row.identityId);
  const email = gateway(job, {
    companySettings: async (provider) => (provider === "postmark" ? (identity?.sealedProviderSettings ?? null) : null),
  }).email;
  const settled = await settleIntent(job.db, row.companyId, row.id, {
    settleAfterMs: SEND_RECONCILE_AFTER_MS,
    find: (attempt) => email.findByMetadata("intent_id", attempt.id, row.toAddress),
  });
  if (!settled) return { status: "not_sent", reason: NEVER_CONFIRMED };
  if (settled.state === "running") return undefined;
  if (settled.state === "accepted") return { status: "sent", providerMessageId: settled.providerId, at: clock.iso() };
  return { status: "not_sent", reason: settled.reason };
}

/** How long to wait before settling a message whose latest attempt was too recent to judge. */
const ASK_AGAIN_MS = 30 * 60_000;

/**
 * Closes an email still `sending` at its deadline without the provider's outcome: failed with
 * no_provider_outcome (recordEmailReport, a compare-and-set), and its intent given up on in the same
 * batch (a retry of its request is refused rather than sending it again).
 */
async function closeUnconfirmed(job: JobContext, row: EmailMessageRow) {
  const reason = noProviderOutcome(
    "The send was interrupted before the provider's answer was recorded, and the provider could not be asked about it by the message's deadline; it is not sent again.",
  );
  const recorded = await recordEmailReport(job.db, row, { status: "not_sent", reason });
  if (!recorded) return { statements: [], events: [] };
  return {
    statements: [...recorded.statements, abandonIntent(job.db, row.companyId, row.id, reason)],
    events: recorded.events,
  };
}

/**
 * Due work scheduled with every send, in the batch that records it: an email still `sending` past
 * the bound (its request died between recording it and recording the provider's answer, and no
 * webhook confirmed it) is settled from its intent (unconfirmedReport): sent when Postmark has it,
 * failed when not. While Postmark cannot be asked it is asked again, and at the message's deadline
 * (docs/deadlines.md) it is failed with no_provider_outcome. A webhook that confirms it later finds
 * it settled and changes nothing (recordEmailReport is a compare-and-set: never both).
 */
export const reconcileEmail: JobDefinition<{ messageId: string }> = defineJob({
  kind: "email.reconcile_message",
  payload: z.object({ messageId: z.string() }),
  async run(job, { messageId }): Promise<JobOutcome> {
    const row = await companyRow(job.db, emailMessages, job.companyId, messageId);
    if (row?.status !== "sending") return { status: "done" };
    const deadline = sendDeadline(row.createdAt);
    let report: EmailReport | undefined;
    try {
      report = await unconfirmedReport(job, row);
    } catch (error) {
      if (!providerCannotSay(error)) throw error;
      if (pastDeadline(deadline)) return { status: "done", ...(await closeUnconfirmed(job, row)) };
    }
    // A retry of the send attempted it lately, or Postmark cannot say yet: asked about again (by the deadline).
    if (!report) {
      const at = pastDeadline(deadline)
        ? new Date(clock.now() + SEND_RECONCILE_AFTER_MS).toISOString()
        : nextAsk(ASK_AGAIN_MS, deadline);
      return { status: "done", statements: [scheduleDue(reconcileEmail, row.companyId, at, { messageId })] };
    }
    const recorded = await recordEmailReport(job.db, row, report);
    return { status: "done", statements: recorded?.statements ?? [], events: recorded?.events ?? [] };
  },
  // Out of retries (the lookup kept failing in other ways): a message still sending is closed as at its deadline.
  async exhausted(job, { messageId }) {
    const row = await companyRow(job.db, emailMessages, job.companyId, messageId);
    if (row?.status !== "sending") return {};
    return closeUnconfirmed(job, row);
  },
});

/**
 * A pending sending identity's own check (identities.ts): due a minute after it was added, then
 * backing off to a day apart. Each run asks the provider; confirmed, the identity is verified with
 * email_identity.verified; not yet, the next check is scheduled in the same batch; at its deadline
 * (7 days) still not, it is failed with email_identity.failed. The chain ends when the identity is
 * verified, failed or removed. A provider that fails to answer does not end it: the next check is
 * scheduled as for a "not yet".
 */
export const checkEmailIdentity: JobDefinition<{ identityId: string; attempt: number }> = defineJob({
  kind: "email.check_identity",
  payload: z.object({ identityId: z.string(), attempt: z.number().int().min(0) }),
  async run(job, { identityId, attempt }): Promise<JobOutcome> {
    const row = await companyRow(job.db, emailIdentities, job.companyId, identityId);
    if (!row || row.verified || row.failedAt !== null) return { status: "done" };
    const now = clock.now();
    const pastDeadline = now >= Date.parse(row.createdAt) + IDENTITY_DEADLINE_MS;
    let state: Awaited<ReturnType<typeof askProvider>> | undefined;
    try {
      state = await askProvider(job.config, job.id, row);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
    }
    const at = clock.iso();
    if (state?.verified) return { status: "done", ...recordCheck(job.db, row, state, at) };
    if (pastDeadline) return { status: "done", ...recordFailure(job.db, row, at) };
    const next = scheduleDue(checkEmailIdentity, job.companyId, nextCheckAt(row.createdAt, attempt + 1, now), {
      identityId,
      attempt: attempt + 1,
    });
    const recorded = state ? recordCheck(job.db, row, state, at).statements : [];
    return { status: "done", statements: [...recorded, next] };
  },
});
