import { z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import type { Database } from "../../data/client";
import { companies } from "../../data/schema";
import { InputError } from "../../lib/input-error";
import { defineOperatorOperation } from "../../core/operator";
import { CompanyParams } from "../../core/operator";
import { requireCompany } from "../../data/rows";
import { diallingCode, parsePhone } from "../../lib/phone";
import { invalidField } from "../../lib/errors";
import { billingCurrency } from "./catalogue";
import { PendingOrder } from "./model";
import { insertNumberOrder, upsertPaymentMethod } from "./queries";
import { closeNumberOrder, NUMBER_ORDER_DEADLINE_MS } from "./deadlines";
import { scheduleDue } from "../../work/due";
import { numberTypes, paymentMethods, pendingNumberOrderStatuses } from "./schema";
import { toMinorUnits, toPendingOrder } from "./views";
import { clock } from "../../lib/clock";

/**
 * The panel's side of payments: the card top-ups charge, and the phone number orders that wait for
 * documents, payment or the carrier (the operator API; the admin CLI is its client).
 */

const PAYMENT_METHOD_ID = /^pm_[A-Za-z0-9_]{1,200}$/;
const CUSTOMER_ID = /^cus_[A-Za-z0-9]{1,200}$/;

export async function setPaymentMethod(
  db: Database,
  input: {
    companyId: string;
    paymentMethodId: string;
    customerId?: string | null;
    brand?: string | null;
    last4?: string | null;
  },
): Promise<{ company_id: string; payment_method: string }> {
  if (!PAYMENT_METHOD_ID.test(input.paymentMethodId))
    throw new InputError(
      "invalid_argument",
      `payment_method_id is not a Stripe payment method id (pm_...): ${input.paymentMethodId}`,
      "body.payment_method_id",
    );
  if (input.customerId && !CUSTOMER_ID.test(input.customerId))
    throw new InputError(
      "invalid_argument",
      `customer_id is not a Stripe customer id (cus_...): ${input.customerId}`,
      "body.customer_id",
    );
  const company = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, input.companyId)).get();
  if (!company) throw new InputError("unknown_company", `No company ${input.companyId}.`);
  const now = clock.iso();
  await upsertPaymentMethod(db, {
    companyId: input.companyId,
    provider: "stripe",
    customerId: input.customerId ?? null,
    paymentMethodId: input.paymentMethodId,
    brand: input.brand ?? null,
    last4: input.last4 ?? null,
    createdAt: now,
    updatedAt: now,
  });
  return { company_id: input.companyId, payment_method: input.paymentMethodId };
}

const PaymentMethod = z.object({
  company_id: z.string(),
  provider: z.literal("stripe"),
  payment_method_id: z.string(),
  customer_id: z.string().nullable(),
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

const setPaymentMethodOperation = defineOperatorOperation({
  operationId: "setPaymentMethod",
  method: "put",
  path: "/admin/v1/companies/{company_id}/payment-method",
  summary: "Set the card a company's top-ups charge",
  description:
    "A Stripe payment method (`pm_...`, collected by the panel with Stripe Elements), optionally with its customer (`cus_...`) and the card's brand and last four digits to show. " +
    "Replaces the company's previous one. POST /api/v1/billing/topups charges it.",
  tag: "Billing",
  request: {
    params: z.object({ company_id: z.string().min(1).max(100) }),
    body: z.object({
      payment_method_id: z.string().max(203).regex(PAYMENT_METHOD_ID),
      customer_id: z.string().max(204).regex(CUSTOMER_ID).optional(),
      brand: z.string().trim().min(1).max(40).optional(),
      last4: z
        .string()
        .max(4)
        .regex(/^\d{4}$/)
        .optional(),
    }),
  },
  responses: { 200: { description: "The stored payment method", schema: PaymentMethod } },
  codes: [],
  handler: async ({ db, params, body }) => {
    await setPaymentMethod(db, {
      companyId: params.company_id,
      paymentMethodId: body.payment_method_id,
      customerId: body.customer_id,
      brand: body.brand,
      last4: body.last4,
    });
    const row = await db.select().from(paymentMethods).where(eq(paymentMethods.companyId, params.company_id)).get();
    if (!row) throw new InputError("not_found", `No payment method of company ${params.company_id}.`);
    return {
      status: 200,
      body: {
        company_id: row.companyId,
        provider: row.provider,
        payment_method_id: row.paymentMethodId,
        customer_id: row.customerId,
        brand: row.brand,
        last4: row.last4,
        created_at: row.createdAt,
        updated_at: row.updatedAt,
      },
      audit: { companyId: row.companyId, resourceType: "payment_method", resourceId: row.paymentMethodId },
    };
  },
});

const price = (description: string) => z.number().min(0).max(100_000).openapi({ description });

const orderNumberOperation = defineOperatorOperation({
  operationId: "createNumberOrder",
  method: "post",
  path: "/admin/v1/companies/{company_id}/number-orders",
  summary: "Record a company's phone number order",
  description:
    "A number ordered for the company that waits for the regulator's documents, payment or the carrier (`status`, default pending_documents, with " +
    "`status_reason` in words), at its prices in the company's billing currency. GET /api/v1/billing/pending-orders lists it. `country` is an ISO 3166-1 " +
    "alpha-2 code the platform knows; `phone_number`, when the carrier reserved one, is an E.164 number of that country.",
  tag: "Billing",
  request: {
    params: CompanyParams,
    body: z.object({
      country: z
        .string()
        .max(2)
        .regex(/^[A-Z]{2}$/, "an ISO 3166-1 alpha-2 code in capitals (ES)"),
      number_type: z.enum(numberTypes),
      status: z.enum(pendingNumberOrderStatuses).optional(),
      status_reason: z.string().trim().min(1).max(500).optional(),
      phone_number: z.string().min(1).max(32).optional(),
      setup_price: price("One-off price, in the company's billing currency"),
      monthly_price: price("Monthly price, in the company's billing currency"),
    }),
  },
  responses: { 201: { description: "The order as the company lists it", schema: PendingOrder } },
  codes: [],
  handler: async ({ db, commit, params, body }) => {
    const companyId = params.company_id;
    await requireCompany(db, companyId);
    if (diallingCode(body.country) === undefined) throw invalidField("body.country", `No country ${body.country}.`);
    let e164: string | null = null;
    if (body.phone_number !== undefined) {
      const phone = parsePhone(body.phone_number, body.country);
      if (!phone || phone.country !== body.country)
        throw invalidField("body.phone_number", `Not a phone number of ${body.country}.`);
      e164 = phone.e164;
    }
    const company = await db
      .select({ defaultCurrency: companies.defaultCurrency })
      .from(companies)
      .where(eq(companies.id, companyId))
      .get();
    const currency = billingCurrency(company ?? { defaultCurrency: null });
    const now = clock.iso();
    const row = {
      id: crypto.randomUUID(),
      companyId,
      country: body.country,
      numberType: body.number_type,
      e164,
      status: body.status ?? ("pending_documents" as const),
      statusReason: body.status_reason ?? null,
      setupPriceMinor: toMinorUnits(body.setup_price, currency, "body.setup_price"),
      monthlyPriceMinor: toMinorUnits(body.monthly_price, currency, "body.monthly_price"),
      currency,
      createdAt: now,
      updatedAt: now,
      sequence: 0,
    };
    // Closed at its deadline if it is still pending then (docs/deadlines.md).
    const deadline = new Date(Date.parse(now) + NUMBER_ORDER_DEADLINE_MS).toISOString();
    await commit(companyId, [
      insertNumberOrder(db, row),
      scheduleDue(closeNumberOrder, companyId, deadline, { orderId: row.id }),
    ]);
    return {
      status: 201,
      body: toPendingOrder(row),
      audit: { companyId, resourceType: "number_order", resourceId: row.id },
    };
  },
});

export const billingOperatorOperations = [setPaymentMethodOperation, orderNumberOperation];
