import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { bound, preparedStatement, readRows, type Database } from "../../data/client";
import type { BatchValue } from "../../data/events";
import { chunkedInserts } from "../../data/bulk";
import { companyRows, type ListKeys } from "../../data/lists";
import { sequences } from "../../data/schema";
import type { OffsetPage } from "../../lib/pagination";
import type { BudgetSummaryView } from "./model";
import { documentLines, documents } from "./schema";
import { clientIdentity, clientOfIdentity, clientSave } from "../clients";
import { currencyExponent, toMajor, type DocumentTotals } from "../../lib/money";

/** Columns every document summary shows (budgets and invoices), amounts still in minor units. */
export const documentSummaryColumns = {
  id: documents.id,
  budget_number: documents.budgetNumber,
  document_type: documents.documentType,
  status: documents.status,
  payment_status: documents.paymentStatus,
  date: documents.date,
  client_name: documents.clientName,
  client_email: documents.clientEmail,
  document_currency: documents.documentCurrency,
  subtotal_minor: documents.subtotalMinor,
  iva_amount_minor: documents.ivaAmountMinor,
  total_minor: documents.totalMinor,
  created_at: documents.createdAt,
  updated_at: documents.updatedAt,
};

const budgetSummaryColumns = {
  ...documentSummaryColumns,
  validity: documents.validity,
  client_phone: documents.clientPhone,
};

/** Minor-unit columns of a document row as the API's major-unit numbers. */
export function withMajorAmounts<
  T extends { document_currency: string; subtotal_minor: number; iva_amount_minor: number; total_minor: number },
>(row: T) {
  const { subtotal_minor, iva_amount_minor, total_minor, ...rest } = row;
  const exponent = currencyExponent(row.document_currency) ?? 2;
  return {
    ...rest,
    subtotal: toMajor(subtotal_minor, exponent),
    iva_amount: toMajor(iva_amount_minor, exponent),
    total: toMajor(total_minor, exponent),
  };
}

/** Budgets and invoices are listed newest first; backed by documents_company_type_created_idx. */
export const documentKeys: ListKeys = { company: documents.companyId, at: documents.createdAt, id: documents.id };

/** The list's hot path, prepared once per database: the shared company filter and order, paged by placeholders. */
const budgetPage = preparedStatement((db) =>
  companyRows(
    db.select(budgetSummaryColumns).from(documents).$dynamic(),
    documentKeys,
    sql.placeholder("companyId"),
    eq(documents.documentType, "budget"),
  )
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare(),
);

/** The page query as SQL and parameters, for the benchmark's floor (a bare Worker making the same query). */
export const budgetPageQuery = (db: Database) => budgetPage(db).getQuery();

type BudgetPageRow = Awaited<ReturnType<ReturnType<typeof budgetPage>["all"]>>[number];

/** A row of the page as the API shows it: the same fields, amounts in major units. */
function toBudgetSummary(column: <K extends keyof BudgetPageRow>(key: K) => BudgetPageRow[K]): BudgetSummaryView {
  const exponent = currencyExponent(column("document_currency")) ?? 2;
  return {
    id: column("id"),
    budget_number: column("budget_number"),
    // status and payment_status hold the values BudgetSummary lists (the API and the seed write no others).
    document_type: column("document_type") as BudgetSummaryView["document_type"],
    status: column("status") as BudgetSummaryView["status"],
    payment_status: column("payment_status") as BudgetSummaryView["payment_status"],
    date: column("date"),
    client_name: column("client_name"),
    client_email: column("client_email"),
    document_currency: column("document_currency"),
    created_at: column("created_at"),
    updated_at: column("updated_at"),
    validity: column("validity"),
    client_phone: column("client_phone"),
    subtotal: toMajor(column("subtotal_minor"), exponent),
    iva_amount: toMajor(column("iva_amount_minor"), exponent),
    total: toMajor(column("total_minor"), exponent),
  };
}

export async function listBudgets(db: Database, companyId: string, page: OffsetPage) {
  const data = await readRows<BudgetPageRow, BudgetSummaryView>(
    db,
    budgetPage(db),
    budgetSummaryColumns,
    { companyId, limit: page.limit, offset: page.offset },
    toBudgetSummary,
  );
  return { data, limit: page.limit, offset: page.offset };
}

/**
 * What POST /budgets answered for a budget, read back from its row: how a retry is answered when
 * the Worker died before keeping that answer (the operation's replay). Undefined when it is gone.
 */
export async function createdBudgetOf(db: Database, companyId: string, id: string) {
  const [row] = await db
    .select({
      id: documents.id,
      budget_number: documents.budgetNumber,
      document_currency: documents.documentCurrency,
      subtotal_minor: documents.subtotalMinor,
      iva_amount_minor: documents.ivaAmountMinor,
      total_minor: documents.totalMinor,
      created_at: documents.createdAt,
    })
    .from(documents)
    .where(and(eq(documents.companyId, companyId), eq(documents.id, id), eq(documents.documentType, "budget")))
    .limit(1);
  if (!row?.budget_number) return undefined;
  const { subtotal, iva_amount, total } = withMajorAmounts(row);
  return {
    id: row.id,
    budget_number: row.budget_number,
    // What the creation answered: a new budget is a draft (a later change of status is not its answer).
    status: "draft" as const,
    document_type: "budget" as const,
    subtotal,
    iva_amount,
    total,
    document_currency: row.document_currency,
    created_at: row.created_at,
  };
}

export interface NewBudget {
  id: string;
  companyId: string;
  createdAt: string;
  clientName: string;
  clientEmail: string | null;
  description: string | null;
  notes: string | null;
  validity: string | null;
  currency: string;
  totals: DocumentTotals;
  items: readonly {
    concept: string;
    units: number;
    unit_price: number;
    unit_type?: string | null;
    discount_type?: "percentage" | "amount";
    discount_value?: number;
  }[];
}

/** The series of a budget's number: its year (B-2026). */
export const budgetSeries = (createdAt: string) => `B-${createdAt.slice(0, 4)}`;

/**
 * The number the batch's sequence bump drew, readable inside the same batch (B-2026-0001); its
 * inputs are the placeholders `companyId` and `series`.
 */
const drawnNumber = sql<string>`(SELECT ${sequences.series} || '-' || printf('%04d', ${sequences.lastValue}) FROM ${sequences}
    WHERE ${sequences.companyId} = ${sql.placeholder("companyId")} AND ${sequences.series} = ${sql.placeholder("series")})`;

/** The drawn number as a value of the batch, for the budget.created event. */
export const drawnBudgetNumber = (companyId: string, series: string): BatchValue => ({
  expression: drawnNumber,
  values: { companyId, series },
});

/** Bumps the company's gap-free yearly sequence (the hot write: built once per database). */
const bumpSequence = preparedStatement((db) =>
  db
    .insert(sequences)
    .values({ companyId: sql.placeholder("companyId"), series: sql.placeholder("series"), lastValue: 1 })
    .onConflictDoUpdate({
      target: [sequences.companyId, sequences.series],
      set: { lastValue: sql`${sequences.lastValue} + 1` },
    })
    .prepare(),
);

/** Inserts the draft, numbered from the sequence just bumped. */
const insertDraft = preparedStatement((db) => {
  const value = (name: string) => sql.placeholder(name);
  return db
    .insert(documents)
    .values({
      id: value("id"),
      companyId: value("companyId"),
      documentType: "budget",
      budgetNumber: drawnNumber,
      status: "draft",
      paymentStatus: "unpaid",
      date: value("date"),
      validity: value("validity"),
      // The saved client of the budget's identity: the one clientSave wrote just before, or the one it found.
      clientId: clientOfIdentity,
      clientName: value("clientName"),
      clientEmail: value("clientEmail"),
      description: value("description"),
      notes: value("notes"),
      documentCurrency: value("currency"),
      subtotalMinor: value("subtotalMinor"),
      ivaAmountMinor: value("ivaAmountMinor"),
      totalMinor: value("totalMinor"),
      createdAt: value("createdAt"),
      updatedAt: value("createdAt"),
    })
    .returning({ budgetNumber: documents.budgetNumber })
    .prepare();
});

/**
 * Statements that create a draft budget: bump the company's gap-free yearly sequence, save the
 * client it names (once per identity: GET /clients), insert the document numbered from the
 * sequence (its RETURNING answers the number) and linked to that client, insert its lines. Named,
 * in batch order; run in one batch, so a failed write leaves no gap and no client.
 */
export function insertBudgetStatements(
  db: Database,
  budget: NewBudget,
): {
  bump: BatchItem<"sqlite">;
  client: BatchItem<"sqlite">;
  document: BatchItem<"sqlite">;
  lines: BatchItem<"sqlite">[];
} {
  const series = budgetSeries(budget.createdAt);
  const bump = bound(bumpSequence(db), { companyId: budget.companyId, series });
  const identity = clientIdentity(budget.clientName, budget.clientEmail);
  const client = bound(clientSave(db), {
    clientId: crypto.randomUUID(),
    companyId: budget.companyId,
    clientName: budget.clientName,
    clientEmail: budget.clientEmail,
    clientIdentity: identity,
    createdAt: budget.createdAt,
  });
  const document = bound(insertDraft(db), {
    clientIdentity: identity,
    id: budget.id,
    companyId: budget.companyId,
    series,
    date: budget.createdAt.slice(0, 10),
    validity: budget.validity,
    clientName: budget.clientName,
    clientEmail: budget.clientEmail,
    description: budget.description,
    notes: budget.notes,
    currency: budget.currency,
    subtotalMinor: budget.totals.subtotalMinor,
    ivaAmountMinor: budget.totals.ivaAmountMinor,
    totalMinor: budget.totals.totalMinor,
    createdAt: budget.createdAt,
  });
  const lines = budget.items.map((item, position) => {
    const totals = budget.totals.lines[position]!;
    return {
      id: crypto.randomUUID(),
      companyId: budget.companyId,
      documentId: budget.id,
      position,
      concept: item.concept,
      units: item.units,
      unitPrice: item.unit_price,
      unitType: item.unit_type ?? null,
      ivaRate: totals.ivaRate,
      discountType: item.discount_type ?? null,
      discountValue: item.discount_value ?? null,
      netMinor: totals.netMinor,
      ivaMinor: totals.ivaMinor,
    };
  });
  return { bump, client, document, lines: chunkedInserts(db, documentLines, lines) };
}
