import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { raceRounds, staggered, statusCounts } from "../../../test/concurrency";
import { jobsOf, settleJobs } from "../../../test/jobs";
import { db, operator, slug } from "../../../test/helpers";
import { auditEntries, balanceOf, checkedLedgerSum, ledgerOf } from "../../../test/wallet-operations";
import { read, send } from "../../../test/fixtures/billing";
import { calls } from "../calls";
import { dialCompany, refuseAtTwilio, RESERVED_MINOR, twilioCalls, uniqueMobile } from "../../../test/fixtures/dialer";
import { findDialledCall } from "./queries";
import { dialledCalls } from "./schema";

const dial = (key: string, body: unknown, vars: Record<string, string> = {}) =>
  send("POST", "/api/v1/calls/dial", key, body, { vars });
const dialled = (id: string) => findDialledCall(db, id);
/** The operator ends the call (POST /admin/v1/calls/{id}/end): the settlement's answer, or its status when it is refused. */
async function endCall(callId: string, result: string, durationSeconds: number) {
  const response = await operator(`/calls/${callId}/end`, {
    method: "POST",
    body: { result, duration_seconds: durationSeconds },
  });
  return { http: response.status, ...(response.json as { cost_minor: number; refunded_minor: number }) };
}
const callOf = (id: string) => db.select().from(calls).where(eq(calls.id, id)).get();

describe("POST /calls/dial", () => {
  it("reserves 30 minutes by default at the rate, queues the call, hands it to Twilio through the job queue, and settles it against its real cost", async () => {
    const t = await dialCompany({ balanceMinor: 1_000 });
    const to = uniqueMobile();
    const response = await dial(t.key, { to, agent_id: t.agentId });
    expect(response.status, response.text).toBe(201);
    expect(response.json).toMatchObject({
      status: "queued",
      direction: "outbound",
      to,
      agent_id: t.agentId,
      country: "ES",
      reserved: 3.6,
      reserved_seconds: 1800,
      currency: "EUR",
    });
    expect(response.json.rate).toEqual({ price_per_minute: 0.12, minimum_seconds: 60, billing_increment_seconds: 60 });
    const id = response.json.id as string;
    expect(await balanceOf(t.companyId)).toBe(1_000 - RESERVED_MINOR);
    expect((await ledgerOf(t.companyId)).at(-1)).toMatchObject({
      kind: "charge",
      amountMinor: -RESERVED_MINOR,
      referenceType: "call",
      referenceId: id,
    });
    expect(await auditEntries(t.companyId, "dialCall")).toHaveLength(1);
    expect((await jobsOf(t.companyId)).map((job) => job.kind)).toEqual(["dialer.place_call"]);
    expect((await read("/api/v1/billing/concurrency", t.key)).json).toMatchObject({ in_progress: 1 });

    // A call of the calls table from the start: read, listed, but not in the period's totals until it ends.
    // The Queue's consumer may already have placed it (ringing): it runs beside the test.
    const queued = await read(`/api/v1/calls/${id}`, t.key);
    expect(queued.status, queued.text).toBe(200);
    expect(["queued", "ringing"]).toContain(queued.json.status);
    expect(queued.json).toMatchObject({
      id,
      direction: "outbound",
      to,
      agent_id: t.agentId,
      result: null,
      ended_at: null,
      duration_seconds: null,
      cost: null,
    });
    expect(queued.json.started_at).toBe(response.json.created_at);
    const listed = await read("/api/v1/calls", t.key);
    expect(listed.json.data.map((c: { id: string }) => c.id)).toEqual([id]);
    expect(listed.json.aggregates).toMatchObject({ count: 0, total_cost: 0 });

    await settleJobs(t.companyId);
    const ringing = (await dialled(id))!;
    expect(ringing.status).toBe("ringing");
    expect(ringing.providerCallId).toMatch(/^CA/);
    expect((await read(`/api/v1/calls/${id}`, t.key)).json).toMatchObject({ status: "ringing", result: null });
    const [placed] = await twilioCalls(to);
    const form = new URLSearchParams(placed!.body);
    expect(form.get("To")).toBe(to);
    expect(form.get("Twiml")).toContain(t.agentId);

    // The provider reports the end: 95 s answered bills 120 s (60 s minimum, then 60 s steps) = 0.24 EUR.
    expect(await endCall(id, "answered", 95)).toMatchObject({ http: 200, cost_minor: 24, refunded_minor: 336 });
    expect(await balanceOf(t.companyId)).toBe(1_000 - 24);
    expect((await ledgerOf(t.companyId)).slice(-2).map((row) => [row.kind, row.amountMinor])).toEqual([
      ["charge", -RESERVED_MINOR],
      ["refund", 336],
    ]);
    expect(await checkedLedgerSum(t.companyId)).toBe(976);
    expect(await callOf(id)).toMatchObject({
      status: "completed",
      result: "answered",
      durationSeconds: 95,
      costMinor: 24,
    });
    const log = await read(`/api/v1/calls/${id}`, t.key);
    expect(log.status).toBe(200);
    expect(log.json).toMatchObject({
      id,
      status: "completed",
      direction: "outbound",
      to,
      result: "answered",
      duration_seconds: 95,
      cost: 0.24,
      agent_id: t.agentId,
    });
    expect(log.json.ended_at).toEqual(expect.any(String));
    expect((await read("/api/v1/calls", t.key)).json.aggregates).toMatchObject({
      count: 1,
      total_duration_seconds: 95,
      total_cost: 0.24,
    });
    expect((await read("/api/v1/billing/concurrency", t.key)).json).toMatchObject({ in_progress: 0 });

    // A call settles once.
    expect((await endCall(id, "answered", 9_999)).http).toBe(409);
    expect(await balanceOf(t.companyId)).toBe(976);
  });

  it("a call longer than its reservation costs the reservation; one not answered costs nothing", async () => {
    const t = await dialCompany({ balanceMinor: 1_000 });
    const long = (await dial(t.key, { to: uniqueMobile(), agent_id: t.agentId })).json.id;
    const missed = (await dial(t.key, { to: uniqueMobile(), agent_id: t.agentId })).json.id;
    expect((await endCall(long, "answered", 3_600)).cost_minor).toBe(RESERVED_MINOR);
    expect((await endCall(missed, "no_answer", 40)).refunded_minor).toBe(RESERVED_MINOR);
    expect(await balanceOf(t.companyId)).toBe(1_000 - RESERVED_MINOR);
    expect(await checkedLedgerSum(t.companyId)).toBe(1_000 - RESERVED_MINOR);
    expect(await callOf(missed)).toMatchObject({
      status: "completed",
      result: "no_answer",
      durationSeconds: 0,
      costMinor: 0,
    });
  });

  it("a number the provider refuses fails the call and gives the whole reservation back", async () => {
    const t = await dialCompany({ balanceMinor: 1_000 });
    const to = uniqueMobile();
    await refuseAtTwilio(to);
    const { id } = (await dial(t.key, { to, agent_id: t.agentId })).json;
    const [job] = await settleJobs(t.companyId);
    expect(job!.status).toBe("failed");
    expect(await callOf(id)).toMatchObject({ status: "failed", result: "failed", costMinor: 0 });
    expect((await dialled(id))!.failureReason).toContain("Twilio refused");
    expect(await balanceOf(t.companyId)).toBe(1_000);
    expect(await checkedLedgerSum(t.companyId)).toBe(1_000);
  });

  it("refuses a destination that is not callable or has no rate, an invalid number and another company's agent with 400; nothing reserved", async () => {
    const t = await dialCompany();
    const other = await dialCompany();
    for (const [body, path] of [
      [{ to: "+8613800138000", agent_id: t.agentId }, "body.to"],
      [{ to: "+447700900123", agent_id: t.agentId }, "body.to"],
      [{ to: "12", agent_id: t.agentId }, "body.to"],
      [{ to: uniqueMobile(), agent_id: other.agentId }, "body.agent_id"],
      [{ to: uniqueMobile(), agent_id: "not-a-uuid" }, "body.agent_id"],
    ] as const) {
      const response = await dial(t.key, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.errors[0].path).toBe(path);
    }
    expect(await ledgerOf(t.companyId)).toHaveLength(1);
    expect(await db.select().from(dialledCalls).where(eq(dialledCalls.companyId, t.companyId))).toHaveLength(0);
    expect(await db.select().from(calls).where(eq(calls.companyId, t.companyId))).toHaveLength(0);
  });

  it("402 insufficient_funds when the balance does not cover the reservation, and 503 without a telephony provider; nothing written", async () => {
    const poor = await dialCompany({ balanceMinor: RESERVED_MINOR - 1 });
    const refused = await dial(poor.key, { to: uniqueMobile(), agent_id: poor.agentId });
    expect(refused.status).toBe(402);
    expect(slug(refused.json)).toBe("insufficient_funds");
    expect(refused.json).toMatchObject({ amount_minor: RESERVED_MINOR, balance_minor: RESERVED_MINOR - 1 });

    const t = await dialCompany();
    const unconfigured = await dial(t.key, { to: uniqueMobile(), agent_id: t.agentId }, { TWILIO_FROM_NUMBER: "" });
    expect(unconfigured.status).toBe(503);
    expect(slug(unconfigured.json)).toBe("integration_not_configured");
    for (const company of [poor, t]) {
      expect(await ledgerOf(company.companyId)).toHaveLength(1);
      expect(await jobsOf(company.companyId)).toHaveLength(0);
      expect(await auditEntries(company.companyId, "dialCall")).toHaveLength(0);
    }
  });

  it("calls in progress stay below the quota under concurrency (409 beyond it), and the ledger sums to the balance", async () => {
    await raceRounds(
      3,
      // PAYG: 2 simultaneous calls.
      () => dialCompany({ balanceMinor: 10_000, plan: "PAYG" }),
      (t) => staggered(8, () => dial(t.key, { to: uniqueMobile(), agent_id: t.agentId })),
      async (outcomes, t) => {
        expect(statusCounts(outcomes)).toEqual({ 201: 2, 409: 6 });
        for (const outcome of outcomes.filter((o) => o.status === 409)) expect(outcome.json.quota).toBe(2);
        expect(await balanceOf(t.companyId)).toBe(10_000 - 2 * RESERVED_MINOR);
        expect(await checkedLedgerSum(t.companyId)).toBe(10_000 - 2 * RESERVED_MINOR);
        expect((await read("/api/v1/billing/concurrency", t.key)).json).toEqual({
          quota: 2,
          in_progress: 2,
          available: 0,
        });
      },
    );
  });

  it("20 concurrent dials whose reservations exceed the balance: those that fit are 201, the rest 402, the ledger sums to the balance", async () => {
    await raceRounds(
      2,
      // Enterprise: 100 simultaneous calls, so only the money limits them; 7.5 reservations' worth.
      () => dialCompany({ balanceMinor: RESERVED_MINOR * 7 + RESERVED_MINOR / 2, plan: "Enterprise" }),
      (t) => staggered(20, () => dial(t.key, { to: uniqueMobile(), agent_id: t.agentId })),
      async (outcomes, t) => {
        expect(statusCounts(outcomes)).toEqual({ 201: 7, 402: 13 });
        for (const outcome of outcomes.filter((o) => o.status === 402))
          expect(slug(outcome.json)).toBe("insufficient_funds");
        expect(await balanceOf(t.companyId)).toBe(RESERVED_MINOR / 2);
        expect(await checkedLedgerSum(t.companyId)).toBe(RESERVED_MINOR / 2);
        expect(await auditEntries(t.companyId, "dialCall")).toHaveLength(7);
        expect(await db.select().from(dialledCalls).where(eq(dialledCalls.companyId, t.companyId))).toHaveLength(7);
        expect(await db.select().from(calls).where(eq(calls.companyId, t.companyId))).toHaveLength(7);
      },
    );
  });

  it("an add-on raises the quota; a call that ends frees its slot", async () => {
    const t = await dialCompany({ balanceMinor: 10_000, plan: "PAYG" });
    const first = (await dial(t.key, { to: uniqueMobile(), agent_id: t.agentId })).json.id;
    await dial(t.key, { to: uniqueMobile(), agent_id: t.agentId });
    expect((await dial(t.key, { to: uniqueMobile(), agent_id: t.agentId })).status).toBe(409);
    expect((await endCall(first, "busy", 0)).http).toBe(200);
    expect((await dial(t.key, { to: uniqueMobile(), agent_id: t.agentId })).status).toBe(201);
    expect((await send("POST", "/api/v1/billing/addons", t.key, { addon_type: "extra_concurrent_calls" })).status).toBe(
      201,
    );
    expect((await read("/api/v1/billing/concurrency", t.key)).json).toEqual({
      quota: 12,
      in_progress: 2,
      available: 10,
    });
  });
});
