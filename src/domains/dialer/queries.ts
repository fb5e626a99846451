import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../core/db/client";
import { precondition } from "../../core/db/precondition";
import { companies } from "../../core/db/schema";
import { ApiError } from "../../core/errors";
import { agents } from "../agents";
import { calls } from "../calls";
import { saleRates } from "../telephony";
import type { Rate } from "./rating";
import { activeDialStatuses, dialledCalls, type DialledCallRow } from "./schema";

/** The company's sale rate for an E.164 number: the longest matching prefix (telephony's sale_rates). */
export async function rateFor(db: Database, companyId: string, e164: string): Promise<(Rate & { prefix: string; country: string }) | undefined> {
  const digits = e164.replace(/^\+/, "");
  return db
    .select({
      prefix: saleRates.prefix,
      country: saleRates.country,
      pricePerMinuteMicros: saleRates.pricePerMinuteMicros,
      minimumSeconds: saleRates.minimumSeconds,
      billingIncrementSeconds: saleRates.billingIncrementSeconds,
      currency: saleRates.currency,
    })
    .from(saleRates)
    .where(and(eq(saleRates.companyId, companyId), sql`${digits} LIKE ${saleRates.prefix} || '%'`))
    .orderBy(desc(sql`length(${saleRates.prefix})`))
    .get();
}

export async function agentOfCompany(db: Database, companyId: string, agentId: string): Promise<boolean> {
  return (await db.select({ id: agents.id }).from(agents).where(and(eq(agents.companyId, companyId), eq(agents.id, agentId))).get()) !== undefined;
}

/** Calls dialled and not ended: what the simultaneous-call quota counts (dialled_calls_company_status_idx). */
export async function callsInProgress(db: Database, companyId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(dialledCalls).where(and(eq(dialledCalls.companyId, companyId), inArray(dialledCalls.status, [...activeDialStatuses])));
  return row?.n ?? 0;
}

/** Fewer than `quota` calls are in progress, checked inside the dial's batch: concurrent dials cannot pass the quota together. */
export function belowQuota(db: Database, companyId: string, quota: number) {
  return precondition(
    db,
    sql`(SELECT count(*) FROM ${dialledCalls} WHERE ${dialledCalls.companyId} = ${companyId} AND ${inArray(dialledCalls.status, [...activeDialStatuses])}) < ${quota}`,
    () => concurrencyExceeded(quota),
  );
}

export const concurrencyExceeded = (quota: number) =>
  new ApiError("conflict", `The account already has ${quota} calls in progress, its simultaneous-call quota (GET /billing/concurrency); wait for one to end.`, { quota });

export function insertDialledCall(db: Database, row: DialledCallRow) {
  return db.insert(dialledCalls).values(row);
}

export function findDialledCall(db: Database, callId: string, companyId?: string) {
  return db
    .select()
    .from(dialledCalls)
    .where(and(eq(dialledCalls.id, callId), companyId ? eq(dialledCalls.companyId, companyId) : undefined))
    .get();
}

/** The provider accepted the call: ringing, with its id (only while still queued: a late retry changes nothing). */
export function markRinging(db: Database, callId: string, providerCallId: string, at: string) {
  return db
    .update(dialledCalls)
    .set({ status: "ringing", providerCallId, updatedAt: at })
    .where(and(eq(dialledCalls.id, callId), eq(dialledCalls.status, "queued")));
}

/** The call is still in progress: it settles once. */
export function stillInProgress(db: Database, callId: string) {
  return precondition(
    db,
    sql`EXISTS (SELECT 1 FROM ${dialledCalls} WHERE ${dialledCalls.id} = ${callId} AND ${inArray(dialledCalls.status, [...activeDialStatuses])})`,
    () => new ApiError("conflict", "The call has already ended and was settled."),
  );
}

export function markEnded(db: Database, callId: string, changes: Pick<DialledCallRow, "status" | "result" | "durationSeconds" | "costMinor" | "failureReason" | "endedAt" | "updatedAt">) {
  return db.update(dialledCalls).set(changes).where(eq(dialledCalls.id, callId));
}

/** The call's row of the calls domain (the call log), written when it ends. */
export function insertCallLog(db: Database, row: typeof calls.$inferInsert) {
  return db.insert(calls).values(row);
}

/** The company's default region: where its calls' dates are read when it has no time zone of its own. */
export async function companyRegion(db: Database, companyId: string): Promise<string> {
  return (await db.select({ region: companies.defaultRegion }).from(companies).where(eq(companies.id, companyId)).get())?.region ?? "ES";
}
