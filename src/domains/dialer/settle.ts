import { runWriteBatch } from "../../core/commit";
import type { Database } from "../../core/db/client";
import { isPreconditionAbort } from "../../core/db/precondition";
import type { WriteStatement } from "../../core/operation";
import { credit, major } from "../billing";
import { callSettled } from "./events";
import { findDialledCall, markEnded, stillInProgress, type DialledCallRecord } from "./queries";
import { settledCost } from "./rating";

/** A refused input of the panel's `calls end` (exit 2 in the admin CLI). */
export class DialerInputError extends Error {}

export const callEndResults = ["answered", "no_answer", "busy", "failed", "voicemail", "cancelled"] as const;
export type CallEndResult = (typeof callEndResults)[number];

export interface CallEnd {
  result: CallEndResult;
  /** Talk time; 0 for a call not answered. */
  durationSeconds: number;
  /** Why it failed, when it could not be placed. */
  failureReason?: string;
}

/**
 * The statements that end a dialled call, for one batch: its real cost (never above the
 * reservation), the rest of the reservation refunded to the wallet, and its row of calls ended
 * (status, result, end, talk time, cost). The precondition makes a call settle once, whoever ends it.
 */
export async function settlement(db: Database, call: DialledCallRecord, end: CallEnd, now = new Date()) {
  const endedAt = now.toISOString();
  const duration = end.result === "answered" || end.result === "voicemail" ? Math.max(0, Math.round(end.durationSeconds)) : 0;
  const rate = { pricePerMinuteMicros: call.ratePerMinuteMicros, minimumSeconds: call.minimumSeconds, billingIncrementSeconds: call.billingIncrementSeconds, currency: call.currency };
  const cost = settledCost(rate, duration, call.reservedMinor);
  const refund = call.reservedMinor - cost;
  const status = end.failureReason ? ("failed" as const) : ("completed" as const);
  const statements: WriteStatement[] = [
    stillInProgress(db, call),
    ...(refund > 0
      ? await credit(db, { companyId: call.companyId, amountMinor: refund, currency: call.currency, kind: "refund", reference: { type: "call", id: call.id }, description: `Call to ${call.toNumber}: unused reservation` })
      : []),
    ...markEnded(db, call, { status, result: end.result, durationSeconds: duration, costMinor: cost, endedAt }, end.failureReason ?? null, endedAt),
  ];
  const event = callSettled.of({
    id: call.id,
    status,
    result: end.result,
    duration_seconds: duration,
    cost: major(cost, call.currency),
    refunded: major(refund, call.currency),
    currency: call.currency,
    ended_at: endedAt,
  });
  return { statements, event, costMinor: cost, refundMinor: refund };
}

/**
 * Ends a dialled call as the provider's status callback would (the panel: npm run admin -- calls
 * end; the tests): settles it in one batch. Events go out with the job path only (this one has no
 * event sink); the calls row and the ledger are the record here.
 */
export async function endDialledCall(db: Database, input: { callId: string; end: CallEnd }) {
  if (!(callEndResults as readonly string[]).includes(input.end.result)) throw new DialerInputError(`--result must be one of ${callEndResults.join(", ")}.`);
  if (!Number.isInteger(input.end.durationSeconds) || input.end.durationSeconds < 0) throw new DialerInputError("--duration must be whole seconds, at least 0.");
  const row = await findDialledCall(db, input.callId);
  if (!row) throw new DialerInputError(`No dialled call ${input.callId}.`);
  const settled = await settlement(db, row, input.end);
  try {
    await runWriteBatch(db, settled.statements);
  } catch (error) {
    // The only precondition whose failure is not a bug: another end settled the call first.
    if (isPreconditionAbort(error)) throw new DialerInputError(`The call ${row.id} has already ended and was settled.`);
    throw error;
  }
  return { call_id: row.id, status: input.end.failureReason ? "failed" : "completed", cost_minor: settled.costMinor, refunded_minor: settled.refundMinor };
}
