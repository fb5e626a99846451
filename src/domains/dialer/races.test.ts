import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consumeJob, holdingJobs, jobsOf, makeDue, settleJobs } from "../../../test/jobs";
import { call, db } from "../../../test/helpers";
import { balanceOf, checkedLedgerSum, ledgerOf } from "../../../test/wallet-operations";
import { eventsOf, send } from "../../../test/fixtures/billing";
import { dialCompany, RESERVED_MINOR, twilioCalls, uniqueMobile } from "../../../test/fixtures/dialer";
import { twilioSignature } from "../../core/callbacks";
import { jobs } from "../../data/schema";
import { configOf } from "../../config";
import { calls } from "../calls";
import { findDialledCall } from "./queries";

const twilioFake = (JSON.parse(env.FAKE_PROVIDERS) as Record<string, string>).twilio!;
const callbackBase = configOf(env).callbacks.baseUrl;
const callOf = (id: string) => db.select().from(calls).where(eq(calls.id, id)).get();
const fake = (action: string, body: unknown) =>
  fetch(`${twilioFake}/__fake/${action}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json" },
  }).then((r) => r.json());

async function twilioCallback(companyId: string, callId: string, fields: Record<string, string>) {
  const path = `/providers/twilio/call-status?company=${companyId}&call=${callId}`;
  const params = new URLSearchParams({ AccountSid: env.TWILIO_ACCOUNT_SID, ...fields });
  const signature = await twilioSignature(env.TWILIO_AUTH_TOKEN, `${callbackBase}${path}`, params);
  const response = await call(path, {
    method: "POST",
    body: params.toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature },
  });
  expect(response.status, response.text).toBe(200);
}

/** Waits until `check` holds: no bound of its own in wall time (a loaded machine only waits longer); the test's timeout bounds it. */
async function eventually(check: () => Promise<boolean>) {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** The call's status changes as its events say, in order of emission. */
const statusEvents = async (companyId: string) =>
  (await eventsOf(companyId))
    .filter((event) => event.type === "call.status_changed")
    .map((event) => `${event.data.previous_status}->${event.data.status}`);

/** A call dialled and placed (ringing, with its provider sid). */
async function placed() {
  const t = await dialCompany({ balanceMinor: 1_000 });
  const to = uniqueMobile();
  const response = await send("POST", "/api/v1/calls/dial", t.key, { to, agent_id: t.agentId });
  expect(response.status, response.text).toBe(201);
  const id = response.json.id as string;
  await settleJobs(t.companyId);
  return { ...t, to, id, sid: (await findDialledCall(db, id))!.providerCallId! };
}

/**
 * The company's callback jobs, whether or not run yet: the Queue's consumer runs them in the
 * background about a second after the callback, so a test racing them runs them itself at once
 * (consumeJob, which does nothing for a job already run or held) and then settles the rest.
 */
const callbackJobs = async (companyId: string) =>
  (await jobsOf(companyId)).filter((job) => job.kind === "dialer.call_status");

describe("a dialled call under concurrency", () => {
  it("two callbacks for one call at once (answered and completed; completed and busy): it settles once, each status change emitted once", async () => {
    for (const [first, second] of [
      [{ CallStatus: "in-progress" }, { CallStatus: "completed", CallDuration: "42" }],
      [
        { CallStatus: "completed", CallDuration: "42" },
        { CallStatus: "busy", CallDuration: "0" },
      ],
    ] as const) {
      const c = await placed();
      await twilioCallback(c.companyId, c.id, { CallSid: c.sid, ...first });
      await twilioCallback(c.companyId, c.id, { CallSid: c.sid, ...second });
      const racing = await callbackJobs(c.companyId);
      expect(racing).toHaveLength(2);
      await Promise.all(racing.map((job) => consumeJob(job.id)));
      await settleJobs(c.companyId);
      const row = (await callOf(c.id))!;
      expect(row.status).toBe("completed");
      const settled = (await eventsOf(c.companyId)).filter((event) => event.type === "call.settled");
      expect(settled).toHaveLength(1);
      const changes = await statusEvents(c.companyId);
      expect(new Set(changes).size).toBe(changes.length);
      expect(changes[0]).toBe("queued->ringing");
      expect(changes.at(-1)).toMatch(/->completed$/);
      // The ledger: the reservation, and one refund of what the settled result did not cost.
      const refunds = (await ledgerOf(c.companyId)).filter((entry) => entry.kind === "refund");
      expect(refunds).toHaveLength(1);
      expect(refunds[0]!.amountMinor).toBe(RESERVED_MINOR - row.costMinor!);
      expect(await balanceOf(c.companyId)).toBe(1_000 - row.costMinor!);
      expect(await checkedLedgerSum(c.companyId)).toBe(1_000 - row.costMinor!);
    }
  });

  it("settlement racing a late replay of the placement: never dialled again, settled once, nothing moves after", async () => {
    for (let round = 0; round < 3; round++) {
      const c = await placed();
      const placement = (await jobsOf(c.companyId)).find((job) => job.kind === "dialer.place_call")!;
      await twilioCallback(c.companyId, c.id, { CallSid: c.sid, CallStatus: "completed", CallDuration: "30" });
      const [final] = await callbackJobs(c.companyId);
      // The placement runs again (a redelivered message, a sweep) while the call settles.
      await db
        .update(jobs)
        .set({ status: "pending", leaseUntil: null, nextAttemptAt: new Date().toISOString() })
        .where(eq(jobs.id, placement.id));
      await Promise.all([consumeJob(final!.id), consumeJob(placement.id)]);
      await settleJobs(c.companyId);
      // Once more after the call ended.
      await db
        .update(jobs)
        .set({ status: "pending", leaseUntil: null, nextAttemptAt: new Date().toISOString() })
        .where(eq(jobs.id, placement.id));
      await settleJobs(c.companyId);

      expect(await callOf(c.id)).toMatchObject({
        status: "completed",
        result: "answered",
        durationSeconds: 30,
        costMinor: 12,
      });
      expect(await twilioCalls(c.to)).toHaveLength(1);
      expect((await findDialledCall(db, c.id))!.providerCallId).toBe(c.sid);
      expect(await balanceOf(c.companyId)).toBe(1_000 - 12);
      expect(await checkedLedgerSum(c.companyId)).toBe(1_000 - 12);
      expect((await eventsOf(c.companyId)).filter((event) => event.type === "call.settled")).toHaveLength(1);
      expect(await statusEvents(c.companyId)).toEqual(["queued->ringing", "ringing->completed"]);
    }
  });

  it("a ringing callback that overtakes the provider's answer to the placement: one ringing event, the provider's id kept", async () => {
    const t = await dialCompany({ balanceMinor: 1_000 });
    const to = uniqueMobile();
    // The provider places the call at once but answers 1.5 s later; its callback comes first.
    await fake("slow_call", { to, ms: 1_500 });
    // Held: the placement is this test's to run, not the Queue's background consumer's.
    const response = await send("POST", "/api/v1/calls/dial", t.key, { to, agent_id: t.agentId }, { app: holdingJobs });
    expect(response.status, response.text).toBe(201);
    const id = response.json.id as string;
    const placement = async () => (await jobsOf(t.companyId)).find((job) => job.kind === "dialer.place_call")!;
    const running = (async () => {
      await makeDue(t.companyId);
      await consumeJob((await placement()).id);
    })();
    let sid = "";
    await eventually(async () => {
      const placedCalls = (await fake("placed_calls", { to })) as { calls: { sid: string }[] };
      sid = placedCalls.calls[0]?.sid ?? "";
      return sid !== "";
    });
    await twilioCallback(t.companyId, id, { CallSid: sid, CallStatus: "ringing" });
    // Applied before the placement's answer, by this test or by the background consumer (waited for).
    const [ringing] = await callbackJobs(t.companyId);
    await settleJobs(t.companyId, { only: [ringing!.id] });
    expect((await callOf(id))!.status).toBe("ringing");
    await running;
    // Waits for the placement's answer should the background consumer have taken it after all.
    await settleJobs(t.companyId);
    expect((await placement()).status).toBe("done");

    expect(await statusEvents(t.companyId)).toEqual(["queued->ringing"]);
    expect((await findDialledCall(db, id))!.providerCallId).toBe(sid);
    expect(await twilioCalls(to)).toHaveLength(1);
  });
});
