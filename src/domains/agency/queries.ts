import { and, between, count, desc, eq, inArray, isNull, ne, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import {
  idPlaceholders,
  idValues,
  preparedPerCount,
  preparedStatement,
  preparedVariants,
  selectRow,
  selectRows,
  type Database,
} from "../../data/client";
import { IN_LIST_MAX, inChunks } from "../../data/bulk";
import { ofCompany } from "../../data/rows";
import { changedMeanwhile, precondition } from "../../data/precondition";
import { companies } from "../../data/schema";
import { ApiError } from "../../lib/errors";
import type { Plan, WriteStatement } from "../../core/operation";
import type { OffsetPage } from "../../lib/pagination";
import { callDailyTotals } from "../calls";
import type { BrandingChanges, PackagingChanges, SubaccountStatus, SubaccountView } from "./model";
import { agencyPrices, subaccountClaims, subaccountOwners, whiteLabels, type WhiteLabelRow } from "./schema";

// ---------------------------------------------------------------------------------------------
// Subaccounts: the companies whose parent is the agency

const subaccountColumns = {
  id: companies.id,
  name: companies.name,
  plan: companies.plan,
  status: companies.status,
  suspendedBy: companies.suspendedBy,
  agencyId: companies.parentCompanyId,
  ownerEmail: subaccountOwners.ownerEmail,
  createdAt: companies.createdAt,
  updatedAt: companies.updatedAt,
};

const subaccountQuery = (db: Database) =>
  db
    .select(subaccountColumns)
    .from(companies)
    .leftJoin(subaccountOwners, eq(subaccountOwners.companyId, companies.id))
    .$dynamic();

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

/**
 * The accounts whose children an agency reaches: itself and its descendants down to `maxDepth - 1`
 * levels (so their children are at most `maxDepth` levels below it). A recursive CTE that walks
 * companies_parent_idx one level at a time; the depth bound also ends a cycle, should one exist.
 */
const reachedParents = (agencyId: string | Placeholder, maxDepth: number | Placeholder) => sql`
  WITH RECURSIVE reached(id, depth) AS (
    SELECT ${agencyId}, 0
    UNION ALL
    SELECT child.id, reached.depth + 1 FROM companies AS child JOIN reached ON child.parent_company_id = reached.id
    WHERE reached.depth + 1 < ${maxDepth}
  )
  SELECT id FROM reached`;

/** Which subaccounts a query covers: the direct children only, or the whole tree (bounded by the configured depth). */
type TreeScope = "direct" | "tree";

/** The companies of the agency's reach (never the agency itself, even in a cycle). */
function ofTree(agencyId: string | Placeholder, scope: TreeScope, maxDepth: number | Placeholder): SQL {
  if (scope === "direct") return eq(companies.parentCompanyId, agencyId);
  return and(
    sql`${companies.parentCompanyId} IN (${reachedParents(agencyId, maxDepth)})`,
    ne(companies.id, agencyId),
  ) as SQL;
}

/**
 * The agency's subaccounts, any level down to `maxDepth`, newest first: each level is read through
 * companies_parent_idx (parent, created_at, id), then ordered as the direct list always was.
 */
export async function listSubaccounts(
  db: Database,
  agencyId: string,
  maxDepth: number,
  filter: { status?: SubaccountStatus; search?: string },
  page: OffsetPage,
) {
  const statement = subaccountPage(db, { status: Boolean(filter.status), search: Boolean(filter.search) });
  const values = {
    agencyId,
    maxDepth,
    status: filter.status,
    search: filter.search,
    limit: page.limit,
    offset: page.offset,
  };
  const rows = await selectRows(db, statement, values);
  return { data: rows.map(toSubaccount), limit: page.limit, offset: page.offset };
}

/** The subaccount page of each set of filters, the agency and the depth placeholders, prepared once per database. */
const subaccountPage = preparedVariants((db, filters: { status: boolean; search: boolean }) =>
  subaccountQuery(db)
    .where(
      and(
        ofTree(sql.placeholder("agencyId"), "tree", sql.placeholder("maxDepth")),
        filters.status ? eq(companies.status, sql.placeholder("status")) : undefined,
        // instr, not LIKE: D1 refuses LIKE patterns over 50 bytes, and the text needs no escaping.
        // lower() folds ASCII only, as LIKE does.
        filters.search ? sql`instr(lower(${companies.name}), lower(${sql.placeholder("search")})) > 0` : undefined,
      ),
    )
    .orderBy(desc(companies.createdAt), desc(companies.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare(),
);

/**
 * One account of the agency's tree (a child, a grandchild, ... down to `maxDepth` levels), or
 * undefined for any other id (another tree, the agency itself, an ancestor, deeper than the reach).
 * It walks up from the account by primary key, at most `maxDepth` steps, looking for the agency.
 */
export function findSubaccount(
  db: Database,
  agencyId: string,
  subaccountId: string,
  maxDepth: number,
): Promise<SubaccountRow | undefined> {
  return selectRow(db, subaccountOfTree(db), { agencyId, subaccountId, maxDepth });
}
const subaccountOfTree = preparedStatement((db) => {
  const subaccountId = sql.placeholder("subaccountId");
  const agencyId = sql.placeholder("agencyId");
  const ancestors = sql`
    WITH RECURSIVE up(id, depth) AS (
      SELECT parent_company_id, 1 FROM companies WHERE id = ${subaccountId}
      UNION ALL
      SELECT parent.parent_company_id, up.depth + 1 FROM companies AS parent JOIN up ON parent.id = up.id
      WHERE up.depth < ${sql.placeholder("maxDepth")} AND parent.parent_company_id IS NOT NULL
    )
    SELECT id FROM up`;
  return subaccountQuery(db)
    .where(and(eq(companies.id, subaccountId), ne(companies.id, agencyId), sql`${agencyId} IN (${ancestors})`))
    .prepare();
});

/** The subaccount of the agency whose owner has this (lower-case) email, if any. */
export async function subaccountOwnedBy(
  db: Database,
  agencyId: string,
  ownerEmail: string,
): Promise<string | undefined> {
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
      suspendedBy: input.status === "suspended" ? input.id : null,
      // The agency's store: a tree stays on one store (src/data/tenancy.ts, placementOf).
      store: sql`(SELECT store FROM ${companies} WHERE ${companies.id} = ${input.agencyId})`,
      createdAt: input.at,
      updatedAt: input.at,
    }),
    db.insert(subaccountOwners).values({
      companyId: input.id,
      agencyCompanyId: input.agencyId,
      ownerEmail: input.ownerEmail,
      createdAt: input.at,
    }),
  ];
}

/**
 * The agency's claim of the owner, in its store, behind a precondition that no creation claimed it
 * before: the half of a creation that may refuse, so it runs first when the control plane is
 * another database, and the owner is refused there, with nothing charged or created.
 */
export function ownerClaim(db: Database, input: NewSubaccount, taken: () => ApiError): WriteStatement[] {
  const claimed = and(
    eq(subaccountClaims.companyId, input.agencyId),
    eq(subaccountClaims.ownerEmail, input.ownerEmail),
  );
  return [
    precondition(db, sql`NOT EXISTS (SELECT 1 FROM ${subaccountClaims} WHERE ${claimed})`, taken),
    db.insert(subaccountClaims).values({
      companyId: input.agencyId,
      ownerEmail: input.ownerEmail,
      subaccountId: input.id,
      createdAt: input.at,
    }),
  ];
}

/**
 * Every account of the subtree of `rootId`, itself included, at any depth: suspension must reach
 * all of it, so it is not bounded by the API's reach (UNION, not UNION ALL, ends a cycle).
 */
const subtreeOf = (rootId: string) => sql`
  WITH RECURSIVE subtree(id) AS (
    SELECT ${rootId}
    UNION
    SELECT child.id FROM companies AS child JOIN subtree ON child.parent_company_id = subtree.id
  )
  SELECT id FROM subtree`;

/** The account is in this state, as read: what a suspension or a reactivation compares and sets. */
const accountInState = (accountId: string, state: { status: SubaccountStatus; suspendedBy: string | null }) =>
  and(
    eq(companies.id, accountId),
    eq(companies.status, state.status),
    state.suspendedBy === null ? isNull(companies.suspendedBy) : eq(companies.suspendedBy, state.suspendedBy),
  );

/**
 * Suspends `accountId` and every active account of its subtree, recording it as their suspender;
 * accounts already suspended (on their own or by another suspension) keep their suspender, so a
 * later reactivation leaves them suspended. Compare-and-set: the batch fails with `conflict` when
 * the account is no longer as read. `changed` returns the ids it suspended.
 */
export function suspensionOf(
  db: Database,
  accountId: string,
  read: { status: SubaccountStatus; suspendedBy: string | null },
  at: string,
  conflict: () => ApiError,
) {
  return {
    asRead: precondition(
      db,
      sql`EXISTS (SELECT 1 FROM ${companies} WHERE ${accountInState(accountId, read)})`,
      conflict,
    ),
    changed: db
      .update(companies)
      .set({ status: "suspended", suspendedBy: accountId, updatedAt: at })
      .where(and(eq(companies.status, "active"), sql`${companies.id} IN (${subtreeOf(accountId)})`))
      .returning({ id: companies.id }),
  };
}

/**
 * Reactivates exactly what the suspension of `accountId` suspended (found by companies_suspended_by_idx),
 * and the account itself when it was suspended before suspensions were recorded (no suspender).
 * Compare-and-set as suspensionOf. `changed` returns the ids it activated.
 */
export function reactivationOf(
  db: Database,
  accountId: string,
  read: { status: SubaccountStatus; suspendedBy: string | null },
  at: string,
  conflict: () => ApiError,
) {
  return {
    asRead: precondition(
      db,
      sql`EXISTS (SELECT 1 FROM ${companies} WHERE ${accountInState(accountId, read)})`,
      conflict,
    ),
    changed: db
      .update(companies)
      .set({ status: "active", suspendedBy: null, updatedAt: at })
      .where(
        or(
          eq(companies.suspendedBy, accountId),
          and(eq(companies.id, accountId), eq(companies.status, "suspended"), isNull(companies.suspendedBy)),
        ),
      )
      .returning({ id: companies.id }),
  };
}

/** The account's status and suspender, for the operator's suspensions (any company, no tree). */
export async function accountState(db: Database, accountId: string) {
  return db
    .select({
      id: companies.id,
      name: companies.name,
      parentCompanyId: companies.parentCompanyId,
      status: companies.status,
      suspendedBy: companies.suspendedBy,
      updatedAt: companies.updatedAt,
    })
    .from(companies)
    .where(eq(companies.id, accountId))
    .get();
}

/** The agency's setup price per subaccount, if the panel set one. */
export async function agencyPriceOf(db: Database, agencyId: string) {
  return db.select().from(agencyPrices).where(ofCompany(agencyPrices, agencyId)).get();
}

export function agencyPriceUpsert(
  db: Database,
  agencyId: string,
  setupPriceMinor: number,
  currency: string,
  at: string,
) {
  return db
    .insert(agencyPrices)
    .values({ companyId: agencyId, setupPriceMinor, currency, updatedAt: at })
    .onConflictDoUpdate({ target: agencyPrices.companyId, set: { setupPriceMinor, currency, updatedAt: at } });
}

// ---------------------------------------------------------------------------------------------
// Stats

/** The subaccounts `members` selects (ofTree) now, by status, and how many were created in [from, until). */
export async function subaccountCounts(db: Database, tree: AgencyTree, created: { from: string; until: string }) {
  const row = await selectRow(db, subaccountCountsOf(db, { whole: tree.scope === "tree" }), {
    agencyId: tree.agencyId,
    maxDepth: tree.maxDepth,
    from: created.from,
    until: created.until,
  });
  return {
    total: row?.total ?? 0,
    active: row?.active ?? 0,
    suspended: row?.suspended ?? 0,
    createdInPeriod: row?.createdInPeriod ?? 0,
  };
}

/** Which subaccounts an agency's stats cover: its id, the scope, and how deep its tree reaches. */
export interface AgencyTree {
  agencyId: string;
  scope: TreeScope;
  maxDepth: number;
}

/** The companies of an agency's tree in one scope, the agency and the depth placeholders (`agencyId`, `maxDepth`). */
const ofTreeScope = (whole: boolean) =>
  ofTree(sql.placeholder("agencyId"), whole ? "tree" : "direct", sql.placeholder("maxDepth"));

/** The subaccount counts of each scope, prepared once per database. */
const subaccountCountsOf = preparedVariants((db, filters: { whole: boolean }) =>
  db
    .select({
      total: count(),
      active: sql<number>`coalesce(sum(${companies.status} = 'active'), 0)`.mapWith(Number),
      suspended: sql<number>`coalesce(sum(${companies.status} = 'suspended'), 0)`.mapWith(Number),
      createdInPeriod:
        sql<number>`coalesce(sum(${companies.createdAt} >= ${sql.placeholder("from")} AND ${companies.createdAt} < ${sql.placeholder("until")}), 0)`.mapWith(
          Number,
        ),
    })
    .from(companies)
    .where(ofTreeScope(filters.whole))
    .prepare(),
);

/** The subaccounts of the tree, with what their own calendars need (their region decides a zone without settings). */
export function subaccountRegions(db: Database, tree: AgencyTree) {
  return selectRows(db, subaccountRegionsOf(db, { whole: tree.scope === "tree" }), {
    agencyId: tree.agencyId,
    maxDepth: tree.maxDepth,
  });
}
const subaccountRegionsOf = preparedVariants((db, filters: { whole: boolean }) =>
  db
    .select({ id: companies.id, region: companies.defaultRegion })
    .from(companies)
    .where(ofTreeScope(filters.whole))
    .prepare(),
);

/**
 * Calls and talk time of subaccounts (of one store) over local dates [from, to], each in its own
 * time zone (the calls domain stores each call's local date): one aggregate over call_daily_totals
 * per chunk of ids, so each subaccount's share equals what its GET /calls reports for the same dates.
 */
export async function subaccountCallTotals(
  db: Database,
  companyIds: readonly string[],
  period: { from: string; to: string },
) {
  let calls = 0;
  let durationSeconds = 0;
  for (const chunk of inChunks(companyIds, IN_LIST_MAX)) {
    const row = await selectRow(
      db,
      callTotalsOf(db, chunk.length),
      idValues(chunk, { from: period.from, to: period.to }),
    );
    calls += row?.calls ?? 0;
    durationSeconds += row?.durationSeconds ?? 0;
  }
  return { calls, durationSeconds };
}

/** subaccountCallTotals' aggregate for each number of ids, prepared once per database when first asked for. */
const callTotalsOf = preparedPerCount((db, ids) => {
  const t = callDailyTotals;
  return db
    .select({
      calls: sql<number>`coalesce(sum(${t.calls}), 0)`.mapWith(Number),
      durationSeconds: sql<number>`coalesce(sum(${t.durationSeconds}), 0)`.mapWith(Number),
    })
    .from(t)
    .where(
      and(
        inArray(t.companyId, idPlaceholders(ids)),
        between(t.localDate, sql.placeholder("from"), sql.placeholder("to")),
      ),
    )
    .prepare();
});

// ---------------------------------------------------------------------------------------------
// White label

export function whiteLabelOf(db: Database, companyId: string): Promise<WhiteLabelRow | undefined> {
  return selectRow(db, whiteLabelRow(db), { companyId });
}
const whiteLabelRow = preparedStatement((db) =>
  db
    .select()
    .from(whiteLabels)
    .where(ofCompany(whiteLabels, sql.placeholder("companyId")))
    .prepare(),
);

/**
 * The packaging gates in force for a company, in one query by primary key: a subaccount (a company
 * with a parent) reads its own row, where its agency set them (no row: the defaults, sign-up
 * closed); a company with no parent is packaged by nobody, every gate open. Undefined: no such company.
 */
export function packagingRowOf(db: Database, companyId: string) {
  return selectRow(db, packagingRow(db), { companyId });
}
const packagingRow = preparedStatement((db) =>
  db
    .select({
      parent: companies.parentCompanyId,
      allowSignup: whiteLabels.allowSignup,
      hidePlans: whiteLabels.hidePlans,
      hideAddons: whiteLabels.hideAddons,
    })
    .from(companies)
    .leftJoin(whiteLabels, eq(whiteLabels.companyId, companies.id))
    .where(eq(companies.id, sql.placeholder("companyId")))
    .prepare(),
);

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
  const pending = ofCompany(
    whiteLabels,
    companyId,
    eq(whiteLabels.customDomain, domain),
    sql`${whiteLabels.customDomainVerifiedAt} IS NULL`,
  );
  return [
    precondition(db, sql`EXISTS (SELECT 1 FROM ${whiteLabels} WHERE ${pending})`, () =>
      changedMeanwhile("custom domain"),
    ),
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
  return (
    await db.select({ id: whiteLabels.companyId }).from(whiteLabels).where(eq(whiteLabels.customDomain, domain)).get()
  )?.id;
}

/** The problem of a custom domain another company already uses (the unique index's refusal). */
export const domainTaken = (domain: string) =>
  new ApiError("conflict", `The custom domain ${domain} is already used by another account.`);
