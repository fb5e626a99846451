import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { moveClock, resetClock, tick } from "../../../test/clock";
import { consumeJob, holdingJobs, jobsOf, makeDue, settleJobs } from "../../../test/jobs";
import { call, db, slug } from "../../../test/helpers";
import { balanceOf, checkedLedgerSum, ledgerOf } from "../../../test/wallet-operations";
import { eventsOf, send } from "../../../test/fixtures/billing";
import { dialCompany, RESERVED_MINOR, twilioCalls, uniqueMobile } from "../../../test/fixtures/dialer";
import { twilioSignature } from "../../core/callbacks";
import { dueWork, jobs } from "../../data/schema";
import { configOf } from "../../config";
import { agents } from "../agents";
import { calls } from "../calls";
import { phoneNumbers } from "../telephony";
import { findDialledCall } from "./queries";

/** The company's reconciliation items (its charge also schedules the month's usage invoice, billing's due work). */
const reconcilesOf = (companyId: string) =>
  db
    .select()
    .from(dueWork)
    .where(and(eq(dueWork.companyId, companyId), eq(dueWork.kind, "dialer.reconcile_call")));

const dial = (key: string, body: unknown, vars: Record<string, string> = {}) =>
  send("POST", "/api/v1/calls/dial", key, body, { vars });
const callOf = (id: string) => db.select().from(calls).where(eq(calls.id, id)).get();
const twilioFake = (JSON.parse(env.FAKE_PROVIDERS) as Record<string, string>).twilio!;
const callbackBase = configOf(env).callbacks.baseUrl;

/** A number of the company, answered by `agentId` when given. */
async function numberOf(companyId: string, e164: string, agentId: string | null = null) {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await db.insert(phoneNumbers).values({
    id,
    companyId,
    e164,
    name: "Line",
    country: "ES",
    capabilities: ["voice"],
    agentId,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

/** Posts one of Twilio's status callbacks for the call, signed as Twilio signs it. */
async function twilioCallback(companyId: string, callId: string, fields: Record<string, string>) {
  const path = `/providers/twilio/call-status?company=${companyId}&call=${callId}`;
  const params = new URLSearchParams({ AccountSid: env.TWILIO_ACCOUNT_SID, ...fields });
  const signature = await twilioSignature(env.TWILIO_AUTH_TOKEN, `${callbackBase}${path}`, params);
  return call(path, {
    method: "POST",
    body: params.toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature },
  });
}

/** A call dialled and placed with the fake Twilio (ringing, with its sid). */
async function placed(balanceMinor = 1_000) {
  const t = await dialCompany({ balanceMinor });
  const to = uniqueMobile();
  const response = await dial(t.key, { to, agent_id: t.agentId });
  expect(response.status, response.text).toBe(201);
  const id = response.json.id as string;
  await settleJobs(t.companyId);
  const sid = (await findDialledCall(db, id))!.providerCallId!;
  return { ...t, to, id, sid };
}

afterEach(resetClock);

describe("a dialled call from dial to settlement", () => {
  it("streams to the configured voice service, and is cut at its reservation (TimeLimit)", async () => {
    const placedCall = await placed();
    const form = new URLSearchParams((await twilioCalls(placedCall.to))[0]!.body);
    const template = configOf(env).providers.voiceStreamUrl!;
    const stream = template.replace("{agent_id}", placedCall.agentId).replace("{call_id}", placedCall.id);
    expect(stream).toMatch(/^wss:\/\//);
    expect(form.get("Twiml")).toBe(`<Response><Connect><Stream url="${stream}"/></Connect></Response>`);
    expect(form.get("TimeLimit")).toBe("1800");
  });

  it("max_duration_seconds: the reservation covers it, the provider is told it, the unused part is refunded; bounded by the plan and the wallet", async () => {
    const t = await dialCompany({ balanceMinor: 1_000 });
    const to = uniqueMobile();
    // 10 minutes at 0.12 EUR a minute: 1.20 EUR reserved.
    const response = await dial(t.key, { to, agent_id: t.agentId, max_duration_seconds: 600 });
    expect(response.status, response.text).toBe(201);
    expect(response.json).toMatchObject({ reserved: 1.2, reserved_seconds: 600 });
    expect(await balanceOf(t.companyId)).toBe(1_000 - 120);
    await settleJobs(t.companyId);
    const form = new URLSearchParams((await twilioCalls(to))[0]!.body);
    expect(form.get("TimeLimit")).toBe("600");
    const sid = (await findDialledCall(db, response.json.id))!.providerCallId!;
    const ended = await twilioCallback(t.companyId, response.json.id, {
      CallSid: sid,
      CallStatus: "completed",
      CallDuration: "95",
    });
    expect(ended.status).toBe(200);
    await settleJobs(t.companyId);
    // 95 s bills 120 s: 0.24 EUR; the other 0.96 of the reservation comes back.
    expect((await callOf(response.json.id))!.status).toBe("completed");
    expect(
      (await ledgerOf(t.companyId)).filter((entry) => entry.kind === "refund").map((entry) => entry.amountMinor),
    ).toEqual([96]);
    expect(await balanceOf(t.companyId)).toBe(1_000 - 24);

    // A rate's billing steps round the reservation (and the limit) up: 61 s bills 120 s.
    const rounded = await dial(t.key, { to: uniqueMobile(), agent_id: t.agentId, max_duration_seconds: 61 });
    expect(rounded.json).toMatchObject({ reserved: 0.24, reserved_seconds: 120 });

    // Beyond the plan's maximum (Business: 2 h) is 400; below a minute too; nothing reserved.
    const before = await balanceOf(t.companyId);
    for (const seconds of [7_201, 59]) {
      const refused = await dial(t.key, { to: uniqueMobile(), agent_id: t.agentId, max_duration_seconds: seconds });
      expect(refused.status, refused.text).toBe(400);
      expect(refused.json.errors.map((error: { path: string }) => error.path)).toEqual(["body.max_duration_seconds"]);
    }
    // Two hours (14.40 EUR) are more than the wallet holds: 402 naming the amount and the way out.
    const poor = await dial(t.key, { to: uniqueMobile(), agent_id: t.agentId, max_duration_seconds: 7_200 });
    expect(poor.status, poor.text).toBe(402);
    expect(slug(poor.json)).toBe("insufficient_funds");
    expect(poor.json).toMatchObject({ amount_minor: 1_440, balance_minor: before });
    expect(poor.json.detail).toContain("max_duration_seconds");
    expect(await balanceOf(t.companyId)).toBe(before);
  });

  it("without max_duration_seconds, a PAYG call reserves the default 30 minutes (its plan's maximum)", async () => {
    const t = await dialCompany({ balanceMinor: 1_000, plan: "PAYG" });
    const response = await dial(t.key, { to: uniqueMobile(), agent_id: t.agentId });
    expect(response.status, response.text).toBe(201);
    expect(response.json).toMatchObject({ reserved_seconds: 1_800, reserved: RESERVED_MINOR / 100 });
    const over = await dial(t.key, { to: uniqueMobile(), agent_id: t.agentId, max_duration_seconds: 1_801 });
    expect(over.status).toBe(400);
    expect(over.json.detail ?? over.json.errors[0].message).toContain("PAYG");
  });

  it("503 integration_not_configured without VOICE_STREAM_URL, before anything is reserved", async () => {
    const t = await dialCompany({ balanceMinor: 1_000 });
    const refused = await dial(t.key, { to: uniqueMobile(), agent_id: t.agentId }, { VOICE_STREAM_URL: "" });
    expect(refused.status, refused.text).toBe(503);
    expect(slug(refused.json)).toBe("integration_not_configured");
    expect(await balanceOf(t.companyId)).toBe(1_000);
    expect(await ledgerOf(t.companyId)).toHaveLength(1);
    expect(await jobsOf(t.companyId)).toHaveLength(0);
    expect(await db.select().from(dueWork).where(eq(dueWork.companyId, t.companyId))).toHaveLength(0);
  });

  it("409 for an agent with no published version; nothing reserved", async () => {
    const t = await dialCompany({ balanceMinor: 1_000 });
    await db.update(agents).set({ publishedVersion: null }).where(eq(agents.id, t.agentId));
    const refused = await dial(t.key, { to: uniqueMobile(), agent_id: t.agentId });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json.detail).toMatch(/no published version/);
    expect(await balanceOf(t.companyId)).toBe(1_000);
  });

  it("calls from the agent's number, or the number named (another company's is 404); a trunk's number dials through the trunk", async () => {
    const t = await dialCompany({ balanceMinor: 10_000 });
    const other = await dialCompany();
    const agentsNumber = `+3491${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    await numberOf(t.companyId, agentsNumber, t.agentId);
    const foreign = await numberOf(other.companyId, `+3493${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`);

    const byAgent = await dial(t.key, { to: uniqueMobile(), agent_id: t.agentId });
    expect(byAgent.json.from).toBe(agentsNumber);

    const notOurs = await dial(t.key, { to: uniqueMobile(), agent_id: t.agentId, from_number_id: foreign });
    expect(notOurs.status, notOurs.text).toBe(404);
    expect(
      (await dial(t.key, { to: uniqueMobile(), agent_id: t.agentId, from_number_id: crypto.randomUUID() })).status,
    ).toBe(404);

    // A number routed through the company's SIP trunk: Twilio dials the trunk's SIP URI with its credentials.
    const trunk = await send("POST", "/api/v1/sip-trunks", t.key, {
      name: "Carrier",
      host: "sip.carrier.example",
      port: 5061,
      transport: "tls",
      username: "acme-sip",
      password: "s3cret-Passw0rd",
      caller_id: null,
      channels: 2,
    });
    expect(trunk.status, trunk.text).toBe(201);
    const trunkNumber = `+3495${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    const numberId = await numberOf(t.companyId, trunkNumber);
    await db.$client
      .prepare("INSERT INTO sip_trunk_numbers (company_id, trunk_id, number_id, created_at) VALUES (?, ?, ?, ?)")
      .bind(t.companyId, trunk.json.id, numberId, new Date().toISOString())
      .run();
    const to = uniqueMobile();
    const viaTrunk = await dial(t.key, { to, agent_id: t.agentId, from_number_id: numberId });
    expect(viaTrunk.status, viaTrunk.text).toBe(201);
    expect(viaTrunk.json.from).toBe(trunkNumber);
    await settleJobs(t.companyId);
    const requests = await fetch(`${twilioFake}/__fake/requests?match=${encodeURIComponent(to)}`).then(
      (r) => r.json() as Promise<{ requests: { path: string; body: string }[] }>,
    );
    const form = new URLSearchParams(requests.requests.find((request) => request.path.endsWith("/Calls.json"))!.body);
    expect(form.get("To")).toBe(`sip:${to}@sip.carrier.example:5061;transport=tls`);
    expect(form.get("From")).toBe(trunkNumber);
    expect(form.get("SipAuthUsername")).toBe("acme-sip");
    expect(form.get("SipAuthPassword")).toBe("s3cret-Passw0rd");
    expect((await findDialledCall(db, viaTrunk.json.id))!.sipTrunkId).toBe(trunk.json.id);
    expect((await callOf(viaTrunk.json.id))!.status).toBe("ringing");

    // A suspended trunk (its renewal unpaid) places nothing: 409 naming it, nothing reserved.
    await db.$client.prepare("UPDATE sip_trunks SET status = 'suspended' WHERE id = ?").bind(trunk.json.id).run();
    const before = await db.$client
      .prepare("SELECT balance_minor AS b FROM wallets WHERE company_id = ?")
      .bind(t.companyId)
      .first<{ b: number }>();
    const refused = await dial(t.key, { to: uniqueMobile(), agent_id: t.agentId, from_number_id: numberId });
    expect([refused.status, refused.json.sip_trunk_id], refused.text).toEqual([409, trunk.json.id]);
    expect(refused.json.detail).toMatch(/suspended/);
    expect(
      await db.$client
        .prepare("SELECT balance_minor AS b FROM wallets WHERE company_id = ?")
        .bind(t.companyId)
        .first<{ b: number }>(),
    ).toEqual(before);
  });

  it("callbacks move it queued -> ringing -> in_progress -> completed, one call.status_changed per change, in order; the settlement is exact, with call.settled", async () => {
    const placedCall = await placed();
    const answered = "Thu, 26 Nov 2026 10:00:00 +0000";
    const ended = "Thu, 26 Nov 2026 10:01:35 +0000";
    // Out of order and repeated: completed first, then in-progress and ringing late, completed again.
    expect(
      (
        await twilioCallback(placedCall.companyId, placedCall.id, {
          CallSid: placedCall.sid,
          CallStatus: "in-progress",
          Timestamp: answered,
        })
      ).status,
    ).toBe(200);
    await settleJobs(placedCall.companyId);
    expect(
      (
        await twilioCallback(placedCall.companyId, placedCall.id, {
          CallSid: placedCall.sid,
          CallStatus: "completed",
          CallDuration: "95",
          Timestamp: ended,
        })
      ).status,
    ).toBe(200);
    await settleJobs(placedCall.companyId);
    await twilioCallback(placedCall.companyId, placedCall.id, { CallSid: placedCall.sid, CallStatus: "ringing" });
    await twilioCallback(placedCall.companyId, placedCall.id, {
      CallSid: placedCall.sid,
      CallStatus: "completed",
      CallDuration: "95",
      Timestamp: ended,
    });
    await settleJobs(placedCall.companyId);

    const row = (await callOf(placedCall.id))!;
    expect(row).toMatchObject({
      status: "completed",
      result: "answered",
      durationSeconds: 95,
      costMinor: 24,
      endedAt: "2026-11-26T10:01:35.000Z",
    });
    const dialled = (await findDialledCall(db, placedCall.id))!;
    expect(Date.parse(row.endedAt!) - Date.parse(dialled.answeredAt!)).toBe(95_000);
    // 95 s bills 120 s at 0.12 EUR/min: 0.24 EUR; the rest of the 3.60 reservation returns.
    expect(await balanceOf(placedCall.companyId)).toBe(1_000 - 24);
    expect(await checkedLedgerSum(placedCall.companyId)).toBe(976);
    expect(
      (await ledgerOf(placedCall.companyId))
        .filter((entry) => entry.kind === "refund")
        .map((entry) => entry.amountMinor),
    ).toEqual([RESERVED_MINOR - 24]);

    const events = (await eventsOf(placedCall.companyId)).filter((event) => event.type.startsWith("call."));
    expect(events.map((event) => [event.type, event.data.status ?? null])).toEqual([
      ["call.dialled", null],
      ["call.status_changed", "ringing"],
      ["call.status_changed", "in_progress"],
      ["call.status_changed", "completed"],
      ["call.settled", "completed"],
    ]);
    expect(events.at(-1)!.data).toMatchObject({
      id: placedCall.id,
      result: "answered",
      duration_seconds: 95,
      cost: 0.24,
      refunded: 3.36,
      currency: "EUR",
      ended_at: "2026-11-26T10:01:35.000Z",
    });
  });

  it("a busy call ends completed/busy with the whole reservation back", async () => {
    const placedCall = await placed();
    await twilioCallback(placedCall.companyId, placedCall.id, {
      CallSid: placedCall.sid,
      CallStatus: "busy",
      CallDuration: "0",
    });
    await settleJobs(placedCall.companyId);
    expect(await callOf(placedCall.id)).toMatchObject({
      status: "completed",
      result: "busy",
      durationSeconds: 0,
      costMinor: 0,
    });
    expect(await balanceOf(placedCall.companyId)).toBe(1_000);
    expect((await eventsOf(placedCall.companyId)).filter((event) => event.type === "call.settled")).toHaveLength(1);
  });

  it("without callbacks, due work asks Twilio once the due time passed and settles the call from its answer, once", async () => {
    const placedCall = await placed();
    const [due] = await reconcilesOf(placedCall.companyId);
    expect(due).toMatchObject({ kind: "dialer.reconcile_call" });
    // Nothing due yet: a tick hands nothing over.
    await tick();
    expect((await jobsOf(placedCall.companyId)).map((job) => job.kind)).toEqual(["dialer.place_call"]);

    // The fake's call ended (answered 1 s after placing, 5 s of talk); our clock passes the due time.
    await fetch(`${twilioFake}/__fake/advance`, {
      method: "POST",
      body: JSON.stringify({ ms: 60_000 }),
      headers: { "Content-Type": "application/json" },
    });
    moveClock(Date.parse(due!.dueAt) - Date.now() + 1_000);
    await tick();
    await settleJobs(placedCall.companyId);
    expect(await callOf(placedCall.id)).toMatchObject({
      status: "completed",
      result: "answered",
      durationSeconds: 5,
      costMinor: 12,
    });
    expect(await balanceOf(placedCall.companyId)).toBe(1_000 - 12);
    expect((await eventsOf(placedCall.companyId)).filter((event) => event.type === "call.settled")).toHaveLength(1);

    // A late callback changes nothing.
    await twilioCallback(placedCall.companyId, placedCall.id, {
      CallSid: placedCall.sid,
      CallStatus: "completed",
      CallDuration: "5",
    });
    await settleJobs(placedCall.companyId);
    expect(await balanceOf(placedCall.companyId)).toBe(1_000 - 12);
    expect((await ledgerOf(placedCall.companyId)).filter((entry) => entry.kind === "refund")).toHaveLength(1);
    // Twilio was asked to place the call once.
    expect(await twilioCalls(placedCall.to)).toHaveLength(1);
  });

  it("a final callback racing the reconciliation settles the call once", async () => {
    for (let round = 0; round < 3; round++) {
      const placedCall = await placed();
      await fetch(`${twilioFake}/__fake/advance`, {
        method: "POST",
        body: JSON.stringify({ ms: 60_000 }),
        headers: { "Content-Type": "application/json" },
      });
      const [due] = await reconcilesOf(placedCall.companyId);
      moveClock(Date.parse(due!.dueAt) - Date.now() + 1_000);
      await tick();
      await twilioCallback(placedCall.companyId, placedCall.id, {
        CallSid: placedCall.sid,
        CallStatus: "completed",
        CallDuration: "5",
      });
      // Both jobs at once (the Queue's consumer may hold one already: the claim lets one run each attempt).
      const racing = (await db.select().from(jobs).where(eq(jobs.companyId, placedCall.companyId))).filter(
        (job) => job.kind !== "dialer.place_call",
      );
      expect(racing.map((job) => job.kind).sort()).toEqual(["dialer.call_status", "dialer.reconcile_call"]);
      await Promise.all(racing.map((job) => consumeJob(job.id)));
      // Waits for one the background consumer held, its attempt's end bounding the wait (not wall time).
      await settleJobs(placedCall.companyId);
      expect((await callOf(placedCall.id))!.status).toBe("completed");
      expect(await balanceOf(placedCall.companyId)).toBe(1_000 - 12);
      expect(await checkedLedgerSum(placedCall.companyId)).toBe(1_000 - 12);
      expect((await ledgerOf(placedCall.companyId)).filter((entry) => entry.kind === "refund")).toHaveLength(1);
      expect((await eventsOf(placedCall.companyId)).filter((event) => event.type === "call.settled")).toHaveLength(1);
      resetClock();
    }
  });

  it("a placement whose answer was lost is not dialled again: the provider's first callback names the call, and the retry finds it placed", async () => {
    const t = await dialCompany({ balanceMinor: 1_000 });
    const to = uniqueMobile();
    // The provider's answer to the placement is lost (a 500 here; a Worker killed after Twilio accepted, in production).
    const scripted = await fetch(`${twilioFake}/__fake/script`, {
      method: "POST",
      body: JSON.stringify({ status: 500, match: to }),
      headers: { "Content-Type": "application/json" },
    });
    expect(scripted.status).toBe(200);
    // Held, and run by this test: the background consumer would retry it on its own 5 s after.
    const response = await send("POST", "/api/v1/calls/dial", t.key, { to, agent_id: t.agentId }, { app: holdingJobs });
    expect(response.status, response.text).toBe(201);
    const id = response.json.id as string;
    const placement = async () => (await jobsOf(t.companyId)).find((job) => job.kind === "dialer.place_call")!;
    await makeDue(t.companyId);
    await consumeJob((await placement()).id);
    expect(await placement()).toMatchObject({ status: "pending", attempts: 1 });
    // Its retry held again until the callback is applied (a late message of the Queue finds it not due).
    const later = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    await db
      .update(jobs)
      .set({ nextAttemptAt: later })
      .where(eq(jobs.id, (await placement()).id));
    expect(await twilioCalls(to)).toHaveLength(1);

    // Twilio placed it after all: its `initiated` callback arrives, and is applied before the retry.
    const sid = `CA${crypto.randomUUID().replaceAll("-", "")}`;
    const answered = await twilioCallback(t.companyId, id, {
      CallSid: sid,
      CallStatus: "initiated",
      From: "+34910000000",
      To: to,
    });
    expect(answered.status).toBe(200);
    // Run to its end, by this test or by the background consumer, before the placement's retry.
    const status = (await jobsOf(t.companyId)).find((job) => job.kind === "dialer.call_status")!;
    await settleJobs(t.companyId, { only: [status.id] });
    expect((await findDialledCall(db, id))!.providerCallId).toBe(sid);

    const ended = await settleJobs(t.companyId);
    expect(ended.find((job) => job.kind === "dialer.place_call")!.status).toBe("done");
    expect(await twilioCalls(to)).toHaveLength(1);
    expect((await findDialledCall(db, id))!.providerCallId).toBe(sid);
  });
});
