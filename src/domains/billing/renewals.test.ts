import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../test/helpers";
import { balanceOf, checkedLedgerSum, ledgerOf } from "../../../test/wallet-operations";
import { companies } from "../../data/schema";
import { billedCompany, send } from "../../../test/fixtures/billing";
import { renewDueSubscriptions } from "./renewals";
import { subscriptions } from "./schema";

const planOf = async (companyId: string) =>
  (await db.select({ plan: companies.plan }).from(companies).where(eq(companies.id, companyId)).get())!.plan;
const subscriptionOf = (companyId: string) =>
  db.select().from(subscriptions).where(eq(subscriptions.companyId, companyId)).get();

/** A company that hired `plan` (monthly) from PAYG. */
async function subscribed(plan: string, balanceMinor: number) {
  const t = await billedCompany({ balanceMinor, plan: "PAYG" });
  expect((await send("POST", "/api/v1/billing/subscription", t.key, { plan })).status).toBe(201);
  return t;
}

const afterPeriod = async (companyId: string) =>
  Date.parse((await subscriptionOf(companyId))!.currentPeriodEnd) + 1_000;

describe("renewals at the end of the period (the Cron Trigger)", () => {
  it("charges the next period and moves the period on; a scheduled downgrade takes effect then", async () => {
    const t = await subscribed("Business", 50_000);
    expect((await send("POST", "/api/v1/billing/subscription", t.key, { plan: "Starter" })).json.change).toBe(
      "downgrade_scheduled",
    );
    const before = (await subscriptionOf(t.companyId))!;
    const counts = await renewDueSubscriptions(db, await afterPeriod(t.companyId));
    expect(counts.renewed).toBeGreaterThanOrEqual(1);
    const after = (await subscriptionOf(t.companyId))!;
    expect(after).toMatchObject({
      plan: "Starter",
      scheduledPlan: null,
      priceMinor: 2_900,
      currentPeriodStart: before.currentPeriodEnd,
    });
    expect(Date.parse(after.currentPeriodEnd)).toBeGreaterThan(Date.parse(before.currentPeriodEnd));
    expect(await planOf(t.companyId)).toBe("Starter");
    expect((await ledgerOf(t.companyId)).at(-1)).toMatchObject({
      kind: "charge",
      amountMinor: -2_900,
      referenceType: "subscription",
    });
    expect(await balanceOf(t.companyId)).toBe(50_000 - 9_900 - 2_900);
    expect(await checkedLedgerSum(t.companyId)).toBe(37_200);
    // Not due again until the new period ends.
    await renewDueSubscriptions(db, (await afterPeriod(t.companyId)) - 2_000);
    expect(await balanceOf(t.companyId)).toBe(37_200);
  });

  it("a cancelled subscription ends: the account falls back to PAYG, nothing charged", async () => {
    const t = await subscribed("Starter", 10_000);
    expect((await send("DELETE", "/api/v1/billing/subscription", t.key)).status).toBe(200);
    await renewDueSubscriptions(db, await afterPeriod(t.companyId));
    expect(await subscriptionOf(t.companyId)).toBeUndefined();
    expect(await planOf(t.companyId)).toBe("PAYG");
    expect(await balanceOf(t.companyId)).toBe(10_000 - 2_900);
  });

  it("a renewal the wallet cannot pay ends the subscription, and charges nothing", async () => {
    const t = await subscribed("Business", 10_000);
    await renewDueSubscriptions(db, await afterPeriod(t.companyId));
    expect(await subscriptionOf(t.companyId)).toBeUndefined();
    expect(await planOf(t.companyId)).toBe("PAYG");
    expect(await balanceOf(t.companyId)).toBe(100);
    expect(await checkedLedgerSum(t.companyId)).toBe(100);
  });
});
