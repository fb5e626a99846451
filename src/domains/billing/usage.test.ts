import { env } from "cloudflare:test";
import { and, eq, ne } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { settleJobs } from "../../../test/jobs";
import { call, db, operator } from "../../../test/helpers";
import { balanceOf, checkedLedgerSum } from "../../../test/wallet-operations";
import { read, send } from "../../../test/fixtures/billing";
import { dialCompany, uniqueMobile } from "../../../test/fixtures/dialer";
import { fake } from "../../../test/fixtures/gateway";
import { twilioSignature } from "../../core/callbacks";
import { runWriteBatch } from "../../core/commit";
import { addDays, localDateOf } from "../../lib/period";
import { configOf } from "../../config";
import { calls } from "../calls";
import { smsMessages } from "../sms/schema";
import { findDialledCall } from "../dialer/queries";
import { usageRecords, walletLedger } from "./schema";
import { credit } from "./wallet";

/*
 * Every send and call shows in usage: the wallet's debit or credit for it writes its usage record
 * in the same batch, so GET /billing/usage is, kind by kind, the net of the ledger's movements of
 * that kind. Sends and calls go through the API and the provider's fake (an SMS the fake refuses is
 * refunded; a call settles from Twilio's signed status callbacks, refunding the unused reservation).
 */

const ZONE = "Europe/Madrid";
const callbackBase = configOf(env).callbacks.baseUrl;

/** A company that can dial Spanish mobiles (0.12 EUR a minute, 30 minutes reserved: 3.60) and send SMS to Spain (0.07 a segment). */
async function meteredCompany(balanceMinor: number) {
  const company = await dialCompany({ balanceMinor });
  const price = await operator(`/companies/${company.companyId}/prices`, {
    method: "PUT",
    body: { kind: "sms", country: "ES", amount: 0.07 },
  });
  if (price.status !== 200) throw new Error(`Setting the SMS price answered ${price.status}: ${price.text}`);
  return company;
}

type Company = Awaited<ReturnType<typeof meteredCompany>>;

/** Posts a Twilio call status callback, signed as Twilio signs it. */
async function callStatus(companyId: string, callId: string, fields: Record<string, string>) {
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

/** Sends one SMS of `segments` GSM-7 segments; the fake refuses it when `refused` (502, refunded). */
async function sendSms(company: Company, segments: number, refused: boolean) {
  const to = uniqueMobile();
  if (refused) await fake.control("twilio", "refuse", { recipient: to });
  const response = await send("POST", "/api/v1/sms/send", company.key, {
    to,
    text: "a".repeat(segments === 1 ? 100 : 153 * (segments - 1) + 10),
  });
  expect([200, 409, 502], response.text).toContain(response.status);
}

/** Dials, lets the fake place the call, then ends it with Twilio's callbacks: answered for `seconds`, or not answered. */
async function dialAndEnd(
  company: Company,
  end: { status: "completed"; seconds: number } | { status: "no-answer" | "busy" },
) {
  const to = uniqueMobile();
  const dialled = await send("POST", "/api/v1/calls/dial", company.key, { to, agent_id: company.agentId });
  expect([201, 402], dialled.text).toContain(dialled.status);
  if (dialled.status !== 201) return;
  const id = dialled.json.id as string;
  await settleJobs(company.companyId);
  const sid = (await findDialledCall(db, id))!.providerCallId!;
  if (end.status === "completed") {
    await callStatus(company.companyId, id, { CallSid: sid, To: to, CallStatus: "in-progress" });
    await callStatus(company.companyId, id, {
      CallSid: sid,
      To: to,
      CallStatus: "completed",
      CallDuration: String(end.seconds),
    });
  } else {
    await callStatus(company.companyId, id, { CallSid: sid, To: to, CallStatus: end.status });
  }
  await settleJobs(company.companyId);
}

async function topUp(company: Company, amountMinor: number) {
  await runWriteBatch(
    db,
    await credit(db, {
      companyId: company.companyId,
      amountMinor,
      currency: "EUR",
      kind: "top_up",
      reference: { type: "payment", id: `pi_${crypto.randomUUID()}` },
    }),
  );
}

/** The net of the ledger's charges and refunds for one reference type (positive: what was spent). */
async function netSpent(companyId: string, type: "sms" | "call") {
  const rows = await db
    .select()
    .from(walletLedger)
    .where(and(eq(walletLedger.companyId, companyId), eq(walletLedger.referenceType, type)));
  return rows.reduce((spent, row) => spent - row.amountMinor, 0);
}

const minor = (major: number) => Math.round(major * 100);

/** Usage over the days around now (every movement of the test), against the ledger, the messages and the calls. */
async function expectUsageEqualsLedger(companyId: string, key: string) {
  const today = localDateOf(Date.now(), ZONE);
  const usage = (
    await read(`/api/v1/billing/usage?start_date=${addDays(today, -1)}&end_date=${addDays(today, 1)}`, key)
  ).json;
  const [sms, callsSpent] = await Promise.all([netSpent(companyId, "sms"), netSpent(companyId, "call")]);
  expect(minor(usage.sms.cost)).toBe(sms);
  expect(minor(usage.calls.cost)).toBe(callsSpent);
  expect(minor(usage.total_cost)).toBe(sms + callsSpent);
  const sent = await db
    .select()
    .from(smsMessages)
    .where(and(eq(smsMessages.companyId, companyId), ne(smsMessages.status, "failed")));
  expect(usage.sms.segments).toBe(sent.reduce((sum, row) => sum + row.segments, 0));
  // Every call ended here, so what the ledger kept is what the calls cost.
  const ended = await db.select().from(calls).where(eq(calls.companyId, companyId));
  expect(callsSpent).toBe(ended.reduce((sum, row) => sum + row.costMinor, 0));
}

describe("usage records written with the wallet's movements", () => {
  it("an SMS sent is its segments and cost; one the provider refuses is charged, refunded, and nets to nothing", async () => {
    const company = await meteredCompany(1_000);
    await sendSms(company, 2, false);
    await sendSms(company, 3, true);
    const records = await db.select().from(usageRecords).where(eq(usageRecords.companyId, company.companyId));
    expect(records.map((row) => [row.kind, row.quantity, row.costMinor]).sort()).toEqual([
      ["sms_segment", -3, -21],
      ["sms_segment", 2, 14],
      ["sms_segment", 3, 21],
    ]);
    expect(new Set(records.map((row) => row.localDate))).toEqual(new Set([localDateOf(Date.now(), ZONE)]));
    await expectUsageEqualsLedger(company.companyId, company.key);
  });

  it("a call is its reservation less the unused part: seconds and cost net to what it was charged", async () => {
    const company = await meteredCompany(1_000);
    await dialAndEnd(company, { status: "completed", seconds: 95 });
    await dialAndEnd(company, { status: "busy" });
    const records = await db.select().from(usageRecords).where(eq(usageRecords.companyId, company.companyId));
    // 95 s is billed 120 s (60 s minimum, then 60 s steps): 0.24 of the 3.60 reserved; busy: all back.
    expect(records.reduce((sum, row) => sum + row.quantity, 0)).toBe(120);
    expect(records.reduce((sum, row) => sum + row.costMinor, 0)).toBe(24);
    await expectUsageEqualsLedger(company.companyId, company.key);
  });

  it("property: over random sends, calls, top-ups and refunds, the balance is the ledger's sum, never negative, and usage is the net of the charges", async () => {
    const step = fc.oneof(
      fc.record({ type: fc.constant("sms" as const), segments: fc.integer({ min: 1, max: 3 }), refused: fc.boolean() }),
      fc.record({
        type: fc.constant("call" as const),
        seconds: fc.integer({ min: 0, max: 400 }),
        answered: fc.constantFrom("completed", "no-answer", "busy"),
      }),
      fc.record({ type: fc.constant("top_up" as const), amountMinor: fc.integer({ min: 1, max: 300 }) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 150 }),
        fc.array(step, { minLength: 1, maxLength: 6 }),
        async (balanceMinor, steps) => {
          const company = await meteredCompany(balanceMinor);
          for (const next of steps) {
            if (next.type === "sms") await sendSms(company, next.segments, next.refused);
            else if (next.type === "top_up") await topUp(company, next.amountMinor);
            else
              await dialAndEnd(
                company,
                next.answered === "completed"
                  ? { status: "completed", seconds: next.seconds }
                  : { status: next.answered as "no-answer" | "busy" },
              );
            const balance = (await balanceOf(company.companyId)) ?? 0;
            expect(balance).toBeGreaterThanOrEqual(0);
            expect(await checkedLedgerSum(company.companyId)).toBe(balance);
            await expectUsageEqualsLedger(company.companyId, company.key);
          }
        },
      ),
      { numRuns: 20, seed: 20261130 },
    );
  }, 240_000);
});
