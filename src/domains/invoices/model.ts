import { z } from "@hono/zod-openapi";
import { timestamp, uuid } from "../../lib/schemas";
import { documentAmountFields } from "../budgets";

const invoiceStatuses = ["issued", "cancelled"] as const;
const invoicePaymentStatuses = ["unpaid", "partially_paid", "paid", "overdue"] as const;

/** An issued invoice, read only: the curated columns of a document of type invoice. */
export const InvoiceSummary = z
  .object({
    id: uuid(),
    budget_number: z.string().nullable().openapi({ description: "Holds the invoice number" }),
    document_type: z.enum(["invoice"]).openapi({ description: "Always invoice in this list" }),
    status: z.enum(invoiceStatuses).openapi({ example: "issued" }),
    payment_status: z.enum(invoicePaymentStatuses).nullable().openapi({ example: "paid" }),
    paid_at: timestamp().nullable(),
    date: z.string().nullable().openapi({ format: "date" }),
    client_name: z.string().nullable(),
    client_email: z.string().nullable().openapi({ format: "email" }),
    ...documentAmountFields,
  })
  .openapi("InvoiceSummary", {
    description: "An issued invoice, read only: the curated columns of the document, amounts in major units.",
  });

export type InvoiceSummaryView = z.output<typeof InvoiceSummary>;

export const invoicePageExample = {
  data: [
    {
      id: "7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d",
      budget_number: "F-2026-0042",
      document_type: "invoice" as const,
      status: "issued" as const,
      payment_status: "paid" as const,
      paid_at: "2026-04-20T12:00:00.000Z",
      date: "2026-04-01",
      client_name: "Acme SL",
      client_email: "billing@acme.example",
      document_currency: "EUR",
      subtotal: 1000,
      iva_amount: 210,
      total: 1210,
      created_at: "2026-04-01T08:30:00.000Z",
      updated_at: "2026-04-20T12:00:00.000Z",
    },
  ],
  limit: 50,
  offset: 0,
};
