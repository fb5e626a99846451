import type { Database } from "../../core/db/client";
import { invalidField } from "../../core/errors";
import type { Caller } from "../../core/operation";
import { currencyExponent, toMajor } from "../../core/money";
import { datePeriod, daysBetween, localDateOf, nextDate } from "../../core/period";
import { callSettingsOf, periodTotals } from "../calls";
import { ADDON_CATALOGUE, addonTypes, billingCurrency, cyclePrice } from "./catalogue";
import type { z } from "@hono/zod-openapi";
import type { Addon, Balance, BillingInvoice, PendingOrder, Subscription, Transaction, Usage } from "./model";
import { hiredAddons, subscriptionOf, usageTotals, walletBalance } from "./queries";
import type { BillingInvoiceRow, NumberOrderRow, SubscriptionRow, WalletLedgerRow } from "./schema";

/** Minor units of `currency` as the API's major-unit number. */
export const major = (minor: number, currency: string) => toMajor(minor, currencyExponent(currency) ?? 2);

/** Major units to minor units, or a 400 naming `path` when the amount has more decimals than the currency. */
export function toMinorUnits(amount: number, currency: string, path: string): number {
  const exponent = currencyExponent(currency) ?? 2;
  const scaled = amount * 10 ** exponent;
  const minor = Math.round(scaled);
  if (Math.abs(scaled - minor) > 1e-6) throw invalidField(path, `${currency} amounts have at most ${exponent} decimals.`);
  return minor;
}

export async function balanceOf(db: Database, caller: Caller): Promise<z.input<typeof Balance>> {
  const wallet = await walletBalance(db, caller.company.id);
  const currency = wallet?.currency ?? billingCurrency(caller.company);
  return { amount: major(wallet?.balanceMinor ?? 0, currency), currency, as_of: new Date().toISOString() };
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
  if (query.from && query.to && query.to < query.from) throw invalidField("query.to", `to (${query.to}) is before from (${query.from}); both days are included.`);
  return { from: query.from ? `${query.from}T00:00:00.000Z` : undefined, until: query.to ? `${nextDate(query.to)}T00:00:00.000Z` : undefined };
}

/** At most this many days in a usage period. */
export const MAX_USAGE_DAYS = 366;

export async function usageOf(db: Database, caller: Caller, query: { start_date?: string; end_date?: string }): Promise<z.input<typeof Usage>> {
  const companyId = caller.company.id;
  const { timeZone } = await callSettingsOf(db, companyId, caller.company.defaultRegion);
  const today = localDateOf(Date.now(), timeZone);
  const startDate = query.start_date ?? `${today.slice(0, 8)}01`;
  const endDate = query.end_date ?? (query.start_date && query.start_date > today ? query.start_date : today);
  datePeriod({ start_date: startDate, end_date: endDate });
  const days = daysBetween(startDate, endDate) + 1;
  if (days > MAX_USAGE_DAYS) throw invalidField("query.end_date", `A usage period is at most ${MAX_USAGE_DAYS} days; this one has ${days}.`);
  const [calls, messaging, wallet] = await Promise.all([periodTotals(db, companyId, { startDate, endDate }), usageTotals(db, companyId, startDate, endDate), walletBalance(db, companyId)]);
  const currency = wallet?.currency ?? billingCurrency(caller.company);
  const cost = (minor: number) => major(minor, currency);
  const totalMinor = calls.costMinor + messaging.sms_segment.costMinor + messaging.email.costMinor + messaging.whatsapp_message.costMinor;
  return {
    start_date: startDate,
    end_date: endDate,
    time_zone: timeZone,
    currency,
    calls: { count: calls.count, minutes: Math.round(calls.durationSeconds / 6) / 10, cost: cost(calls.costMinor) },
    sms: { segments: messaging.sms_segment.quantity, cost: cost(messaging.sms_segment.costMinor) },
    emails: { count: messaging.email.quantity, cost: cost(messaging.email.costMinor) },
    whatsapp: { messages: messaging.whatsapp_message.quantity, cost: cost(messaging.whatsapp_message.costMinor) },
    total_cost: cost(totalMinor),
  };
}

export const toBillingInvoice = (row: BillingInvoiceRow): z.input<typeof BillingInvoice> => ({
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

export async function subscriptionView(db: Database, caller: Caller) {
  return toSubscription(caller, await subscriptionOf(db, caller.company.id));
}

/** The catalogue with, for each add-on, whether the plan allows it and whether it is hired. */
export async function addonViews(db: Database, caller: Caller): Promise<z.input<typeof Addon>[]> {
  const hired = new Map((await hiredAddons(db, caller.company.id)).map((row) => [row.addonType, row]));
  const currency = billingCurrency(caller.company);
  return addonTypes.map((type) => {
    const offer = ADDON_CATALOGUE[type];
    const row = hired.get(type);
    return {
      type,
      name: offer.name,
      description: offer.description,
      monthly_price: row ? major(row.priceMinor, row.currency) : (cyclePrice(offer.monthly, currency, "monthly") ?? 0),
      currency: row?.currency ?? currency,
      available: offer.plans.includes(caller.company.plan) && offer.monthly[currency] !== undefined,
      hired: row !== undefined,
      hired_at: row?.hiredAt ?? null,
    };
  });
}
