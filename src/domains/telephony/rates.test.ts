import { env } from "cloudflare:test";
import { diallingCode } from "../../core/phone";
import { describe, expect, it } from "vitest";
import { call, db, tenant } from "../../../test/helpers";
import { destinations } from "./destinations";
import { rateCosts, saleRates } from "./schema";

/** Sale rates and, beside them, what they are made of (provider cost, multiplier). */
async function fixture(currency = "EUR") {
  const t = await tenant({ defaultCurrency: currency });
  const rate = (n: number, prefix: string, country: string, micros: number) => ({
    id: crypto.randomUUID(),
    companyId: t.companyId,
    prefix,
    country,
    destination: `${country} ${n}`,
    pricePerMinuteMicros: micros,
    currency,
    minimumSeconds: 60,
    billingIncrementSeconds: n === 2 ? 6 : 60,
    createdAt: `2026-02-0${n}T00:00:00.000Z`,
    updatedAt: `2026-03-0${n}T00:00:00.000Z`,
  });
  const rows = [rate(1, "34", "ES", 9_000), rate(2, "346", "ES", 27_000), rate(3, "44", "GB", 12_345)];
  await db.insert(saleRates).values(rows);
  await db.insert(rateCosts).values(
    rows.map((row) => ({ companyId: t.companyId, prefix: row.prefix, provider: "carrier-secret", costPerMinuteMicros: 4_321, currency, multiplierBasisPoints: 17_777, updatedAt: row.updatedAt })),
  );
  return { ...t, rows };
}

const FORBIDDEN = /cost|margin|multiplier|provider|markup/i;

/** Every key at any depth of a JSON value. */
const keysOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.flatMap(keysOf) : value && typeof value === "object" ? Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]) : [];

/** The Worker's D1 binding, recording the SQL of every statement prepared on it. */
function recording<T extends object>(target: T, seen: string[]): T {
  return new Proxy(target, {
    get(inner, property) {
      if (property === "prepare")
        return (query: string) => {
          seen.push(query);
          return (inner as unknown as D1Database).prepare(query);
        };
      // Handlers query through a D1 session: record its statements too.
      if (property === "withSession") return (constraint?: string) => recording((inner as unknown as D1Database).withSession(constraint), seen);
      const value = Reflect.get(inner, property) as unknown;
      return typeof value === "function" ? value.bind(inner) : value;
    },
  });
}
const recordingDatabase = (seen: string[]): D1Database => recording(env.DB, seen);

describe("GET /rates", () => {
  it("answers the company's own sale rates: price per minute in major units, currency, minimum and increment", async () => {
    const t = await fixture();
    await fixture("GBP");
    const response = await call("/api/v1/rates", { key: t.key });
    expect(response.status).toBe(200);
    expect(response.json.data.map((r: { prefix: string }) => r.prefix)).toEqual(["44", "346", "34"]);
    expect(response.json.data[1]).toEqual({
      id: t.rows[1]!.id,
      prefix: "346",
      country: "ES",
      destination: "ES 2",
      price_per_minute: 0.027,
      currency: "EUR",
      minimum_seconds: 60,
      billing_increment_seconds: 6,
      updated_at: "2026-03-02T00:00:00.000Z",
    });
    expect(response.json.data[0].price_per_minute).toBe(0.012345);
    const spain = await call("/api/v1/rates?country=ES&limit=1&offset=1", { key: t.key });
    expect(spain.json).toMatchObject({ limit: 1, offset: 1, data: [{ prefix: "34", price_per_minute: 0.009 }] });
    for (const query of ["country=Spain", "country=es"]) expect((await call(`/api/v1/rates?${query}`, { key: t.key })).status).toBe(400);
  });

  it("never carries a provider cost, margin or multiplier, in any field of the answer or of its documented schema", async () => {
    const t = await fixture();
    const response = await call("/api/v1/rates", { key: t.key });
    expect(keysOf(response.json).filter((key) => FORBIDDEN.test(key))).toEqual([]);
    expect(response.text).not.toContain("carrier-secret");
    expect(response.text).not.toContain("0.004321");
    expect(response.text).not.toMatch(/1\.7777|17777/);
    const document = (await call("/api/v1/openapi.json")).json;
    const rate = document.components.schemas.SaleRate;
    expect(Object.keys(rate.properties).filter((key) => FORBIDDEN.test(key))).toEqual([]);
    expect(rate.additionalProperties).toBe(false);
  });

  it("never reads rate_costs: no statement of the request names it, and the answer is the same without that table", async () => {
    const t = await fixture();
    const seen: string[] = [];
    const recorded = await call("/api/v1/rates", { key: t.key, vars: { DB: recordingDatabase(seen) } });
    expect(recorded.status).toBe(200);
    expect(seen.some((query) => query.includes('"sale_rates"'))).toBe(true);
    expect(seen.filter((query) => /rate_costs/i.test(query))).toEqual([]);

    await env.DB.exec("ALTER TABLE rate_costs RENAME TO rate_costs_hidden");
    try {
      const without = await call("/api/v1/rates", { key: t.key });
      expect(without.status).toBe(200);
      expect(without.json).toEqual(recorded.json);
    } finally {
      await env.DB.exec("ALTER TABLE rate_costs_hidden RENAME TO rate_costs");
    }
  });
});

describe("GET /rates/countries", () => {
  it("lists the callable destinations by name, with ISO code and dialling code, the same for every company", async () => {
    const t = await tenant();
    const other = await tenant({ defaultRegion: "GB" });
    const first = await call("/api/v1/rates/countries?limit=100", { key: t.key });
    expect(first.status).toBe(200);
    expect(first.json.data).toEqual(destinations);
    expect(first.json.data.length).toBeGreaterThan(30);
    expect((await call("/api/v1/rates/countries?limit=100", { key: other.key })).json).toEqual(first.json);
    const names = first.json.data.map((d: { name: string }) => d.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, "en")));
    expect(first.json.data).toContainEqual({ country: "ES", name: "Spain", dialling_code: "+34" });
    expect(first.json.data).toContainEqual({ country: "US", name: "United States", dialling_code: "+1" });
    for (const destination of first.json.data as { country: string; dialling_code: string }[]) {
      expect(destination.country).toMatch(/^[A-Z]{2}$/);
      expect(destination.dialling_code).toBe(diallingCode(destination.country));
    }
    const page = await call("/api/v1/rates/countries?limit=5&offset=5", { key: t.key });
    expect(page.json).toEqual({ data: destinations.slice(5, 10), limit: 5, offset: 5 });
  });
});
