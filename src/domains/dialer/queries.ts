import { and, count, eq, getTableColumns, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../../core/db/client";
import { companyRowExists, ofCompany, rowOf } from "../../core/db/rows";
import { precondition } from "../../core/db/precondition";
import { ApiError } from "../../core/errors";
import { agents } from "../agents";
import { activeCallStatuses, calls, type CallRow } from "../calls";
import { dialledCalls, type DialledCallRow } from "./schema";

export async function agentOfCompany(db: Database, companyId: string, agentId: string): Promise<boolean> {
  return companyRowExists(db, agents, companyId, agentId);
}

/** The company's calls not yet ended: what the simultaneous-call quota counts (calls_company_status_idx). */
export async function callsInProgress(db: Database, companyId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(calls).where(ofCompany(calls, companyId, inArray(calls.status, [...activeCallStatuses])));
  return row?.n ?? 0;
}

/** Fewer than `quota` calls are in progress, checked inside the dial's batch: concurrent dials cannot pass the quota together. */
export function belowQuota(db: Database, companyId: string, quota: number) {
  return precondition(
    db,
    sql`(SELECT count(*) FROM ${calls} WHERE ${calls.companyId} = ${companyId} AND ${inArray(calls.status, [...activeCallStatuses])}) < ${quota}`,
    () => concurrencyExceeded(quota),
  );
}

export const concurrencyExceeded = (quota: number) =>
  new ApiError("conflict", `The account already has ${quota} calls in progress, its simultaneous-call quota (GET /billing/concurrency); wait for one to end.`, { quota });

/** A dialled call as the dialer reads it: its row of calls (status, ends, agent) with its dialling details. */
export type DialledCallRecord = DialledCallRow & Pick<CallRow, "status" | "toNumber" | "fromNumber" | "startedAt"> & { agentId: string };

/** The dialled call's two rows, for the dial's batch: its row of calls (no result yet) and its dialling details. */
export function dialledCallInsertion(db: Database, call: DialledCallRecord, localDate: string) {
  const { status, agentId, toNumber, fromNumber, startedAt, ...dialling } = call;
  return [
    db.insert(calls).values({
      id: call.id,
      companyId: call.companyId,
      direction: "outbound",
      fromNumber,
      toNumber,
      agentId,
      status,
      startedAt,
      localDate,
      currency: call.currency,
    }),
    db.insert(dialledCalls).values(dialling),
  ];
}

export function findDialledCall(db: Database, callId: string, companyId?: string): Promise<DialledCallRecord | undefined> {
  return db
    .select({
      ...getTableColumns(dialledCalls),
      status: calls.status,
      // A dialled call always has its agent (POST /calls/dial requires one).
      agentId: sql<string>`${calls.agentId}`,
      toNumber: calls.toNumber,
      fromNumber: calls.fromNumber,
      startedAt: calls.startedAt,
    })
    .from(dialledCalls)
    .innerJoin(calls, and(eq(calls.companyId, dialledCalls.companyId), eq(calls.id, dialledCalls.id)))
    .where(and(eq(dialledCalls.id, callId), companyId ? ofCompany(dialledCalls, companyId) : undefined))
    .get();
}

/** The provider accepted the call: ringing, with its id (only while still queued: a late retry changes nothing). */
export function markRinging(db: Database, call: DialledCallRecord, providerCallId: string, at: string) {
  return [
    db
      .update(calls)
      .set({ status: "ringing" })
      .where(rowOf(calls, call.companyId, call.id, eq(calls.status, "queued"))),
    db
      .update(dialledCalls)
      .set({ providerCallId, updatedAt: at })
      .where(and(eq(dialledCalls.id, call.id), isNull(dialledCalls.providerCallId))),
  ];
}

/** The call is still in progress: it settles once. */
export function stillInProgress(db: Database, call: DialledCallRecord) {
  return precondition(
    db,
    sql`EXISTS (SELECT 1 FROM ${calls} WHERE ${calls.companyId} = ${call.companyId} AND ${calls.id} = ${call.id} AND ${inArray(calls.status, [...activeCallStatuses])})`,
    () => new ApiError("conflict", "The call has already ended and was settled."),
  );
}

/** The call ended: its status, result, end, talk time and real cost, and why it failed when it did. */
export function markEnded(
  db: Database,
  call: DialledCallRecord,
  end: Pick<CallRow, "status" | "result" | "durationSeconds" | "costMinor" | "endedAt">,
  failureReason: string | null,
  at: string,
) {
  return [
    db
      .update(calls)
      .set(end)
      .where(rowOf(calls, call.companyId, call.id)),
    db.update(dialledCalls).set({ failureReason, updatedAt: at }).where(eq(dialledCalls.id, call.id)),
  ];
}

/**
 * The provider's status moves the call forward only: `to` is written only while the call is in one
 * of the earlier statuses `from` (a late or duplicated callback changes nothing). Answered: its time too.
 */
export function advanceCall(db: Database, call: DialledCallRecord, to: "ringing" | "in_progress", from: readonly CallRow["status"][], at: string) {
  return [
    db
      .update(calls)
      .set({ status: to })
      .where(rowOf(calls, call.companyId, call.id, inArray(calls.status, [...from]))),
    ...(to === "in_progress"
      ? [db.update(dialledCalls).set({ answeredAt: at, updatedAt: at }).where(and(eq(dialledCalls.id, call.id), eq(dialledCalls.companyId, call.companyId), isNull(dialledCalls.answeredAt)))]
      : []),
  ];
}
