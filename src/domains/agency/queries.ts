import { and, between, count, eq, inArray, sql } from "drizzle-orm";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import type { Database } from "../../core/db/client";
import { ofCompany } from "../../core/db/rows";
import { offsetList, type ListKeys } from "../../core/db/lists";
import { changedMeanwhile, precondition } from "../../core/db/precondition";
import { companies } from "../../core/db/schema";
import { ApiError } from "../../core/errors";
import type { Plan, WriteStatement } from "../../core/operation";
import type { OffsetPage } from "../../core/pagination";
import { callDailyTotals } from "../calls";
import type { BrandingChanges, PackagingChanges, SubaccountStatus, SubaccountView } from "./model";
import { agencyPrices, subaccountOwners, whiteLabels, type WhiteLabelRow } from "./schema";

// ---------------------------------------------------------------------------------------------
// Subaccounts: the companies whose parent is the agency

const subaccountColumns = {
  id: companies.id,
  name: companies.name,
  plan: companies.plan,
  status: companies.status,
  agencyId: companies.parentCompanyId,
  ownerEmail: subaccountOwners.ownerEmail,
  createdAt: companies.createdAt,
  updatedAt: companies.updatedAt,
};

const subaccountQuery = (db: Database) =>
  db.select(subaccountColumns).from(companies).leftJoin(subaccountOwners, eq(subaccountOwners.companyId, companies.id)).$dynamic();

type SubaccountRow = Awaited<ReturnType<typeof subaccountQuery>>[number];

export function toSubaccount(row: SubaccountRow): SubaccountView {
  return {
    id: row.id,
    name: row.name,
    plan: row.plan,
    status: row.status,
    owner_email: row.ownerEmail,
    agency_id: row.agencyId ?? "",
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/** The agency's subaccounts are its company's direct children: backed by companies_parent_idx (parent, created_at, id). */
const subaccountKeys: ListKeys = { company: companies.parentCompanyId, at: companies.createdAt, id: companies.id };


export function listSubaccounts(db: Database, agencyId: string, filter: { status?: SubaccountStatus; search?: string }, page: OffsetPage) {
  const where = and(
    filter.status ? eq(companies.status, filter.status) : undefined,
    // instr, not LIKE: D1 refuses LIKE patterns over 50 bytes, and the text needs no escaping.
    // lower() folds ASCII only, as LIKE does.
    filter.search ? sql`instr(lower(${companies.name}), lower(${filter.search})) > 0` : undefined,
  );
  return offsetList(subaccountQuery(db), subaccountKeys, agencyId, page, { where, map: toSubaccount });
}

/** One direct subaccount of the agency, or undefined for any other id (another tree, a grandchild, the agency itself). */
export async function findSubaccount(db: Database, agencyId: string, subaccountId: string): Promise<SubaccountRow | undefined> {
  return subaccountQuery(db)
    .where(and(eq(companies.id, subaccountId), eq(companies.parentCompanyId, agencyId)))
    .get();
}

/** The subaccount of the agency whose owner has this (lower-case) email, if any. */
export async function subaccountOwnedBy(db: Database, agencyId: string, ownerEmail: string): Promise<string | undefined> {
  const row = await db
    .select({ id: subaccountOwners.companyId })
    .from(subaccountOwners)
    .where(and(eq(subaccountOwners.agencyCompanyId, agencyId), eq(subaccountOwners.ownerEmail, ownerEmail)))
    .get();
  return row?.id;
}

export interface NewSubaccount {
  id: string;
  agencyId: string;
  name: string;
  plan: Plan;
  ownerEmail: string;
  /** Inherited from the agency. */
  defaultVatRate: number;
  defaultCurrency: string | null;
  defaultRegion: string;
  /** active, unless the seed makes a suspended one. */
  status?: SubaccountStatus;
  at: string;
}

/** The subaccount's company and its owner; the owner's unique index refuses a second subaccount of the same owner in the tree. */
export function subaccountInserts(db: Database, input: NewSubaccount): WriteStatement[] {
  return [
    db.insert(companies).values({
      id: input.id,
      name: input.name,
      plan: input.plan,
      parentCompanyId: input.agencyId,
      defaultVatRate: input.defaultVatRate,
      defaultCurrency: input.defaultCurrency,
      defaultRegion: input.defaultRegion,
      status: input.status ?? "active",
      createdAt: input.at,
      updatedAt: input.at,
    }),
    db.insert(subaccountOwners).values({ companyId: input.id, agencyCompanyId: input.agencyId, ownerEmail: input.ownerEmail, createdAt: input.at }),
  ];
}

/**
 * Moves a subaccount from `from` to `to` (compare-and-set): the batch fails with 409 when the
 * subaccount is no longer in `from` (another request changed it first); the UPDATE returns the row.
 */
export function statusChange(db: Database, agencyId: string, subaccountId: string, from: SubaccountStatus, to: SubaccountStatus, at: string): WriteStatement[] {
  const inState = and(eq(companies.id, subaccountId), eq(companies.parentCompanyId, agencyId), eq(companies.status, from));
  return [
    precondition(db, sql`EXISTS (SELECT 1 FROM ${companies} WHERE ${inState})`, () => changedMeanwhile("subaccount's status")),
    db.update(companies).set({ status: to, updatedAt: at }).where(inState).returning({ id: companies.id }),
  ];
}

/** The agency's setup price per subaccount, if the panel set one. */
export async function agencyPriceOf(db: Database, agencyId: string) {
  return db.select().from(agencyPrices).where(ofCompany(agencyPrices, agencyId)).get();
}

export function agencyPriceUpsert(db: Database, agencyId: string, setupPriceMinor: number, currency: string, at: string) {
  return db
    .insert(agencyPrices)
    .values({ companyId: agencyId, setupPriceMinor, currency, updatedAt: at })
    .onConflictDoUpdate({ target: agencyPrices.companyId, set: { setupPriceMinor, currency, updatedAt: at } });
}

// ---------------------------------------------------------------------------------------------
// Stats

/** The agency's subaccounts now, by status, and how many were created in [from, until). */
export async function subaccountCounts(db: Database, agencyId: string, created: { from: string; until: string }) {
  const row = await db
    .select({
      total: count(),
      active: sql<number>`coalesce(sum(${companies.status} = 'active'), 0)`.mapWith(Number),
      suspended: sql<number>`coalesce(sum(${companies.status} = 'suspended'), 0)`.mapWith(Number),
      createdInPeriod: sql<number>`coalesce(sum(${companies.createdAt} >= ${created.from} AND ${companies.createdAt} < ${created.until}), 0)`.mapWith(Number),
    })
    .from(companies)
    .where(eq(companies.parentCompanyId, agencyId))
    .get();
  return { total: row?.total ?? 0, active: row?.active ?? 0, suspended: row?.suspended ?? 0, createdInPeriod: row?.createdInPeriod ?? 0 };
}

/** The agency's subaccounts with what their own calendars need (their region decides a zone without settings). */
export function subaccountRegions(db: Database, agencyId: string) {
  return db.select({ id: companies.id, region: companies.defaultRegion }).from(companies).where(eq(companies.parentCompanyId, agencyId));
}

/**
 * Calls and talk time of the agency's subaccounts over local dates [from, to], each in its own
 * time zone (the calls domain stores each call's local date): one aggregate over call_daily_totals,
 * so each subaccount's share equals what its GET /calls reports for the same dates.
 */
export async function subaccountCallTotals(db: Database, agencyId: string, period: { from: string; to: string }) {
  const t = callDailyTotals;
  const children = db.select({ id: companies.id }).from(companies).where(eq(companies.parentCompanyId, agencyId));
  const row = await db
    .select({
      calls: sql<number>`coalesce(sum(${t.calls}), 0)`.mapWith(Number),
      durationSeconds: sql<number>`coalesce(sum(${t.durationSeconds}), 0)`.mapWith(Number),
    })
    .from(t)
    .where(and(inArray(t.companyId, children), between(t.localDate, period.from, period.to)))
    .get();
  return { calls: row?.calls ?? 0, durationSeconds: row?.durationSeconds ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// White label

export async function whiteLabelOf(db: Database, companyId: string): Promise<WhiteLabelRow | undefined> {
  return db.select().from(whiteLabels).where(ofCompany(whiteLabels, companyId)).get();
}

/**
 * Changes the fields sent, creating the row when the company has none, in one statement (no read
 * before the write, so concurrent edits of different fields both land). A custom_domain other
 * than the stored one clears the verification in the same statement; the same one keeps it.
 * The unique index on custom_domain refuses a domain another company uses.
 */
export function brandingUpsert(db: Database, companyId: string, changes: BrandingChanges, at: string) {
  const sent = <K extends keyof BrandingChanges>(field: K) => changes[field] !== undefined;
  const set: SQLiteUpdateSetSource<typeof whiteLabels> = { brandingUpdatedAt: at };
  if (sent("company_name")) set.companyName = changes.company_name;
  if (sent("primary_color")) set.primaryColor = changes.primary_color;
  if (sent("logo_url")) set.logoUrl = changes.logo_url;
  if (sent("custom_domain")) {
    set.customDomain = changes.custom_domain;
    set.customDomainVerifiedAt = sql`CASE WHEN ${whiteLabels.customDomain} IS ${changes.custom_domain} THEN ${whiteLabels.customDomainVerifiedAt} ELSE NULL END`;
  }
  return db
    .insert(whiteLabels)
    .values({
      companyId,
      companyName: changes.company_name ?? null,
      primaryColor: changes.primary_color ?? null,
      logoUrl: changes.logo_url ?? null,
      customDomain: changes.custom_domain ?? null,
      brandingUpdatedAt: at,
    })
    .onConflictDoUpdate({ target: whiteLabels.companyId, set })
    .returning();
}

/**
 * Marks `domain` verified, only while it is still the company's custom domain and unverified:
 * the batch fails otherwise (the request then reads again and says what happened).
 */
export function domainVerification(db: Database, companyId: string, domain: string, at: string): WriteStatement[] {
  const pending = ofCompany(whiteLabels, companyId, eq(whiteLabels.customDomain, domain), sql`${whiteLabels.customDomainVerifiedAt} IS NULL`);
  return [
    precondition(db, sql`EXISTS (SELECT 1 FROM ${whiteLabels} WHERE ${pending})`, () => changedMeanwhile("custom domain")),
    db.update(whiteLabels).set({ customDomainVerifiedAt: at }).where(pending),
  ];
}

/** Changes the gates sent, creating the row with the defaults for the others, in one statement. */
export function packagingUpsert(db: Database, companyId: string, changes: PackagingChanges, at: string) {
  const set: SQLiteUpdateSetSource<typeof whiteLabels> = { packagingUpdatedAt: at };
  if (changes.allow_signup !== undefined) set.allowSignup = changes.allow_signup;
  if (changes.hide_plans !== undefined) set.hidePlans = changes.hide_plans;
  if (changes.hide_addons !== undefined) set.hideAddons = changes.hide_addons;
  return db
    .insert(whiteLabels)
    .values({
      companyId,
      allowSignup: changes.allow_signup ?? false,
      hidePlans: changes.hide_plans ?? false,
      hideAddons: changes.hide_addons ?? false,
      packagingUpdatedAt: at,
    })
    .onConflictDoUpdate({ target: whiteLabels.companyId, set })
    .returning();
}

/** The company whose custom domain this is, if any. */
export async function customDomainOwner(db: Database, domain: string): Promise<string | undefined> {
  return (await db.select({ id: whiteLabels.companyId }).from(whiteLabels).where(eq(whiteLabels.customDomain, domain)).get())?.id;
}

/** The problem of a custom domain another company already uses (the unique index's refusal). */
export const domainTaken = (domain: string) => new ApiError("conflict", `The custom domain ${domain} is already used by another account.`);
