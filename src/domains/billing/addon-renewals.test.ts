import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { moveClock, resetClock, tick } from "../../../test/clock";
import { consumeJob, jobsOf, settleJobs } from "../../../test/jobs";
import { db } from "../../../test/helpers";
import { balanceOf, checkedLedgerSum, fund, ledgerOf } from "../../../test/wallet-operations";
import { billedCompany, eventsOf, read, send } from "../../../test/fixtures/billing";
import { dueWork, jobs } from "../../data/schema";
import { billingInvoices, companyAddons } from "./schema";

const addonOf = (companyId: string, type: string) =>
  db
    .select()
    .from(companyAddons)
    .where(and(eq(companyAddons.companyId, companyId), eq(companyAddons.addonType, type)))
    .get();
const renewalsOf = (companyId: string) =>
  db
    .select()
    .from(dueWork)
    .where(and(eq(dueWork.companyId, companyId), eq(dueWork.kind, "billing.renew_addon")));
const charges = async (companyId: string) => (await ledgerOf(companyId)).filter((entry) => entry.kind === "charge");
const invoiceCount = async (companyId: string) =>
  (await db.select().from(billingInvoices).where(eq(billingInvoices.companyId, companyId))).length;
const hire = (key: string, type: string) => send("POST", "/api/v1/billing/addons", key, { addon_type: type });

/** Moves the clock past the add-on's anniversary and fires a tick: its renewal becomes a job (which the Queue's consumer may take in the background). */
async function reachAnniversary(companyId: string, type: string) {
  const row = (await addonOf(companyId, type))!;
  moveClock(Date.parse(row.currentPeriodEnd) - Date.now() + 1_000);
  await tick();
  const job = (await jobsOf(companyId)).find(
    (candidate) => candidate.kind === "billing.renew_addon" && candidate.id === row.renewalId,
  );
  expect(job, "the renewal was handed over").toBeDefined();
  return job!;
}

/**
 * Runs a job whose attempt lost a compare-and-set again, to its end. The Queue's consumer may hold it
 * (it runs the tick's jobs in the background): waited for by its lease, never taken from it.
 */
async function finishJob(companyId: string, jobId: string) {
  await settleJobs(companyId, { only: [jobId] });
  return db.select().from(jobs).where(eq(jobs.id, jobId)).get();
}

afterEach(resetClock);

describe("add-ons renew on their anniversary (due work)", () => {
  it("hiring schedules the renewal at the end of the month; at the anniversary the next month is charged, invoiced and scheduled again", async () => {
    const t = await billedCompany({ balanceMinor: 10_000, plan: "Business" });
    expect((await hire(t.key, "call_recording")).status).toBe(201);
    const hired = (await addonOf(t.companyId, "call_recording"))!;
    const [due] = await renewalsOf(t.companyId);
    expect(due).toMatchObject({ id: hired.renewalId, dueAt: hired.currentPeriodEnd });
    const month = Date.parse(hired.currentPeriodEnd) - Date.parse(hired.hiredAt);
    expect(month).toBeGreaterThanOrEqual(28 * 86_400_000);

    // Not due yet: nothing happens.
    await tick();
    expect((await jobsOf(t.companyId)).filter((job) => job.kind === "billing.renew_addon")).toEqual([]);

    await reachAnniversary(t.companyId, "call_recording");
    await settleJobs(t.companyId);
    const renewed = (await addonOf(t.companyId, "call_recording"))!;
    expect(renewed).toMatchObject({ status: "active", version: hired.version + 1 });
    expect(renewed.currentPeriodEnd > hired.currentPeriodEnd).toBe(true);
    expect((await renewalsOf(t.companyId)).map((row) => row.id)).toEqual([renewed.renewalId]);
    expect(
      (await charges(t.companyId)).map((entry) => [entry.amountMinor, entry.referenceType, entry.referenceId]),
    ).toEqual([
      [-1_900, "add_on", "call_recording"],
      [-1_900, "add_on", "call_recording"],
    ]);
    expect(await invoiceCount(t.companyId)).toBe(2);
    expect(await balanceOf(t.companyId)).toBe(10_000 - 3_800);
    expect(await checkedLedgerSum(t.companyId)).toBe(6_200);
    const renewedEvents = (await eventsOf(t.companyId)).filter((event) => event.type === "addon.renewed");
    expect(renewedEvents).toEqual([
      {
        type: "addon.renewed",
        data: expect.objectContaining({
          addon_type: "call_recording",
          charged: 19,
          currency: "EUR",
          current_period_end: renewed.currentPeriodEnd,
        }),
      },
    ]);
  });

  it("without enough balance the add-on is suspended, not deleted: it grants nothing, an event says so, and hiring it again resumes it (charged, invoiced)", async () => {
    const t = await billedCompany({ balanceMinor: 4_900, plan: "Business" });
    expect((await hire(t.key, "extra_concurrent_calls")).status).toBe(201);
    expect((await read("/api/v1/billing/concurrency", t.key)).json.quota).toBe(20);

    await reachAnniversary(t.companyId, "extra_concurrent_calls");
    await settleJobs(t.companyId);
    expect(await addonOf(t.companyId, "extra_concurrent_calls")).toMatchObject({
      status: "suspended",
      renewalId: null,
    });
    expect(await renewalsOf(t.companyId)).toEqual([]);
    expect(await balanceOf(t.companyId)).toBe(0);
    expect(await charges(t.companyId)).toHaveLength(1);
    expect((await eventsOf(t.companyId)).filter((event) => event.type === "addon.suspended")).toEqual([
      {
        type: "addon.suspended",
        data: expect.objectContaining({ addon_type: "extra_concurrent_calls", price: 49, currency: "EUR", balance: 0 }),
      },
    ]);
    // A suspended add-on no longer counts toward what it grants.
    expect((await read("/api/v1/billing/concurrency", t.key)).json.quota).toBe(10);
    expect(
      (await read("/api/v1/billing/addons", t.key)).json.data.find(
        (addon: { type: string }) => addon.type === "extra_concurrent_calls",
      ),
    ).toMatchObject({ hired: false });

    // Still short: 409, nothing charged, still suspended.
    expect((await hire(t.key, "extra_concurrent_calls")).status).toBe(409);
    await fund(t.companyId, 5_000);
    const resumed = await hire(t.key, "extra_concurrent_calls");
    expect(resumed.status, resumed.text).toBe(201);
    expect(resumed.json).toMatchObject({ hired: true, charged: 49 });
    const row = (await addonOf(t.companyId, "extra_concurrent_calls"))!;
    expect(row).toMatchObject({ status: "active" });
    expect((await renewalsOf(t.companyId)).map((due) => due.id)).toEqual([row.renewalId]);
    expect((await read("/api/v1/billing/concurrency", t.key)).json.quota).toBe(20);
    expect(await balanceOf(t.companyId)).toBe(100);
    expect(await charges(t.companyId)).toHaveLength(2);
    expect(await invoiceCount(t.companyId)).toBe(2);
    // (The first hire's event is past the event log's 30 days by now.)
    expect((await eventsOf(t.companyId)).filter((event) => event.type === "addon.hired").at(-1)?.data).toMatchObject({
      addon_type: "extra_concurrent_calls",
      resumed: true,
      charged: 49,
    });
  });

  it("a renewal racing a cancel: exactly one outcome, the money exact", async () => {
    for (let round = 0; round < 3; round++) {
      const t = await billedCompany({ balanceMinor: 10_000, plan: "Business" });
      expect((await hire(t.key, "call_recording")).status).toBe(201);
      const job = await reachAnniversary(t.companyId, "call_recording");
      const [, cancelled] = await Promise.all([
        consumeJob(job.id),
        send("DELETE", "/api/v1/billing/addons/call_recording", t.key),
      ]);
      expect(cancelled.status).toBe(200);
      const settled = await finishJob(t.companyId, job.id);
      expect(settled?.status).toBe("done");
      expect(await addonOf(t.companyId, "call_recording")).toBeUndefined();
      // Either the renewal committed before the cancel (two months paid) or the cancel won (one).
      const paid = (await charges(t.companyId)).length;
      expect([1, 2]).toContain(paid);
      expect(await balanceOf(t.companyId)).toBe(10_000 - paid * 1_900);
      expect(await checkedLedgerSum(t.companyId)).toBe(10_000 - paid * 1_900);
      expect(await invoiceCount(t.companyId)).toBe(paid);
      expect((await eventsOf(t.companyId)).filter((event) => event.type === "addon.renewed")).toHaveLength(paid - 1);
      // Nothing left to renew it (a renewal scheduled after the cancel read the add-on finds it gone and does nothing).
      expect((await renewalsOf(t.companyId)).length).toBeLessThanOrEqual(paid - 1);
      resetClock();
    }
  });

  it("a renewal racing a re-hire (after a cancel): the old renewal does nothing, the new hire is charged once", async () => {
    for (let round = 0; round < 3; round++) {
      const t = await billedCompany({ balanceMinor: 10_000, plan: "Business" });
      expect((await hire(t.key, "call_recording")).status).toBe(201);
      const job = await reachAnniversary(t.companyId, "call_recording");
      expect((await send("DELETE", "/api/v1/billing/addons/call_recording", t.key)).status).toBe(200);
      const [, rehired] = await Promise.all([consumeJob(job.id), hire(t.key, "call_recording")]);
      expect(rehired.status).toBe(201);
      expect((await finishJob(t.companyId, job.id))?.status).toBe("done");
      const row = (await addonOf(t.companyId, "call_recording"))!;
      expect(row.status).toBe("active");
      expect((await renewalsOf(t.companyId)).map((due) => due.id)).toEqual([row.renewalId]);
      expect(await charges(t.companyId)).toHaveLength(2);
      expect(await balanceOf(t.companyId)).toBe(10_000 - 3_800);
      expect(await checkedLedgerSum(t.companyId)).toBe(6_200);
      expect(await invoiceCount(t.companyId)).toBe(2);
      resetClock();
    }
  });
});
