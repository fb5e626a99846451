import type { Database } from "../../data/client";
import { currencyExponent } from "../../lib/money";
import type { Plan } from "../../lib/plans";
import {
  bookCountries,
  bookKeys,
  CALL_BILLING,
  DEFAULT_BOOK_DATE,
  defaultAmount,
  keyOf,
  type NumberType,
  type PriceKey,
  type PriceKind,
} from "./book";
import { companyOverrides, companyPricing, planEdits } from "./queries";

/**
 * What a company pays, read one way for every charge: the company's own price, else its plan's
 * book as the operator edited it, else the default book (book.ts).
 *
 * Currency: the code has no exchange rates, and every wallet holds one currency, so the book's
 * amounts are nominal and charged in the company's currency (its default, EUR when unset), as the
 * campaign email price and the demo's rates already were. A company's own price keeps the currency
 * it was set in (the company's then), so it is never silently read in another.
 */

/** Who is priced: the company, its plan and its currency (from the caller or a company row). */
export interface PricedCompany {
  id: string;
  plan: Plan;
  defaultCurrency: string | null;
}

interface Price {
  amountMicros: number;
  currency: string;
  updatedAt: string;
}

const currencyOf = (company: PricedCompany) => company.defaultCurrency ?? "EUR";

/** The prices of these keys (all of one kind), in order; undefined where nothing sells it. */
async function pricesOf(
  db: Database,
  company: PricedCompany,
  kind: PriceKind,
  keys: readonly PriceKey[],
  countries?: readonly string[],
): Promise<(Price | undefined)[]> {
  const [own, edits] = await Promise.all([
    companyOverrides(db, company.id, kind, countries),
    planEdits(db, company.plan, kind, countries),
  ]);
  const ownOf = new Map(own.map((row) => [keyOf(row as PriceKey), row]));
  const editOf = new Map(edits.map((row) => [keyOf(row as PriceKey), row]));
  const currency = currencyOf(company);
  return keys.map((key) => {
    const mine = ownOf.get(keyOf(key));
    if (mine) return { amountMicros: mine.amountMicros, currency: mine.currency, updatedAt: mine.updatedAt };
    const edit = editOf.get(keyOf(key));
    if (edit) return { amountMicros: edit.amountMicros, currency, updatedAt: edit.updatedAt };
    const amountMicros = defaultAmount(company.plan, key);
    return amountMicros === undefined ? undefined : { amountMicros, currency, updatedAt: DEFAULT_BOOK_DATE };
  });
}

/** What a call rate charges: per minute in millionths, and how seconds are billed. */
export interface CallRate extends Price {
  country: string;
  numberType: NumberType;
  minimumSeconds: number;
  billingIncrementSeconds: number;
}

/** The book's call keys of each country (landline, mobile), and of every country in the book's order: made once. */
const callKeysOf = new Map(
  bookCountries.map((country) => [country, bookKeys.filter((key) => key.kind === "call" && key.country === country)]),
);
const everyCallKey = bookCountries.flatMap((country) => callKeysOf.get(country)!);
const callKeys = (country?: string) => (country === undefined ? everyCallKey : (callKeysOf.get(country) ?? []));

/** The company's call rate of every destination it has one for (of one country when given), landline then mobile. */
export async function callRates(db: Database, company: PricedCompany, country?: string): Promise<CallRate[]> {
  const keys = callKeys(country);
  const prices = await pricesOf(db, company, "call", keys, country === undefined ? undefined : [country]);
  return keys.flatMap((key, index) => {
    const price = prices[index];
    return price ? [{ ...price, country: key.country, numberType: key.numberType as NumberType, ...CALL_BILLING }] : [];
  });
}

/** The company's rate for a call to a number of this country and type, or undefined. */
export async function callRate(
  db: Database,
  company: PricedCompany,
  country: string,
  numberType: NumberType,
): Promise<CallRate | undefined> {
  return (await callRates(db, company, country)).find((rate) => rate.numberType === numberType);
}

/** The countries a plan has call rates for (a company's own rates only change amounts: they are of these countries too). */
export function countriesWithCallRates(plan: Plan): ReadonlySet<string> {
  let countries = callCountriesOf.get(plan);
  if (!countries) {
    countries = new Set(everyCallKey.filter((key) => defaultAmount(plan, key) !== undefined).map((key) => key.country));
    callCountriesOf.set(plan, countries);
  }
  return countries;
}

/** Per plan, made on first use: the default book is code, the same for the isolate's life. */
const callCountriesOf = new Map<Plan, ReadonlySet<string>>();

/** Millionths of the major unit as minor units of the currency, rounded up (a started minor unit is charged). */
function microsToMinor(micros: number, currency: string): number {
  const scale = 10 ** (currencyExponent(currency) ?? 2);
  return Math.ceil((micros * scale) / 1_000_000 - 1e-9);
}

/** A per-message price in minor units: what a send debits. */
export interface MessagePrice {
  amountMinor: number;
  currency: string;
}

const asMessagePrice = (price: Price): MessagePrice => ({
  amountMinor: microsToMinor(price.amountMicros, price.currency),
  currency: price.currency,
});

/** The company's SMS price per segment of each of these countries that has one. */
export async function smsPrices(
  db: Database,
  company: PricedCompany,
  countries: readonly string[],
): Promise<Map<string, MessagePrice>> {
  const unique = [...new Set(countries)];
  if (unique.length === 0) return new Map();
  const keys = unique.map((country): PriceKey => ({ kind: "sms", country, numberType: "" }));
  const prices = await pricesOf(db, company, "sms", keys, unique);
  return new Map(
    unique.flatMap((country, index) => (prices[index] ? [[country, asMessagePrice(prices[index])] as const] : [])),
  );
}

/** The company's price of one email or one WhatsApp message. */
export async function messagePrice(
  db: Database,
  company: PricedCompany,
  kind: "email" | "whatsapp",
): Promise<MessagePrice> {
  const [price] = await pricesOf(db, company, kind, [{ kind, country: "", numberType: "" }], [""]);
  return asMessagePrice(price!);
}

/** A company as the book prices it, read from its row (seeds and jobs, which have no caller); undefined when unknown. */
export async function pricedCompanyOf(db: Database, companyId: string): Promise<PricedCompany | undefined> {
  return companyPricing(db, companyId);
}
