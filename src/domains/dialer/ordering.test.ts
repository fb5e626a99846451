import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { settleJobs } from "../../../test/jobs";
import { db } from "../../../test/helpers";
import { balanceOf, ledgerOf } from "../../../test/wallet-operations";
import { eventsOf, send } from "../../../test/fixtures/billing";
import { dialCompany, uniqueMobile } from "../../../test/fixtures/dialer";
import { twilioSignature } from "../../core/callbacks";
import { providerCallbacks } from "../../data/schema";
import { configOf } from "../../config";
import { call } from "../../../test/helpers";
import { findDialledCall } from "./queries";

// Events carry their order: each event about a call draws the call's next `sequence` in the batch
// of the change, says the status it leaves, and a callback that would move the call back is
// recorded and emits nothing. Every callback here goes through the signed Twilio path.

const callbackBase = configOf(env).callbacks.baseUrl;

async function placedCall() {
  const t = await dialCompany({ balanceMinor: 1_000 });
  const to = uniqueMobile();
  const dialled = await send("POST", "/api/v1/calls/dial", t.key, { to, agent_id: t.agentId });
  expect(dialled.status, dialled.text).toBe(201);
  const id = dialled.json.id as string;
  await settleJobs(t.companyId);
  const sid = (await findDialledCall(db, id))!.providerCallId!;
  const path = `/providers/twilio/call-status?company=${t.companyId}&call=${id}`;
  /** One of Twilio's status callbacks for the call, signed as Twilio signs it. */
  const status = async (CallStatus: string, extra: Record<string, string> = {}) => {
    const params = new URLSearchParams({
      CallSid: sid,
      AccountSid: env.TWILIO_ACCOUNT_SID,
      To: to,
      CallStatus,
      ...extra,
    });
    const signature = await twilioSignature(env.TWILIO_AUTH_TOKEN, `${callbackBase}${path}`, params);
    const answer = await call(path, {
      method: "POST",
      body: params.toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature },
    });
    expect(answer.status).toBe(200);
  };
  /** The call as GET /calls/{call_id} shows it. */
  const view = async () => {
    const got = await send("GET", `/api/v1/calls/${id}`, t.key);
    expect(got.status, got.text).toBe(200);
    return got.json as { status: string; result: string | null; sequence: number };
  };
  return { ...t, id, sid, status, view };
}

const callEvents = async (companyId: string, callId: string) =>
  (await eventsOf(companyId)).filter((event) => event.type.startsWith("call.") && event.data.id === callId);

/** Each event's sequence is the next one of the call, from 1, and the last is what the call shows. */
function expectNumbered(events: { data: Record<string, unknown> }[], shown: number) {
  expect(events.map((event) => event.data.sequence)).toEqual(events.map((_, index) => index + 1));
  expect(shown).toBe(events.length);
}

const recorded = async (companyId: string) =>
  (await db.select().from(providerCallbacks).where(eq(providerCallbacks.companyId, companyId))).map(
    (row) => row.eventId,
  );

describe("A dialled call's events carry their order", () => {
  it("completed then ringing: the late ringing is recorded, never applied, and emits nothing", async () => {
    const placed = await placedCall();
    expect((await placed.view()).sequence).toBe(2); // call.dialled, then ringing when the provider took it

    await placed.status("completed", { CallDuration: "30" });
    await settleJobs(placed.companyId);
    const ended = await callEvents(placed.companyId, placed.id);

    await placed.status("ringing");
    await placed.status("in-progress");
    await settleJobs(placed.companyId);

    // Recorded, once each, and nothing moved or was emitted.
    expect((await recorded(placed.companyId)).sort()).toEqual(
      [`${placed.sid}:completed`, `${placed.sid}:in-progress`, `${placed.sid}:ringing`].sort(),
    );
    const events = await callEvents(placed.companyId, placed.id);
    expect(events).toEqual(ended);
    expect(events.map((event) => [event.type, event.data.status ?? null, event.data.previous_status])).toEqual([
      ["call.dialled", null, null],
      ["call.status_changed", "ringing", "queued"],
      ["call.status_changed", "completed", "ringing"],
      ["call.settled", "completed", "ringing"],
    ]);
    const view = await placed.view();
    expect(view).toMatchObject({ status: "completed", result: "answered" });
    expectNumbered(events, view.sequence);
  });

  it("duplicated and delayed callbacks: one event per transition, sequences strictly increasing, the right end", async () => {
    const placed = await placedCall();
    // Twilio retries a callback (same sid and status) and delivers others late and out of order.
    await placed.status("in-progress");
    await placed.status("in-progress");
    await settleJobs(placed.companyId);
    await placed.status("ringing");
    await placed.status("completed", { CallDuration: "95" });
    await placed.status("completed", { CallDuration: "95" });
    await settleJobs(placed.companyId);
    await placed.status("ringing");
    await placed.status("in-progress");
    await settleJobs(placed.companyId);

    const events = await callEvents(placed.companyId, placed.id);
    expect(events.map((event) => [event.type, event.data.status ?? null, event.data.previous_status])).toEqual([
      ["call.dialled", null, null],
      ["call.status_changed", "ringing", "queued"],
      ["call.status_changed", "in_progress", "ringing"],
      ["call.status_changed", "completed", "in_progress"],
      ["call.settled", "completed", "in_progress"],
    ]);
    const view = await placed.view();
    expect(view).toMatchObject({ status: "completed", result: "answered" });
    expectNumbered(events, view.sequence);
    // Settled once: 95 s bills 120 s at 0.12/min, the rest of the reservation back once.
    expect(await balanceOf(placed.companyId)).toBe(1_000 - 24);
    expect((await ledgerOf(placed.companyId)).filter((entry) => entry.kind === "refund")).toHaveLength(1);
  });

  it("numbers each call apart: two calls of one company each count from 1", async () => {
    const first = await placedCall();
    await first.status("busy", { CallDuration: "0" });
    await settleJobs(first.companyId);
    const events = await callEvents(first.companyId, first.id);
    expect(events.map((event) => event.type)).toEqual([
      "call.dialled",
      "call.status_changed",
      "call.status_changed",
      "call.settled",
    ]);
    expectNumbered(events, (await first.view()).sequence);

    const second = await send("POST", "/api/v1/calls/dial", first.key, { to: uniqueMobile(), agent_id: first.agentId });
    expect(second.status, second.text).toBe(201);
    const secondEvents = await callEvents(first.companyId, second.json.id as string);
    expect(secondEvents.map((event) => [event.type, event.data.sequence])).toEqual([["call.dialled", 1]]);
  });
});
