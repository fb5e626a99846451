import { eq } from "drizzle-orm";
import type { Database } from "../../core/db/client";
import { offsetList } from "../../core/db/lists";
import type { OffsetPage } from "../../core/pagination";
import { documentKeys, documents, documentSummaryColumns, withMajorAmounts } from "../budgets";
import type { InvoiceSummaryView } from "./model";

/** Invoices are documents of type invoice; read only, never the fiscal ledger or registry. */
export function listInvoices(db: Database, companyId: string, page: OffsetPage) {
  const query = db
    .select({ ...documentSummaryColumns, paid_at: documents.paidAt })
    .from(documents)
    .$dynamic();
  // status and payment_status hold the values InvoiceSummary lists (the seed, standing in for the panel, writes no others).
  return offsetList(query, documentKeys, companyId, page, { where: eq(documents.documentType, "invoice"), map: (row) => withMajorAmounts(row) as InvoiceSummaryView });
}
