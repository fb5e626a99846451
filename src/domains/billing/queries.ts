import { and, eq, gte, inArray, lt, lte, sql, type SQL } from "drizzle-orm";
import {
  idPlaceholders,
  idValues,
  preparedPerCount,
  preparedStatement,
  preparedVariants,
  readRows,
  selectRow,
  selectRows,
  type Database,
} from "../../data/client";
import { IN_LIST_MAX, inChunks } from "../../data/bulk";
import { alias } from "drizzle-orm/sqlite-core";
import { ofCompany } from "../../data/rows";
import { companyRows, offsetPageQuery, preparedOffsetList } from "../../data/lists";
import { precondition } from "../../data/precondition";
import { companies } from "../../data/schema";
import { ApiError } from "../../lib/errors";
import type { Plan } from "../../core/operation";
import type { OffsetPage } from "../../lib/pagination";
import { toBillingInvoice, toPendingOrder, toTransaction } from "./views";
import {
  billingInvoices,
  companyAddons,
  numberOrders,
  paymentMethods,
  pendingNumberOrderStatuses,
  subscriptions,
  topUps,
  type TopUpStatus,
  usageKinds,
  usageRecords,
  walletLedger,
  wallets,
  type AddonStatus,
  type BillingInvoiceRow,
  type CompanyAddonRow,
  type SubscriptionRow,
  type UsageKind,
  type WalletEntryKind,
} from "./schema";

export interface WalletBalance {
  /** ISO 4217 code of the wallet, fixed when it was created. */
  currency: string;
  /** Integer minor units of `currency`, never negative. */
  balanceMinor: number;
  updatedAt: string;
}

/** The company's wallet as it is now, or undefined when it has none yet (a debit counts that as 0). */
export async function walletBalance(db: Database, companyId: string): Promise<WalletBalance | undefined> {
  return selectRow(db, balanceRow(db), { companyId });
}
const balanceRow = preparedStatement((db) =>
  db
    .select({ currency: wallets.currency, balanceMinor: wallets.balanceMinor, updatedAt: wallets.updatedAt })
    .from(wallets)
    .where(ofCompany(wallets, sql.placeholder("companyId")))
    .prepare(),
);

/**
 * The company's ledger, newest first: by seq, the order in which the movements committed, so each
 * row's balance_after follows from the next one's; backed by wallet_ledger_company_seq_idx.
 */
export function ledgerPage(db: Database, companyId: string, page: OffsetPage) {
  return preparedOffsetList(db, everyMovementPage(db), companyId, page, (row) => row);
}
const everyMovementPage = preparedStatement((db) =>
  offsetPageQuery(db.select().from(walletLedger).$dynamic(), {
    company: walletLedger.companyId,
    at: walletLedger.seq,
    id: walletLedger.id,
  }).prepare(),
);

/** What the ledger says about the time since one instant. */
export interface LedgerSince {
  /** Net spend in minor units: charges minus refunds (top-ups and staff adjustments are not spend), never below 0. */
  spendMinor: number;
  /** The highest balance_after of a movement after the instant; null when nothing moved since. */
  highestBalanceMinor: number | null;
}

/** ledgerSince's aggregate for each number of instants, prepared once per database when first asked for. */
const ledgerSinceOf = preparedPerCount((db, count) => {
  const columns = Object.fromEntries(
    Array.from({ length: count }, (_, index) => {
      const instant = sql.placeholder(`at${index}`);
      return [
        [
          `spend${index}`,
          sql<number>`coalesce(sum(CASE WHEN ${walletLedger.createdAt} >= ${instant} AND ${walletLedger.kind} IN ('charge', 'refund') THEN -${walletLedger.amountMinor} END), 0)`.mapWith(
            Number,
          ),
        ],
        [
          `highest${index}`,
          sql<
            number | null
          >`max(CASE WHEN ${walletLedger.createdAt} > ${instant} THEN ${walletLedger.balanceAfterMinor} END)`,
        ],
      ];
    }).flat(),
  );
  return db
    .select(columns)
    .from(walletLedger)
    .where(
      ofCompany(walletLedger, sql.placeholder("companyId"), gte(walletLedger.createdAt, sql.placeholder("earliest"))),
    )
    .prepare();
});

/**
 * Spend and highest balance since each of `instants` (ISO 8601 UTC, as stored), until now, in one
 * aggregate query over wallet_ledger_company_created_idx, from the earliest instant on. At most 40
 * instants (each takes two bound parameters). Answers in the order of `instants`.
 */
export async function ledgerSince(
  db: Database,
  companyId: string,
  instants: readonly string[],
): Promise<LedgerSince[]> {
  if (instants.length === 0) return [];
  if (instants.length > 40) throw new Error(`ledgerSince takes at most 40 instants; got ${instants.length}.`);
  const earliest = [...instants].sort()[0]!;
  const values = Object.fromEntries([
    ["companyId", companyId],
    ["earliest", earliest],
    ...instants.map((instant, index) => [`at${index}`, instant]),
  ]);
  const row = (await selectRow(db, ledgerSinceOf(db, instants.length), values)) as
    | Record<string, number | null>
    | undefined;
  return instants.map((_, index) => ({
    spendMinor: Math.max(0, Number(row?.[`spend${index}`] ?? 0)),
    highestBalanceMinor: row?.[`highest${index}`] ?? null,
  }));
}

/** A wallet's currency and the net spend of one period (spendBetween). */
export interface PeriodSpend {
  companyId: string;
  currency: string;
  /** Charges less refunds in the period, in minor units of `currency`, never below 0. */
  spendMinor: number;
}

/**
 * The net spend (charges less refunds) in [from, until) of each of several companies that read
 * the same instants, with their wallets' currencies: one query per chunk of IN_LIST_MAX ids, each
 * wallet's sum over wallet_ledger_company_created_idx. Companies without a wallet are left out.
 */
export async function spendBetween(
  db: Database,
  companyIds: readonly string[],
  range: { from: string; until: string },
): Promise<PeriodSpend[]> {
  const spends: PeriodSpend[] = [];
  for (const chunk of inChunks(companyIds, IN_LIST_MAX)) {
    const rows = await selectRows(
      db,
      spendBetweenOf(db, chunk.length),
      idValues(chunk, { from: range.from, until: range.until }),
    );
    for (const row of rows)
      spends.push({ companyId: row.companyId, currency: row.currency, spendMinor: Math.max(0, row.spendMinor) });
  }
  return spends;
}
const spendBetweenOf = preparedPerCount((db, ids) => {
  const ledger = alias(walletLedger, "period_ledger");
  const spend = db
    .select({ minor: sql<number>`coalesce(sum(-${ledger.amountMinor}), 0)` })
    .from(ledger)
    .where(
      and(
        eq(ledger.companyId, wallets.companyId),
        gte(ledger.createdAt, sql.placeholder("from")),
        lt(ledger.createdAt, sql.placeholder("until")),
        inArray(ledger.kind, ["charge", "refund"]),
      ),
    );
  return db
    .select({
      companyId: wallets.companyId,
      currency: wallets.currency,
      spendMinor: sql<number>`(${spend})`.mapWith(Number),
    })
    .from(wallets)
    .where(inArray(wallets.companyId, idPlaceholders(ids)))
    .prepare();
});

// ---------------------------------------------------------------------------------------------
// Transactions

export interface LedgerFilter {
  kind?: WalletEntryKind;
  /** Created at or after (ISO UTC). */
  from?: string;
  /** Created before (ISO UTC). */
  until?: string;
}

/** The company's ledger filtered by kind and time, newest first (by seq). */
export function transactionPage(db: Database, companyId: string, page: OffsetPage, filter: LedgerFilter) {
  const statement = ledgerPageOf(db, {
    kind: filter.kind !== undefined,
    from: filter.from !== undefined,
    until: filter.until !== undefined,
  });
  return preparedOffsetList(db, statement, companyId, page, toTransaction, {
    kind: filter.kind,
    from: filter.from,
    until: filter.until,
  });
}

/** The ledger's page query of each set of filters, prepared once per database. */
const ledgerPageOf = preparedVariants((db, filters: { kind: boolean; from: boolean; until: boolean }) =>
  offsetPageQuery(
    db.select().from(walletLedger).$dynamic(),
    { company: walletLedger.companyId, at: walletLedger.seq, id: walletLedger.id },
    and(
      filters.kind ? eq(walletLedger.kind, sql.placeholder("kind")) : undefined,
      filters.from ? gte(walletLedger.createdAt, sql.placeholder("from")) : undefined,
      filters.until ? lt(walletLedger.createdAt, sql.placeholder("until")) : undefined,
    ),
  ).prepare(),
);

// ---------------------------------------------------------------------------------------------
// Usage

const usageTotalsStatement = preparedStatement((db) =>
  db
    .select({
      kind: usageRecords.kind,
      quantity: sql<number>`coalesce(sum(${usageRecords.quantity}), 0)`.mapWith(Number),
      cost: sql<number>`coalesce(sum(${usageRecords.costMinor}), 0)`.mapWith(Number),
    })
    .from(usageRecords)
    .where(
      ofCompany(
        usageRecords,
        sql.placeholder("companyId"),
        gte(usageRecords.localDate, sql.placeholder("startDate")),
        lte(usageRecords.localDate, sql.placeholder("endDate")),
      ),
    )
    .groupBy(usageRecords.kind)
    .prepare(),
);

/** Usage per kind over local dates (both included): net quantity and cost (refunds are negative records), from usage_records. */
export async function usageTotals(
  db: Database,
  companyId: string,
  startDate: string,
  endDate: string,
): Promise<Record<UsageKind, { quantity: number; costMinor: number }>> {
  const rows = await selectRows(db, usageTotalsStatement(db), { companyId, startDate, endDate });
  const totals = Object.fromEntries(usageKinds.map((kind) => [kind, { quantity: 0, costMinor: 0 }])) as Record<
    UsageKind,
    { quantity: number; costMinor: number }
  >;
  for (const row of rows) totals[row.kind] = { quantity: row.quantity, costMinor: row.cost };
  return totals;
}

/** A usage record, for the batch of the wallet movement it measures (wallet.ts writes it; see usage_records). */
export function insertUsageRecord(db: Database, record: typeof usageRecords.$inferInsert) {
  return db.insert(usageRecords).values(record);
}

// ---------------------------------------------------------------------------------------------
// Invoices and number orders

/** What the public invoice shows (its lines a JSON array, at most a few per invoice, decoded by the page's reader). */
const invoiceColumns = {
  id: billingInvoices.id,
  number: billingInvoices.number,
  status: billingInvoices.status,
  periodStart: billingInvoices.periodStart,
  periodEnd: billingInvoices.periodEnd,
  subtotalMinor: billingInvoices.subtotalMinor,
  taxMinor: billingInvoices.taxMinor,
  totalMinor: billingInvoices.totalMinor,
  currency: billingInvoices.currency,
  issuedAt: billingInvoices.issuedAt,
  dueAt: billingInvoices.dueAt,
  paidAt: billingInvoices.paidAt,
  lines: billingInvoices.lines,
  referenceType: billingInvoices.referenceType,
  referenceId: billingInvoices.referenceId,
};
type InvoiceColumns = Pick<BillingInvoiceRow, keyof typeof invoiceColumns>;

/** The page query, prepared once per database (with and without the status filter): the company filter and order, paged by placeholders. */
const invoicePageStatement = (filtered: boolean) =>
  preparedStatement((db) =>
    companyRows(
      db.select(invoiceColumns).from(billingInvoices).$dynamic(),
      { company: billingInvoices.companyId, at: billingInvoices.issuedAt, id: billingInvoices.id },
      sql.placeholder("companyId"),
      filtered ? eq(billingInvoices.status, sql.placeholder("status")) : undefined,
    )
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(),
  );
const everyInvoicePage = invoicePageStatement(false);
const invoicePageOfStatus = invoicePageStatement(true);

export async function invoicePage(
  db: Database,
  companyId: string,
  page: OffsetPage,
  status?: BillingInvoiceRow["status"],
) {
  const statement = status ? invoicePageOfStatus(db) : everyInvoicePage(db);
  const data = await readRows<InvoiceColumns, ReturnType<typeof toBillingInvoice>>(
    db,
    statement,
    invoiceColumns,
    { companyId, status, limit: page.limit, offset: page.offset },
    (column) =>
      toBillingInvoice({
        id: column("id"),
        number: column("number"),
        status: column("status"),
        periodStart: column("periodStart"),
        periodEnd: column("periodEnd"),
        subtotalMinor: column("subtotalMinor"),
        taxMinor: column("taxMinor"),
        totalMinor: column("totalMinor"),
        currency: column("currency"),
        issuedAt: column("issuedAt"),
        dueAt: column("dueAt"),
        paidAt: column("paidAt"),
        // readRows reads raw values: the JSON text of the lines.
        lines: JSON.parse(column("lines") as unknown as string) as BillingInvoiceRow["lines"],
        referenceType: column("referenceType"),
        referenceId: column("referenceId"),
      }),
  );
  return { data, limit: page.limit, offset: page.offset };
}

export function pendingOrderPage(
  db: Database,
  companyId: string,
  page: OffsetPage,
  status?: (typeof pendingNumberOrderStatuses)[number],
) {
  return preparedOffsetList(db, pendingOrderPageOf(db, { status: Boolean(status) }), companyId, page, toPendingOrder, {
    status,
  });
}

/** A number order the panel records. */
export const insertNumberOrder = (db: Database, row: typeof numberOrders.$inferInsert) =>
  db.insert(numberOrders).values(row);

/** The pending orders' page, of one status or of every pending status, prepared once per database. */
const pendingOrderPageOf = preparedVariants((db, filters: { status: boolean }) =>
  offsetPageQuery(
    db.select().from(numberOrders).$dynamic(),
    { company: numberOrders.companyId, at: numberOrders.createdAt, id: numberOrders.id },
    filters.status
      ? eq(numberOrders.status, sql.placeholder("status"))
      : inArray(numberOrders.status, [...pendingNumberOrderStatuses]),
  ).prepare(),
);

// ---------------------------------------------------------------------------------------------
// Payment method and top-ups

export function paymentMethodOf(db: Database, companyId: string) {
  return db.select().from(paymentMethods).where(ofCompany(paymentMethods, companyId)).get();
}

/** Sets (or replaces) the company's payment method on file (the panel). */
export function upsertPaymentMethod(db: Database, row: typeof paymentMethods.$inferInsert) {
  const { companyId: _companyId, createdAt: _createdAt, ...changes } = row;
  return db.insert(paymentMethods).values(row).onConflictDoUpdate({ target: paymentMethods.companyId, set: changes });
}

export function insertTopUp(db: Database, row: typeof topUps.$inferInsert) {
  return db.insert(topUps).values(row);
}

export function topUpByPayment(db: Database, paymentIntentId: string) {
  return db.select().from(topUps).where(eq(topUps.paymentIntentId, paymentIntentId)).get();
}

export function topUpOf(db: Database, companyId: string, id: string) {
  return db
    .select()
    .from(topUps)
    .where(ofCompany(topUps, companyId, eq(topUps.id, id)))
    .get();
}

/** No top-up has this id or this payment: the compare-and-set of a top-up recorded by Stripe's event alone. */
export const paymentNotCredited = (db: Database, topUpId: string, paymentIntentId: string) =>
  precondition(
    db,
    sql`NOT EXISTS (SELECT 1 FROM ${topUps} WHERE ${eq(topUps.id, topUpId)} OR ${eq(topUps.paymentIntentId, paymentIntentId)})`,
    () => new ApiError("conflict", `The payment ${paymentIntentId} was credited while this one was being applied.`),
  );

/** The top-up, pending, before its charge; a retry of the same request finds the row already there. */
export function insertPendingTopUp(
  db: Database,
  row: { id: string; companyId: string; amountMinor: number; currency: string; createdAt: string },
) {
  return db
    .insert(topUps)
    .values({ ...row, status: "pending" })
    .onConflictDoNothing();
}

/**
 * Statements that mark a top-up succeeded with its payment and ledger entry, for the batch of its
 * credit: the compare-and-set that credits a payment once. The batch aborts unless the top-up is
 * still in one of `from` and no other top-up has this payment.
 */
export function completeTopUp(
  db: Database,
  companyId: string,
  id: string,
  from: readonly TopUpStatus[],
  paymentIntentId: string,
  ledgerEntryId: string,
) {
  const open = and(ofCompany(topUps, companyId, eq(topUps.id, id)), inArray(topUps.status, [...from]));
  return [
    precondition(
      db,
      sql`EXISTS (SELECT 1 FROM ${topUps} WHERE ${open}) AND NOT EXISTS (SELECT 1 FROM ${topUps} WHERE ${eq(topUps.paymentIntentId, paymentIntentId)})`,
      () => new ApiError("conflict", `The top-up ${id} was completed while this request was being processed.`),
    ),
    db.update(topUps).set({ status: "succeeded", paymentIntentId, ledgerEntryId }).where(open),
  ];
}

/** A pending top-up whose charge was declined becomes failed (a succeeded one stays succeeded). */
export function failTopUp(db: Database, companyId: string, id: string) {
  return db
    .update(topUps)
    .set({ status: "failed" })
    .where(ofCompany(topUps, companyId, eq(topUps.id, id), eq(topUps.status, "pending")));
}

// ---------------------------------------------------------------------------------------------
// Subscription and add-ons

export function subscriptionOf(db: Database, companyId: string): Promise<SubscriptionRow | undefined> {
  return selectRow(db, subscriptionRow(db), { companyId });
}
const subscriptionRow = preparedStatement((db) =>
  db
    .select()
    .from(subscriptions)
    .where(ofCompany(subscriptions, sql.placeholder("companyId")))
    .prepare(),
);

const subscriptionChanged = () =>
  new ApiError("conflict", "The subscription changed while this request was being processed; read it again and retry.");

/** The subscription is still at `version` (or, with null, still absent): the precondition of every change. */
export function subscriptionUnchanged(db: Database, companyId: string, version: number | null) {
  const holds: SQL =
    version === null
      ? sql`NOT EXISTS (SELECT 1 FROM ${subscriptions} WHERE ${subscriptions.companyId} = ${companyId})`
      : sql`EXISTS (SELECT 1 FROM ${subscriptions} WHERE ${subscriptions.companyId} = ${companyId} AND ${subscriptions.version} = ${version})`;
  return precondition(db, holds, subscriptionChanged);
}

export function insertSubscription(db: Database, row: typeof subscriptions.$inferInsert) {
  return db.insert(subscriptions).values(row);
}

export function updateSubscription(
  db: Database,
  companyId: string,
  version: number,
  changes: Partial<typeof subscriptions.$inferInsert>,
) {
  return db
    .update(subscriptions)
    .set({ ...changes, version: version + 1 })
    .where(ofCompany(subscriptions, companyId, eq(subscriptions.version, version)));
}

/** The plan in force: companies.plan, which the capabilities of every request derive from. */
export function setCompanyPlan(db: Database, companyId: string, plan: Plan, now: string) {
  return db.update(companies).set({ plan, updatedAt: now }).where(eq(companies.id, companyId));
}

/** Subscriptions whose period ended by `now`, oldest first: the renewals' work (one row per company, a small table). */
export function dueSubscriptions(db: Database, now: string, limit: number) {
  return db
    .select()
    .from(subscriptions)
    .where(lte(subscriptions.currentPeriodEnd, now))
    .orderBy(subscriptions.currentPeriodEnd)
    .limit(limit);
}

export function deleteSubscription(db: Database, companyId: string) {
  return db.delete(subscriptions).where(ofCompany(subscriptions, companyId));
}

/** The add-ons in force (a suspended one grants nothing), oldest first. */
export function hiredAddons(db: Database, companyId: string) {
  return selectRows(db, activeAddons(db), { companyId });
}
const activeAddons = preparedStatement((db) =>
  db
    .select()
    .from(companyAddons)
    .where(ofCompany(companyAddons, sql.placeholder("companyId"), eq(companyAddons.status, "active")))
    .orderBy(companyAddons.hiredAt)
    .prepare(),
);

/** The add-on as stored, whatever its status (active or suspended), or undefined when not hired. */
export function addonOf(db: Database, companyId: string, addonType: string): Promise<CompanyAddonRow | undefined> {
  return db
    .select()
    .from(companyAddons)
    .where(ofCompany(companyAddons, companyId, eq(companyAddons.addonType, addonType)))
    .get();
}

/** The add-on is not hired yet: two concurrent hires charge once (the loser re-reads and answers 200). */
export function addonNotHired(db: Database, companyId: string, addonType: string) {
  return precondition(
    db,
    sql`NOT EXISTS (SELECT 1 FROM ${companyAddons} WHERE ${companyAddons.companyId} = ${companyId} AND ${companyAddons.addonType} = ${addonType})`,
    () => new ApiError("conflict", "The add-on was hired by another request meanwhile."),
  );
}

/** The add-on is still at `version` in `status`: the compare-and-set of a resumption. */
export function addonUnchanged(
  db: Database,
  companyId: string,
  addonType: string,
  version: number,
  status: AddonStatus,
) {
  return precondition(
    db,
    sql`EXISTS (SELECT 1 FROM ${companyAddons} WHERE ${and(ofCompany(companyAddons, companyId, eq(companyAddons.addonType, addonType)), eq(companyAddons.version, version), eq(companyAddons.status, status))})`,
    () =>
      new ApiError("conflict", "The add-on changed while this request was being processed; read it again and retry."),
  );
}

/** The add-on is active and its next renewal is still `renewalId`: the compare-and-set of a renewal (a cancel or a re-hire meanwhile wins). */
export function addonRenewalDue(db: Database, companyId: string, addonType: string, renewalId: string) {
  return precondition(
    db,
    sql`EXISTS (SELECT 1 FROM ${companyAddons} WHERE ${and(ofCompany(companyAddons, companyId, eq(companyAddons.addonType, addonType)), eq(companyAddons.renewalId, renewalId), eq(companyAddons.status, "active"))})`,
    () => new ApiError("conflict", "The add-on changed while its renewal was being applied."),
  );
}

export function insertAddon(db: Database, row: typeof companyAddons.$inferInsert) {
  return db.insert(companyAddons).values(row);
}

/** `changes` to the add-on read at `version` (the statement of a batch whose precondition compared it). */
export function updateAddon(
  db: Database,
  companyId: string,
  addonType: string,
  version: number,
  changes: Partial<Omit<CompanyAddonRow, "companyId" | "addonType" | "version">>,
) {
  return db
    .update(companyAddons)
    .set({ ...changes, version: version + 1 })
    .where(
      ofCompany(companyAddons, companyId, eq(companyAddons.addonType, addonType), eq(companyAddons.version, version)),
    );
}

/** Removes a hired add-on, answering the row removed (none: it was not hired, or another request removed it). */
export function deleteAddon(db: Database, companyId: string, addonType: string) {
  return db
    .delete(companyAddons)
    .where(ofCompany(companyAddons, companyId, eq(companyAddons.addonType, addonType)))
    .returning({ addonType: companyAddons.addonType });
}

export function addonStillHired(db: Database, companyId: string, addonType: string) {
  return precondition(
    db,
    sql`EXISTS (SELECT 1 FROM ${companyAddons} WHERE ${companyAddons.companyId} = ${companyId} AND ${companyAddons.addonType} = ${addonType})`,
    () => new ApiError("not_found", `The add-on ${addonType} is not hired.`),
  );
}
