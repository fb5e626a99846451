import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { settleJobs } from "../../../test/jobs";
import { call, db } from "../../../test/helpers";
import { balanceOf, ledgerOf } from "../../../test/wallet-operations";
import { send } from "../../../test/fixtures/billing";
import { dialCompany, RESERVED_MINOR, twilioCalls, uniqueMobile } from "../../../test/fixtures/dialer";
import { twilioSignature } from "../../core/callbacks";
import { providerCallbacks } from "../../data/schema";
import { configOf } from "../../config";
import { calls } from "../calls";
import { findDialledCall } from "./queries";

const callbackBase = configOf(env).callbacks.baseUrl;

/** Posts a Twilio status callback as Twilio does: form-encoded, signed over the configured URL (or with `signature`). */
async function twilioCallback(path: string, fields: Record<string, string>, signature?: string | null) {
  const params = new URLSearchParams(fields);
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  const signed =
    signature === undefined
      ? await twilioSignature(env.TWILIO_AUTH_TOKEN, `${callbackBase}${path}`, params)
      : signature;
  if (signed !== null) headers["X-Twilio-Signature"] = signed;
  return call(path, { method: "POST", body: params.toString(), headers });
}

/** A dialled call placed with the fake Twilio (ringing, with its sid), and how to send its callbacks. */
async function placedCall(balanceMinor = 1_000) {
  const t = await dialCompany({ balanceMinor });
  const to = uniqueMobile();
  const dialled = await send("POST", "/api/v1/calls/dial", t.key, { to, agent_id: t.agentId });
  expect(dialled.status, dialled.text).toBe(201);
  const id = dialled.json.id as string;
  await settleJobs(t.companyId);
  const row = (await findDialledCall(db, id))!;
  const path = `/providers/twilio/call-status?company=${t.companyId}&call=${id}`;
  const status = (CallStatus: string, extra: Record<string, string> = {}) =>
    twilioCallback(path, {
      CallSid: row.providerCallId!,
      AccountSid: env.TWILIO_ACCOUNT_SID,
      To: to,
      CallStatus,
      ...extra,
    });
  return { ...t, id, to, path, sid: row.providerCallId!, status };
}

const callRow = (id: string) => db.select().from(calls).where(eq(calls.id, id)).get();
const recorded = (companyId: string) =>
  db.select().from(providerCallbacks).where(eq(providerCallbacks.companyId, companyId));

describe("Twilio call status callbacks", () => {
  it("are requested when the call is placed: StatusCallback names the call, with every progress event", async () => {
    const placed = await placedCall();
    const [request] = await twilioCalls(placed.to);
    const form = new URLSearchParams(request!.body);
    // And our intent id (src/work/intents.ts), which Twilio echoes in every callback's URL.
    const statusCallback = form.get("StatusCallback")!;
    expect(statusCallback.startsWith(`${callbackBase}${placed.path}&intent=`)).toBe(true);
    expect(new URL(statusCallback).searchParams.get("intent")).toMatch(/^[0-9a-f-]{36}$/);
    expect(form.getAll("StatusCallbackEvent")).toEqual(["initiated", "ringing", "answered", "completed"]);
  });

  it("refuse an unsigned (401), wrongly signed or tampered (403) callback, and change nothing", async () => {
    const placed = await placedCall();
    const fields = { CallSid: placed.sid, CallStatus: "completed", CallDuration: "60" };
    expect((await twilioCallback(placed.path, fields, null)).status).toBe(401);
    expect((await twilioCallback(placed.path, fields, "AAAAAAAAAAAAAAAAAAAAAAAAAAA=")).status).toBe(403);
    // Signed for another call's URL: the query is part of what Twilio signs.
    const other = await twilioSignature(
      env.TWILIO_AUTH_TOKEN,
      `${callbackBase}/providers/twilio/call-status?company=${placed.companyId}&call=other`,
      new URLSearchParams(fields),
    );
    const refused = await twilioCallback(placed.path, fields, other);
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain(placed.sid);
    await settleJobs(placed.companyId);
    expect(await recorded(placed.companyId)).toEqual([]);
    expect((await callRow(placed.id))?.status).toBe("ringing");
  });

  it("move the call forward and settle it once: the same final callback twice changes state once", async () => {
    const placed = await placedCall();
    expect((await placed.status("ringing")).status).toBe(200);
    expect((await placed.status("in-progress")).status).toBe(200);
    await settleJobs(placed.companyId);
    expect((await callRow(placed.id))?.status).toBe("in_progress");
    expect((await findDialledCall(db, placed.id))?.answeredAt).not.toBeNull();

    const completed = await placed.status("completed", { CallDuration: "95" });
    expect(completed.status).toBe(200);
    expect((await placed.status("completed", { CallDuration: "95" })).status).toBe(200);
    await settleJobs(placed.companyId);
    expect(await callRow(placed.id)).toMatchObject({
      status: "completed",
      result: "answered",
      durationSeconds: 95,
      costMinor: 24,
    });
    expect(await balanceOf(placed.companyId)).toBe(1_000 - 24);
    expect((await ledgerOf(placed.companyId)).filter((entry) => entry.kind === "refund")).toHaveLength(1);
    expect((await recorded(placed.companyId)).map((row) => row.eventId).sort()).toEqual([
      `${placed.sid}:completed`,
      `${placed.sid}:in-progress`,
      `${placed.sid}:ringing`,
    ]);
  });

  it("out of order (completed before in-progress and ringing), end in the final state", async () => {
    const placed = await placedCall();
    await placed.status("completed", { CallDuration: "30" });
    await settleJobs(placed.companyId);
    await placed.status("in-progress");
    await placed.status("ringing");
    await settleJobs(placed.companyId);
    expect(await callRow(placed.id)).toMatchObject({ status: "completed", result: "answered", durationSeconds: 30 });
  });

  it("end a call not answered with its reason and the whole reservation back", async () => {
    const placed = await placedCall();
    await placed.status("no-answer", { CallDuration: "0" });
    await settleJobs(placed.companyId);
    expect(await callRow(placed.id)).toMatchObject({
      status: "completed",
      result: "no_answer",
      durationSeconds: 0,
      costMinor: 0,
    });
    expect(await balanceOf(placed.companyId)).toBe(1_000);
    expect(RESERVED_MINOR).toBeGreaterThan(0);
  });

  it("for a call or company we do not know are acknowledged and ignored", async () => {
    const placed = await placedCall();
    const unknown = await twilioCallback(`/providers/twilio/call-status?company=${placed.companyId}&call=nope`, {
      CallSid: placed.sid,
      CallStatus: "completed",
      CallDuration: "5",
    });
    expect(unknown.status).toBe(200);
    const otherCompany = await twilioCallback(`/providers/twilio/call-status?company=co_nope&call=${placed.id}`, {
      CallSid: placed.sid,
      CallStatus: "completed",
      CallDuration: "5",
    });
    expect(otherCompany.status).toBe(200);
    expect(await recorded(placed.companyId)).toEqual([]);
    expect((await callRow(placed.id))?.status).toBe("ringing");
  });

  it("are outside the public API: no route for an unknown topic, and no OpenAPI operation", async () => {
    expect(
      (
        await call("/providers/twilio/nothing", {
          method: "POST",
          body: "a=b",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        })
      ).status,
    ).toBe(404);
    const document = await call("/api/v1/openapi.json");
    expect(Object.keys(document.json.paths).filter((path) => path.startsWith("/providers"))).toEqual([]);
  });
});
