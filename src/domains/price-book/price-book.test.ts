import { describe, expect, it } from "vitest";
import { call, operator, slug } from "../../../test/helpers";
import { read, send } from "../../../test/fixtures/billing";
import { uniqueMobile } from "../../../test/fixtures/dialer";
import { fund } from "../../../test/wallet-operations";
import { createAgent } from "../agents";
import { destinations } from "../telephony";
import { db } from "../../../test/helpers";
import { bookCountries } from "./book";

const FORBIDDEN = /cost|margin|multiplier|provider|markup/i;
const keysOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap(keysOf)
    : value && typeof value === "object"
      ? Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)])
      : [];

/** A company made the way the panel makes one: the operator API, a key, spending on, a funded wallet and a voice agent. */
async function onboarded(plan = "Business", currency = "EUR") {
  const created = await operator("/companies", {
    method: "POST",
    body: {
      name: `Priced ${crypto.randomUUID().slice(0, 8)}`,
      plan,
      currency,
      country: "ES",
      spend_enabled: true,
      capabilities: ["sms"],
    },
  });
  expect(created.status, created.text).toBe(201);
  const companyId = created.json.company_id as string;
  const key = await operator(`/companies/${companyId}/keys`, { method: "POST", body: { scopes: "all" } });
  expect(key.status, key.text).toBe(201);
  await fund(companyId, 10_000);
  const { agent } = await createAgent(db, { companyId, name: "Outbound" });
  return { companyId, key: key.json.api_key as string, agentId: agent.id };
}

const spainRates = async (key: string) =>
  (await read("/api/v1/rates?country=ES", key)).json.data as { destination: string; price_per_minute: number }[];

describe("the price book", () => {
  it("prices exactly the telephony catalogue's callable countries, for every plan", async () => {
    expect([...bookCountries].sort()).toEqual(destinations.map((destination) => destination.country).sort());
    for (const plan of ["PAYG", "Starter", "Business", "Agency", "Partner", "Enterprise"]) {
      const book = await operator(`/price-book?plan=${plan}`);
      expect(book.status).toBe(200);
      const entries = book.json.data as {
        kind: string;
        country: string | null;
        number_type: string | null;
        amount: number;
      }[];
      for (const country of bookCountries) {
        for (const type of ["landline", "mobile"])
          expect(
            entries.some((e) => e.kind === "call" && e.country === country && e.number_type === type && e.amount > 0),
            `${plan} ${country} ${type}`,
          ).toBe(true);
        expect(
          entries.some((e) => e.kind === "sms" && e.country === country && e.amount > 0),
          `${plan} ${country} sms`,
        ).toBe(true);
      }
      expect(entries.filter((e) => e.kind === "email" || e.kind === "whatsapp")).toHaveLength(2);
    }
    expect((await operator("/price-book?plan=Gold")).status).toBe(400);
  });

  it("a company made through the operator API can dial a country of GET /rates and send an SMS at once", async () => {
    const t = await onboarded();
    const rates = await spainRates(t.key);
    expect(rates.map((rate) => [rate.destination, rate.price_per_minute])).toEqual([
      ["Spain landline", 0.009],
      ["Spain mobile", 0.027],
    ]);
    const dialled = await send("POST", "/api/v1/calls/dial", t.key, { to: uniqueMobile(), agent_id: t.agentId });
    expect(dialled.status, dialled.text).toBe(201);
    // 30 minutes (the default) at 0.027: 0.81.
    expect(dialled.json).toMatchObject({
      country: "ES",
      rate: { price_per_minute: 0.027, minimum_seconds: 60, billing_increment_seconds: 60 },
      reserved: 0.81,
      currency: "EUR",
    });
    expect(keysOf(dialled.json).filter((key) => FORBIDDEN.test(key))).toEqual([]);
    const sms = await send("POST", "/api/v1/sms/send", t.key, { to: uniqueMobile(), text: "Hola" });
    expect(sms.status, sms.text).toBe(200);
    expect(sms.json).toMatchObject({
      country: "ES",
      segments: 1,
      price_per_segment: 0.07,
      cost: 0.07,
      currency: "EUR",
      status: "sent",
    });
  });

  it("a company's own rate wins over its plan's, for that company only, and removing it restores the book", async () => {
    const [mine, other] = await Promise.all([onboarded(), onboarded()]);
    const set = await operator(`/companies/${mine.companyId}/rates`, {
      method: "PUT",
      body: { country: "ES", per_minute: 0.2, number_type: "mobile" },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.json).toMatchObject({
      company_id: mine.companyId,
      country: "ES",
      number_types: ["mobile"],
      per_minute: 0.2,
      currency: "EUR",
    });
    expect((await spainRates(mine.key)).map((rate) => rate.price_per_minute)).toEqual([0.009, 0.2]);
    expect((await spainRates(other.key)).map((rate) => rate.price_per_minute)).toEqual([0.009, 0.027]);
    const dialled = await send("POST", "/api/v1/calls/dial", mine.key, { to: uniqueMobile(), agent_id: mine.agentId });
    expect(dialled.json).toMatchObject({ rate: { price_per_minute: 0.2 }, reserved: 6 });

    const both = await operator(`/companies/${mine.companyId}/rates`, {
      method: "PUT",
      body: { country: "PT", per_minute: 0.05 },
    });
    expect(both.json.number_types).toEqual(["mobile", "landline"]);
    const removed = await operator(`/companies/${mine.companyId}/rates/ES`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({ company_id: mine.companyId, country: "ES", removed: ["mobile"] });
    expect((await spainRates(mine.key)).map((rate) => rate.price_per_minute)).toEqual([0.009, 0.027]);
    expect(
      (await read("/api/v1/rates?country=PT", mine.key)).json.data.map(
        (rate: { price_per_minute: number }) => rate.price_per_minute,
      ),
    ).toEqual([0.05, 0.05]);

    const price = await operator(`/companies/${mine.companyId}/prices`, {
      method: "PUT",
      body: { kind: "sms", country: "ES", amount: 0.03 },
    });
    expect(price.json).toMatchObject({ kind: "sms", country: "ES", amount: 0.03, currency: "EUR" });
    expect((await send("POST", "/api/v1/sms/send", mine.key, { to: uniqueMobile(), text: "Hola" })).json).toMatchObject(
      { price_per_segment: 0.03 },
    );
    expect(
      (await send("POST", "/api/v1/sms/send", other.key, { to: uniqueMobile(), text: "Hola" })).json,
    ).toMatchObject({ price_per_segment: 0.07 });

    const audit = await operator(`/audit-log?company_id=${mine.companyId}`);
    expect(audit.json.data.map((entry: { operation: string }) => entry.operation)).toEqual(
      expect.arrayContaining(["setCompanyRate", "removeCompanyRates", "setCompanyPrice"]),
    );
  });

  it("an edit of a plan's book reaches every company on the plan without a price of its own", async () => {
    const [plain, own] = await Promise.all([onboarded("Partner"), onboarded("Partner")]);
    await operator(`/companies/${own.companyId}/rates`, { method: "PUT", body: { country: "UY", per_minute: 0.3 } });
    const before = await operator("/price-book?plan=Partner");
    const original = before.json.data.find(
      (e: { kind: string; country: string; number_type: string }) =>
        e.kind === "call" && e.country === "UY" && e.number_type === "landline",
    );
    expect(original).toMatchObject({ edited: false });
    const edited = await operator("/price-book/Partner", {
      method: "PUT",
      body: { kind: "call", country: "UY", number_type: "landline", amount: 0.111 },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toMatchObject({
      plan: "Partner",
      kind: "call",
      country: "UY",
      number_types: ["landline"],
      amount: 0.111,
    });
    const uruguay = async (key: string) =>
      (await read("/api/v1/rates?country=UY", key)).json.data.map(
        (rate: { price_per_minute: number }) => rate.price_per_minute,
      );
    expect((await uruguay(plain.key))[0]).toBe(0.111);
    expect(await uruguay(own.key)).toEqual([0.3, 0.3]);
    const after = await operator("/price-book?plan=Partner");
    expect(
      after.json.data.find(
        (e: { kind: string; country: string; number_type: string }) =>
          e.kind === "call" && e.country === "UY" && e.number_type === "landline",
      ),
    ).toMatchObject({ amount: 0.111, edited: true });
    // Put it back: the book is shared with the other tests.
    await operator("/price-book/Partner", {
      method: "PUT",
      body: { kind: "call", country: "UY", number_type: "landline", amount: original.amount },
    });
  });

  it("refuses what it cannot price: 400 naming the field, 404 for an unknown company", async () => {
    const t = await onboarded();
    const refusals: [string, string, unknown, string][] = [
      [`/companies/${t.companyId}/rates`, "PUT", { country: "JP", per_minute: 0.1 }, "body.country"],
      [`/companies/${t.companyId}/rates`, "PUT", { country: "ES", per_minute: 0.1234567 }, "body.per_minute"],
      [`/companies/${t.companyId}/rates`, "PUT", { country: "ES", per_minute: -1 }, "body.per_minute"],
      [`/companies/${t.companyId}/prices`, "PUT", { kind: "email", country: "ES", amount: 0.01 }, "body.country"],
      [`/companies/${t.companyId}/prices`, "PUT", { kind: "sms", amount: 0.01 }, "body.country"],
      [`/companies/${t.companyId}/prices`, "PUT", { kind: "call", country: "ES", amount: 0.01 }, "body.kind"],
      [
        "/price-book/Business",
        "PUT",
        { kind: "sms", country: "ES", number_type: "mobile", amount: 0.01 },
        "body.number_type",
      ],
    ];
    for (const [path, method, body, field] of refusals) {
      const response = await operator(path, { method, body });
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json.errors.map((error: { path: string }) => error.path)).toContain(field);
    }
    for (const [path, method, body] of [
      ["/companies/nope/rates", "PUT", { country: "ES", per_minute: 0.1 }],
      ["/companies/nope/prices", "PUT", { kind: "email", amount: 0.01 }],
      ["/companies/nope/rates/ES", "DELETE", undefined],
    ] as const) {
      const response = await operator(path, { method, body });
      expect(response.status).toBe(404);
      expect(slug(response.json)).toBe("not_found");
    }
    // Not for API keys.
    expect(
      (
        await call(`/admin/v1/companies/${t.companyId}/rates`, {
          key: t.key,
          method: "PUT",
          body: { country: "ES", per_minute: 0 },
        })
      ).status,
    ).toBe(404);
  });
});
