import { resourceSequence } from "../../data/sequences";
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { plans } from "../../lib/plans";

/**
 * What a ledger movement is, whatever caused it (the reference says what did):
 * top_up: money paid in (card, transfer), always positive;
 * charge: money spent (a call, a campaign dispatch, a subscription period, an add-on), always negative;
 * refund: a charge given back (a failed dispatch, a dropped call), always positive;
 * adjustment: a correction made by staff, either sign.
 */
export const walletEntryKinds = ["top_up", "charge", "refund", "adjustment"] as const;
export type WalletEntryKind = (typeof walletEntryKinds)[number];

/** What a movement refers to: the call, campaign, subscription, add-on, SIP trunk or subaccount setup (agency domain) charged, the payment topped up, or a manual correction. */
export const walletReferenceTypes = [
  "call",
  "campaign",
  "subscription",
  "add_on",
  "payment",
  "sip_trunk",
  "subaccount",
  "sms",
  "sequence",
  "manual",
] as const;
export type WalletReferenceType = (typeof walletReferenceTypes)[number];

/**
 * A company's prepaid balance, in integer minor units of its currency (ISO 4217; 1234 EUR = 12.34).
 * Changed only by the statements of wallet.ts, each with its ledger entry in the same batch. The
 * CHECK is defence in depth: debits carry a batch precondition that refuses them before the
 * balance could go negative, so the CHECK never fires through wallet.ts.
 */
export const wallets = sqliteTable(
  "wallets",
  {
    companyId: text("company_id").primaryKey(),
    /** ISO 4217 code, fixed when the wallet is created (by its first credit). */
    currency: text("currency").notNull(),
    balanceMinor: integer("balance_minor").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  () => [check("wallets_balance_not_negative", sql`balance_minor >= 0`)],
);

/**
 * Append-only: every change of a wallet's balance, never updated or deleted. `seq` numbers a
 * company's movements 1, 2, 3 ... in the order their batches committed (D1 runs batches one at a
 * time), so that newest first is exact even for movements of the same millisecond, and the chain
 * holds: balance_after(n) = balance_after(n - 1) + amount(n), and the sum of amounts is the balance.
 */
export const walletLedger = sqliteTable(
  "wallet_ledger",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    seq: integer("seq").notNull(),
    kind: text("kind", { enum: walletEntryKinds }).notNull(),
    /** Signed: credits positive, debits negative. */
    amountMinor: integer("amount_minor").notNull(),
    balanceAfterMinor: integer("balance_after_minor").notNull(),
    currency: text("currency").notNull(),
    referenceType: text("reference_type", { enum: walletReferenceTypes }).notNull(),
    referenceId: text("reference_id").notNull(),
    description: text("description"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("wallet_ledger_company_seq_idx").on(t.companyId, t.seq),
    index("wallet_ledger_company_created_idx").on(t.companyId, t.createdAt, t.id),
    check("wallet_ledger_balance_after_not_negative", sql`balance_after_minor >= 0`),
    check(
      "wallet_ledger_sign_of_kind",
      sql`(kind IN ('top_up', 'refund') AND amount_minor > 0) OR (kind = 'charge' AND amount_minor < 0) OR (kind = 'adjustment' AND amount_minor <> 0)`,
    ),
  ],
);

export type WalletRow = typeof wallets.$inferSelect;
export type WalletLedgerRow = typeof walletLedger.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Payments, plans and add-ons, invoices, number orders and usage

/**
 * The company's payment method on file (one per company), at the payment provider: the customer
 * and the saved payment method top-ups charge off-session. Set by the panel (npm run admin --
 * billing payment-method). Provider ids are references, not secrets.
 */
export const paymentMethods = sqliteTable("billing_payment_methods", {
  companyId: text("company_id").primaryKey(),
  provider: text("provider", { enum: ["stripe"] }).notNull(),
  /** Stripe customer id (cus_...), or null for a payment method not attached to a customer. */
  customerId: text("customer_id"),
  /** Stripe payment method id (pm_...). */
  paymentMethodId: text("payment_method_id").notNull(),
  brand: text("brand"),
  last4: text("last4"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
});

/** pending: written before the charge; succeeded: charged and credited (in one batch); failed: declined. */
export const topUpStatuses = ["pending", "succeeded", "failed"] as const;
export type TopUpStatus = (typeof topUpStatuses)[number];

/**
 * Money paid into the wallet by card: one row per top-up, pending before its charge so that
 * Stripe's event finds it whether or not the request that charged it lived to credit it.
 */
export const topUps = sqliteTable(
  "top_ups",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: topUpStatuses }).notNull(),
    /** The provider's payment (pi_...), once it answered: unique, so one payment is never credited twice. */
    paymentIntentId: text("payment_intent_id"),
    /** The credit's ledger entry, once succeeded. */
    ledgerEntryId: text("ledger_entry_id"),
    createdAt: text("created_at").notNull(),
    /** Why it failed, when its deadline closed it (no_provider_outcome...; docs/deadlines.md); null otherwise. */
    failureReason: text("failure_reason"),
    /** The number of the last event about the top-up (src/data/sequences.ts). */
    sequence: resourceSequence(),
  },
  (t) => [
    uniqueIndex("top_ups_payment_intent_idx").on(t.paymentIntentId),
    index("top_ups_company_created_idx").on(t.companyId, t.createdAt, t.id),
  ],
);

export type TopUpRow = typeof topUps.$inferSelect;

export const billingCycles = ["monthly", "yearly"] as const;
export type BillingCycle = (typeof billingCycles)[number];

/**
 * The plan the company hired (at most one row per company). companies.plan is the plan in force,
 * changed in the same batch as this row; a downgrade waits in scheduled_plan until the period ends.
 */
export const subscriptions = sqliteTable(
  "subscriptions",
  {
    companyId: text("company_id").primaryKey(),
    plan: text("plan", { enum: plans }).notNull(),
    cycle: text("cycle", { enum: billingCycles }).notNull(),
    /** The price of one cycle of `plan`, in minor units of `currency`. */
    priceMinor: integer("price_minor").notNull(),
    currency: text("currency").notNull(),
    currentPeriodStart: text("current_period_start").notNull(),
    currentPeriodEnd: text("current_period_end").notNull(),
    /** A downgrade, applied when the current period ends. */
    scheduledPlan: text("scheduled_plan", { enum: plans }),
    cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
    canceledAt: text("canceled_at"),
    /** Bumped by every change: writes compare it (compare-and-set). */
    version: integer("version").notNull().default(1),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  // The Cron Trigger's renewals: subscriptions whose period ended, by due time.
  (t) => [index("subscriptions_period_end_idx").on(t.currentPeriodEnd)],
);

/** active: in force and renewed monthly; suspended: its renewal found the wallet short (kept, grants nothing, hiring it again resumes it). */
export const addonStatuses = ["active", "suspended"] as const;
export type AddonStatus = (typeof addonStatuses)[number];

/** Add-ons the company hired from the catalogue (catalogue.ts): one row per add-on, removed when cancelled. */
export const companyAddons = sqliteTable(
  "company_addons",
  {
    companyId: text("company_id").notNull(),
    addonType: text("addon_type").notNull(),
    /** The monthly price paid when hired, in minor units of `currency`. */
    priceMinor: integer("price_minor").notNull(),
    currency: text("currency").notNull(),
    hiredAt: text("hired_at").notNull(),
    status: text("status", { enum: addonStatuses }).notNull().default("active"),
    /** The end of the month paid for: the anniversary its renewal is due at ('' only until migration 0037's backfill). */
    currentPeriodEnd: text("current_period_end").notNull().default(""),
    /** The due item (and so the job) of its next renewal: a renewal runs only while it is still this one; null while suspended. */
    renewalId: text("renewal_id"),
    /** Bumped by every change: writes compare it (compare-and-set). */
    version: integer("version").notNull().default(1),
  },
  (t) => [uniqueIndex("company_addons_company_type_idx").on(t.companyId, t.addonType)],
);

export const billingInvoiceStatuses = ["open", "paid", "void"] as const;

/** The units a usage invoice's lines count: minutes of calls, SMS segments, emails, WhatsApp messages. */
export const usageUnits = ["minute", "sms_segment", "email", "whatsapp_message"] as const;
export type UsageUnit = (typeof usageUnits)[number];

/** What a line of a billing invoice is for (the wallet charge it accompanies names the same thing). */
export interface BillingInvoiceLine {
  description: string;
  /** How many `unit`s; 1 for a charge (a plan period, an add-on month), which has no unit. */
  quantity: number;
  /** Usage lines only: what `quantity` counts. */
  unit?: UsageUnit;
  /** Before tax, in minor units of the invoice's currency. */
  netMinor: number;
  taxMinor: number;
  /** The VAT rate applied, in percent. */
  taxRate: number;
}

/**
 * What a billing invoice bills: the wallet reference of the charge it accompanies, `usage` for a
 * period's usage invoice (reference_id: the period's first date), or `payment` for a top-up's
 * receipt (reference_id: the payment, like the top-up's ledger entry).
 */
export const billedTypes = [...walletReferenceTypes, "usage"] as const;

/**
 * The platform's invoices to the company: one per charge of its plan, add-ons, SIP trunks or
 * subaccount setups (issued in the charge's batch), one per month of usage (calls, SMS, mail; due
 * work at the month's end), and the seeded monthly statements; and the receipts of its top-ups.
 * `seq` numbers a company's invoices 1, 2, 3 ... without gaps (derived inside the issuing batch,
 * like the ledger's seq); receipts are a series of their own, numbered -1, -2, -3 ... so the same
 * unique index backs both; `number` is its printed form (INV-... or RCT-...).
 */
export const billingInvoices = sqliteTable(
  "billing_invoices",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    // The default is for the rows before seq existed; migration 0037 numbers them.
    seq: integer("seq").notNull().default(0),
    number: text("number").notNull(),
    status: text("status", { enum: billingInvoiceStatuses }).notNull(),
    periodStart: text("period_start").notNull(),
    periodEnd: text("period_end").notNull(),
    subtotalMinor: integer("subtotal_minor").notNull(),
    taxMinor: integer("tax_minor").notNull(),
    totalMinor: integer("total_minor").notNull(),
    currency: text("currency").notNull(),
    /** What it bills, line by line (public as the extension field `lines`). */
    lines: text("lines", { mode: "json" }).$type<BillingInvoiceLine[]>().notNull().default(sql`'[]'`),
    /** What was charged (the wallet reference's type and id, or `usage`), and the ledger entry that paid it; null for the monthly statements. */
    referenceType: text("reference_type", { enum: billedTypes }),
    referenceId: text("reference_id"),
    ledgerEntryId: text("ledger_entry_id"),
    issuedAt: text("issued_at").notNull(),
    dueAt: text("due_at").notNull(),
    paidAt: text("paid_at"),
  },
  (t) => [
    uniqueIndex("billing_invoices_company_seq_idx").on(t.companyId, t.seq),
    uniqueIndex("billing_invoices_company_number_idx").on(t.companyId, t.number),
    index("billing_invoices_company_issued_idx").on(t.companyId, t.issuedAt, t.id),
    index("billing_invoices_company_status_idx").on(t.companyId, t.status, t.issuedAt, t.id),
    // One usage invoice per company and period, one receipt per payment: issuing twice inserts nothing.
    uniqueIndex("billing_invoices_company_usage_receipt_idx")
      .on(t.companyId, t.referenceType, t.referenceId)
      .where(sql`reference_type IN ('usage', 'payment')`),
  ],
);

export const numberOrderStatuses = [
  "pending_documents",
  "pending_payment",
  "processing",
  "completed",
  "cancelled",
] as const;
export const pendingNumberOrderStatuses = ["pending_documents", "pending_payment", "processing"] as const;
export const numberTypes = ["local", "mobile", "toll_free"] as const;

/** Phone number purchases: a number is ordered, then waits for documents, payment or the carrier. */
export const numberOrders = sqliteTable(
  "number_orders",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text("country").notNull(),
    numberType: text("number_type", { enum: numberTypes }).notNull(),
    /** E.164 of the number reserved, or null until the carrier assigns one. */
    e164: text("e164"),
    status: text("status", { enum: numberOrderStatuses }).notNull(),
    /** What is missing, in words (the documents the regulator asks for). */
    statusReason: text("status_reason"),
    setupPriceMinor: integer("setup_price_minor").notNull(),
    monthlyPriceMinor: integer("monthly_price_minor").notNull(),
    currency: text("currency").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    /** The number of the last event about the order (src/data/sequences.ts). */
    sequence: resourceSequence(),
  },
  (t) => [
    index("number_orders_company_status_idx").on(t.companyId, t.status, t.createdAt, t.id),
    index("number_orders_company_created_idx").on(t.companyId, t.createdAt, t.id),
  ],
);

/** What a usage record measures: SMS segments, emails, WhatsApp messages, or seconds of calls charged. */
export const usageKinds = ["sms_segment", "email", "whatsapp_message", "call"] as const;
export type UsageKind = (typeof usageKinds)[number];

/**
 * Metered usage: one row per wallet movement of a send or a call, written by `debit`/`credit`
 * (wallet.ts) in the movement's batch, so the records of a period add up to the net charges of
 * those kinds in it. A debit writes its quantity and cost; a refund writes them negative (an SMS
 * not sent, the unused part of a call's reservation). For calls, the quantity is seconds charged.
 */
export const usageRecords = sqliteTable(
  "usage_records",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    kind: text("kind", { enum: usageKinds }).notNull(),
    quantity: integer("quantity").notNull(),
    costMinor: integer("cost_minor").notNull(),
    currency: text("currency").notNull(),
    /** YYYY-MM-DD in the company's time zone, like calls' local_date. */
    localDate: text("local_date").notNull(),
    occurredAt: text("occurred_at").notNull(),
  },
  (t) => [index("usage_records_company_date_idx").on(t.companyId, t.localDate, t.kind, t.quantity, t.costMinor)],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type CompanyAddonRow = typeof companyAddons.$inferSelect;
export type BillingInvoiceRow = typeof billingInvoices.$inferSelect;
export type NumberOrderRow = typeof numberOrders.$inferSelect;
