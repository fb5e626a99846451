import Big from "big.js";
import currencyCodes from "currency-codes";

/** Exponents already looked up: currency-codes searches its whole list on every call. */
const exponents = new Map<string, number | undefined>();

/** ISO 4217 minor-unit exponent (EUR 2, JPY 0, BHD 3), or undefined for an unknown code. */
export function currencyExponent(code: string): number | undefined {
  if (exponents.has(code)) return exponents.get(code);
  const exponent = currencyCodes.code(code)?.digits;
  // Only known codes are kept, so that arbitrary input cannot grow the map.
  if (exponent !== undefined) exponents.set(code, exponent);
  return exponent;
}

export const isCurrencyCode = (code: string) => /^[A-Z]{3}$/.test(code) && currencyExponent(code) !== undefined;

export interface LineInput {
  units: number;
  unit_price: number;
  iva_rate?: number;
  discount_type?: "percentage" | "amount";
  discount_value?: number;
}

interface LineTotals {
  ivaRate: number;
  baseMinor: number;
  discountMinor: number;
  netMinor: number;
  ivaMinor: number;
}

export interface DocumentTotals {
  lines: LineTotals[];
  subtotalMinor: number;
  ivaAmountMinor: number;
  totalMinor: number;
}

export class MoneyError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

/** Rounds half away from zero to an integer (big.js roundHalfUp is away from zero). */
const toMinor = (value: Big) => value.round(0, Big.roundHalfUp);

/**
 * Per line, in exact decimal arithmetic: base = units x unit_price; discount is a percentage of
 * base (0..100) or an amount (0..base); net = base - discount; VAT = net x rate / 100. Base,
 * discount and VAT are each rounded half away from zero to minor units; the document sums the lines.
 */
export function computeTotals(items: readonly LineInput[], exponent: number, defaultVatRate: number): DocumentTotals {
  const scale = new Big(10).pow(exponent);
  const lines = items.map((item, index): LineTotals => {
    const ivaRate = item.iva_rate ?? defaultVatRate;
    const base = toMinor(new Big(item.units).times(item.unit_price).times(scale));
    let discount = new Big(0);
    if (item.discount_type === "percentage") {
      discount = toMinor(base.times(item.discount_value ?? 0).div(100));
    } else if (item.discount_type === "amount") {
      discount = toMinor(new Big(item.discount_value ?? 0).times(scale));
      if (discount.gt(base)) {
        throw new MoneyError(
          `items.${index}.discount_value`,
          "An amount discount cannot exceed the line's base (units x unit_price).",
        );
      }
    }
    const net = base.minus(discount);
    const iva = toMinor(net.times(ivaRate).div(100));
    return {
      ivaRate,
      baseMinor: safe(base, index),
      discountMinor: safe(discount, index),
      netMinor: safe(net, index),
      ivaMinor: safe(iva, index),
    };
  });
  const subtotalMinor = lines.reduce((sum, line) => sum + line.netMinor, 0);
  const ivaAmountMinor = lines.reduce((sum, line) => sum + line.ivaMinor, 0);
  const totalMinor = subtotalMinor + ivaAmountMinor;
  if (!Number.isSafeInteger(totalMinor)) throw new MoneyError("items", "The budget total is too large.");
  return { lines, subtotalMinor, ivaAmountMinor, totalMinor };
}

function safe(value: Big, index: number): number {
  const number = value.toNumber();
  if (!Number.isSafeInteger(number)) throw new MoneyError(`items.${index}`, "The line amount is too large.");
  return number;
}

/**
 * Minor units back to the JSON number of the API (major units): 1234 EUR cents -> 12.34.
 * Plain division is exact here: minor is a safe integer and 10^exponent is exactly representable,
 * and IEEE division rounds correctly, so the result is the same double as parsing "12.34".
 * (Lists convert thousands of amounts per second; big.js is kept for the arithmetic of totals.)
 */
export const toMajor = (minor: number, exponent: number) => minor / 10 ** exponent;
