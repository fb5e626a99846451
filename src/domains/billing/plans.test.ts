import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { staggered, statusCounts } from "../../../test/concurrency";
import { db, slug, tenant } from "../../../test/helpers";
import { auditEntries, balanceOf, checkedLedgerSum, fund, ledgerOf } from "../../../test/wallet-operations";
import { companies } from "../../data/schema";
import { billedCompany, eventsOf, read, send } from "../../../test/fixtures/billing";
import { proratedMinor } from "./actions";

const changePlan = (key: string, body: unknown) => send("POST", "/api/v1/billing/subscription", key, body);
const cancel = (key: string) => send("DELETE", "/api/v1/billing/subscription", key);
const planOf = async (companyId: string) =>
  (await db.select({ plan: companies.plan }).from(companies).where(eq(companies.id, companyId)).get())!.plan;

describe("POST /billing/subscription", () => {
  it("hires a plan: 201, the first cycle charged with its ledger and audit entries, the plan in force at once", async () => {
    const t = await billedCompany({ balanceMinor: 200_000, plan: "Starter" });
    const response = await changePlan(t.key, { plan: "Business", cycle: "yearly" });
    expect(response.status, response.text).toBe(201);
    expect(response.json).toMatchObject({
      plan: "Business",
      subscribed: true,
      cycle: "yearly",
      price: 990,
      currency: "EUR",
      change: "hired",
      charged: 990,
      cancel_at_period_end: false,
    });
    const months =
      (Date.parse(response.json.current_period_end) - Date.parse(response.json.current_period_start)) / 86_400_000;
    expect(months).toBeGreaterThanOrEqual(365);
    expect(await planOf(t.companyId)).toBe("Business");
    expect(await balanceOf(t.companyId)).toBe(101_000);
    expect((await ledgerOf(t.companyId)).at(-1)).toMatchObject({
      kind: "charge",
      amountMinor: -99_000,
      referenceType: "subscription",
    });
    expect(await auditEntries(t.companyId, "changePlan")).toHaveLength(1);
    expect((await read("/api/v1/billing/subscription", t.key)).json).toMatchObject({
      plan: "Business",
      cycle: "yearly",
      price: 990,
    });
  });

  it("the capabilities follow the plan at once: rates (Starter and up) open after a PAYG account hires Starter", async () => {
    // No capability granted beyond the plan's.
    const t = await tenant({ plan: "PAYG", spendEnabled: true, defaultCurrency: "EUR" });
    await fund(t.companyId, 10_000);
    expect(slug((await read("/api/v1/rates", t.key)).json)).toBe("capability_required");
    expect((await changePlan(t.key, { plan: "Starter" })).status).toBe(201);
    expect((await read("/api/v1/rates", t.key)).status).toBe(200);
  });

  it("an upgrade is in force now and charges the price difference for the rest of the period; a downgrade waits for the period's end", async () => {
    const t = await billedCompany({ balanceMinor: 100_000, plan: "PAYG" });
    expect((await changePlan(t.key, { plan: "Starter" })).status).toBe(201);
    const upgrade = await changePlan(t.key, { plan: "Business" });
    expect(upgrade.status).toBe(200);
    expect(upgrade.json).toMatchObject({ plan: "Business", change: "upgraded", price: 99, cycle: "monthly" });
    // Nearly the whole period remains: nearly the whole difference (99 - 29).
    expect(upgrade.json.charged).toBeGreaterThan(69.9);
    expect(upgrade.json.charged).toBeLessThanOrEqual(70);
    expect(await planOf(t.companyId)).toBe("Business");

    const downgrade = await changePlan(t.key, { plan: "Starter" });
    expect(downgrade.status).toBe(200);
    expect(downgrade.json).toMatchObject({
      plan: "Business",
      scheduled_plan: "Starter",
      change: "downgrade_scheduled",
      charged: 0,
    });
    expect(await planOf(t.companyId)).toBe("Business");
    expect(slug((await changePlan(t.key, { plan: "Starter" })).json)).toBe("conflict");

    // An upgrade replaces a scheduled downgrade.
    const again = await changePlan(t.key, { plan: "Agency" });
    expect(again.json).toMatchObject({ plan: "Agency", scheduled_plan: null, change: "upgraded" });
    expect(await checkedLedgerSum(t.companyId)).toBe(await balanceOf(t.companyId));
    expect(await auditEntries(t.companyId, "changePlan")).toHaveLength(4);
  });

  it("the current plan is 409, and a balance short of the charge is 409 naming the amounts; nothing changes", async () => {
    const t = await billedCompany({ balanceMinor: 5_000, plan: "Starter" });
    expect((await changePlan(t.key, { plan: "Starter" })).status).toBe(201);
    const same = await changePlan(t.key, { plan: "Starter" });
    expect(same.status).toBe(409);
    expect(same.json.detail).toContain("already on the Starter plan");
    const short = await changePlan(t.key, { plan: "Enterprise" });
    expect(short.status).toBe(409);
    expect(short.json).toMatchObject({ currency: "EUR", balance_minor: 2_100 });
    expect(await planOf(t.companyId)).toBe("Starter");
    expect(await balanceOf(t.companyId)).toBe(2_100);
    expect(await auditEntries(t.companyId, "changePlan")).toHaveLength(1);
    expect((await changePlan(t.key, { plan: "Gold" })).status).toBe(400);
  });

  it("concurrent hires with different keys: one subscription, charged once", async () => {
    const t = await billedCompany({ balanceMinor: 100_000, plan: "PAYG" });
    const outcomes = await staggered(6, () => changePlan(t.key, { plan: "Business" }));
    const counts = statusCounts(outcomes);
    expect(counts[201]).toBe(1);
    expect((counts[201] ?? 0) + (counts[409] ?? 0)).toBe(6);
    expect(await balanceOf(t.companyId)).toBe(100_000 - 9_900);
    expect(await checkedLedgerSum(t.companyId)).toBe(100_000 - 9_900);
  });

  it("prorates by the time left of the period", () => {
    const period = { currentPeriodStart: "2026-04-01T00:00:00.000Z", currentPeriodEnd: "2026-05-01T00:00:00.000Z" };
    expect(proratedMinor(7_000, period, Date.parse("2026-04-16T00:00:00.000Z"))).toBe(3_500);
    expect(proratedMinor(7_000, period, Date.parse("2026-05-02T00:00:00.000Z"))).toBe(0);
    expect(proratedMinor(-100, period, Date.parse("2026-04-02T00:00:00.000Z"))).toBe(0);
  });
});

describe("DELETE /billing/subscription", () => {
  it("cancels at the end of the period (200 with the date); again is 409; without a subscription 404", async () => {
    const t = await billedCompany({ balanceMinor: 10_000, plan: "Starter" });
    expect((await cancel(t.key)).status).toBe(404);
    const hired = await changePlan(t.key, { plan: "Starter" });
    const cancelled = await cancel(t.key);
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({
      plan: "Starter",
      cancel_at_period_end: true,
      cancel_at: hired.json.current_period_end,
    });
    const twice = await cancel(t.key);
    expect(twice.status).toBe(409);
    expect(twice.json.cancel_at).toBe(hired.json.current_period_end);
    expect((await read("/api/v1/billing/subscription", t.key)).json).toMatchObject({
      cancel_at_period_end: true,
      plan: "Starter",
    });
    expect(await auditEntries(t.companyId, "cancelSubscription")).toHaveLength(1);
    const events = await eventsOf(t.companyId);
    expect(events.map((event) => [event.type, event.data.change])).toEqual([
      ["subscription.changed", "hired"],
      ["subscription.changed", "cancelled"],
    ]);
    expect(events[1]!.data).toMatchObject({ plan: "Starter", cancel_at: hired.json.current_period_end, charged: 0 });
  });
});

describe("add-ons", () => {
  const hire = (key: string, type: string) => send("POST", "/api/v1/billing/addons", key, { addon_type: type });

  it("hires (201, the month charged), again is 200 with nothing charged, cancels (200), then 404", async () => {
    const t = await billedCompany({ balanceMinor: 10_000 });
    const hired = await hire(t.key, "extra_concurrent_calls");
    expect(hired.status).toBe(201);
    expect(hired.json).toMatchObject({ type: "extra_concurrent_calls", hired: true, charged: 49, monthly_price: 49 });
    expect((await ledgerOf(t.companyId)).at(-1)).toMatchObject({
      kind: "charge",
      amountMinor: -4_900,
      referenceType: "add_on",
      referenceId: "extra_concurrent_calls",
    });
    const again = await hire(t.key, "extra_concurrent_calls");
    expect(again.status).toBe(200);
    expect(again.json.charged).toBe(0);
    expect(await balanceOf(t.companyId)).toBe(5_100);

    const cancelled = await send("DELETE", "/api/v1/billing/addons/extra_concurrent_calls", t.key);
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ type: "extra_concurrent_calls", hired: false });
    expect((await send("DELETE", "/api/v1/billing/addons/extra_concurrent_calls", t.key)).status).toBe(404);
    expect((await send("DELETE", "/api/v1/billing/addons/no_such_addon", t.key)).status).toBe(404);
    expect(
      (await read("/api/v1/billing/addons", t.key)).json.data.find(
        (addon: { type: string }) => addon.type === "extra_concurrent_calls",
      ).hired,
    ).toBe(false);
    expect(await auditEntries(t.companyId, "hireAddon")).toHaveLength(1);
    expect(await auditEntries(t.companyId, "cancelAddon")).toHaveLength(1);
    expect((await eventsOf(t.companyId)).map((event) => [event.type, event.data.addon_type])).toEqual([
      ["addon.hired", "extra_concurrent_calls"],
      ["addon.cancelled", "extra_concurrent_calls"],
    ]);
  });

  it("an add-on the plan cannot hire is 409, an unknown one 400, a short balance 409; nothing charged", async () => {
    const t = await billedCompany({ balanceMinor: 1_000, plan: "Business" });
    const whiteLabel = await hire(t.key, "white_label");
    expect(whiteLabel.status).toBe(409);
    expect(whiteLabel.json.detail).toContain("Business plan");
    expect((await hire(t.key, "unicorns")).status).toBe(400);
    const short = await hire(t.key, "extra_concurrent_calls");
    expect(short.status).toBe(409);
    expect(short.json).toMatchObject({ amount_minor: 4_900, balance_minor: 1_000 });
    expect(await balanceOf(t.companyId)).toBe(1_000);
  });

  it("concurrent hires of one add-on with different keys charge once: one 201, the others 200", async () => {
    const t = await billedCompany({ balanceMinor: 10_000 });
    const outcomes = await staggered(6, () => hire(t.key, "call_recording"));
    expect(statusCounts(outcomes)).toEqual({ 200: 5, 201: 1 });
    expect(await balanceOf(t.companyId)).toBe(10_000 - 1_900);
    expect(await checkedLedgerSum(t.companyId)).toBe(8_100);
  });
});
