import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../core/db/client";
import { rowOf } from "../../core/db/rows";
import { offsetList, type ListKeys } from "../../core/db/lists";
import { precondition } from "../../core/db/precondition";
import { notFound } from "../../core/errors";
import type { OffsetPage } from "../../core/pagination";
import type { PhoneNumberView } from "./model";
import { phoneNumbers, saleRates, sipExtensions, telephonyProfiles, type NumberCapability, type PhoneNumberRow } from "./schema";

// ---------------------------------------------------------------------------------------------
// Numbers

export const toPhoneNumber = (row: PhoneNumberRow): PhoneNumberView => ({
  id: row.id,
  number: row.e164,
  name: row.name,
  country: row.country,
  capabilities: row.capabilities,
  agent_id: row.agentId,
  created_at: row.createdAt,
  updated_at: row.updatedAt,
});

const numberKeys: ListKeys = { company: phoneNumbers.companyId, at: phoneNumbers.createdAt, id: phoneNumbers.id };

/** Numbers newest first; backed by phone_numbers_company_created_idx. */
export function listNumbers(db: Database, companyId: string, filter: { country?: string; capability?: NumberCapability }, page: OffsetPage) {
  const where = and(
    filter.country === undefined ? undefined : eq(phoneNumbers.country, filter.country),
    filter.capability === undefined ? undefined : sql`EXISTS (SELECT 1 FROM json_each(${phoneNumbers.capabilities}) WHERE json_each.value = ${filter.capability})`,
  );
  return offsetList(db.select().from(phoneNumbers).$dynamic(), numberKeys, companyId, page, { where, map: toPhoneNumber });
}

const theNumber = (companyId: string, numberId: string) => rowOf(phoneNumbers, companyId, numberId);

/** The number's E.164, as an SQL value read where it is evaluated (inside a write's batch). */
export const numberE164 = (companyId: string, numberId: string) => sql`(SELECT ${phoneNumbers.e164} FROM ${phoneNumbers} WHERE ${theNumber(companyId, numberId)})`;

/**
 * The rename's batch: the number must exist when the batch runs (else 404, and nothing is
 * written or audited), and the UPDATE answers the row as written (RETURNING).
 */
export function renameStatements(db: Database, companyId: string, numberId: string, name: string, at: string) {
  return {
    exists: precondition(db, sql`EXISTS (SELECT 1 FROM ${phoneNumbers} WHERE ${theNumber(companyId, numberId)})`, () => notFound("phone number")),
    renamed: db.update(phoneNumbers).set({ name, updatedAt: at }).where(theNumber(companyId, numberId)).returning(),
  };
}

// ---------------------------------------------------------------------------------------------
// Rates

/** 12500 millionths -> 0.0125: exact, like toMajor (an integer divided by a power of ten). */
const fromMicros = (micros: number) => micros / 1_000_000;

const rateKeys: ListKeys = { company: saleRates.companyId, at: saleRates.createdAt, id: saleRates.id };

/**
 * The company's sale rates, newest first; backed by sale_rates_company_created_idx (or its
 * country variant). It reads sale_rates alone: the provider cost and multiplier (rate_costs) are
 * never selected, joined or returned.
 */
export function listSaleRates(db: Database, companyId: string, filter: { country?: string }, page: OffsetPage) {
  const query = db
    .select({
      id: saleRates.id,
      prefix: saleRates.prefix,
      country: saleRates.country,
      destination: saleRates.destination,
      pricePerMinuteMicros: saleRates.pricePerMinuteMicros,
      currency: saleRates.currency,
      minimumSeconds: saleRates.minimumSeconds,
      billingIncrementSeconds: saleRates.billingIncrementSeconds,
      createdAt: saleRates.createdAt,
      updatedAt: saleRates.updatedAt,
    })
    .from(saleRates)
    .$dynamic();
  return offsetList(query, rateKeys, companyId, page, {
    where: filter.country === undefined ? undefined : eq(saleRates.country, filter.country),
    map: (row) => ({
      id: row.id,
      prefix: row.prefix,
      country: row.country,
      destination: row.destination,
      price_per_minute: fromMicros(row.pricePerMinuteMicros),
      currency: row.currency,
      minimum_seconds: row.minimumSeconds,
      billing_increment_seconds: row.billingIncrementSeconds,
      updated_at: row.updatedAt,
    }),
  });
}

// ---------------------------------------------------------------------------------------------
// Extensions and profiles: explicit columns, so the SIP secrets are never read

const extensionKeys: ListKeys = { company: sipExtensions.companyId, at: sipExtensions.createdAt, id: sipExtensions.id };

/** Extensions newest first, without their SIP secret; backed by sip_extensions_company_created_idx (or its status variant). */
export function listExtensions(db: Database, companyId: string, filter: { status?: "active" | "disabled" }, page: OffsetPage) {
  const e = sipExtensions;
  const query = db
    .select({
      id: e.id,
      extension: e.extension,
      name: e.name,
      member_id: e.memberId,
      profile_id: e.profileId,
      status: e.status,
      sip_username: e.sipUsername,
      sip_domain: e.sipDomain,
      created_at: e.createdAt,
    })
    .from(e)
    .$dynamic();
  return offsetList(query, extensionKeys, companyId, page, { where: filter.status === undefined ? undefined : eq(e.status, filter.status) });
}

const profileKeys: ListKeys = { company: telephonyProfiles.companyId, at: telephonyProfiles.createdAt, id: telephonyProfiles.id };

/** Profiles newest first, without the trunk's credentials; backed by telephony_profiles_company_created_idx. */
export function listProfiles(db: Database, companyId: string, page: OffsetPage) {
  const p = telephonyProfiles;
  const query = db
    .select({
      id: p.id,
      name: p.name,
      transport: p.transport,
      codecs: p.codecs,
      dtmf_mode: p.dtmfMode,
      srtp: p.srtp,
      recording: p.recording,
      max_concurrent_calls: p.maxConcurrentCalls,
      trunk_host: p.trunkHost,
      created_at: p.createdAt,
      updated_at: p.updatedAt,
    })
    .from(p)
    .$dynamic();
  return offsetList(query, profileKeys, companyId, page);
}
