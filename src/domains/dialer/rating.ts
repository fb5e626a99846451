import type { Database } from "../../data/client";
import { currencyExponent } from "../../lib/money";
import type { Phone } from "../../lib/phone";
import type { Plan } from "../../lib/plans";
import { callRate, type PricedCompany } from "../price-book";

/** What a rate charges: millionths of the major unit per minute, seconds billed first, then steps. */
export interface Rate {
  pricePerMinuteMicros: number;
  minimumSeconds: number;
  billingIncrementSeconds: number;
  currency: string;
}

/**
 * The longest talk time a dialled call may have on each plan (`max_duration_seconds` above it is
 * 400): the reservation covers the whole of it, so it bounds what one call holds of the wallet.
 */
export const MAX_CALL_SECONDS: Record<Plan, number> = {
  PAYG: 30 * 60,
  Starter: 60 * 60,
  Business: 2 * 60 * 60,
  Agency: 4 * 60 * 60,
  Partner: 4 * 60 * 60,
  Enterprise: 4 * 60 * 60,
};

/** The most any plan allows (the body's schema bound; the plan's own is checked with the company). */
export const LONGEST_CALL_SECONDS = Math.max(...Object.values(MAX_CALL_SECONDS));

/**
 * Talk time a dial reserves without `max_duration_seconds`: 30 minutes (at most the plan's
 * maximum). The balance must cover it to dial, and the call is settled against its real cost
 * (never more) when it ends, the rest refunded.
 */
export const DEFAULT_CALL_SECONDS = 30 * 60;

/** The talk time a dial asks for (its `max_duration_seconds`, else the default), capped by the plan. */
export const askedSeconds = (plan: Plan, maxDurationSeconds: number | undefined) =>
  maxDurationSeconds ?? Math.min(DEFAULT_CALL_SECONDS, MAX_CALL_SECONDS[plan]);

/** Seconds billed for a call of `durationSeconds`: 0 unanswered, else the minimum, then whole increments. */
function billedSeconds(rate: Rate, durationSeconds: number): number {
  if (durationSeconds <= 0) return 0;
  if (durationSeconds <= rate.minimumSeconds) return rate.minimumSeconds;
  const increment = Math.max(1, rate.billingIncrementSeconds);
  return rate.minimumSeconds + Math.ceil((durationSeconds - rate.minimumSeconds) / increment) * increment;
}

/** The cost of `seconds` billed at the rate, in minor units, rounded up (a started minor unit is charged). */
function costMinor(rate: Rate, seconds: number): number {
  const scale = 10 ** (currencyExponent(rate.currency) ?? 2);
  // micros x seconds x scale / (60 s x 10^6), in integers: exact for any realistic call.
  const numerator = BigInt(rate.pricePerMinuteMicros) * BigInt(seconds) * BigInt(scale);
  const denominator = 60n * 1_000_000n;
  return Number((numerator + denominator - 1n) / denominator);
}

/**
 * What a dial reserves for a call of at most `talkSeconds`: the seconds billed for it (at least
 * the rate's minimum, rounded up to its increments; the provider cuts the call there) and their cost.
 */
export function reservation(rate: Rate, talkSeconds: number): { seconds: number; amountMinor: number } {
  const seconds = billedSeconds(rate, Math.max(talkSeconds, rate.minimumSeconds));
  return { seconds, amountMinor: costMinor(rate, seconds) };
}

/** The rate and reservation a dialled call records, which its settlement is computed from when it ends. */
export function ratedCallColumns(rate: Rate, held: { seconds: number; amountMinor: number }) {
  return {
    ratePerMinuteMicros: rate.pricePerMinuteMicros,
    minimumSeconds: rate.minimumSeconds,
    billingIncrementSeconds: rate.billingIncrementSeconds,
    currency: rate.currency,
    reservedMinor: held.amountMinor,
    reservedSeconds: held.seconds,
  };
}

/** The real cost of a call that lasted `durationSeconds`, capped at what was reserved (the call is cut there). */
export function settledCost(rate: Rate, durationSeconds: number, reservedMinor: number): number {
  return Math.min(costMinor(rate, billedSeconds(rate, durationSeconds)), reservedMinor);
}

/** Seconds of the reservation a call of `durationSeconds` did not use (what its refund's usage record gives back). */
export function unusedSeconds(rate: Rate, durationSeconds: number, reservedSeconds: number): number {
  return Math.max(0, reservedSeconds - billedSeconds(rate, durationSeconds));
}

/**
 * The company's rate for a number (its price book: its own rate, else its plan's): by the number's
 * country and line type, a number that may be either (US, Canada) rated as a mobile.
 */
export async function rateOfNumber(
  db: Database,
  company: PricedCompany,
  phone: Phone,
): Promise<(Rate & { country: string }) | undefined> {
  if (!phone.country) return undefined;
  const lineType = phone.lineType();
  const priced = await callRate(
    db,
    company,
    phone.country,
    lineType === "MOBILE" || lineType === "FIXED_LINE_OR_MOBILE" ? "mobile" : "landline",
  );
  return (
    priced && {
      country: priced.country,
      pricePerMinuteMicros: priced.amountMicros,
      minimumSeconds: priced.minimumSeconds,
      billingIncrementSeconds: priced.billingIncrementSeconds,
      currency: priced.currency,
    }
  );
}
