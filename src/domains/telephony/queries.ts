import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { preparedStatement, preparedVariants, type Database } from "../../data/client";
import { ofCompany, rowOf } from "../../data/rows";
import { offsetPageQuery, preparedOffsetList, type ListKeys } from "../../data/lists";
import { precondition } from "../../data/precondition";
import { ApiError, notFound } from "../../lib/errors";
import { agents } from "../agents";
import { routeStatements, trunkOfNumber } from "../sip-trunks";
import type { OffsetPage } from "../../lib/pagination";
import type { PhoneNumberView } from "./model";
import { phoneNumbers, sipExtensions, telephonyProfiles, type NumberCapability, type PhoneNumberRow } from "./schema";

type PhoneNumberInsert = typeof phoneNumbers.$inferInsert;

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

/** Active numbers newest first (a purchase still pending is not the company's yet); backed by phone_numbers_company_created_idx. */
export function listNumbers(
  db: Database,
  companyId: string,
  filter: { country?: string; capability?: NumberCapability },
  page: OffsetPage,
) {
  const statement = numberPage(db, {
    country: filter.country !== undefined,
    capability: filter.capability !== undefined,
  });
  return preparedOffsetList(db, statement, companyId, page, toPhoneNumber, {
    country: filter.country,
    capability: filter.capability,
  });
}

/** The active numbers' page of each set of filters, prepared once per database. */
const numberPage = preparedVariants((db, filters: { country: boolean; capability: boolean }) =>
  offsetPageQuery(
    db.select().from(phoneNumbers).$dynamic(),
    numberKeys,
    and(
      eq(phoneNumbers.status, "active"),
      and(
        filters.country ? eq(phoneNumbers.country, sql.placeholder("country")) : undefined,
        filters.capability
          ? sql`EXISTS (SELECT 1 FROM json_each(${phoneNumbers.capabilities}) WHERE json_each.value = ${sql.placeholder("capability")})`
          : undefined,
      ),
    ),
  ).prepare(),
);

const theNumber = (companyId: string, numberId: string, ...more: (SQL | undefined)[]) =>
  rowOf(phoneNumbers, companyId, numberId, ...more);

/** The number's E.164, as an SQL value read where it is evaluated (inside a write's batch). */
export const numberE164 = (companyId: string, numberId: string) =>
  sql`(SELECT ${phoneNumbers.e164} FROM ${phoneNumbers} WHERE ${theNumber(companyId, numberId)})`;

/**
 * The rename's batch: the number must exist when the batch runs (else 404, and nothing is
 * written or audited), and the UPDATE answers the row as written (RETURNING).
 */
export function renameStatements(db: Database, companyId: string, numberId: string, name: string, at: string) {
  return {
    exists: precondition(db, sql`EXISTS (SELECT 1 FROM ${phoneNumbers} WHERE ${theNumber(companyId, numberId)})`, () =>
      notFound("phone number"),
    ),
    renamed: db.update(phoneNumbers).set({ name, updatedAt: at }).where(theNumber(companyId, numberId)).returning(),
  };
}

// ---------------------------------------------------------------------------------------------
// Numbers the operator rents, routes and releases (panel.ts)

/** The number as the operator sees it: its provider sid, status and route besides the public view. */
const operatorNumberColumns = {
  row: phoneNumbers,
  trunkId: trunkOfNumber(),
};

export async function operatorNumber(db: Database, companyId: string, numberId: string) {
  const found = await db.select(operatorNumberColumns).from(phoneNumbers).where(theNumber(companyId, numberId)).get();
  return found && { ...found.row, trunkId: found.trunkId };
}

/** Whether the company has the agent now, as a batch precondition (an agent of another company is missing). */
const agentExists = (db: Database, companyId: string, agentId: string) =>
  precondition(db, sql`EXISTS (SELECT 1 FROM ${agents} WHERE ${rowOf(agents, companyId, agentId)})`, () =>
    notFound("agent"),
  );

/** The company already has this number (a purchase of it pending or done). */
/** The company holds this number now (any status), as SQL for a batch precondition. */
export const numberHeld = (companyId: string, e164: string): SQL =>
  sql`EXISTS (SELECT 1 FROM ${phoneNumbers} WHERE ${ofCompany(phoneNumbers, companyId, eq(phoneNumbers.e164, e164))})`;

export async function hasNumber(db: Database, companyId: string, e164: string) {
  return (
    (await db
      .select({ id: phoneNumbers.id })
      .from(phoneNumbers)
      .where(ofCompany(phoneNumbers, companyId, eq(phoneNumbers.e164, e164)))
      .get()) !== undefined
  );
}

/** The purchase's intent, written before the provider is asked: a pending row (the agent must be the company's). */
export function pendingNumberStatements(db: Database, row: PhoneNumberInsert) {
  return [
    ...(row.agentId ? [agentExists(db, row.companyId, row.agentId)] : []),
    db.insert(phoneNumbers).values({ ...row, status: "pending" }),
  ];
}

/** The provider rented it: the pending row becomes the company's number, once (only a pending row changes). */
export function activateNumber(
  db: Database,
  companyId: string,
  numberId: string,
  rented: { providerSid: string; capabilities: NumberCapability[] },
  at: string,
) {
  return db
    .update(phoneNumbers)
    .set({ status: "active", providerSid: rented.providerSid, capabilities: rented.capabilities, updatedAt: at })
    .where(theNumber(companyId, numberId, eq(phoneNumbers.status, "pending")))
    .returning();
}

/** A purchase the provider refused leaves no row: its pending intent is removed. */
export function dropPendingNumber(db: Database, companyId: string, numberId: string) {
  return db.delete(phoneNumbers).where(theNumber(companyId, numberId, eq(phoneNumbers.status, "pending")));
}

/** The number must still be there, active, when the batch runs (404 otherwise, 409 while its purchase is pending). */
const activeNumber = (db: Database, companyId: string, numberId: string) => [
  precondition(db, sql`EXISTS (SELECT 1 FROM ${phoneNumbers} WHERE ${theNumber(companyId, numberId)})`, () =>
    notFound("phone number"),
  ),
  precondition(
    db,
    sql`EXISTS (SELECT 1 FROM ${phoneNumbers} WHERE ${theNumber(companyId, numberId, eq(phoneNumbers.status, "active"))})`,
    () => new ApiError("conflict", "The number's purchase has not completed."),
  ),
];

/** Assigns the number to an agent (or none) and routes it through a trunk (or none), each only when given. */
export function assignNumberStatements(
  db: Database,
  companyId: string,
  numberId: string,
  change: { agentId?: string | null; trunkId?: string | null },
  at: string,
) {
  return [
    ...activeNumber(db, companyId, numberId),
    ...(typeof change.agentId === "string" ? [agentExists(db, companyId, change.agentId)] : []),
    ...(change.trunkId === undefined ? [] : routeStatements(db, companyId, numberId, change.trunkId)),
    db
      .update(phoneNumbers)
      .set({ ...(change.agentId === undefined ? {} : { agentId: change.agentId }), updatedAt: at })
      .where(theNumber(companyId, numberId)),
  ];
}

/**
 * Removes a released number and its route. `providerSid` is the one read before the provider
 * released it: compare-and-set, so a row that changed meanwhile is not removed (404).
 */
export function removeNumberStatements(db: Database, companyId: string, numberId: string, providerSid: string | null) {
  const same = providerSid === null ? isNull(phoneNumbers.providerSid) : eq(phoneNumbers.providerSid, providerSid);
  return [
    precondition(db, sql`EXISTS (SELECT 1 FROM ${phoneNumbers} WHERE ${theNumber(companyId, numberId, same)})`, () =>
      notFound("phone number"),
    ),
    ...routeStatements(db, companyId, numberId, null),
    db.delete(phoneNumbers).where(theNumber(companyId, numberId, same)),
  ];
}

// ---------------------------------------------------------------------------------------------
// Extensions and profiles: explicit columns, so the SIP secrets are never read

const extensionKeys: ListKeys = { company: sipExtensions.companyId, at: sipExtensions.createdAt, id: sipExtensions.id };

/** Extensions newest first, without their SIP secret; backed by sip_extensions_company_created_idx (or its status variant). */
export function listExtensions(
  db: Database,
  companyId: string,
  filter: { status?: "active" | "disabled" },
  page: OffsetPage,
) {
  return preparedOffsetList(
    db,
    extensionPage(db, { status: filter.status !== undefined }),
    companyId,
    page,
    (row) => row,
    { status: filter.status },
  );
}

/** The extension page with and without the status filter, prepared once per database. */
const extensionPage = preparedVariants((db, filters: { status: boolean }) => {
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
  return offsetPageQuery(
    query,
    extensionKeys,
    filters.status ? eq(e.status, sql.placeholder("status")) : undefined,
  ).prepare();
});

const profileKeys: ListKeys = {
  company: telephonyProfiles.companyId,
  at: telephonyProfiles.createdAt,
  id: telephonyProfiles.id,
};

/** Profiles newest first, without the trunk's credentials; backed by telephony_profiles_company_created_idx. */
export function listProfiles(db: Database, companyId: string, page: OffsetPage) {
  return preparedOffsetList(db, profilePage(db), companyId, page, (row) => row);
}

/** The profile page, prepared once per database. */
const profilePage = preparedStatement((db) => {
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
  return offsetPageQuery(query, profileKeys).prepare();
});

// ---------------------------------------------------------------------------------------------
// The panel's extensions and profiles

const profileOfCompany = (db: Database, companyId: string, profileId: string) =>
  precondition(
    db,
    sql`EXISTS (SELECT 1 FROM ${telephonyProfiles} WHERE ${rowOf(telephonyProfiles, companyId, profileId)})`,
    () => notFound("telephony profile"),
  );

/** A new extension; its profile, when it names one, must be the company's in the same batch. */
export function insertExtensionStatements(db: Database, row: typeof sipExtensions.$inferInsert) {
  return [
    ...(row.profileId ? [profileOfCompany(db, row.companyId, row.profileId)] : []),
    db.insert(sipExtensions).values(row),
  ];
}

export const insertProfile = (db: Database, row: typeof telephonyProfiles.$inferInsert) =>
  db.insert(telephonyProfiles).values(row);
