import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { resetClock } from "../../../test/clock";
import { settleJobs } from "../../../test/jobs";
import { call, db } from "../../../test/helpers";
import { balanceOf, checkedLedgerSum, ledgerOf } from "../../../test/wallet-operations";
import { eventsOf, send } from "../../../test/fixtures/billing";
import { dialCompany, uniqueMobile } from "../../../test/fixtures/dialer";
import { fakeRequests, passDeadline, silence } from "../../../test/fixtures/deadlines";
import { twilioSignature } from "../../core/callbacks";
import { configOf } from "../../config";
import { NO_PROVIDER_OUTCOME } from "../../work/deadlines";
import { calls } from "../calls";
import { callDeadline } from "./jobs";
import { findDialledCall } from "./queries";

const callbackBase = configOf(env).callbacks.baseUrl;

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

afterEach(resetClock);

describe("a dialled call's deadline", () => {
  it("follows the call's own limit; past it, with the provider silent, the call fails (no_provider_outcome) once, its reservation back; a late callback changes nothing", async () => {
    const t = await dialCompany({ balanceMinor: 1_000 });
    const to = uniqueMobile();
    // 10 minutes: 1.20 EUR reserved.
    const dialled = await send("POST", "/api/v1/calls/dial", t.key, {
      to,
      agent_id: t.agentId,
      max_duration_seconds: 600,
    });
    expect(dialled.status, dialled.text).toBe(201);
    const id = dialled.json.id as string;
    await settleJobs(t.companyId);
    const placed = (await findDialledCall(db, id, t.companyId))!;
    expect(placed.status).toBe("ringing");
    const sid = placed.providerCallId!;
    expect(await balanceOf(t.companyId)).toBe(1_000 - 120);
    // The deadline follows max_duration_seconds: twice it plus 10 min (the first ask), then 30 min of asking.
    const deadline = callDeadline(placed);
    expect(deadline - Date.parse(placed.createdAt)).toBe((2 * 600 + 600 + 1_800) * 1000);
    const longer = await send("POST", "/api/v1/calls/dial", t.key, {
      to: uniqueMobile(),
      agent_id: t.agentId,
      max_duration_seconds: 1_200,
    });
    expect(callDeadline((await findDialledCall(db, longer.json.id, t.companyId))!) - deadline).toBeGreaterThanOrEqual(
      1_200 * 1000,
    );
    const balanceBefore = await balanceOf(t.companyId);

    // No callback ever comes, and Twilio cannot say what became of the call.
    await silence("twilio", sid);
    await passDeadline(t.companyId, deadline);

    const ended = (await findDialledCall(db, id, t.companyId))!;
    expect(ended.status).toBe("failed");
    expect(ended.failureReason).toMatch(new RegExp(`^${NO_PROVIDER_OUTCOME}: `));
    expect(await db.select().from(calls).where(eq(calls.id, id)).get()).toMatchObject({
      result: "failed",
      costMinor: 0,
    });
    // Twilio was asked about the call (its status), never asked to place it again.
    const asked = await fakeRequests("twilio", sid);
    expect(asked.some((request) => request.method === "GET")).toBe(true);
    expect((await fakeRequests("twilio", to)).filter((request) => request.method === "POST")).toHaveLength(1);

    const settledEvents = async () =>
      (await eventsOf(t.companyId)).filter((event) => event.type === "call.settled" && event.data.id === id);
    expect(await settledEvents()).toHaveLength(1);
    expect((await settledEvents())[0]!.data).toMatchObject({
      status: "failed",
      result: "failed",
      cost: 0,
      refunded: 1.2,
      previous_status: "ringing",
    });
    // The whole reservation back, once.
    expect(await balanceOf(t.companyId)).toBe(balanceBefore! + 120);
    const refunds = (await ledgerOf(t.companyId)).filter((entry) => entry.kind === "refund");
    expect(refunds.map((entry) => entry.amountMinor)).toEqual([120]);
    const sequence = (await settledEvents())[0]!.data.sequence;

    // Twilio's final callback arrives late: the call stays failed, nothing charged, no event.
    const late = await twilioCallback(t.companyId, id, { CallSid: sid, CallStatus: "completed", CallDuration: "95" });
    expect(late.status).toBe(200);
    await settleJobs(t.companyId);
    expect((await findDialledCall(db, id, t.companyId))!.status).toBe("failed");
    expect(await balanceOf(t.companyId)).toBe(balanceBefore! + 120);
    expect(await checkedLedgerSum(t.companyId)).toBe(balanceBefore! + 120);
    expect(await settledEvents()).toHaveLength(1);
    expect(
      (await eventsOf(t.companyId)).filter(
        (event) => event.data.id === id && Number(event.data.sequence) > Number(sequence),
      ),
    ).toEqual([]);
  });
});
