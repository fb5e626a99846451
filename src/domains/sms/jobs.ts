import { z } from "@hono/zod-openapi";
import { clock } from "../../lib/clock";
import { companyRow } from "../../data/rows";
import { scheduleDue } from "../../work/due";
import { gateway } from "../../integrations";
import { defineJob, type JobContext, type JobDefinition, type JobOutcome } from "../../work/jobs";
import { recordSmsReport, type SmsReport } from "./outcomes";
import { smsMessages, type SmsMessageRow } from "./schema";
import { abandonIntent, LOOKUP_SLACK_MS, settleIntent } from "../../work/intents";
import { nextAsk, noProviderOutcome, pastDeadline, providerCannotSay, sendDeadline } from "../../work/deadlines";
import { SEND_RECONCILE_AFTER_MS } from "../../work/sends";

/** How long to wait before asking again about a message the provider has not settled yet. */
const ASK_AGAIN_MS = 30 * 60_000;
/** How often a message still in flight is asked about before it is left as sent (carriers that never report). */
const ASK_ROUNDS = 4;

/** Twilio's statuses of a message it has not settled yet. */
const inFlight = new Set(["accepted", "scheduled", "queued", "sending", "sent", "receiving"]);

/** A message's final status as Twilio answers it, as a report; undefined while it is in flight. */
function finalReport(sid: string, status: string, errorCode: number | null): SmsReport | undefined {
  if (status === "delivered" || status === "read") return { status: "delivered", sid, at: clock.iso() };
  if (status === "undelivered" || status === "failed" || status === "canceled") {
    const code = errorCode === null ? "" : ` (Twilio error ${errorCode})`;
    return {
      status: status === "canceled" ? "failed" : status,
      sid,
      reason: `The carrier could not deliver the message${code}.`,
    };
  }
  return undefined;
}

/**
 * What became of a message still `sending` past the bound (its request died between recording it
 * and recording the provider's answer, and no callback confirmed it), as its intent says once
 * settled: the provider is asked first (Twilio's Messages list, src/work/intents.ts), and only a
 * message it does not have is failed and refunded. Undefined: an attempt is too recent to judge.
 */
async function unconfirmedReport(job: JobContext, row: SmsMessageRow): Promise<SmsReport | undefined> {
  const sms = gateway(job).sms;
  const settled = await settleIntent(job.db, row.companyId, row.id, {
    settleAfterMs: SEND_RECONCILE_AFTER_MS,
    find: (attempt) =>
      sms.findSent({ to: row.toNumber, body: row.body, since: Date.parse(attempt.attemptedAt) - LOOKUP_SLACK_MS }),
  });
  // A message recorded before intents named their records: nothing to ask by.
  if (!settled)
    return {
      status: "not_sent",
      reason:
        "The send was interrupted before the provider's answer was recorded, and the provider never confirmed it.",
    };
  if (settled.state === "running") return undefined;
  if (settled.state === "accepted") return { status: "sent", sid: settled.providerId, at: clock.iso() };
  return { status: "not_sent", reason: settled.reason };
}

/** The report of a message the provider could not say anything about by its deadline: not sent, refunded. */
const noOutcome = (): Extract<SmsReport, { status: "not_sent" }> => ({
  status: "not_sent",
  reason: noProviderOutcome(
    "The send was interrupted before the provider's answer was recorded, and the provider could not be asked about it by the message's deadline; it is not sent again.",
  ),
});

/**
 * Closes a message still `sending` at its deadline without the provider's outcome: failed and
 * refunded (recordSmsReport), and its intent given up on in the same batch (a retry of its request
 * is refused rather than sending it again).
 */
async function closeUnconfirmed(job: JobContext, row: SmsMessageRow) {
  const report = noOutcome();
  const recorded = await recordSmsReport(job.db, row, report);
  if (!recorded) return { statements: [], events: [] };
  return {
    statements: [...recorded.statements, abandonIntent(job.db, row.companyId, row.id, report.reason)],
    events: recorded.events,
  };
}

/** The due work of a message still `sending`: settled from its intent, asked about again, closed at its deadline. */
async function reconcileUnconfirmed(job: JobContext, row: SmsMessageRow, round: number): Promise<JobOutcome> {
  const messageId = row.id;
  const deadline = sendDeadline(row.createdAt);
  let report: SmsReport | undefined;
  try {
    report = await unconfirmedReport(job, row);
  } catch (error) {
    if (!providerCannotSay(error)) throw error;
    if (pastDeadline(deadline)) return { status: "done", ...(await closeUnconfirmed(job, row)) };
  }
  if (!report) {
    // Too recent to judge, or the provider cannot say yet: asked again, by the deadline at the latest.
    const at = pastDeadline(deadline)
      ? new Date(clock.now() + SEND_RECONCILE_AFTER_MS).toISOString()
      : nextAsk(ASK_AGAIN_MS, deadline);
    return {
      status: "done",
      statements: [scheduleDue(reconcileSms, row.companyId, at, { messageId, round })],
    };
  }
  const recorded = await recordSmsReport(job.db, row, report);
  // Sent after all: its delivery is asked about from here on.
  const again =
    recorded?.row.status === "sent" && round < ASK_ROUNDS
      ? [
          scheduleDue(reconcileSms, row.companyId, new Date(clock.now() + ASK_AGAIN_MS).toISOString(), {
            messageId,
            round: round + 1,
          }),
        ]
      : [];
  return {
    status: "done",
    statements: [...(recorded?.statements ?? []), ...again],
    events: recorded?.events ?? [],
  };
}

/** The due work of a message the provider took: its final status asked (Twilio GET /Messages/{sid}.json), asked again while in flight. */
async function reconcileDelivery(
  job: JobContext,
  row: SmsMessageRow & { providerMessageId: string },
  round: number,
): Promise<JobOutcome> {
  const messageId = row.id;
  const state = await gateway(job).sms.status(row.providerMessageId);
  let report = finalReport(state.sid, state.status, state.errorCode);
  if (!report && !inFlight.has(state.status))
    return { status: "failed", reason: `The provider answered an unknown message status (${state.status}).` };
  if (!report && row.status === "sending") report = { status: "sent", sid: state.sid, at: clock.iso() };
  const recorded = report ? await recordSmsReport(job.db, row, report) : undefined;
  const settled = (recorded?.row ?? row).deliveryStatus !== null || (recorded?.row ?? row).status === "failed";
  const again =
    !settled && round < ASK_ROUNDS
      ? [
          scheduleDue(reconcileSms, row.companyId, new Date(clock.now() + ASK_AGAIN_MS).toISOString(), {
            messageId,
            round: round + 1,
          }),
        ]
      : [];
  return { status: "done", statements: [...(recorded?.statements ?? []), ...again], events: recorded?.events ?? [] };
}

/**
 * Due work scheduled with every send, in the batch that charges it: a message still `sending` past
 * the bound is settled from its intent (unconfirmedReport), asked about again while the provider
 * cannot be asked and closed at its deadline (docs/deadlines.md) when it still cannot: failed with
 * no_provider_outcome and refunded. A message the provider took but whose final status never came
 * back is asked about (Twilio GET /Messages/{sid}.json) and settled from the answer, asked again
 * later while in flight. Every outcome goes through recordSmsReport, a compare-and-set: a callback
 * racing it wins or loses whole, never both sent and refunded.
 */
export const reconcileSms: JobDefinition<{ messageId: string; round: number }> = defineJob({
  kind: "sms.reconcile_message",
  payload: z.object({ messageId: z.string(), round: z.number().int().min(1) }),
  async run(job, { messageId, round }): Promise<JobOutcome> {
    const row = await companyRow(job.db, smsMessages, job.companyId, messageId);
    if (!row || row.status === "failed" || row.deliveryStatus !== null) return { status: "done" };
    return row.providerMessageId === null
      ? reconcileUnconfirmed(job, row, round)
      : reconcileDelivery(job, { ...row, providerMessageId: row.providerMessageId }, round);
  },
  // Out of retries (the lookup kept failing in other ways): a message still sending is closed as at its deadline.
  async exhausted(job, { messageId }) {
    const row = await companyRow(job.db, smsMessages, job.companyId, messageId);
    if (row?.status !== "sending" || row.providerMessageId !== null) return {};
    return closeUnconfirmed(job, row);
  },
});
