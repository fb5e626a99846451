import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { moveClock, resetClock, tick } from "../../../test/clock";
import { consumeJob, jobsOf, settleJobs } from "../../../test/jobs";
import { db } from "../../../test/helpers";
import { balanceOf, checkedLedgerSum, fund, ledgerOf } from "../../../test/wallet-operations";
import { billedCompany, eventsOf, read, send } from "../../../test/fixtures/billing";
import { dueWork, jobs } from "../../data/schema";
import { billingInvoices } from "../billing/schema";
import { sipTrunks } from "./schema";

const trunkOf = (id: string) => db.select().from(sipTrunks).where(eq(sipTrunks.id, id)).get();
const renewalsOf = (companyId: string) =>
  db
    .select()
    .from(dueWork)
    .where(and(eq(dueWork.companyId, companyId), eq(dueWork.kind, "sip-trunks.renew_trunk")));
const charges = async (companyId: string) => (await ledgerOf(companyId)).filter((entry) => entry.kind === "charge");
const invoicesOf = (companyId: string) =>
  db.select().from(billingInvoices).where(eq(billingInvoices.companyId, companyId));
const body = {
  name: "Main carrier",
  host: "sip.carrier.example",
  username: "acme",
  password: "s3cret-Passw0rd",
  channels: 10,
};

async function created(balanceMinor: number) {
  const t = await billedCompany({ balanceMinor, plan: "Business" });
  const response = await send("POST", "/api/v1/sip-trunks", t.key, body);
  expect(response.status, response.text).toBe(201);
  return { ...t, trunkId: response.json.id as string };
}

/** Moves the clock past the trunk's anniversary and fires a tick: its renewal becomes a job. */
async function reachAnniversary(companyId: string, trunkId: string) {
  const row = (await trunkOf(trunkId))!;
  moveClock(Date.parse(row.currentPeriodEnd) - Date.now() + 1_000);
  await tick();
  const job = (await jobsOf(companyId)).find((candidate) => candidate.id === row.renewalId);
  expect(job, "the renewal was handed over").toBeDefined();
  return job!;
}

afterEach(resetClock);

describe("SIP trunks renew on their anniversary (due work)", () => {
  it("creating one schedules its renewal a month later; at the anniversary the next month is charged, invoiced and scheduled again", async () => {
    const t = await created(5_000);
    const trunk = (await trunkOf(t.trunkId))!;
    expect(trunk).toMatchObject({ status: "active" });
    expect((await renewalsOf(t.companyId)).map((due) => [due.id, due.dueAt])).toEqual([
      [trunk.renewalId, trunk.currentPeriodEnd],
    ]);
    expect((await read("/api/v1/sip-trunks", t.key)).json.data[0]).toMatchObject({
      status: "active",
      current_period_end: trunk.currentPeriodEnd,
    });

    await reachAnniversary(t.companyId, t.trunkId);
    await settleJobs(t.companyId);
    const renewed = (await trunkOf(t.trunkId))!;
    expect(renewed.status).toBe("active");
    expect(renewed.currentPeriodEnd > trunk.currentPeriodEnd).toBe(true);
    expect((await renewalsOf(t.companyId)).map((due) => due.id)).toEqual([renewed.renewalId]);
    expect(
      (await charges(t.companyId)).map((entry) => [entry.amountMinor, entry.referenceType, entry.referenceId]),
    ).toEqual([
      [-1_500, "sip_trunk", t.trunkId],
      [-1_500, "sip_trunk", t.trunkId],
    ]);
    expect(await invoicesOf(t.companyId)).toHaveLength(2);
    expect(await checkedLedgerSum(t.companyId)).toBe(2_000);
    expect((await eventsOf(t.companyId)).filter((event) => event.type === "sip_trunk.renewed")).toEqual([
      {
        type: "sip_trunk.renewed",
        data: expect.objectContaining({
          id: t.trunkId,
          charged: 15,
          currency: "EUR",
          current_period_end: renewed.currentPeriodEnd,
        }),
      },
    ]);
  });

  it("without enough balance the trunk is suspended (kept), an event says so; resuming it charges a new month and invoices it", async () => {
    const t = await created(1_500);
    await reachAnniversary(t.companyId, t.trunkId);
    await settleJobs(t.companyId);
    expect(await trunkOf(t.trunkId)).toMatchObject({ status: "suspended", renewalId: null });
    expect(await renewalsOf(t.companyId)).toEqual([]);
    expect(await charges(t.companyId)).toHaveLength(1);
    expect((await eventsOf(t.companyId)).filter((event) => event.type === "sip_trunk.suspended")).toEqual([
      {
        type: "sip_trunk.suspended",
        data: expect.objectContaining({ id: t.trunkId, price: 15, currency: "EUR", balance: 0 }),
      },
    ]);
    expect((await read("/api/v1/sip-trunks", t.key)).json.data[0]).toMatchObject({
      id: t.trunkId,
      status: "suspended",
    });

    expect((await send("POST", `/api/v1/sip-trunks/${t.trunkId}/resume`, t.key)).status).toBe(409);
    await fund(t.companyId, 2_000);
    const resumed = await send("POST", `/api/v1/sip-trunks/${t.trunkId}/resume`, t.key);
    expect(resumed.status, resumed.text).toBe(200);
    expect(resumed.json).toMatchObject({ id: t.trunkId, status: "active" });
    const row = (await trunkOf(t.trunkId))!;
    expect((await renewalsOf(t.companyId)).map((due) => due.id)).toEqual([row.renewalId]);
    expect(await balanceOf(t.companyId)).toBe(500);
    expect(await charges(t.companyId)).toHaveLength(2);
    expect(await invoicesOf(t.companyId)).toHaveLength(2);
    // Resuming an active trunk charges nothing.
    expect((await send("POST", `/api/v1/sip-trunks/${t.trunkId}/resume`, t.key)).status).toBe(200);
    expect(await balanceOf(t.companyId)).toBe(500);
    expect((await eventsOf(t.companyId)).filter((event) => event.type === "sip_trunk.resumed")).toHaveLength(1);
    expect((await send("POST", "/api/v1/sip-trunks/00000000-0000-4000-8000-000000000000/resume", t.key)).status).toBe(
      404,
    );
  });

  it("a renewal racing a delete: exactly one outcome, the money exact", async () => {
    for (let round = 0; round < 3; round++) {
      const t = await created(5_000);
      const job = await reachAnniversary(t.companyId, t.trunkId);
      const [, deleted] = await Promise.all([
        consumeJob(job.id),
        send("DELETE", `/api/v1/sip-trunks/${t.trunkId}`, t.key),
      ]);
      expect(deleted.status).toBe(200);
      // A renewal whose batch lost the compare-and-set runs again and finds nothing to do. Settled, not
      // run once: the Queue's consumer may hold it (it runs the tick's jobs in the background), and its lease is left alone.
      await settleJobs(t.companyId, { only: [job.id] });
      expect((await db.select().from(jobs).where(eq(jobs.id, job.id)).get())?.status).toBe("done");
      expect(await trunkOf(t.trunkId)).toBeUndefined();
      const paid = (await charges(t.companyId)).length;
      expect([1, 2]).toContain(paid);
      expect(await balanceOf(t.companyId)).toBe(5_000 - paid * 1_500);
      expect(await checkedLedgerSum(t.companyId)).toBe(5_000 - paid * 1_500);
      expect(await invoicesOf(t.companyId)).toHaveLength(paid);
      resetClock();
    }
  });
});
