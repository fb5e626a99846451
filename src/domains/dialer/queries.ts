import { and, count, eq, getTableColumns, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { preparedStatement, selectRow, type Database } from "../../data/client";
import { ofCompany, rowOf } from "../../data/rows";
import { precondition } from "../../data/precondition";
import { ApiError } from "../../lib/errors";
import { agents } from "../agents";
import { activeCallStatuses, calls, type CallRow } from "../calls";
import { sipTrunks, trunkOfNumber, trunkStatusOfNumber } from "../sip-trunks";
import { phoneNumbers } from "../telephony";
import { dialledCalls, type DialledCallRow } from "./schema";

/** The company's agent as dialling needs it: whether a version of it is published (it can talk); undefined when it is not the company's. */
export function agentForDialling(
  db: Database,
  companyId: string,
  agentId: string,
): Promise<{ publishedVersion: number | null } | undefined> {
  return db
    .select({ publishedVersion: agents.publishedVersion })
    .from(agents)
    .where(rowOf(agents, companyId, agentId))
    .get();
}

/** A number of the company a call can be placed from: its E.164 and the SIP trunk it routes through, if any. */
interface CallerNumber {
  id: string;
  e164: string;
  sipTrunkId: string | null;
  /** The status of the SIP trunk it calls out through (suspended: renewal unpaid). */
  sipTrunkStatus: string | null;
}

const callerNumberColumns = {
  id: phoneNumbers.id,
  e164: phoneNumbers.e164,
  sipTrunkId: trunkOfNumber(),
  sipTrunkStatus: trunkStatusOfNumber(),
};
const activeNumberOf = (companyId: string, ...more: SQL[]) =>
  ofCompany(phoneNumbers, companyId, eq(phoneNumbers.status, "active"), ...more);

/** The company's active number `numberId`; undefined when it has none such (another company's is not its own). */
export function namedCallerNumber(
  db: Database,
  companyId: string,
  numberId: string,
): Promise<CallerNumber | undefined> {
  return db
    .select(callerNumberColumns)
    .from(phoneNumbers)
    .where(activeNumberOf(companyId, eq(phoneNumbers.id, numberId)))
    .get();
}

/** The number a call of `agentId` is placed from when none is named: the agent's oldest, else the company's oldest voice number. */
export async function defaultCallerNumber(
  db: Database,
  companyId: string,
  agentId: string,
): Promise<CallerNumber | undefined> {
  const oldest = (condition: SQL) =>
    db
      .select(callerNumberColumns)
      .from(phoneNumbers)
      .where(activeNumberOf(companyId, condition))
      .orderBy(phoneNumbers.createdAt, phoneNumbers.id)
      .limit(1)
      .get();
  const [agents, voice] = await Promise.all([
    oldest(eq(phoneNumbers.agentId, agentId)),
    oldest(sql`EXISTS (SELECT 1 FROM json_each(${phoneNumbers.capabilities}) WHERE json_each.value = 'voice')`),
  ]);
  return agents ?? voice;
}

/** What placing a call through a SIP trunk needs: where it goes, and the credentials (the password sealed). */
export function trunkForDialling(db: Database, companyId: string, trunkId: string) {
  return db
    .select({
      id: sipTrunks.id,
      host: sipTrunks.host,
      port: sipTrunks.port,
      transport: sipTrunks.transport,
      username: sipTrunks.username,
      passwordSealed: sipTrunks.passwordSealed,
      callerId: sipTrunks.callerId,
    })
    .from(sipTrunks)
    .where(rowOf(sipTrunks, companyId, trunkId))
    .get();
}

/** The company's calls not yet ended: what the simultaneous-call quota counts (calls_company_status_idx). */
export async function callsInProgress(db: Database, companyId: string): Promise<number> {
  const row = await selectRow(db, callsInProgressCount(db), { companyId });
  return row?.n ?? 0;
}
const callsInProgressCount = preparedStatement((db) =>
  db
    .select({ n: count() })
    .from(calls)
    .where(ofCompany(calls, sql.placeholder("companyId"), inArray(calls.status, [...activeCallStatuses])))
    .prepare(),
);

/** Fewer than `quota` calls are in progress, checked inside the dial's batch: concurrent dials cannot pass the quota together. */
export function belowQuota(db: Database, companyId: string, quota: number) {
  return precondition(
    db,
    sql`(SELECT count(*) FROM ${calls} WHERE ${calls.companyId} = ${companyId} AND ${inArray(calls.status, [...activeCallStatuses])}) < ${quota}`,
    () => concurrencyExceeded(quota),
  );
}

export const concurrencyExceeded = (quota: number) =>
  new ApiError(
    "conflict",
    `The account already has ${quota} calls in progress, its simultaneous-call quota (GET /billing/concurrency); wait for one to end.`,
    { quota },
  );

/** A dialled call as the dialer reads it: its row of calls (status, ends, agent) with its dialling details. */
export type DialledCallRecord = DialledCallRow &
  Pick<CallRow, "status" | "toNumber" | "fromNumber" | "startedAt"> & { agentId: string };

/**
 * The call's two rows, for the batch that begins it: its row of calls (no result yet) and its
 * provider leg's details (rate, reservation, provider id). A dialled call is outbound; a call that
 * arrived on a rented number is inbound (its `from` the caller, its `to` the company's number).
 */
export function dialledCallInsertion(
  db: Database,
  call: Omit<DialledCallRecord, "agentId"> & { agentId: string | null },
  localDate: string,
  direction: "inbound" | "outbound" = "outbound",
  ended: Pick<CallRow, "result" | "endedAt"> = { result: null, endedAt: null },
) {
  const { status, agentId, toNumber, fromNumber, startedAt, ...dialling } = call;
  return [
    db.insert(calls).values({
      id: call.id,
      companyId: call.companyId,
      direction,
      ...ended,
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

export function findDialledCall(
  db: Database,
  callId: string,
  companyId?: string,
): Promise<DialledCallRecord | undefined> {
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

/**
 * The provider accepted the call: ringing, with its id. Compare-and-set on `queued`: when a callback
 * moved the call meanwhile, the batch (with its ringing event) aborts, so the change is emitted once.
 */
export function markRinging(db: Database, call: DialledCallRecord, providerCallId: string, at: string) {
  return [
    stillIn(db, call, ["queued"]),
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

/**
 * The provider's id of the call, from any of its callbacks while the call has none yet: Twilio's
 * `initiated` comes as soon as it accepted the call, so a placement whose answer was lost (the
 * Worker died before recording it) finds the call placed and does not dial it again.
 */
export function recordProviderCall(db: Database, call: DialledCallRecord, providerCallId: string, at: string) {
  return db
    .update(dialledCalls)
    .set({ providerCallId, updatedAt: at })
    .where(
      and(
        eq(dialledCalls.id, call.id),
        eq(dialledCalls.companyId, call.companyId),
        isNull(dialledCalls.providerCallId),
      ),
    );
}

/** The call is still in one of `from`: a status change is applied (and its event emitted) once, whoever else moves it. */
function stillIn(db: Database, call: DialledCallRecord, from: readonly CallRow["status"][]) {
  return precondition(
    db,
    sql`EXISTS (SELECT 1 FROM ${calls} WHERE ${calls.companyId} = ${call.companyId} AND ${calls.id} = ${call.id} AND ${inArray(calls.status, [...from])})`,
    () => new ApiError("conflict", "The call's status changed meanwhile."),
  );
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
  answeredAt: string | null,
  at: string,
) {
  return [
    db
      .update(calls)
      .set(end)
      .where(rowOf(calls, call.companyId, call.id)),
    db.update(dialledCalls).set({ failureReason, answeredAt, updatedAt: at }).where(eq(dialledCalls.id, call.id)),
  ];
}

/**
 * The provider's status moves the call forward only: `to` is written only while the call is in one
 * of the earlier statuses `from` (a late or duplicated callback changes nothing). Answered: its time too.
 */
export function advanceCall(
  db: Database,
  call: DialledCallRecord,
  to: "ringing" | "in_progress",
  from: readonly CallRow["status"][],
  at: string,
) {
  return [
    stillIn(db, call, from),
    db
      .update(calls)
      .set({ status: to })
      .where(rowOf(calls, call.companyId, call.id, inArray(calls.status, [...from]))),
    ...(to === "in_progress"
      ? [
          db
            .update(dialledCalls)
            .set({ answeredAt: at, updatedAt: at })
            .where(
              and(
                eq(dialledCalls.id, call.id),
                eq(dialledCalls.companyId, call.companyId),
                isNull(dialledCalls.answeredAt),
              ),
            ),
        ]
      : []),
  ];
}
