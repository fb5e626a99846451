import type { Database } from "../../core/db/client";
import type { WriteStatement } from "../../core/operation";
import { credit, major } from "../billing";
import { callSettled } from "./events";
import { markEnded, stillInProgress, type DialledCallRecord } from "./queries";
import { settledCost } from "./rating";
import { clock } from "../../core/clock";

export const callEndResults = ["answered", "no_answer", "busy", "failed", "voicemail", "cancelled"] as const;
type CallEndResult = (typeof callEndResults)[number];

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
export async function settlement(db: Database, call: DialledCallRecord, end: CallEnd, now = clock.date()) {
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
