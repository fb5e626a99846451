import type { z } from "@hono/zod-openapi";
import { invalidField } from "../../lib/errors";
import type { Caller } from "../../keys/caller";
import { currencyExponent, toMajor } from "../../lib/money";
import { nextDate } from "../../lib/period";
import { billingCurrency } from "./catalogue";
import type { BillingInvoice, PendingOrder, Subscription, Transaction } from "./model";
import type { BillingInvoiceRow, NumberOrderRow, SubscriptionRow, WalletLedgerRow } from "./schema";

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

/** The public invoice of a row (its lines are not part of it). */
export const toBillingInvoice = (
  row: Omit<BillingInvoiceRow, "companyId" | "seq" | "lines" | "referenceType" | "referenceId" | "ledgerEntryId">,
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
