import { z } from "@hono/zod-openapi";

/** An issued invoice, read only: the curated columns of a document of type invoice. */
export const InvoiceSummary = z
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
