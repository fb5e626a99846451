import type { Database } from "../../core/db/client";
import type { BatchItem } from "drizzle-orm/batch";
import { isPreconditionAbort, Precondition } from "../../core/db/precondition";
import type { WriteStatement } from "../../core/operation";
import { credit, major } from "../billing";
import { callSettingsOf, localDateOf } from "../calls";
import { callSettled } from "./events";
import { companyRegion, findDialledCall, insertCallLog, markEnded, stillInProgress } from "./queries";
import { settledCost } from "./rating";
import type { DialledCallRow } from "./schema";

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
 * reservation), the rest of the reservation refunded to the wallet, its status, and its row of the
 * calls domain with the same id. The precondition makes a call settle once, whoever ends it.
 */
export async function settlement(db: Database, row: DialledCallRow, end: CallEnd, region: string, now = new Date()) {
  const endedAt = now.toISOString();
  const duration = end.result === "answered" || end.result === "voicemail" ? Math.max(0, Math.round(end.durationSeconds)) : 0;
  const rate = { pricePerMinuteMicros: row.ratePerMinuteMicros, minimumSeconds: row.minimumSeconds, billingIncrementSeconds: row.billingIncrementSeconds, currency: row.currency };
  const cost = settledCost(rate, duration, row.reservedMinor);
  const refund = row.reservedMinor - cost;
  const startedAt = new Date(Math.max(Date.parse(row.createdAt), now.getTime() - duration * 1000)).toISOString();
  const { timeZone } = await callSettingsOf(db, row.companyId, region);
  const status = end.failureReason ? ("failed" as const) : ("completed" as const);
  const statements: WriteStatement[] = [
    stillInProgress(db, row.id),
    ...(refund > 0
      ? await credit(db, { companyId: row.companyId, amountMinor: refund, currency: row.currency, kind: "refund", reference: { type: "call", id: row.id }, description: `Call to ${row.toNumber}: unused reservation` })
      : []),
    markEnded(db, row.id, { status, result: end.result, durationSeconds: duration, costMinor: cost, failureReason: end.failureReason ?? null, endedAt, updatedAt: endedAt }),
    insertCallLog(db, {
      id: row.id,
      companyId: row.companyId,
      direction: "outbound",
      fromNumber: row.fromNumber ?? "",
      toNumber: row.toNumber,
      agentId: row.agentId,
      result: end.result,
      startedAt,
      endedAt,
      localDate: localDateOf(startedAt, timeZone),
      durationSeconds: duration,
      costMinor: cost,
      currency: row.currency,
      summary: null,
    }),
  ];
  const event = callSettled.of({
    id: row.id,
    status,
    result: end.result,
    duration_seconds: duration,
    cost: major(cost, row.currency),
    refunded: major(refund, row.currency),
    currency: row.currency,
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
  const settled = await settlement(db, row, input.end, await companyRegion(db, row.companyId));
  const batch = settled.statements.map((statement) => (statement instanceof Precondition ? statement.statement : statement));
  try {
    await db.batch(batch as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    // The only precondition whose failure is not a bug: another end settled the call first.
    if (isPreconditionAbort(error)) throw new DialerInputError(`The call ${row.id} has already ended and was settled.`);
    throw error;
  }
  return { call_id: row.id, status: input.end.failureReason ? "failed" : "completed", cost_minor: settled.costMinor, refunded_minor: settled.refundMinor };
}
