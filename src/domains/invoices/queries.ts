import { and, asc, eq, like, type SQL, sql } from "drizzle-orm";
import { preparedStatement, type Database } from "../../data/client";
import { chunkedInserts } from "../../data/bulk";
import { changedMeanwhile, precondition } from "../../data/precondition";
import { companies, sequences } from "../../data/schema";
import type { WriteStatement } from "../../data/write-batch";
import { clientIdentity, clients } from "../clients";
import { offsetPageQuery, preparedOffsetList } from "../../data/lists";
import type { OffsetPage } from "../../lib/pagination";
import {
  documentKeys,
  documentLines,
  documents,
  documentSummaryColumns,
  fiscalRegistry,
  withMajorAmounts,
} from "../budgets";
import type { InvoiceSummaryView } from "./model";

/** Invoices are documents of type invoice; read only, never the fiscal ledger or registry. */
export function listInvoices(db: Database, companyId: string, page: OffsetPage) {
  // status and payment_status hold the values InvoiceSummary lists (the seed and the operator's issue write no others).
  return preparedOffsetList(db, invoicePage(db), companyId, page, (row) => withMajorAmounts(row) as InvoiceSummaryView);
}

/** The invoice page, prepared once per database. */
const invoicePage = preparedStatement((db) =>
  offsetPageQuery(
    db
      .select({ ...documentSummaryColumns, paid_at: documents.paidAt })
      .from(documents)
      .$dynamic(),
    documentKeys,
    eq(documents.documentType, "invoice"),
  ).prepare(),
);

/**
 * The SQL of issuing an invoice (the operator's, panel.ts): the reads it starts from and the
 * statements of its one batch. A number is drawn by a compare-and-set on the company's yearly
 * series, so two issues at once never share one (the loser draws again, actions.ts).
 */

export type DocumentRow = typeof documents.$inferSelect;
export type DocumentLineRow = typeof documentLines.$inferSelect;

/** The series of an invoice's number: its year (F-2026), as the seed numbers them. */
export const invoiceSeries = (createdAt: string) => `F-${createdAt.slice(0, 4)}`;

export const invoiceNumber = (series: string, value: number) => `${series}-${String(value).padStart(4, "0")}`;

export function companyDefaults(db: Database, companyId: string) {
  return db
    .select({ currency: companies.defaultCurrency, vatRate: companies.defaultVatRate })
    .from(companies)
    .where(eq(companies.id, companyId))
    .get();
}

export function budgetOf(db: Database, companyId: string, budgetId: string) {
  return db
    .select()
    .from(documents)
    .where(and(eq(documents.companyId, companyId), eq(documents.id, budgetId), eq(documents.documentType, "budget")))
    .get();
}

export function linesOf(db: Database, companyId: string, documentId: string) {
  return db
    .select()
    .from(documentLines)
    .where(and(eq(documentLines.companyId, companyId), eq(documentLines.documentId, documentId)))
    .orderBy(asc(documentLines.position))
    .all();
}

/** The client an invoice names (saved in its batch), read back after it. */
export async function clientOf(db: Database, companyId: string, invoiceId: string) {
  const row = await db
    .select({ clientId: documents.clientId })
    .from(documents)
    .where(and(eq(documents.companyId, companyId), eq(documents.id, invoiceId)))
    .get();
  return row?.clientId;
}

/** The invoice already issued from a budget (documents_company_source_idx), if any. */
export function invoiceOfBudget(db: Database, companyId: string, budgetId: string) {
  return db
    .select({ id: documents.id, number: documents.budgetNumber })
    .from(documents)
    .where(and(eq(documents.companyId, companyId), eq(documents.sourceDocumentId, budgetId)))
    .get();
}

/**
 * The series' last number as stored, and the highest number the registry holds in it: a company
 * whose invoices were loaded before the series was kept (bulk data) continues after them.
 */
export async function lastNumber(db: Database, companyId: string, series: string) {
  const [stored, registered] = await Promise.all([
    db
      .select({ value: sequences.lastValue })
      .from(sequences)
      .where(and(eq(sequences.companyId, companyId), eq(sequences.series, series)))
      .get(),
    db
      .select({
        value: sql<number | null>`MAX(CAST(substr(${fiscalRegistry.fiscalNumber}, ${series.length + 2}) AS INTEGER))`,
      })
      .from(fiscalRegistry)
      .where(and(eq(fiscalRegistry.companyId, companyId), like(fiscalRegistry.fiscalNumber, `${series}-%`)))
      .get(),
  ]);
  return { stored: stored?.value ?? null, highest: Math.max(stored?.value ?? 0, registered?.value ?? 0) };
}

/**
 * Draws `next` in the series: holds only while the series still reads `stored` (null: no row yet),
 * so of two issues that read the same last number one lands and the other's batch is refused.
 */
export function drawNumber(
  db: Database,
  companyId: string,
  series: string,
  stored: number | null,
  next: number,
): WriteStatement[] {
  const current = sql`(SELECT ${sequences.lastValue} FROM ${sequences} WHERE ${sequences.companyId} = ${companyId} AND ${sequences.series} = ${series})`;
  return [
    precondition(db, stored === null ? sql`${current} IS NULL` : sql`${current} = ${stored}`, () =>
      changedMeanwhile("invoice series"),
    ),
    db
      .insert(sequences)
      .values({ companyId, series, lastValue: next })
      .onConflictDoUpdate({ target: [sequences.companyId, sequences.series], set: { lastValue: next } }),
  ];
}

/** Saves the client an invoice of given lines names, unless the company has one of that identity (as a budget does). */
export function saveClient(
  db: Database,
  input: { companyId: string; name: string; email: string | null; phone: string | null; at: string },
) {
  const identity = clientIdentity(input.name, input.email);
  return {
    statement: db
      .insert(clients)
      .values({
        id: crypto.randomUUID(),
        companyId: input.companyId,
        name: input.name,
        email: input.email,
        phone: input.phone,
        identity,
        createdAt: input.at,
        updatedAt: input.at,
      })
      .onConflictDoNothing({ target: [clients.companyId, clients.identity] }),
    /** The saved client's id, inside the same batch. */
    id: sql<string>`(SELECT ${clients.id} FROM ${clients} WHERE ${clients.companyId} = ${input.companyId} AND ${clients.identity} = ${identity})`,
  };
}

/**
 * A budget invoiced becomes `accepted` (forward only: draft and sent move, accepted stays), by a
 * compare-and-set on the status it was read with.
 */
export function acceptBudget(db: Database, budget: DocumentRow, at: string): WriteStatement[] {
  const asRead = and(
    eq(documents.companyId, budget.companyId),
    eq(documents.id, budget.id),
    eq(documents.status, budget.status),
  );
  return [
    precondition(db, sql`EXISTS (SELECT 1 FROM ${documents} WHERE ${asRead})`, () => changedMeanwhile("budget")),
    ...(budget.status === "accepted"
      ? []
      : [db.update(documents).set({ status: "accepted", updatedAt: at }).where(asRead)]),
  ];
}

export function insertInvoice(
  db: Database,
  /** The client: an id, none, or the one saved in the same batch (saveClient). */
  invoice: Omit<typeof documents.$inferInsert, "clientId"> & { clientId: string | null | SQL },
  lines: (typeof documentLines.$inferInsert)[],
  record: typeof fiscalRegistry.$inferInsert,
): WriteStatement[] {
  return [
    db.insert(documents).values(invoice),
    ...chunkedInserts(db, documentLines, lines),
    db.insert(fiscalRegistry).values(record),
  ];
}
