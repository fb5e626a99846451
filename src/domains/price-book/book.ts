import type { Plan } from "../../lib/plans";

/**
 * The platform's default price book: what every plan sells, in code, so that every database has it
 * from its first request with nothing to seed or migrate. The operator's edits of a plan's book
 * (plan_prices) and a company's own prices (company_prices) are D1 rows over it.
 *
 * Amounts are integer millionths of the major unit (0.0125 is 12500): per-minute rates go below the
 * minor unit. They are nominal: a company is charged them in its own currency (see prices.ts).
 */

export const priceKinds = ["call", "sms", "email", "whatsapp"] as const;
export type PriceKind = (typeof priceKinds)[number];
export const numberTypes = ["mobile", "landline"] as const;
export type NumberType = (typeof numberTypes)[number];

/** When the default book took effect: the updated_at of an entry nobody edited. */
export const DEFAULT_BOOK_DATE = "2026-01-01T00:00:00.000Z";

/** Every call is billed 60 s first, then in 60 s steps, whatever its destination. */
export const CALL_BILLING = { minimumSeconds: 60, billingIncrementSeconds: 60 } as const;

/**
 * Business-plan prices by destination: [country, landline per minute, mobile per minute, SMS per
 * segment]. The countries are exactly the telephony catalogue's callable destinations (a test holds them equal).
 */
const BASE: readonly [string, number, number, number][] = [
  ["AD", 30_000, 90_000, 90_000],
  ["AR", 37_500, 60_000, 60_000],
  ["AT", 12_000, 35_000, 90_000],
  ["AU", 15_000, 40_000, 60_000],
  ["BE", 12_000, 35_000, 90_000],
  ["BO", 40_000, 70_000, 70_000],
  ["BR", 20_000, 45_000, 50_000],
  ["CA", 7_500, 7_500, 20_000],
  ["CH", 15_000, 45_000, 80_000],
  ["CL", 25_000, 45_000, 60_000],
  ["CO", 22_500, 35_000, 50_000],
  ["CR", 30_000, 50_000, 60_000],
  ["CZ", 12_000, 30_000, 70_000],
  ["DE", 10_500, 52_500, 90_000],
  ["DK", 12_000, 30_000, 80_000],
  ["DO", 35_000, 60_000, 60_000],
  ["EC", 35_000, 60_000, 60_000],
  ["ES", 9_000, 27_000, 70_000],
  ["FI", 15_000, 40_000, 80_000],
  ["FR", 9_750, 28_500, 80_000],
  ["GB", 9_000, 18_000, 50_000],
  ["GR", 12_000, 35_000, 70_000],
  ["GT", 40_000, 70_000, 70_000],
  ["HU", 12_000, 35_000, 70_000],
  ["IE", 12_000, 35_000, 70_000],
  ["IT", 10_500, 30_000, 80_000],
  ["LU", 12_000, 40_000, 80_000],
  ["MA", 90_000, 150_000, 100_000],
  ["MX", 18_000, 30_000, 60_000],
  ["NL", 12_000, 35_000, 90_000],
  ["NO", 12_000, 30_000, 80_000],
  ["PA", 30_000, 50_000, 60_000],
  ["PE", 30_000, 50_000, 60_000],
  ["PL", 12_000, 30_000, 50_000],
  ["PR", 10_000, 10_000, 30_000],
  ["PT", 10_500, 30_000, 60_000],
  ["PY", 40_000, 70_000, 70_000],
  ["RO", 15_000, 35_000, 60_000],
  ["SE", 12_000, 30_000, 80_000],
  ["SV", 40_000, 70_000, 70_000],
  ["US", 7_500, 7_500, 20_000],
  ["UY", 35_000, 60_000, 60_000],
  ["VE", 50_000, 80_000, 80_000],
];

/** Business-plan prices of what has no destination. */
const EMAIL_MICROS = 10_000;
const WHATSAPP_MICROS = 50_000;

/** Each plan's prices against Business, in basis points: the cheaper the higher the plan. */
const PLAN_FACTOR: Record<Plan, number> = {
  PAYG: 12_000,
  Starter: 11_000,
  Business: 10_000,
  Agency: 9_500,
  Partner: 9_000,
  Enterprise: 8_500,
};

/** The countries the book prices, calls and SMS alike. */
export const bookCountries: readonly string[] = BASE.map(([country]) => country);
const baseOf = new Map(BASE.map((row) => [row[0], row]));

/** A plan's price from the Business one; per-message prices stay whole cents (they are charged in minor units). */
const forPlan = (plan: Plan, micros: number, step: number) =>
  Math.max(step, Math.round((micros * PLAN_FACTOR[plan]) / 10_000 / step) * step);

/** One priced item: a kind, its destination country and number type where they apply. */
export interface PriceKey {
  kind: PriceKind;
  /** ISO 3166-1 alpha-2 for calls and SMS; "" for email and WhatsApp. */
  country: string;
  /** mobile or landline for calls; "" otherwise. */
  numberType: NumberType | "";
}

/** The default book's amount for a plan, or undefined when the book does not sell it. */
export function defaultAmount(plan: Plan, key: PriceKey): number | undefined {
  if (key.kind === "email") return forPlan(plan, EMAIL_MICROS, 10_000);
  if (key.kind === "whatsapp") return forPlan(plan, WHATSAPP_MICROS, 10_000);
  const base = baseOf.get(key.country);
  if (!base) return undefined;
  if (key.kind === "sms") return forPlan(plan, base[3], 10_000);
  return forPlan(plan, key.numberType === "mobile" ? base[2] : base[1], 100);
}

/** Every key of the default book, in a stable order: calls by country (landline, mobile), SMS by country, email, WhatsApp. */
export const bookKeys: readonly PriceKey[] = [
  ...bookCountries.flatMap((country): PriceKey[] => [
    { kind: "call", country, numberType: "landline" },
    { kind: "call", country, numberType: "mobile" },
  ]),
  ...bookCountries.map((country): PriceKey => ({ kind: "sms", country, numberType: "" })),
  { kind: "email", country: "", numberType: "" },
  { kind: "whatsapp", country: "", numberType: "" },
];

export const keyOf = (key: PriceKey) => `${key.kind}:${key.country}:${key.numberType}`;
