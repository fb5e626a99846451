import { eq } from "drizzle-orm";
import { preparedStatement, type Database } from "../../data/client";
import { offsetPageQuery, preparedOffsetList } from "../../data/lists";
import type { OffsetPage } from "../../lib/pagination";
import { documentKeys, documents, documentSummaryColumns, withMajorAmounts } from "../budgets";
import type { InvoiceSummaryView } from "./model";

/** Invoices are documents of type invoice; read only, never the fiscal ledger or registry. */
export function listInvoices(db: Database, companyId: string, page: OffsetPage) {
  // status and payment_status hold the values InvoiceSummary lists (the seed, standing in for the panel, writes no others).
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
