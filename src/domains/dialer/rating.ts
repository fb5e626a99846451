import type { Database } from "../../data/client";
import { currencyExponent } from "../../lib/money";
import type { Phone } from "../../lib/phone";
import { callRate, type PricedCompany } from "../price-book";

/** What a rate charges: millionths of the major unit per minute, seconds billed first, then steps. */
export interface Rate {
  pricePerMinuteMicros: number;
  minimumSeconds: number;
  billingIncrementSeconds: number;
  currency: string;
}

/**
 * Minutes every dialled call reserves from the wallet at its destination's rate: the balance must
 * cover them to dial, and the call is settled against its real cost (never more) when it ends.
 */
const DIAL_RESERVATION_MINUTES = 5;

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

/** What a dial reserves: the reservation's seconds (at least the rate's minimum) and their cost. */
export function reservation(rate: Rate): { seconds: number; amountMinor: number } {
  const seconds = billedSeconds(rate, Math.max(DIAL_RESERVATION_MINUTES * 60, rate.minimumSeconds));
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
