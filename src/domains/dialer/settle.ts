import type { Database } from "../../data/client";
import type { WriteStatement } from "../../core/operation";
import { credit, major } from "../billing";
import { callSettled, callStatusChanged } from "./events";
import { markEnded, stillInProgress, type DialledCallRecord } from "./queries";
import { settledCost, unusedSeconds } from "./rating";
import { clock } from "../../lib/clock";

export const callEndResults = ["answered", "no_answer", "busy", "failed", "voicemail", "cancelled"] as const;
type CallEndResult = (typeof callEndResults)[number];

export interface CallEnd {
  result: CallEndResult;
  /** Talk time; 0 for a call not answered. */
  durationSeconds: number;
  /** Why it failed, when it could not be placed. */
  failureReason?: string;
  /** When it ended, as the provider reports it (ISO); now when it does not say. */
  endedAt?: string;
}

/**
 * The statements that end a dialled call, for one batch: its real cost (never above the
 * reservation), the rest of the reservation refunded to the wallet, and its row of calls ended
 * (status, result, end, talk time, cost), with call.status_changed and call.settled for the same
 * batch. The precondition makes a call settle once, whoever ends it.
 */
export async function settlement(db: Database, call: DialledCallRecord, end: CallEnd, now = clock.date()) {
  const endedAt = end.endedAt ?? now.toISOString();
  const duration =
    end.result === "answered" || end.result === "voicemail" ? Math.max(0, Math.round(end.durationSeconds)) : 0;
  // The talk time ends when the call does: answered exactly `duration` seconds before (so ended_at - answered_at is the duration).
  const answeredAt =
    end.result === "answered" || end.result === "voicemail"
      ? new Date(Date.parse(endedAt) - duration * 1000).toISOString()
      : null;
  const rate = {
    pricePerMinuteMicros: call.ratePerMinuteMicros,
    minimumSeconds: call.minimumSeconds,
    billingIncrementSeconds: call.billingIncrementSeconds,
    currency: call.currency,
  };
  const cost = settledCost(rate, duration, call.reservedMinor);
  const refund = call.reservedMinor - cost;
  const status = end.failureReason ? ("failed" as const) : ("completed" as const);
  const statements: WriteStatement[] = [
    stillInProgress(db, call),
    ...(refund > 0
      ? await credit(db, {
          companyId: call.companyId,
          amountMinor: refund,
          currency: call.currency,
          kind: "refund",
          reference: { type: "call", id: call.id },
          description: `Call to ${call.toNumber}: unused reservation`,
          usage: { kind: "call", quantity: unusedSeconds(rate, duration, call.reservedSeconds) },
        })
      : []),
    ...markEnded(
      db,
      call,
      { status, result: end.result, durationSeconds: duration, costMinor: cost, endedAt },
      end.failureReason ?? null,
      answeredAt,
      now.toISOString(),
    ),
  ];
  const changed = callStatusChanged.of({
    id: call.id,
    status,
    previous_status: call.status,
    result: end.result,
    changed_at: endedAt,
  });
  const event = callSettled.of({
    id: call.id,
    status,
    result: end.result,
    duration_seconds: duration,
    cost: major(cost, call.currency),
    refunded: major(refund, call.currency),
    currency: call.currency,
    ended_at: endedAt,
    previous_status: call.status,
  });
  return { statements, events: [changed, event], costMinor: cost, refundMinor: refund };
}
