import { describe, expect, it } from "vitest";
import { db, slug, tenant } from "../../../test/helpers";
import { fund, runAlone } from "../../../test/wallet-operations";
import { seededRandom } from "../../lib/random";
import { localDateOf } from "../../lib/period";
import { calls } from "../calls";
import { read } from "../../../test/fixtures/billing";
import { insertUsageRecord } from "./queries";
import { numberOrders } from "./schema";
import { seedBillingAccount } from "./seed";
import { debit } from "./wallet";

const today = () => new Date().toISOString().slice(0, 10);

describe("GET /billing/balance", () => {
  it("is 0 in the billing currency without a wallet, then what the wallet holds, as of the read", async () => {
    const t = await tenant({ defaultCurrency: "GBP" });
    const empty = await read("/api/v1/billing/balance", t.key);
    expect(empty.status).toBe(200);
    expect(empty.json).toMatchObject({ amount: 0, currency: "GBP" });
    const other = await tenant();
    await fund(other.companyId, 12_345);
    const before = new Date().toISOString();
    const funded = await read("/api/v1/billing/balance", other.key);
    expect(funded.json).toMatchObject({ amount: 123.45, currency: "EUR" });
    expect(funded.json.as_of >= before).toBe(true);
  });
});

describe("GET /billing/transactions", () => {
  it("lists the ledger newest first with signed amounts and balances after; filters by kind and days", async () => {
    const t = await tenant();
    await fund(t.companyId, 10_000);
    await runAlone(
      await debit(db, {
        companyId: t.companyId,
        amountMinor: 250,
        currency: "EUR",
        kind: "charge",
        reference: { type: "campaign", id: "c-1" },
        description: "Campaign",
      }),
    );
    const all = await read("/api/v1/billing/transactions", t.key);
    expect(all.status).toBe(200);
    expect(
      all.json.data.map((row: { kind: string; amount: number; balance_after: number }) => [
        row.kind,
        row.amount,
        row.balance_after,
      ]),
    ).toEqual([
      ["charge", -2.5, 97.5],
      ["top_up", 100, 100],
    ]);
    expect(all.json.data[0]).toMatchObject({
      currency: "EUR",
      reference: { type: "campaign", id: "c-1" },
      description: "Campaign",
    });

    const charges = await read("/api/v1/billing/transactions?kind=charge", t.key);
    expect(charges.json.data).toHaveLength(1);
    expect((await read(`/api/v1/billing/transactions?from=${today()}&to=${today()}`, t.key)).json.data).toHaveLength(2);
    expect((await read("/api/v1/billing/transactions?to=2020-01-01", t.key)).json.data).toHaveLength(0);
  });

  it("refuses an unknown kind, an invalid day and a reversed range with 400 naming the parameter", async () => {
    const t = await tenant();
    for (const [query, path] of [
      ["kind=gift", "query.kind"],
      ["from=2026-02-30", "query.from"],
      ["from=2026-03-02&to=2026-03-01", "query.to"],
    ]) {
      const response = await read(`/api/v1/billing/transactions?${query}`, t.key);
      expect(response.status, query).toBe(400);
      expect(slug(response.json)).toBe("validation_error");
      expect(response.json.errors[0].path).toBe(path);
    }
  });
});

describe("GET /billing/usage", () => {
  it("counts and times the period's calls, and sums the usage records (the charges: calls' cost, messaging), with the total cost", async () => {
    const t = await tenant({ defaultRegion: "ES" });
    const zone = "Europe/Madrid";
    const startedAt = new Date().toISOString();
    const callRow = (durationSeconds: number, costMinor: number) => ({
      id: crypto.randomUUID(),
      companyId: t.companyId,
      direction: "outbound" as const,
      fromNumber: "+34910000000",
      toNumber: "+34612345678",
      agentId: null,
      result: "answered" as const,
      startedAt,
      endedAt: startedAt,
      localDate: localDateOf(startedAt, zone),
      durationSeconds,
      costMinor,
      currency: "EUR",
      summary: null,
    });
    await db.insert(calls).values([callRow(90, 30), callRow(30, 12)]);
    const record = (kind: "sms_segment" | "email" | "whatsapp_message" | "call", quantity: number, costMinor: number) =>
      insertUsageRecord(db, {
        id: crypto.randomUUID(),
        companyId: t.companyId,
        kind,
        quantity,
        costMinor,
        currency: "EUR",
        localDate: localDateOf(startedAt, zone),
        occurredAt: startedAt,
      });
    await db.batch([
      record("sms_segment", 3, 14),
      record("sms_segment", 1, 5),
      record("email", 2, 1),
      record("whatsapp_message", 4, 2),
      record("call", 300, 50),
      record("call", -120, -8),
    ]);

    const response = await read("/api/v1/billing/usage", t.key);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      end_date: localDateOf(Date.now(), zone),
      time_zone: zone,
      currency: "EUR",
      calls: { count: 2, minutes: 2, cost: 0.42 },
      sms: { segments: 4, cost: 0.19 },
      emails: { count: 2, cost: 0.01 },
      whatsapp: { messages: 4, cost: 0.02 },
      total_cost: 0.64,
    });
    expect(response.json.start_date).toBe(`${response.json.end_date.slice(0, 8)}01`);
    const before = await read("/api/v1/billing/usage?start_date=2020-01-01&end_date=2020-01-31", t.key);
    expect(before.json).toMatchObject({ calls: { count: 0, cost: 0 }, sms: { segments: 0 }, total_cost: 0 });
  });

  it("refuses an invalid date, a reversed period and one over a year with 400", async () => {
    const t = await tenant();
    for (const query of [
      "start_date=2026-13-01",
      "start_date=2026-03-02&end_date=2026-03-01",
      "start_date=2024-01-01&end_date=2026-01-01",
    ]) {
      const response = await read(`/api/v1/billing/usage?${query}`, t.key);
      expect(response.status, query).toBe(400);
      expect(slug(response.json)).toBe("validation_error");
    }
  });
});

describe("the seeded account", () => {
  it("reads its invoices (status filter), pending orders (completed ones left out), subscription and add-ons", async () => {
    const t = await tenant({ plan: "Business" });
    await seedBillingAccount(db, t.companyId, seededRandom(3), Date.now());
    const now = new Date().toISOString();
    await db.insert(numberOrders).values({
      id: crypto.randomUUID(),
      companyId: t.companyId,
      country: "ES",
      numberType: "local",
      e164: "+34910000001",
      status: "completed",
      statusReason: null,
      setupPriceMinor: 500,
      monthlyPriceMinor: 300,
      currency: "EUR",
      createdAt: now,
      updatedAt: now,
    });

    const invoices = await read("/api/v1/billing/invoices", t.key);
    expect(invoices.status).toBe(200);
    expect(invoices.json.data).toHaveLength(6);
    expect(invoices.json.data[0]).toMatchObject({ status: "open", currency: "EUR", paid_at: null });
    for (const invoice of invoices.json.data) expect(invoice.total).toBeCloseTo(invoice.subtotal + invoice.tax, 6);
    expect((await read("/api/v1/billing/invoices?status=paid", t.key)).json.data).toHaveLength(5);
    expect((await read("/api/v1/billing/invoices?status=late", t.key)).status).toBe(400);

    const orders = await read("/api/v1/billing/pending-orders", t.key);
    expect(orders.json.data.map((order: { status: string }) => order.status).sort()).toEqual([
      "pending_documents",
      "processing",
    ]);
    expect((await read("/api/v1/billing/pending-orders?status=processing", t.key)).json.data).toHaveLength(1);
    expect((await read("/api/v1/billing/pending-orders?status=completed", t.key)).status).toBe(400);

    const subscription = await read("/api/v1/billing/subscription", t.key);
    expect(subscription.json).toMatchObject({
      plan: "Business",
      subscribed: true,
      cycle: "monthly",
      price: 99,
      currency: "EUR",
      cancel_at_period_end: false,
      cancel_at: null,
      scheduled_plan: null,
    });
    expect(Date.parse(subscription.json.current_period_end)).toBeGreaterThan(Date.now());

    const addons = await read("/api/v1/billing/addons", t.key);
    const byType = Object.fromEntries(addons.json.data.map((addon: { type: string }) => [addon.type, addon]));
    expect(byType.call_recording).toMatchObject({ hired: true, available: true, monthly_price: 19 });
    expect(byType.white_label).toMatchObject({ hired: false, available: false, hired_at: null });
    expect(byType.extra_concurrent_calls).toMatchObject({
      hired: false,
      available: true,
      monthly_price: 49,
      currency: "EUR",
    });
  });

  it("a company without a subscription reads its plan, unsubscribed", async () => {
    const t = await tenant({ plan: "Starter" });
    const response = await read("/api/v1/billing/subscription", t.key);
    expect(response.json).toMatchObject({
      plan: "Starter",
      subscribed: false,
      cycle: null,
      price: null,
      current_period_end: null,
      cancel_at_period_end: false,
    });
  });
});
