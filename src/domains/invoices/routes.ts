import { defineOperation } from "../../core/operation";
import { OffsetPageQuery, offsetEnvelope } from "../../lib/pagination";
import { InvoiceSummary, invoicePageExample } from "./model";
import { listInvoices } from "./queries";

export const invoiceOperations = [
  defineOperation({
    operationId: "listInvoices",
    method: "get",
    path: "/api/v1/invoices",
    summary: "List invoices (read-only)",
    description:
      "Invoice documents of the key's company, newest first. Read-only: reads the documents table only, never the fiscal ledger or registry.",
    scope: "invoices:read",
    gate: "A",
    codes: [200, 401, 403, 404, 429, 500],
    request: { query: OffsetPageQuery },
    responses: {
      200: {
        description: "A page of invoices",
        schema: offsetEnvelope(InvoiceSummary, "InvoicePage", "A page of issued invoices, newest first"),
        example: invoicePageExample,
      },
    },
    handler: async ({ db, caller, query }) => ({ status: 200, body: await listInvoices(db, caller.company.id, query) }),
  }),
];
