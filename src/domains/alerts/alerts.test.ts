import { describe, expect, it } from "vitest";
import { call, db, keyFor, operator, slug, tenant } from "../../../test/helpers";
import { seededRandom } from "../../lib/random";
import { seedWalletHistory } from "../billing/seed";
import { shifted, walletWith } from "../../../test/wallet";
import { alertWith } from "../../../test/fixtures/alerts";
import { createAlert } from "./panel";
import { seedAlertDomain } from "./seed";
import { periodBounds } from "./state";
import { InputError } from "../../lib/input-error";

const month = () => periodBounds("month", new Date());
const day = () => periodBounds("day", new Date());

describe("GET /api/v1/alerts", () => {
  it("lists the alerts newest first, each with its configuration, current value and state", async () => {
    const t = await tenant();
    const start = month().start;
    const today = day().start;
    // Last month: 80.00 charged (not this period). This month: 100 topped up, 60 charged, 10 refunded,
    // a -5 staff adjustment (not spend), and today 25 charged. Balance: 200 - 80 + 100 - 60 + 10 - 5 - 25 = 140.
    await walletWith(t.companyId, [
      { kind: "top_up", amountMinor: 20_000, at: shifted(start, -10 * 86_400_000) },
      { kind: "charge", amountMinor: -8_000, at: shifted(start, -1) },
      { kind: "top_up", amountMinor: 10_000, at: start },
      { kind: "charge", amountMinor: -6_000, at: shifted(start, 1) },
      { kind: "refund", amountMinor: 1_000, at: shifted(start, 2) },
      { kind: "adjustment", amountMinor: -500, at: shifted(start, 3) },
      { kind: "charge", amountMinor: -2_500, at: shifted(today, 1) },
    ]);
    // On the 1st of a month, the month's movements are today's too.
    const spendToday = today === start ? 75 : 25;
    await alertWith(t.companyId, {
      id: `low-${t.companyId}`,
      kind: "low_balance",
      period: null,
      thresholdMinor: 15_000,
      createdAt: "2026-01-01T00:00:00.000Z",
    });
    await alertWith(t.companyId, {
      id: `month-${t.companyId}`,
      period: "month",
      thresholdMinor: 7_500,
      createdAt: "2026-01-02T00:00:00.000Z",
    });
    await alertWith(t.companyId, {
      id: `day-${t.companyId}`,
      period: "day",
      thresholdMinor: 3_000,
      createdAt: "2026-01-03T00:00:00.000Z",
    });

    const response = await call("/api/v1/alerts", { key: t.key });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ limit: 50, offset: 0 });
    const [dayAlert, monthAlert, lowAlert] = response.json.data;
    expect(response.json.data.map((a: { id: string }) => a.id)).toEqual([
      `day-${t.companyId}`,
      `month-${t.companyId}`,
      `low-${t.companyId}`,
    ]);
    expect(lowAlert).toEqual({
      id: `low-${t.companyId}`,
      kind: "low_balance",
      period: null,
      threshold: 150,
      currency: "EUR",
      enabled: true,
      current: 140,
      period_start: null,
      period_end: null,
      triggered: true,
      status: "triggered",
      silenced_until: null,
      dismissed: false,
      dismissed_at: null,
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-01T00:00:00.000Z",
    });
    expect(monthAlert).toMatchObject({
      kind: "spend",
      period: "month",
      threshold: 75,
      current: 75,
      triggered: true,
      period_start: month().start,
      period_end: month().end,
    });
    expect(dayAlert).toMatchObject({
      period: "day",
      threshold: 30,
      current: spendToday,
      triggered: spendToday >= 30,
      period_start: day().start,
      period_end: day().end,
    });
  });

  it("pages with limit and offset, clamped rather than refused (the operation declares no 400)", async () => {
    const t = await tenant();
    for (const n of [1, 2, 3])
      await alertWith(t.companyId, { id: `a${n}-${t.companyId}`, createdAt: `2026-01-0${n}T00:00:00.000Z` });
    const page = await call("/api/v1/alerts?limit=2&offset=1", { key: t.key });
    expect(page.json.data.map((a: { id: string }) => a.id)).toEqual([`a2-${t.companyId}`, `a1-${t.companyId}`]);
    const odd = await call("/api/v1/alerts?limit=abc&offset=-4", { key: t.key });
    expect(odd.status).toBe(200);
    expect(odd.json).toMatchObject({ limit: 50, offset: 0 });
  });

  it("a company without a wallet: balance 0, no spend; a company without alerts: an empty page", async () => {
    const t = await tenant();
    expect((await call("/api/v1/alerts", { key: t.key })).json).toEqual({ data: [], limit: 50, offset: 0 });
    await alertWith(t.companyId, { id: `low-${t.companyId}`, kind: "low_balance", period: null, thresholdMinor: 1 });
    await alertWith(t.companyId, { id: `spend-${t.companyId}`, createdAt: "2026-01-02T00:00:00.000Z" });
    const [spend, low] = (await call("/api/v1/alerts", { key: t.key })).json.data;
    expect(low).toMatchObject({ current: 0, triggered: true });
    expect(spend).toMatchObject({ current: 0, triggered: false });
  });

  it("shows only the company's own alerts, computed from its own wallet; needs alerts:read", async () => {
    const a = await tenant();
    const b = await tenant();
    await walletWith(b.companyId, [
      { kind: "top_up", amountMinor: 100_000, at: month().start },
      { kind: "charge", amountMinor: -90_000, at: month().start },
    ]);
    await alertWith(a.companyId, { id: `a-${a.companyId}` });
    expect((await call("/api/v1/alerts", { key: b.key })).json.data).toEqual([]);
    expect((await call("/api/v1/alerts", { key: a.key })).json.data[0]).toMatchObject({ current: 0, triggered: false });
    const noScope = await keyFor(a.companyId, ["alerts:write"]);
    expect(slug((await call("/api/v1/alerts", { key: noScope.key })).json)).toBe("insufficient_scope");
  });
});

describe("seed and panel", () => {
  it("the seed gives a company its usual alerts in its wallet's currency", async () => {
    const t = await tenant({ defaultCurrency: "GBP" });
    await seedWalletHistory(db, t.companyId, [], seededRandom(7), Date.now());
    expect(await seedAlertDomain(db, t.companyId, "GBP", seededRandom(7), Date.now())).toEqual({ alerts: 4 });
    const listed = (await call("/api/v1/alerts", { key: t.key })).json.data;
    expect(listed.map((a: { kind: string; period: string | null }) => `${a.kind}:${a.period}`).sort()).toEqual([
      "low_balance:null",
      "spend:day",
      "spend:month",
      "spend:week",
    ]);
    expect(
      listed.every((a: { currency: string; current: number }) => a.currency === "GBP" && typeof a.current === "number"),
    ).toBe(true);
    expect(listed.find((a: { period: string | null }) => a.period === "day")).toMatchObject({
      enabled: false,
      status: "disabled",
    });
  });

  it("npm run admin -- alert create: creates an alert in the wallet's currency, refusing bad input", async () => {
    const t = await tenant({ defaultCurrency: "USD" });
    const created = await createAlert(db, { companyId: t.companyId, kind: "spend", period: "week", threshold: "12.5" });
    expect(created).toMatchObject({ kind: "spend", period: "week", threshold: 12.5, currency: "USD" });
    const listed = (await call("/api/v1/alerts", { key: t.key })).json.data;
    expect(listed).toEqual([
      expect.objectContaining({ id: created.id, threshold: 12.5, currency: "USD", status: "ok" }),
    ]);
    for (const input of [
      { kind: "fraud", threshold: "1" },
      { kind: "spend", threshold: "1" },
      { kind: "low_balance", threshold: "1", period: "day" },
      { kind: "low_balance", threshold: "0" },
      { kind: "low_balance", threshold: "1.234" },
      { kind: "low_balance", threshold: "ten" },
    ]) {
      await expect(createAlert(db, { companyId: t.companyId, ...input }), JSON.stringify(input)).rejects.toThrow(
        InputError,
      );
    }
    await expect(
      createAlert(db, { companyId: "no-such-company", kind: "low_balance", threshold: "1" }),
    ).rejects.toThrow(/No company/);
  });
});

describe("the operator API: POST /admin/v1/companies/{company_id}/alerts", () => {
  it("creates an alert that GET /alerts shows, audited; refuses bad input and unknown companies", async () => {
    const t = await tenant({ defaultCurrency: "EUR" });
    const created = await operator(`/companies/${t.companyId}/alerts`, {
      method: "POST",
      body: { kind: "spend", threshold: 25.5, period: "month" },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({
      company_id: t.companyId,
      kind: "spend",
      period: "month",
      threshold: 25.5,
      currency: "EUR",
    });
    expect((await call("/api/v1/alerts", { key: t.key })).json.data).toEqual([
      expect.objectContaining({ id: created.json.id, threshold: 25.5, period: "month" }),
    ]);
    expect((await operator(`/audit-log?company_id=${t.companyId}`)).json.data[0]).toMatchObject({
      operation: "createAlert",
      resource_type: "alert",
      resource_id: created.json.id,
    });
    for (const body of [
      { kind: "spend", threshold: 1 },
      { kind: "low_balance", threshold: 1, period: "day" },
      { kind: "low_balance", threshold: 0 },
      { kind: "low_balance", threshold: 1.234 },
      { kind: "fraud", threshold: 1 },
    ]) {
      expect(
        (await operator(`/companies/${t.companyId}/alerts`, { method: "POST", body })).status,
        JSON.stringify(body),
      ).toBe(400);
    }
    expect(
      (
        await operator(`/companies/${crypto.randomUUID()}/alerts`, {
          method: "POST",
          body: { kind: "low_balance", threshold: 5 },
        })
      ).status,
    ).toBe(404);
  });
});
