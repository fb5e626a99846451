import { z } from "@hono/zod-openapi";
import { email, optional, timestamp, uuid } from "../../lib/schemas";
import { DocumentCurrency, documentAmountFields, DocumentLineItem } from "../budgets";

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

/**
 * What the operator issues (POST /admin/v1/companies/{id}/invoices): an invoice from one of the
 * company's budgets (its client and lines as they are), or from a client and lines given.
 */
export const IssueInvoiceBody = z
  .object({
    budget_id: optional(z.string().min(1).max(100)).openapi({
      description: "Issue the invoice of this budget of the company: its client, lines and totals as they are",
    }),
    client_name: optional(z.string().trim().min(1).max(300)),
    client_email: optional(email()),
    client_phone: optional(z.string().trim().max(50)),
    items: optional(z.array(DocumentLineItem).min(1).max(500)),
    document_currency: DocumentCurrency,
    description: optional(z.string().max(20000)),
    notes: optional(z.string().max(20000)),
  })
  .strict()
  .superRefine((body, ctx) => {
    const given = body.client_name !== undefined || body.items !== undefined;
    if (body.budget_id !== undefined) {
      for (const field of ["client_name", "client_email", "client_phone", "items", "document_currency"] as const)
        if (body[field] !== undefined)
          ctx.addIssue({ code: "custom", path: [field], message: "An invoice of a budget takes the budget's." });
    } else if (!given || body.client_name === undefined || body.items === undefined) {
      ctx.addIssue({
        code: "custom",
        path: [body.client_name === undefined ? "client_name" : "items"],
        message: "Give budget_id, or client_name and items.",
      });
    }
  });

const IssuedLine = z.object({
  position: z.number().int(),
  concept: z.string(),
  units: z.number(),
  unit_price: z.number().openapi({ description: "VAT-exclusive, in major units" }),
  unit_type: z.string().nullable(),
  iva_rate: z.number(),
  discount_type: z.enum(["percentage", "amount"]).nullable(),
  discount_value: z.number().nullable(),
  net: z.number().openapi({ description: "After the discount, before VAT, in major units" }),
  iva: z.number(),
});

export const IssuedInvoice = z.object({
  id: z.string(),
  company_id: z.string(),
  invoice_number: z
    .string()
    .openapi({ description: "Drawn from the company's gap-free yearly series", example: "F-2026-0001" }),
  document_type: z.literal("invoice"),
  status: z.literal("issued"),
  payment_status: z.literal("unpaid"),
  date: z.string(),
  budget_id: z
    .string()
    .nullable()
    .openapi({ description: "The budget it was issued from; null when lines were given" }),
  client_id: z.string().nullable(),
  client_name: z.string().nullable(),
  client_email: z.string().nullable(),
  client_phone: z.string().nullable(),
  document_currency: z.string(),
  subtotal: z.number(),
  iva_amount: z.number(),
  total: z.number(),
  // A budget's lines or the lines given: at most 500 either way.
  lines: z.array(IssuedLine).max(500),
  fiscal_record: z.object({
    fiscal_number: z.string(),
    record_hash: z.string().openapi({ description: "SHA-256 (hex) of `<number>|<total in minor units>`" }),
    registered_at: z.string(),
  }),
  created_at: z.string(),
});
