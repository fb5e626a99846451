import type { z } from "@hono/zod-openapi";
import { invalidField } from "../../lib/errors";
import type { Caller } from "../../keys/caller";
import { currencyExponent, toMajor } from "../../lib/money";
import { nextDate } from "../../lib/period";
import { billingCurrency } from "./catalogue";
import {
  billedKinds,
  type BillingInvoice,
  type BillingInvoiceLine as PublicInvoiceLine,
  type PendingOrder,
  type Subscription,
  type Transaction,
} from "./model";
import type { BillingInvoiceLine, BillingInvoiceRow, NumberOrderRow, SubscriptionRow, WalletLedgerRow } from "./schema";

/** Minor units of `currency` as the API's major-unit number. */
export const major = (minor: number, currency: string) => toMajor(minor, currencyExponent(currency) ?? 2);

/** Major units to minor units, or a 400 naming `path` when the amount has more decimals than the currency. */
export function toMinorUnits(amount: number, currency: string, path: string): number {
  const exponent = currencyExponent(currency) ?? 2;
  const scaled = amount * 10 ** exponent;
  const minor = Math.round(scaled);
  if (Math.abs(scaled - minor) > 1e-6)
    throw invalidField(path, `${currency} amounts have at most ${exponent} decimals.`);
  return minor;
}

export const toTransaction = (row: WalletLedgerRow): z.input<typeof Transaction> => ({
  id: row.id,
  kind: row.kind,
  amount: major(row.amountMinor, row.currency),
  balance_after: major(row.balanceAfterMinor, row.currency),
  currency: row.currency,
  reference: { type: row.referenceType, id: row.referenceId },
  description: row.description,
  created_at: row.createdAt,
});

/** [from, until) in ISO UTC for the days `from` and `to` (both included); a reversed range is 400. */
export function dayRange(query: { from?: string; to?: string }): { from?: string; until?: string } {
  if (query.from && query.to && query.to < query.from)
    throw invalidField("query.to", `to (${query.to}) is before from (${query.from}); both days are included.`);
  return {
    from: query.from ? `${query.from}T00:00:00.000Z` : undefined,
    until: query.to ? `${nextDate(query.to)}T00:00:00.000Z` : undefined,
  };
}

/** Major units of `minor` / `quantity`, to 6 decimals (a usage line's average unit price). */
function unitPrice(minor: number, quantity: number, currency: string): number {
  if (quantity === 0) return 0;
  return Math.round((major(minor, currency) / quantity) * 1e6) / 1e6;
}

/** A stored line as the public one: amounts in major units, with its unit price. */
const toInvoiceLine = (line: BillingInvoiceLine, currency: string): z.input<typeof PublicInvoiceLine> => ({
  description: line.description,
  quantity: line.quantity,
  unit: line.unit ?? null,
  unit_price: unitPrice(line.netMinor, line.quantity, currency),
  subtotal: major(line.netMinor, currency),
  tax_rate: line.taxRate,
  tax: major(line.taxMinor, currency),
  total: major(line.netMinor + line.taxMinor, currency),
});

/** What an invoice bills, as its public `bills` names it (a top-up's payment is its receipt's). */
const toBills = (
  row: Pick<BillingInvoiceRow, "referenceType" | "referenceId">,
): z.input<typeof BillingInvoice>["bills"] => {
  if (row.referenceType === null || row.referenceId === null) return null;
  const type = row.referenceType === "payment" ? "top_up" : row.referenceType;
  return (billedKinds as readonly string[]).includes(type)
    ? { type: type as (typeof billedKinds)[number], id: row.referenceId }
    : null;
};

/** The public invoice of a row. */
export const toBillingInvoice = (
  row: Omit<BillingInvoiceRow, "companyId" | "seq" | "ledgerEntryId">,
): z.input<typeof BillingInvoice> => ({
  id: row.id,
  number: row.number,
  status: row.status,
  period_start: row.periodStart,
  period_end: row.periodEnd,
  subtotal: major(row.subtotalMinor, row.currency),
  tax: major(row.taxMinor, row.currency),
  total: major(row.totalMinor, row.currency),
  currency: row.currency,
  issued_at: row.issuedAt,
  due_at: row.dueAt,
  paid_at: row.paidAt,
  document_type: row.referenceType === "payment" ? "receipt" : "invoice",
  bills: toBills(row),
  lines: row.lines.map((line) => toInvoiceLine(line, row.currency)),
});

export const toPendingOrder = (row: NumberOrderRow): z.input<typeof PendingOrder> => ({
  id: row.id,
  country: row.country,
  number_type: row.numberType,
  phone_number: row.e164,
  status: row.status as z.input<typeof PendingOrder>["status"],
  status_reason: row.statusReason,
  setup_price: major(row.setupPriceMinor, row.currency),
  monthly_price: major(row.monthlyPriceMinor, row.currency),
  currency: row.currency,
  created_at: row.createdAt,
});

/** The subscription as the API shows it; a company without one runs on companies.plan. */
export function toSubscription(caller: Caller, row: SubscriptionRow | undefined): z.input<typeof Subscription> {
  if (!row) {
    const currency = billingCurrency(caller.company);
    return {
      plan: caller.company.plan,
      subscribed: false,
      cycle: null,
      current_period_start: null,
      current_period_end: null,
      price: null,
      currency,
      cancel_at_period_end: false,
      cancel_at: null,
      scheduled_plan: null,
    };
  }
  return {
    plan: row.plan,
    subscribed: true,
    cycle: row.cycle,
    current_period_start: row.currentPeriodStart,
    current_period_end: row.currentPeriodEnd,
    price: major(row.priceMinor, row.currency),
    currency: row.currency,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    cancel_at: row.cancelAtPeriodEnd ? row.currentPeriodEnd : null,
    scheduled_plan: row.scheduledPlan,
  };
}
