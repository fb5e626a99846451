import { z } from "@hono/zod-openapi";
import { isCurrencyCode } from "../../core/money";
import { optional } from "../../core/schemas";

export const BudgetSummary = z
  .object({
    id: z.string().uuid(),
    budget_number: z.string().nullable().openapi({ description: "Non-fiscal number, for example B-2026-0001" }),
    document_type: z.string().openapi({ description: "Always budget in this list", example: "budget" }),
    status: z.string().openapi({ description: "draft, sent, accepted, rejected or expired", example: "draft" }),
    payment_status: z.string().nullable().openapi({ description: "unpaid, partially_paid or paid", example: "unpaid" }),
    date: z.string().nullable().openapi({ format: "date" }),
    validity: z.string().nullable().openapi({ description: "Free-text validity period" }),
    client_name: z.string().nullable(),
    client_email: z.string().nullable().openapi({ format: "email" }),
    client_phone: z.string().nullable(),
    document_currency: z.string().openapi({ description: "ISO 4217 code", example: "EUR" }),
    subtotal: z.number().openapi({ description: "Before VAT, in major units" }),
    iva_amount: z.number().openapi({ description: "VAT amount, in major units" }),
    total: z.number(),
    created_at: z.string().openapi({ format: "date-time" }),
    updated_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("BudgetSummary");


export const LineItem = z
  .object({
    concept: z.string().trim().min(1).max(1000).openapi({ description: "Line description" }),
    units: z.number().min(0).max(1e9),
    unit_price: z.number().min(-1e12).max(1e12).openapi({ description: "VAT-exclusive unit price, in major units" }),
    unit_type: optional(z.string().trim().max(50)).openapi({ description: "Unit label: hour, month, unit and similar" }),
    iva_rate: optional(z.number().min(0).max(100)).openapi({ description: "VAT percentage; when omitted, the company's default VAT rate applies" }),
    discount_type: optional(z.enum(["percentage", "amount"])),
    discount_value: optional(z.number().min(0)).openapi({ description: "Percentage (0..100) of the line's base, or an amount (0..base) in major units" }),
  })
  .superRefine((item, ctx) => {
    if ((item.discount_type === undefined) !== (item.discount_value === undefined)) {
      ctx.addIssue({ code: "custom", path: ["discount_value"], message: "discount_type and discount_value go together." });
    }
    if (item.discount_type === "percentage" && (item.discount_value ?? 0) > 100) {
      ctx.addIssue({ code: "custom", path: ["discount_value"], message: "A percentage discount is at most 100." });
    }
  })
  .openapi("BudgetLineItem");

export const CreateBudgetBody = z
  .object({
    client_name: z.string().trim().min(1).max(300),
    client_email: optional(z.email().max(254)),
    items: z.array(LineItem).min(1).max(500),
    notes: optional(z.string().max(20000)).openapi({ description: "Free text appended to the budget" }),
    description: optional(z.string().max(20000)).openapi({ description: "Intro block of the budget" }),
    document_currency: optional(
      z
        .string()
        .transform((code) => code.toUpperCase())
        .refine(isCurrencyCode, "Must be an ISO 4217 currency code, such as EUR."),
    ).openapi({ description: "ISO 4217 code; default: the company's currency (EUR if unset)" }),
    validity: optional(z.string().max(300)).openapi({ description: "Free-text validity period; default: the company's" }),
    document_type: optional(z.string()).openapi({
      description: "Only budget is accepted; any fiscal type (invoice, credit_note, ...) is refused with fiscal_document_type",
    }),
    status: z.unknown().optional().openapi({ description: "Ignored: a created budget is always a draft" }),
  })
  .openapi("CreateBudgetInput");

export const CreatedBudget = z
  .object({
    id: z.string().uuid(),
    budget_number: z.string(),
    status: z.literal("draft"),
    document_type: z.literal("budget"),
    subtotal: z.number(),
    iva_amount: z.number(),
    total: z.number(),
    document_currency: z.string(),
    created_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("CreatedBudget");
