import { z } from "@hono/zod-openapi";
import { plans } from "../../core/operation";
import { OffsetPageQuery, offsetEnvelope } from "../../lib/pagination";
import { int32 } from "../../lib/schemas";
import { addonTypes } from "./catalogue";
import {
  billingCycles,
  billingInvoiceStatuses,
  numberTypes,
  pendingNumberOrderStatuses,
  usageUnits,
  walletEntryKinds,
  walletReferenceTypes,
} from "./schema";

const uuid = z.string().uuid().openapi({ maxLength: 36 });
const instant = z.string().openapi({ format: "date-time" });
const money = (description: string, example: number) =>
  z.number().openapi({ description: `${description}, in major units of currency`, example });
const currency = z.string().openapi({ description: "ISO 4217 code", example: "EUR" });
const date = (what: string) =>
  z.iso
    .date()
    .optional()
    .openapi({ maxLength: 10, description: `${what} (YYYY-MM-DD; included)`, example: "2026-04-01" });

// ---------------------------------------------------------------------------------------------
// Balance and transactions

export const Balance = z
  .object({
    amount: money("What the wallet holds", 142.5),
    currency,
    as_of: instant.openapi({ description: "The instant the balance was read" }),
  })
  .openapi("Balance", { description: "The company's prepaid wallet balance." });

export const balanceExample = { amount: 142.5, currency: "EUR", as_of: "2026-04-30T10:00:00.000Z" };

export const Transaction = z
  .object({
    id: uuid,
    kind: z.enum(walletEntryKinds).openapi({
      description:
        "top_up: money paid in; charge: money spent; refund: a charge given back; adjustment: a correction by staff",
    }),
    amount: money("Signed: credits positive, debits negative", -12.4),
    balance_after: money("The wallet balance right after this movement", 130.1),
    currency,
    reference: z.object({
      type: z.enum(walletReferenceTypes).openapi({ description: "What caused the movement" }),
      id: z
        .string()
        .openapi({ description: "Its id (the call, campaign, subscription, add-on, SIP trunk or payment)" }),
    }),
    description: z.string().nullable(),
    created_at: instant,
  })
  .openapi("Transaction", { description: "One movement of the wallet's ledger." });

const transactionExample = {
  id: "0f1e2d3c-4b5a-4697-8877-665544332211",
  kind: "charge" as const,
  amount: -12.4,
  balance_after: 130.1,
  currency: "EUR",
  reference: { type: "campaign" as const, id: "5b0e8f8e-3c1a-4d55-9a53-0f6a2c1d7e42" },
  description: 'Campaign "Spring offers": 276 SMS',
  created_at: "2026-04-28T09:12:00.000Z",
};

export const ListTransactionsQuery = OffsetPageQuery.extend({
  kind: z.enum(walletEntryKinds).optional().openapi({ description: "Only movements of this kind" }),
  from: date("Movements from this day on, UTC"),
  to: date("Movements up to this day, UTC"),
});

export const TransactionPage = offsetEnvelope(
  Transaction,
  "TransactionPage",
  "A page of the wallet's movements, newest first",
);
export const transactionPageExample = { data: [transactionExample], limit: 50, offset: 0 };

// ---------------------------------------------------------------------------------------------
// Usage

export const UsageQuery = z.object({
  start_date: date("First day of the period, in the company's time zone; default: the first day of this month"),
  end_date: date("Last day of the period, in the company's time zone; default: today"),
});

const cost = money("What it cost", 0);

export const Usage = z
  .object({
    start_date: z.string().openapi({ format: "date", description: "First day of the period (included)" }),
    end_date: z.string().openapi({ format: "date", description: "Last day of the period (included)" }),
    time_zone: z
      .string()
      .openapi({ description: "The IANA zone the days are read in (the calls domain's)", example: "Europe/Madrid" }),
    currency,
    calls: z.object({
      count: int32().openapi({ description: "Calls started in the period" }),
      minutes: z.number().openapi({ description: "Talk time, to 0.1 minute" }),
      cost: money("Their cost", 18.2),
    }),
    sms: z.object({ segments: int32().openapi({ description: "SMS segments sent" }), cost }),
    emails: z.object({ count: int32().openapi({ description: "Emails sent" }), cost }),
    whatsapp: z.object({ messages: int32().openapi({ description: "WhatsApp messages sent" }), cost }),
    total_cost: money("The period's metered cost", 31.6),
  })
  .openapi("Usage", { description: "What the company consumed in a period, and what it cost." });

export const usageExample = {
  start_date: "2026-04-01",
  end_date: "2026-04-30",
  time_zone: "Europe/Madrid",
  currency: "EUR",
  calls: { count: 412, minutes: 910.5, cost: 18.2 },
  sms: { segments: 276, cost: 12.42 },
  emails: { count: 120, cost: 0.6 },
  whatsapp: { messages: 80, cost: 0.38 },
  total_cost: 31.6,
};

// ---------------------------------------------------------------------------------------------
// Invoices and number orders

/** What an invoice bills, as its `bills.type` names it: the charge's wallet reference, usage, or (on a receipt) a top-up. */
export const billedKinds = ["subscription", "add_on", "sip_trunk", "subaccount", "usage", "top_up"] as const;

/** An invoice bills one charge (one line) or a month's usage (a line per kind): well under this. */
const MAX_INVOICE_LINES = 20;

export const BillingInvoiceLine = z
  .object({
    description: z.string().openapi({ example: "Calls" }),
    quantity: z.number().openapi({
      description:
        "How many units: 1 for a charge (a plan period, an add-on month); minutes, segments, emails or messages for usage (negative when refunds of the period exceed its use)",
      example: 125.5,
    }),
    unit: z
      .enum(usageUnits)
      .nullable()
      .openapi({ description: "What quantity counts (usage lines); null for a charge" }),
    unit_price: z.number().openapi({
      description:
        "Price of one unit before VAT, in major units: subtotal / quantity (the average, to 6 decimals, when the month's usage ran at several rates)",
      example: 0.0992,
    }),
    subtotal: money("Before VAT", 12.45),
    tax_rate: z.number().openapi({ description: "VAT rate applied, in percent", example: 21 }),
    tax: money("VAT", 2.61),
    total: money("With VAT (what the wallet was charged for it)", 15.06),
  })
  .openapi("BillingInvoiceLine", {
    description: "One line of an invoice: what it bills, how many, at what price, with its VAT.",
  });

export const BillingInvoice = z
  .object({
    id: uuid,
    number: z.string().openapi({ example: "INV-2026-000412" }),
    status: z.enum(billingInvoiceStatuses).openapi({ description: "open: awaiting payment; paid; void: cancelled" }),
    period_start: z.string().openapi({ format: "date" }),
    period_end: z.string().openapi({ format: "date" }),
    subtotal: money("Before tax", 99),
    tax: money("VAT", 20.79),
    total: money("With tax", 119.79),
    currency,
    issued_at: instant,
    due_at: instant,
    paid_at: instant.nullable(),
    // Extensions (the specification shows no fields of a billing invoice): what it is, what it bills, its lines.
    document_type: z.enum(["invoice", "receipt"]).openapi({
      description:
        "invoice: a charge, or a month of usage; receipt: a top-up (money paid in, 0 % VAT; not an invoice, so not part of what was charged)",
    }),
    bills: z
      .object({
        type: z.enum(billedKinds),
        id: z.string().openapi({
          description:
            "The subscription's company, the add-on type, the SIP trunk, the subaccount, the usage month's first date, or the top-up's payment",
        }),
      })
      .nullable()
      .openapi({ description: "What it bills; null for a statement issued before invoices named it" }),
    lines: z.array(BillingInvoiceLine).max(MAX_INVOICE_LINES).openapi({
      description: "What it bills, line by line: their subtotals, taxes and totals add up to the invoice's",
    }),
  })
  .openapi("BillingInvoice", {
    description:
      "An invoice the platform issued to the company (one per charge of its plan, add-ons, SIP trunks and subaccounts; one per month of usage), or the receipt of a top-up.",
  });

export const ListBillingInvoicesQuery = OffsetPageQuery.extend({
  status: z.enum(billingInvoiceStatuses).optional().openapi({ description: "Only invoices in this status" }),
});

export const BillingInvoicePage = offsetEnvelope(
  BillingInvoice,
  "BillingInvoicePage",
  "A page of the platform's invoices, newest first",
);
export const billingInvoicePageExample = {
  data: [
    {
      id: "7d2b1a90-55c4-4e1f-8c3a-2b6d4e8f0a11",
      number: "INV-2026-000412",
      status: "paid" as const,
      period_start: "2026-03-01",
      period_end: "2026-03-31",
      subtotal: 99,
      tax: 20.79,
      total: 119.79,
      currency: "EUR",
      issued_at: "2026-04-01T06:00:00.000Z",
      due_at: "2026-04-15T06:00:00.000Z",
      paid_at: "2026-04-01T06:00:05.000Z",
      document_type: "invoice" as const,
      bills: { type: "subscription" as const, id: "3f6c2a71-8d4e-4b9a-a1c2-5e7f9b0d2c44" },
      lines: [
        {
          description: "Plan Business, monthly renewal",
          quantity: 1,
          unit: null,
          unit_price: 99,
          subtotal: 99,
          tax_rate: 21,
          tax: 20.79,
          total: 119.79,
        },
      ],
    },
  ],
  limit: 50,
  offset: 0,
};

export const PendingOrder = z
  .object({
    id: uuid,
    country: z.string().openapi({ description: "ISO 3166-1 alpha-2", example: "ES" }),
    number_type: z.enum(numberTypes),
    phone_number: z
      .string()
      .nullable()
      .openapi({ description: "E.164 of the number reserved; null until the carrier assigns one" }),
    status: z.enum(pendingNumberOrderStatuses).openapi({
      description:
        "pending_documents: the regulator's documents are missing; pending_payment; processing: with the carrier",
    }),
    status_reason: z.string().nullable().openapi({ description: "What is missing, in words" }),
    setup_price: money("One-off price", 5),
    monthly_price: money("Monthly price", 3),
    currency,
    created_at: instant,
  })
  .openapi("PendingOrder", { description: "A phone number purchase that has not completed." });

export const ListPendingOrdersQuery = OffsetPageQuery.extend({
  status: z.enum(pendingNumberOrderStatuses).optional().openapi({ description: "Only orders in this status" }),
});

export const PendingOrderPage = offsetEnvelope(
  PendingOrder,
  "PendingOrderPage",
  "A page of uncompleted number orders, newest first",
);
export const pendingOrderPageExample = {
  data: [
    {
      id: "3c9d8e7f-6a5b-4c3d-9e2f-1a0b9c8d7e6f",
      country: "ES",
      number_type: "local" as const,
      phone_number: null,
      status: "pending_documents" as const,
      status_reason: "Proof of address in the number's province",
      setup_price: 5,
      monthly_price: 3,
      currency: "EUR",
      created_at: "2026-04-20T11:00:00.000Z",
    },
  ],
  limit: 50,
  offset: 0,
};

// ---------------------------------------------------------------------------------------------
// Subscription

const plan = z.enum(plans).openapi({ description: `${plans.slice(0, -1).join(", ")} or ${plans.at(-1)}` });

export const Subscription = z
  .object({
    plan: plan.openapi({ description: "The plan in force (and so the account's capabilities)" }),
    subscribed: z
      .boolean()
      .openapi({ description: "Whether a plan was hired; false: the account runs on its plan without a subscription" }),
    cycle: z.enum(billingCycles).nullable(),
    current_period_start: instant.nullable(),
    current_period_end: instant.nullable(),
    price: z
      .number()
      .nullable()
      .openapi({ description: "The price of one cycle of the plan, in major units of currency" }),
    currency,
    cancel_at_period_end: z.boolean().openapi({ description: "The subscription ends when the current period ends" }),
    cancel_at: instant.nullable().openapi({ description: "When it ends, if cancelled" }),
    scheduled_plan: plan
      .nullable()
      .openapi({ description: "A downgrade that takes effect when the current period ends" }),
  })
  .openapi("Subscription", { description: "The plan the company hired and its billing cycle." });

export const subscriptionExample = {
  plan: "Business" as const,
  subscribed: true,
  cycle: "monthly" as const,
  current_period_start: "2026-04-01T00:00:00.000Z",
  current_period_end: "2026-05-01T00:00:00.000Z",
  price: 99,
  currency: "EUR",
  cancel_at_period_end: false,
  cancel_at: null,
  scheduled_plan: null,
};

export const ChangePlanInput = z
  .object({
    plan: plan,
    cycle: z
      .enum(billingCycles)
      .default("monthly")
      .openapi({ description: "How often it is paid (a new subscription's; a change keeps the current cycle)" }),
  })
  .strict()
  .openapi("ChangePlanInput", { description: "The plan to hire, or to change to." });

export const changePlanExample = { plan: "Agency" as const, cycle: "monthly" as const };

const planChanges = ["hired", "upgraded", "downgrade_scheduled"] as const;

export const PlanChange = Subscription.extend({
  change: z.enum(planChanges).openapi({
    description: "hired: a new subscription; upgraded: in force now; downgrade_scheduled: at the end of the period",
  }),
  charged: z
    .number()
    .openapi({ description: "What was charged to the wallet now, in major units (0 for a downgrade)" }),
}).openapi("PlanChange", { description: "The subscription after a plan was hired or changed, and what it cost now." });

export const planChangeExample = {
  ...subscriptionExample,
  plan: "Agency" as const,
  price: 299,
  change: "upgraded" as const,
  charged: 133.33,
};

// ---------------------------------------------------------------------------------------------
// Add-ons

export const Addon = z
  .object({
    type: z.enum(addonTypes),
    name: z.string(),
    description: z.string(),
    monthly_price: money("Per month", 49),
    currency,
    available: z.boolean().openapi({ description: "Whether the company's plan can hire it" }),
    hired: z.boolean(),
    hired_at: instant.nullable(),
  })
  .openapi("Addon", { description: "An add-on of the catalogue, and whether the company hired it." });

const addonExample = {
  type: "extra_concurrent_calls" as const,
  name: "10 more simultaneous calls",
  description: "Adds 10 simultaneous calls to the plan's quota.",
  monthly_price: 49,
  currency: "EUR",
  available: true,
  hired: true,
  hired_at: "2026-04-02T10:00:00.000Z",
};

export const AddonList = z
  .object({ data: z.array(Addon).max(100) })
  .openapi("AddonList", { description: "The add-on catalogue, each with whether it is hired." });
export const addonListExample = { data: [addonExample] };

export const HireAddonInput = z
  .object({
    addon_type: z.enum(addonTypes).openapi({ description: "An add-on of the catalogue (GET /billing/addons)" }),
  })
  .strict()
  .openapi("HireAddonInput", { description: "The add-on to hire." });
export const hireAddonExample = { addon_type: "extra_concurrent_calls" as const };

export const HiredAddon = Addon.extend({
  charged: z
    .number()
    .openapi({ description: "Charged to the wallet now, in major units (0 when it was already hired)" }),
}).openapi("HiredAddon", {
  description: "The add-on after hiring it.",
});
export const hiredAddonExample = { ...addonExample, charged: 49 };

export const AddonPath = z.object({
  addon_type: z
    .string()
    .max(64)
    .regex(/^[a-z][a-z0-9_]*$/, "An add-on type: lower-case letters, digits and _.")
    .openapi({
      description: "The add-on's type (GET /billing/addons); one not hired, or not in the catalogue, is 404",
      example: "extra_concurrent_calls",
    }),
});

export const CancelledAddon = z
  .object({ type: z.enum(addonTypes), hired: z.literal(false), cancelled_at: instant })
  .openapi("CancelledAddon", { description: "An add-on after its cancellation." });
export const cancelledAddonExample = {
  type: "extra_concurrent_calls" as const,
  hired: false as const,
  cancelled_at: "2026-04-30T10:00:00.000Z",
};

// ---------------------------------------------------------------------------------------------
// Top-ups

export const TopUpInput = z
  .object({
    amount: z.number().positive().openapi({
      description:
        "In major units of the billing currency, within the configured minimum and maximum, with at most the currency's decimals",
      example: 50,
    }),
  })
  .strict()
  .openapi("TopUpInput", { description: "How much to pay into the wallet with the payment method on file." });
export const topUpExample = { amount: 50 };

export const TopUp = z
  .object({
    top_up: z.object({
      id: uuid,
      amount: money("Paid in", 50),
      currency,
      status: z.enum(["succeeded"]),
      payment_reference: z
        .string()
        .openapi({ description: "The payment provider's id of the charge", example: "pi_3Pq9x2fake" }),
      created_at: instant,
    }),
    balance: Balance,
  })
  .openapi("TopUp", { description: "A successful top-up and the wallet balance after it." });

export const topUpResultExample = {
  top_up: {
    id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
    amount: 50,
    currency: "EUR",
    status: "succeeded" as const,
    payment_reference: "pi_3Pq9x2fake",
    created_at: "2026-04-30T10:00:00.000Z",
  },
  balance: { amount: 192.5, currency: "EUR", as_of: "2026-04-30T10:00:00.000Z" },
};

// ---------------------------------------------------------------------------------------------
// Concurrency

export const Concurrency = z
  .object({
    quota: int32().openapi({ description: "Simultaneous calls allowed: the plan's and the hired add-ons'" }),
    in_progress: int32().openapi({ description: "Calls not ended yet: queued, ringing or answered" }),
    available: int32().openapi({ description: "quota - in_progress, never below 0" }),
  })
  .openapi("Concurrency", { description: "The simultaneous-call quota and the calls in progress." });
export const concurrencyExample = { quota: 10, in_progress: 2, available: 8 };
