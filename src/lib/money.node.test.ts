import { describe, expect, it } from "vitest";
import { computeTotals, currencyExponent, toMajor, type LineInput } from "./money";

describe("currency exponents (ISO 4217)", () => {
  it("knows 0, 2 and 3 decimal currencies and refuses unknown codes", () => {
    expect(currencyExponent("JPY")).toBe(0);
    expect(currencyExponent("EUR")).toBe(2);
    expect(currencyExponent("BHD")).toBe(3);
    expect(currencyExponent("XYZ")).toBeUndefined();
  });
});

// [name, currency exponent, default VAT, lines, subtotal, iva_amount, total] in major units.
const table: [string, number, number, LineInput[], number, number, number][] = [
  ["one plain EUR line", 2, 21, [{ units: 2, unit_price: 10 }], 20, 4.2, 24.2],
  ["half a cent rounds away from zero", 2, 21, [{ units: 1, unit_price: 0.005 }], 0.01, 0, 0.01],
  ["exact decimal arithmetic (1.005 x 3)", 2, 0, [{ units: 3, unit_price: 1.005 }], 3.02, 0, 3.02],
  [
    "VAT rounded per line, then summed",
    2,
    21,
    [
      { units: 1, unit_price: 0.1 },
      { units: 1, unit_price: 0.1 },
    ],
    0.2,
    0.04,
    0.24,
  ],
  [
    "line iva_rate overrides the default",
    2,
    21,
    [
      { units: 1, unit_price: 100, iva_rate: 10 },
      { units: 1, unit_price: 100 },
    ],
    200,
    31,
    231,
  ],
  ["zero VAT", 2, 21, [{ units: 5, unit_price: 3.33, iva_rate: 0 }], 16.65, 0, 16.65],
  [
    "percentage discount of the base",
    2,
    21,
    [{ units: 3, unit_price: 10.005, discount_type: "percentage", discount_value: 10 }],
    27.02,
    5.67,
    32.69,
  ],
  [
    "amount discount",
    2,
    21,
    [{ units: 4, unit_price: 25, discount_type: "amount", discount_value: 12.5 }],
    87.5,
    18.38,
    105.88,
  ],
  ["100 % discount", 2, 21, [{ units: 1, unit_price: 80, discount_type: "percentage", discount_value: 100 }], 0, 0, 0],
  ["fractional units (1.5 hours)", 2, 21, [{ units: 1.5, unit_price: 45 }], 67.5, 14.18, 81.68],
  [
    "JPY has no minor unit",
    0,
    10,
    [
      { units: 3, unit_price: 333.5 },
      { units: 1, unit_price: 0.4 },
    ],
    1001,
    100,
    1101,
  ],
  ["JPY half yen rounds away from zero", 0, 8, [{ units: 1, unit_price: 1250.5 }], 1251, 100, 1351],
  ["BHD has three decimals", 3, 10, [{ units: 1, unit_price: 1.2345 }], 1.235, 0.124, 1.359],
  [
    "BHD percentage discount",
    3,
    10,
    [{ units: 7, unit_price: 0.125, discount_type: "percentage", discount_value: 15 }],
    0.744,
    0.074,
    0.818,
  ],
  [
    "negative (credit) line",
    2,
    21,
    [
      { units: 1, unit_price: 100 },
      { units: 1, unit_price: -20 },
    ],
    80,
    16.8,
    96.8,
  ],
  ["zero units", 2, 21, [{ units: 0, unit_price: 99 }], 0, 0, 0],
];

describe("document totals", () => {
  for (const [name, exponent, vat, lines, subtotal, iva, total] of table) {
    it(name, () => {
      const totals = computeTotals(lines, exponent, vat);
      expect(toMajor(totals.subtotalMinor, exponent)).toBe(subtotal);
      expect(toMajor(totals.ivaAmountMinor, exponent)).toBe(iva);
      expect(toMajor(totals.totalMinor, exponent)).toBe(total);
      expect(totals.totalMinor).toBe(totals.subtotalMinor + totals.ivaAmountMinor);
    });
  }

  it("refuses an amount discount larger than the line's base", () => {
    expect(() =>
      computeTotals([{ units: 1, unit_price: 10, discount_type: "amount", discount_value: 10.01 }], 2, 21),
    ).toThrow(/cannot exceed/);
  });
});

describe("minor to major units", () => {
  it("gives the same number as reading the exact decimal, for 0, 2, 3 and 4 decimals", () => {
    const samples = [0, 1, -1, 5, 99, 1005, 123456789, -987654321, 2 ** 53 - 1, -(2 ** 53 - 1)];
    for (let i = 0; i < 20_000; i++) samples.push(Math.floor((Math.random() - 0.5) * 2 * 10 ** (1 + (i % 15))));
    for (const exponent of [0, 2, 3, 4]) {
      for (const minor of samples) {
        const digits = Math.abs(minor)
          .toString()
          .padStart(exponent + 1, "0");
        const decimal = `${minor < 0 ? "-" : ""}${digits.slice(0, digits.length - exponent)}.${digits.slice(digits.length - exponent) || "0"}`;
        expect(toMajor(minor, exponent), `${minor} / 10^${exponent}`).toBe(Number(decimal));
      }
    }
  });
});
