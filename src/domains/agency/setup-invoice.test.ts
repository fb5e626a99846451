import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, operator } from "../../../test/helpers";
import { fund, ledgerOf } from "../../../test/wallet-operations";
import { agency, send } from "../../../test/fixtures/agency";
import { billingInvoices, subscriptions } from "../billing/schema";
import { setAgencyPrice } from "./panel";

const subaccount = (n: number, plan = "Business") => ({
  name: `Client ${n} SL`,
  plan,
  owner_email: `owner${n}@client.example`,
});
const invoicesOf = (companyId: string) =>
  db.select().from(billingInvoices).where(eq(billingInvoices.companyId, companyId));
const subscriptionOf = (companyId: string) =>
  db.select().from(subscriptions).where(eq(subscriptions.companyId, companyId)).get();

describe("a subaccount's money from its creation", () => {
  it("the setup charge issues the agency's invoice at the agency's VAT rate, in the charge's batch", async () => {
    const a = await agency();
    await fund(a.companyId, 10_000);
    await setAgencyPrice(db, a.companyId, { setupPrice: "49.90" });
    const created = await send("POST", "/api/v1/agency/subaccounts", a.key, subaccount(1));
    expect(created.status, created.text).toBe(201);
    const [invoice] = await invoicesOf(a.companyId);
    const charge = (await ledgerOf(a.companyId)).at(-1)!;
    expect(invoice).toMatchObject({
      seq: 1,
      status: "paid",
      totalMinor: 4_990,
      subtotalMinor: 4_124,
      taxMinor: 866,
      currency: "EUR",
      referenceType: "subaccount",
      referenceId: created.json.id,
      ledgerEntryId: charge.id,
    });
    expect(invoice!.lines).toEqual([
      { description: "Setup of subaccount Client 1 SL", quantity: 1, netMinor: 4_124, taxMinor: 866, taxRate: 21 },
    ]);
    // No setup price: no charge, no invoice.
    const free = await agency();
    expect((await send("POST", "/api/v1/agency/subaccounts", free.key, subaccount(2))).status).toBe(201);
    expect(await invoicesOf(free.companyId)).toEqual([]);
  });

  it("a subaccount on a paid plan has its monthly subscription from creation; one on PAYG has none", async () => {
    const a = await agency();
    const paid = await send("POST", "/api/v1/agency/subaccounts", a.key, subaccount(3, "Business"));
    expect(paid.status, paid.text).toBe(201);
    const subscription = await subscriptionOf(paid.json.id);
    expect(subscription).toMatchObject({
      plan: "Business",
      cycle: "monthly",
      priceMinor: 9_900,
      currency: "EUR",
      currentPeriodStart: paid.json.created_at,
      cancelAtPeriodEnd: false,
    });
    const payg = await send("POST", "/api/v1/agency/subaccounts", a.key, subaccount(4, "PAYG"));
    expect(payg.status).toBe(201);
    expect(await subscriptionOf(payg.json.id)).toBeUndefined();
  });

  it("a company the operator creates on a paid plan has its subscription from creation too", async () => {
    const created = await operator("/companies", {
      method: "POST",
      body: { name: "Acme SL", plan: "Starter", currency: "EUR" },
    });
    expect(created.status, created.text).toBe(201);
    expect(await subscriptionOf(created.json.company_id)).toMatchObject({
      plan: "Starter",
      priceMinor: 2_900,
      currency: "EUR",
    });
  });
});
