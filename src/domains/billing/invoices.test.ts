import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { staggered, statusCounts } from "../../../test/concurrency";
import { db } from "../../../test/helpers";
import { fund, ledgerOf } from "../../../test/wallet-operations";
import { billedCompany, read, send } from "../../../test/fixtures/billing";
import { companies } from "../../data/schema";
import { renewDueSubscriptions } from "./renewals";
import { splitGross } from "./invoicing";
import { addDays } from "../../lib/period";
import { billingInvoices, companyAddons, subscriptions, walletLedger } from "./schema";

const invoicesOf = (companyId: string) =>
  db.select().from(billingInvoices).where(eq(billingInvoices.companyId, companyId)).orderBy(asc(billingInvoices.seq));
const charges = async (companyId: string) => (await ledgerOf(companyId)).filter((entry) => entry.kind === "charge");
const trunk = (name: string) => ({
  name,
  host: "sip.carrier.example",
  username: "acme",
  password: "s3cret-Passw0rd",
  channels: 10,
});

/** Every charge of the company has exactly one invoice, whose total is the charge and whose ledger entry is it. */
async function everyChargeInvoiced(companyId: string) {
  const invoices = await invoicesOf(companyId);
  const entries = await charges(companyId);
  expect(invoices.map((invoice) => invoice.ledgerEntryId).sort()).toEqual(entries.map((entry) => entry.id).sort());
  for (const entry of entries) {
    const invoice = invoices.find((row) => row.ledgerEntryId === entry.id)!;
    expect(invoice).toMatchObject({
      totalMinor: -entry.amountMinor,
      currency: entry.currency,
      referenceType: entry.referenceType,
      referenceId: entry.referenceId,
      status: "paid",
    });
    expect(invoice.subtotalMinor + invoice.taxMinor).toBe(invoice.totalMinor);
    expect(invoice.lines.reduce((sum, line) => sum + line.netMinor + line.taxMinor, 0)).toBe(invoice.totalMinor);
  }
  // Numbered 1, 2, 3 ... without gaps, each number printing its seq.
  expect(invoices.map((invoice) => invoice.seq)).toEqual(invoices.map((_, index) => index + 1));
  for (const invoice of invoices)
    expect(invoice.number).toBe(`INV-${invoice.issuedAt.slice(0, 4)}-${String(invoice.seq).padStart(6, "0")}`);
  return invoices;
}

describe("billing invoices: one per charge, in the charge's batch", () => {
  it("splits a gross price into net and VAT at the rate, rounding the net half away from zero", () => {
    expect(splitGross(9_900, 21)).toEqual({ netMinor: 8_182, taxMinor: 1_718 });
    expect(splitGross(4_900, 0)).toEqual({ netMinor: 4_900, taxMinor: 0 });
    expect(splitGross(1_500, 20)).toEqual({ netMinor: 1_250, taxMinor: 250 });
  });

  it("a plan hire, an upgrade, a renewal, an add-on and a SIP trunk each issue one, paid, at the company's VAT rate; GET /billing/invoices lists them", async () => {
    const t = await billedCompany({ balanceMinor: 200_000, plan: "PAYG" });
    await db.update(companies).set({ defaultVatRate: 20 }).where(eq(companies.id, t.companyId));
    expect((await send("POST", "/api/v1/billing/subscription", t.key, { plan: "Starter" })).status).toBe(201);
    expect((await send("POST", "/api/v1/billing/subscription", t.key, { plan: "Business" })).status).toBe(200);
    expect((await send("POST", "/api/v1/billing/addons", t.key, { addon_type: "call_recording" })).status).toBe(201);
    const created = await send("POST", "/api/v1/sip-trunks", t.key, trunk("Main carrier"));
    expect(created.status, created.text).toBe(201);
    const subscription = (await db.select().from(subscriptions).where(eq(subscriptions.companyId, t.companyId)).get())!;
    await renewDueSubscriptions(db, Date.parse(subscription.currentPeriodEnd) + 1_000);

    const invoices = await everyChargeInvoiced(t.companyId);
    expect(invoices.map((invoice) => invoice.referenceType)).toEqual([
      "subscription",
      "subscription",
      "add_on",
      "sip_trunk",
      "subscription",
    ]);
    const [hire, , addon, sipTrunk, renewal] = invoices;
    expect(hire).toMatchObject({
      totalMinor: 2_900,
      subtotalMinor: 2_417,
      taxMinor: 483,
      currency: "EUR",
      periodStart: subscription.currentPeriodStart.slice(0, 10),
    });
    expect(hire!.lines).toEqual([
      { description: "Plan Starter, first monthly period", quantity: 1, netMinor: 2_417, taxMinor: 483, taxRate: 20 },
    ]);
    expect(addon).toMatchObject({ totalMinor: 1_900, referenceId: "call_recording" });
    expect(sipTrunk).toMatchObject({
      totalMinor: 1_500,
      subtotalMinor: 1_250,
      taxMinor: 250,
      referenceId: created.json.id,
    });
    expect(renewal).toMatchObject({ totalMinor: 9_900, periodStart: subscription.currentPeriodEnd.slice(0, 10) });
    // The hire's inclusive period ends the day before the renewal's starts (the instant is not midnight).
    expect(subscription.currentPeriodEnd.slice(11)).not.toBe("00:00:00.000Z");
    expect(hire!.periodEnd).toBe(addDays(renewal!.periodStart, -1));
    const hiredAddon = (await db.select().from(companyAddons).where(eq(companyAddons.companyId, t.companyId)).get())!;
    expect(addon!.periodEnd).toBe(addDays(hiredAddon.currentPeriodEnd.slice(0, 10), -1));

    const listed = await read("/api/v1/billing/invoices", t.key);
    expect(listed.status).toBe(200);
    expect(listed.json.data).toHaveLength(5);
    expect(listed.json.data[0]).toEqual({
      id: renewal!.id,
      number: renewal!.number,
      status: "paid",
      period_start: renewal!.periodStart,
      period_end: renewal!.periodEnd,
      subtotal: renewal!.subtotalMinor / 100,
      tax: renewal!.taxMinor / 100,
      total: 99,
      currency: "EUR",
      issued_at: renewal!.issuedAt,
      due_at: renewal!.issuedAt,
      paid_at: renewal!.issuedAt,
      document_type: "invoice",
      bills: { type: "subscription", id: t.companyId },
      lines: [
        {
          description: "Plan Business, monthly renewal",
          quantity: 1,
          unit: null,
          unit_price: renewal!.subtotalMinor / 100,
          subtotal: renewal!.subtotalMinor / 100,
          tax_rate: 20,
          tax: renewal!.taxMinor / 100,
          total: 99,
        },
      ],
    });
    // A 19 EUR add-on and a 15 EUR trunk say what they bill.
    const byId = new Map(listed.json.data.map((invoice: { id: string }) => [invoice.id, invoice]));
    expect(byId.get(addon!.id)).toMatchObject({
      bills: { type: "add_on", id: "call_recording" },
      lines: [{ quantity: 1, unit: null, total: 19, tax_rate: 20 }],
    });
    expect(byId.get(sipTrunk!.id)).toMatchObject({
      bills: { type: "sip_trunk", id: created.json.id },
      lines: [{ quantity: 1, unit: null, subtotal: 12.5, tax: 2.5, total: 15 }],
    });
    expect((await read("/api/v1/billing/invoices?status=open", t.key)).json.data).toEqual([]);
  });

  it("a charge refused for want of balance issues no invoice; an already hired add-on issues none", async () => {
    const t = await billedCompany({ balanceMinor: 1_000, plan: "Business" });
    expect((await send("POST", "/api/v1/billing/addons", t.key, { addon_type: "extra_concurrent_calls" })).status).toBe(
      409,
    );
    expect(await invoicesOf(t.companyId)).toEqual([]);
    await fund(t.companyId, 10_000);
    expect((await send("POST", "/api/v1/billing/addons", t.key, { addon_type: "call_recording" })).status).toBe(201);
    expect((await send("POST", "/api/v1/billing/addons", t.key, { addon_type: "call_recording" })).status).toBe(200);
    await everyChargeInvoiced(t.companyId);
    expect(await invoicesOf(t.companyId)).toHaveLength(1);
  });

  it("numbers stay gapless under concurrent charges: every charge that committed has its invoice, numbered 1..n", async () => {
    const t = await billedCompany({ balanceMinor: 30_000, plan: "Business" });
    const outcomes = await staggered(8, (index) =>
      send("POST", "/api/v1/sip-trunks", t.key, trunk(`Carrier ${index}`)),
    );
    const counts = statusCounts(outcomes);
    // 15 EUR each out of 300: every one fits.
    expect(counts[201]).toBe(8);
    const invoices = await everyChargeInvoiced(t.companyId);
    expect(invoices).toHaveLength(8);
    // A refused charge (the wallet short for the last ones) leaves no gap either.
    const short = await billedCompany({ balanceMinor: 4_000, plan: "Business" });
    const raced = await staggered(6, (index) =>
      send("POST", "/api/v1/sip-trunks", short.key, trunk(`Carrier ${index}`)),
    );
    expect(statusCounts(raced)[201]).toBe(2);
    expect(await everyChargeInvoiced(short.companyId)).toHaveLength(2);
    const ledger = await db.select().from(walletLedger).where(eq(walletLedger.companyId, short.companyId));
    expect(ledger.filter((entry) => entry.kind === "charge")).toHaveLength(2);
  });
});
