import { z } from "@hono/zod-openapi";
import { and, desc, eq } from "drizzle-orm";
import { defineOperation } from "../../core/operation";
import { OffsetPageQuery, offsetEnvelope } from "../../core/pagination";
import { documentSummaryColumns, withMajorAmounts } from "../budgets/queries";
import { documents } from "../budgets/schema";

const InvoiceSummary = z
  .object({
    id: z.string().uuid(),
    budget_number: z.string().nullable().openapi({ description: "Holds the invoice number" }),
    document_type: z.string().openapi({ description: "Always invoice in this list", example: "invoice" }),
    status: z.string().openapi({ description: "issued or cancelled", example: "issued" }),
    payment_status: z.string().nullable().openapi({ description: "unpaid, partially_paid, paid or overdue", example: "paid" }),
    paid_at: z.string().nullable().openapi({ format: "date-time" }),
    date: z.string().nullable().openapi({ format: "date" }),
    client_name: z.string().nullable(),
    client_email: z.string().nullable().openapi({ format: "email" }),
    document_currency: z.string(),
    subtotal: z.number(),
    iva_amount: z.number(),
    total: z.number(),
    created_at: z.string().openapi({ format: "date-time" }),
    updated_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("InvoiceSummary");

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
    responses: { 200: { description: "A page of invoices", schema: offsetEnvelope(InvoiceSummary, "InvoicePage") } },
    handler: async ({ db, caller, query }) => {
      const rows = await db
        .select({ ...documentSummaryColumns, paid_at: documents.paidAt })
        .from(documents)
        .where(and(eq(documents.companyId, caller.company.id), eq(documents.documentType, "invoice")))
        .orderBy(desc(documents.createdAt), desc(documents.id))
        .limit(query.limit)
        .offset(query.offset);
      return { status: 200, body: { data: rows.map(withMajorAmounts), limit: query.limit, offset: query.offset } };
    },
  }),
];
