import { eq, sql } from "drizzle-orm";
import { preparedStatement, type Database } from "../../data/client";
import { ofCompany, rowOf } from "../../data/rows";
import { offsetPageQuery, preparedOffsetList } from "../../data/lists";
import { precondition } from "../../data/precondition";
import { qualified } from "../../data/bulk";
import { ApiError, notFound } from "../../lib/errors";
import type { OffsetPage } from "../../lib/pagination";
import { versionedUpdate } from "../../data/versioned";
import { sipTrunkNumbers, sipTrunks, type SipTrunkRow } from "./schema";
import { clock } from "../../lib/clock";

/** Every column but the sealed password: what lists and reads select. */
const publicColumns = {
  id: sipTrunks.id,
  companyId: sipTrunks.companyId,
  name: sipTrunks.name,
  host: sipTrunks.host,
  port: sipTrunks.port,
  transport: sipTrunks.transport,
  username: sipTrunks.username,
  callerId: sipTrunks.callerId,
  channels: sipTrunks.channels,
  monthlyPriceMinor: sipTrunks.monthlyPriceMinor,
  currency: sipTrunks.currency,
  status: sipTrunks.status,
  currentPeriodEnd: sipTrunks.currentPeriodEnd,
  renewalId: sipTrunks.renewalId,
  providerTrunkSid: sipTrunks.providerTrunkSid,
  providerCredentialListSid: sipTrunks.providerCredentialListSid,
  providerOriginationUrlSid: sipTrunks.providerOriginationUrlSid,
  version: sipTrunks.version,
  createdAt: sipTrunks.createdAt,
  updatedAt: sipTrunks.updatedAt,
  numbers:
    // Both sides named by table: drizzle leaves columns bare in a single-table select, and bare, the
    // company filter compared the inner table with itself (a count over every company's numbers).
    sql<number>`(SELECT count(*) FROM ${sipTrunkNumbers} WHERE ${qualified(sipTrunkNumbers.companyId)} = ${qualified(sipTrunks.companyId)} AND ${qualified(sipTrunkNumbers.trunkId)} = ${qualified(sipTrunks.id)})`.mapWith(
      Number,
    ),
};

export type PublicTrunk = Omit<SipTrunkRow, "passwordSealed"> & { numbers: number };

/** The trunk page, prepared once per database. */
export const trunkPageStatement = preparedStatement((db) =>
  offsetPageQuery(db.select(publicColumns).from(sipTrunks).$dynamic(), {
    company: sipTrunks.companyId,
    at: sipTrunks.createdAt,
    id: sipTrunks.id,
  }).prepare(),
);

export function trunkPage(db: Database, companyId: string, page: OffsetPage) {
  return preparedOffsetList(db, trunkPageStatement(db), companyId, page, (row) => row);
}

export async function findTrunk(db: Database, companyId: string, trunkId: string): Promise<PublicTrunk | undefined> {
  return db
    .select(publicColumns)
    .from(sipTrunks)
    .where(rowOf(sipTrunks, companyId, trunkId))
    .get();
}

/** The trunk's sealed password at `version` (undefined when it changed since): what the provider's credential is set from. */
export async function sealedPassword(
  db: Database,
  companyId: string,
  trunkId: string,
  version: number,
): Promise<string | undefined> {
  const row = await db
    .select({ sealed: sipTrunks.passwordSealed })
    .from(sipTrunks)
    .where(rowOf(sipTrunks, companyId, trunkId, eq(sipTrunks.version, version)))
    .get();
  return row?.sealed;
}

export async function trunkNamed(db: Database, companyId: string, name: string, except?: string) {
  const row = await db
    .select({ id: sipTrunks.id })
    .from(sipTrunks)
    .where(ofCompany(sipTrunks, companyId, eq(sipTrunks.name, name)))
    .get();
  return row && row.id !== except ? row : undefined;
}

export const duplicateName = (name: string) =>
  new ApiError("conflict", `The company already has a SIP trunk named ${JSON.stringify(name)}.`, { name });

/** The trunk is active and its next renewal is still `renewalId`: the compare-and-set of a renewal (a delete or a resumption meanwhile wins). */
export function trunkRenewalDue(db: Database, companyId: string, trunkId: string, renewalId: string) {
  return precondition(
    db,
    sql`EXISTS (SELECT 1 FROM ${sipTrunks} WHERE ${rowOf(sipTrunks, companyId, trunkId)} AND ${sipTrunks.renewalId} = ${renewalId} AND ${sipTrunks.status} = 'active')`,
    () => new ApiError("conflict", "The SIP trunk changed while its renewal was being applied."),
  );
}

export function insertTrunk(db: Database, row: SipTrunkRow) {
  return db.insert(sipTrunks).values(row);
}

/** `changes` to the trunk read at `version`, compare-and-set: a change read from an older version is applied again over the new one. */
export function updateTrunk(
  db: Database,
  companyId: string,
  trunkId: string,
  version: number,
  changes: Partial<SipTrunkRow>,
) {
  const { id: _id, companyId: _company, version: _version, ...columns } = changes;
  return versionedUpdate(db, sipTrunks, { companyId, id: trunkId, version }, columns, "SIP trunk");
}

export const routedThrough = () =>
  new ApiError("conflict", "Phone numbers route through this SIP trunk; route them elsewhere before deleting it.");

/** Deleting needs the trunk to exist and no number to route through it, checked inside the delete's batch. */
export function deletableTrunk(db: Database, companyId: string, trunkId: string) {
  return [
    precondition(
      db,
      sql`EXISTS (SELECT 1 FROM ${sipTrunks} WHERE ${sipTrunks.companyId} = ${companyId} AND ${sipTrunks.id} = ${trunkId})`,
      () => notFound("SIP trunk"),
    ),
    precondition(
      db,
      sql`NOT EXISTS (SELECT 1 FROM ${sipTrunkNumbers} WHERE ${sipTrunkNumbers.companyId} = ${companyId} AND ${sipTrunkNumbers.trunkId} = ${trunkId})`,
      routedThrough,
    ),
  ];
}

export function deleteTrunk(db: Database, companyId: string, trunkId: string) {
  return db.delete(sipTrunks).where(rowOf(sipTrunks, companyId, trunkId));
}

/**
 * The statements that route one of the company's phone numbers (telephony) through one of its
 * trunks, replacing the number's route, or (trunkId null) through none: for the number's own batch.
 * The trunk must exist when the batch runs (else 404), as deleting a trunk requires no number to
 * route through it: the two writes cannot both succeed on a stale read.
 */
export function routeStatements(db: Database, companyId: string, numberId: string, trunkId: string | null) {
  const route = ofCompany(sipTrunkNumbers, companyId, eq(sipTrunkNumbers.numberId, numberId));
  if (trunkId === null) return [db.delete(sipTrunkNumbers).where(route)];
  return [
    precondition(db, sql`EXISTS (SELECT 1 FROM ${sipTrunks} WHERE ${rowOf(sipTrunks, companyId, trunkId)})`, () =>
      notFound("SIP trunk"),
    ),
    db
      .insert(sipTrunkNumbers)
      .values({ companyId, trunkId, numberId, createdAt: clock.iso() })
      .onConflictDoUpdate({ target: [sipTrunkNumbers.companyId, sipTrunkNumbers.numberId], set: { trunkId } }),
  ];
}

/** The trunk a number routes through (null: none), as an SQL value over the number's company and id columns. */
// Correlated subqueries of a select over phone_numbers. Drizzle prints a select's columns without
// their table, so the outer row is named explicitly and the inner tables by alias: an unqualified
// company_id inside would resolve to the inner table and compare it with itself.
const outerNumber = sql.raw(`"phone_numbers"."company_id"`);
const outerNumberId = sql.raw(`"phone_numbers"."id"`);

/** The trunk a phone_numbers row is routed through (null when none), for a select over phone_numbers. */
export const trunkOfNumber = () =>
  sql<
    string | null
  >`(SELECT n.trunk_id FROM ${sipTrunkNumbers} AS n WHERE n.company_id = ${outerNumber} AND n.number_id = ${outerNumberId})`;

/** The status of the trunk a phone_numbers row is routed through (null when none), for a select over phone_numbers. */
export const trunkStatusOfNumber = () =>
  sql<
    string | null
  >`(SELECT t.status FROM ${sipTrunkNumbers} AS n JOIN ${sipTrunks} AS t ON t.id = n.trunk_id AND t.company_id = n.company_id WHERE n.company_id = ${outerNumber} AND n.number_id = ${outerNumberId})`;

/** The ids of the company's trunks, oldest first (the telephony seed routes a number through the first). */
export async function companyTrunkIds(db: Database, companyId: string): Promise<string[]> {
  return (
    await db
      .select({ id: sipTrunks.id })
      .from(sipTrunks)
      .where(ofCompany(sipTrunks, companyId))
      .orderBy(sipTrunks.createdAt, sipTrunks.id)
  ).map((row) => row.id);
}
