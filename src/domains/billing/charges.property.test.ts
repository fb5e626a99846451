import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { moveClock, resetClock, tick } from "../../../test/clock";
import { settleJobs } from "../../../test/jobs";
import { db } from "../../../test/helpers";
import { balanceOf, checkedLedgerSum, fund, ledgerOf } from "../../../test/wallet-operations";
import { billedCompany, send } from "../../../test/fixtures/billing";
import { billingInvoices, companyAddons } from "./schema";

/*
 * Every charge has its invoice, over time: random sequences of add-on hires and cancellations,
 * top-ups and months passing (the clock moved, a real tick, the renewals run as jobs, suspending
 * what the wallet cannot pay). After every step the balance is the ledger's sum and never
 * negative, every charge of the plan, an add-on or a trunk has exactly one invoice for exactly its
 * amount, and the company's invoice numbers run 1..n without a gap.
 */

const DAY = 86_400_000;
const INVOICED = new Set(["add_on", "subscription", "sip_trunk", "subaccount"]);

afterEach(resetClock);

async function expectEveryChargeInvoiced(companyId: string) {
  const [ledger, invoices] = await Promise.all([
    ledgerOf(companyId),
    db.select().from(billingInvoices).where(eq(billingInvoices.companyId, companyId)),
  ]);
  const charges = ledger.filter((entry) => entry.kind === "charge" && INVOICED.has(entry.referenceType));
  const byEntry = new Map<string, (typeof invoices)[number][]>();
  for (const invoice of invoices)
    if (invoice.ledgerEntryId)
      byEntry.set(invoice.ledgerEntryId, [...(byEntry.get(invoice.ledgerEntryId) ?? []), invoice]);
  for (const charge of charges) {
    const found = byEntry.get(charge.id) ?? [];
    expect(found, `the invoice of ${charge.description}`).toHaveLength(1);
    expect(found[0]!.totalMinor).toBe(-charge.amountMinor);
    expect(found[0]!.status).toBe("paid");
  }
  expect(invoices).toHaveLength(charges.length);
  expect(invoices.map((invoice) => invoice.seq).sort((a, b) => a - b)).toEqual(invoices.map((_, index) => index + 1));
}

describe("charges over time", () => {
  it("property: over random hires, cancellations, top-ups and months, the ledger adds up and every charge has exactly one invoice", async () => {
    const addon = fc.constantFrom("call_recording", "extra_concurrent_calls", "priority_support");
    const step = fc.oneof(
      fc.record({ type: fc.constant("hire" as const), addon }),
      fc.record({ type: fc.constant("cancel" as const), addon }),
      fc.record({ type: fc.constant("top_up" as const), amountMinor: fc.integer({ min: 100, max: 3_000 }) }),
      fc.record({ type: fc.constant("month" as const) }),
    );
    // What the runs did, so the property cannot hold by never charging anything.
    const seen = { hired: 0, renewed: 0, suspended: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 6_000 }),
        fc.array(step, { minLength: 2, maxLength: 8 }),
        async (balanceMinor, steps) => {
          resetClock();
          const company = await billedCompany({ balanceMinor, plan: "Business" });
          let offset = 0;
          for (const next of steps) {
            if (next.type === "hire") {
              const hired = await send("POST", "/api/v1/billing/addons", company.key, { addon_type: next.addon });
              expect([200, 201, 409], hired.text).toContain(hired.status);
              if (hired.status === 201) seen.hired++;
            } else if (next.type === "cancel") {
              const cancelled = await send("DELETE", `/api/v1/billing/addons/${next.addon}`, company.key);
              expect([200, 404], cancelled.text).toContain(cancelled.status);
            } else if (next.type === "top_up") {
              await fund(company.companyId, next.amountMinor);
            } else {
              // A month and a day later: every anniversary passed, handed over by a real tick, renewed or suspended by its job.
              offset += 32 * DAY;
              moveClock(offset);
              await tick();
              const ran = await settleJobs(company.companyId);
              seen.renewed += ran.filter((job) => job.kind === "billing.renew_addon" && job.status === "done").length;
              seen.suspended += (
                await db
                  .select()
                  .from(companyAddons)
                  .where(and(eq(companyAddons.companyId, company.companyId), eq(companyAddons.status, "suspended")))
              ).length;
            }
            const balance = (await balanceOf(company.companyId)) ?? 0;
            expect(balance).toBeGreaterThanOrEqual(0);
            expect(await checkedLedgerSum(company.companyId)).toBe(balance);
            await expectEveryChargeInvoiced(company.companyId);
          }
        },
      ),
      { numRuns: 25, seed: 20261126 },
    );
    expect(seen.hired, "add-ons hired").toBeGreaterThan(0);
    expect(seen.renewed, "renewal jobs run").toBeGreaterThan(0);
    expect(seen.suspended, "add-ons suspended for want of balance").toBeGreaterThan(0);
  }, 240_000);
});
