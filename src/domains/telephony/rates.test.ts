import { describe, expect, it } from "vitest";
import { call, operator, tenant } from "../../../test/helpers";
import { destinations } from "./destinations";

const FORBIDDEN = /cost|margin|multiplier|provider|markup/i;

/** Every key at any depth of a JSON value. */
const keysOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap(keysOf)
    : value && typeof value === "object"
      ? Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)])
      : [];

interface SaleRate {
  id: string;
  prefix: string;
  country: string;
  destination: string;
  price_per_minute: number;
  currency: string;
}

/** Every page of a list (limit 100). */
async function everyPage<T>(path: string, key: string): Promise<T[]> {
  const all: T[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await call(`${path}?limit=100&offset=${offset}`, { key });
    expect(page.status).toBe(200);
    all.push(...(page.json.data as T[]));
    if (page.json.data.length < 100) return all;
  }
}

describe("GET /rates", () => {
  it("a new company sees its plan's book at once: a landline and a mobile rate for every callable country, in its currency", async () => {
    const t = await tenant({ plan: "Business" });
    const rates = await everyPage<SaleRate>("/api/v1/rates", t.key);
    expect(rates).toHaveLength(destinations.length * 2);
    for (const destination of destinations) {
      const own = rates.filter((rate) => rate.country === destination.country);
      expect(own.map((rate) => rate.destination).sort(), destination.country).toEqual([
        `${destination.name} landline`,
        `${destination.name} mobile`,
      ]);
      for (const rate of own) {
        expect(rate.prefix).toBe(destination.dialling_code.slice(1));
        expect(rate.price_per_minute).toBeGreaterThan(0);
        expect(rate.currency).toBe("EUR");
      }
    }
    expect(new Set(rates.map((rate) => rate.id)).size).toBe(rates.length);
    const spain = await call("/api/v1/rates?country=ES", { key: t.key });
    expect(spain.json.data).toEqual([
      {
        id: expect.any(String),
        prefix: "34",
        country: "ES",
        destination: "Spain landline",
        price_per_minute: 0.009,
        currency: "EUR",
        minimum_seconds: 60,
        billing_increment_seconds: 60,
        updated_at: "2026-01-01T00:00:00.000Z",
      },
      {
        id: expect.any(String),
        prefix: "34",
        country: "ES",
        destination: "Spain mobile",
        price_per_minute: 0.027,
        currency: "EUR",
        minimum_seconds: 60,
        billing_increment_seconds: 60,
        updated_at: "2026-01-01T00:00:00.000Z",
      },
    ]);
    // The same id on every read, and never another company's.
    expect((await call("/api/v1/rates?country=ES", { key: t.key })).json.data[1].id).toBe(spain.json.data[1].id);
    // The id is its derivation's: four FNV-1a hashes of rate:<company>:<country>:<type>, as a version 8 UUID.
    expect(spain.json.data.map((rate: { id: string }) => rate.id)).toEqual([
      referenceRateId(t.companyId, "ES", "landline"),
      referenceRateId(t.companyId, "ES", "mobile"),
    ]);
    const other = await tenant({ plan: "Business" });
    expect((await call("/api/v1/rates?country=ES", { key: other.key })).json.data[1].id).not.toBe(
      spain.json.data[1].id,
    );
    expect((await call("/api/v1/rates?country=ES&limit=1&offset=1", { key: t.key })).json).toMatchObject({
      limit: 1,
      offset: 1,
      data: [{ destination: "Spain mobile" }],
    });
    for (const query of ["country=Spain", "country=es"])
      expect((await call(`/api/v1/rates?${query}`, { key: t.key })).status).toBe(400);
  });

  it("each plan has its own book; a company in GBP is charged the book's amounts in GBP", async () => {
    const starter = await tenant({ plan: "Starter" });
    const enterprise = await tenant({ plan: "Enterprise", defaultCurrency: "GBP" });
    const mobile = async (key: string) => (await call("/api/v1/rates?country=ES", { key })).json.data[1] as SaleRate;
    expect(await mobile(starter.key)).toMatchObject({ price_per_minute: 0.0297, currency: "EUR" });
    expect(await mobile(enterprise.key)).toMatchObject({ price_per_minute: 0.023, currency: "GBP" });
  });

  it("never carries a provider cost, margin or multiplier, in any field of the answer or of its documented schema", async () => {
    const t = await tenant();
    const response = await call("/api/v1/rates?limit=100", { key: t.key });
    expect(keysOf(response.json).filter((key) => FORBIDDEN.test(key))).toEqual([]);
    const document = (await call("/api/v1/openapi.json")).json;
    const rate = document.components.schemas.SaleRate;
    expect(Object.keys(rate.properties).filter((key) => FORBIDDEN.test(key))).toEqual([]);
    expect(rate.additionalProperties).toBe(false);
  });
});

describe("GET /rates/countries", () => {
  it("lists exactly the countries the caller has a rate for, by name, with ISO code and dialling code", async () => {
    const t = await tenant();
    const countries = await everyPage<{ country: string; name: string; dialling_code: string }>(
      "/api/v1/rates/countries",
      t.key,
    );
    const rated = new Set((await everyPage<SaleRate>("/api/v1/rates", t.key)).map((rate) => rate.country));
    expect(new Set(countries.map((country) => country.country))).toEqual(rated);
    expect(countries).toEqual(destinations);
    const names = countries.map((d) => d.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(countries).toContainEqual({ country: "ES", name: "Spain", dialling_code: "+34" });
    const page = await call("/api/v1/rates/countries?limit=5&offset=5", { key: t.key });
    expect(page.json).toEqual({ data: destinations.slice(5, 10), limit: 5, offset: 5 });
  });

  it("the same for a company with its own rates: they change amounts, never the destinations", async () => {
    const t = await tenant();
    expect(
      (await operator(`/companies/${t.companyId}/rates`, { method: "PUT", body: { country: "PT", per_minute: 0.5 } }))
        .status,
    ).toBe(200);
    expect((await call("/api/v1/rates/countries?limit=100", { key: t.key })).json.data).toEqual(destinations);
  });
});

/** A rate id computed as its derivation says, whole string by whole string: the API remembers ids and hashes a shared prefix once. */
function referenceRateId(companyId: string, country: string, numberType: string): string {
  const hash = (text: string, seed: number) => {
    let value = (0x811c9dc5 ^ seed) >>> 0;
    for (let index = 0; index < text.length; index++)
      value = Math.imul(value ^ text.charCodeAt(index), 0x01000193) >>> 0;
    return value.toString(16).padStart(8, "0");
  };
  const hex = [1, 2, 3, 4].map((seed) => hash(`rate:${companyId}:${country}:${numberType}`, seed)).join("");
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
