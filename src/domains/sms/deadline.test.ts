import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { resetClock } from "../../../test/clock";
import { eventsOf } from "../../../test/fixtures/billing";
import { fakeOrigin, fakeRequests, passDeadline, silence } from "../../../test/fixtures/deadlines";
import { call, db, operator, tenant } from "../../../test/helpers";
import { settleJobs } from "../../../test/jobs";
import { walletWith } from "../../../test/wallet";
import { balanceOf, checkedLedgerSum, ledgerOf } from "../../../test/wallet-operations";
import { configOf } from "../../config";
import { twilioSignature } from "../../core/callbacks";
import { providerIntents } from "../../data/schema";
import { NO_PROVIDER_OUTCOME, sendDeadline } from "../../work/deadlines";
import { smsMessages } from "./schema";

afterEach(resetClock);

const callbackBase = configOf(env).callbacks.baseUrl;
const mobile = () => `+3461${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;

/** Posts Twilio's message status callback for our message `id`, signed as Twilio signs it. */
async function statusCallback(companyId: string, id: string, fields: Record<string, string>) {
  const path = `/providers/twilio/message-status?company=${companyId}&message=${id}`;
  const params = new URLSearchParams({ AccountSid: env.TWILIO_ACCOUNT_SID, ApiVersion: "2010-04-01", ...fields });
  const signature = await twilioSignature(env.TWILIO_AUTH_TOKEN, `${callbackBase}${path}`, params);
  const response = await call(path, {
    method: "POST",
    body: params.toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature },
  });
  expect(response.status, response.text).toBe(200);
}

describe("an SMS's deadline", () => {
  it("left sending with the provider silent, it fails with no_provider_outcome at its deadline, refunded once; a late callback and a retry change nothing", async () => {
    const t = await tenant({ capabilities: ["sms"] });
    const priced = await operator(`/companies/${t.companyId}/prices`, {
      method: "PUT",
      body: { kind: "sms", country: "ES", amount: 0.07 },
    });
    expect(priced.status).toBe(200);
    await walletWith(t.companyId, [{ kind: "top_up", amountMinor: 1000, at: "2026-01-01T00:00:00.000Z" }]);
    const to = mobile();
    // Twilio takes the message but its answer never comes back (the request gives up waiting).
    const held = await fetch(`${fakeOrigin("twilio")}/__fake/script`, {
      method: "POST",
      body: JSON.stringify({ hold: true, match: to }),
      headers: { "Content-Type": "application/json" },
    });
    expect(held.status).toBe(200);
    const idempotencyKey = crypto.randomUUID();
    const sent = await call("/api/v1/sms/send", {
      key: t.key,
      body: { to, text: "Su cita es el martes" },
      headers: { "Idempotency-Key": idempotencyKey },
      vars: { PROVIDER_TIMEOUT_MS: "300" },
    });
    expect(sent.status, sent.text).toBeGreaterThanOrEqual(500);
    const message = (await db.select().from(smsMessages).where(eq(smsMessages.companyId, t.companyId)).get())!;
    expect(message).toMatchObject({ status: "sending", refunded: false });
    expect(await balanceOf(t.companyId)).toBe(1000 - 7);

    // Twilio cannot be asked what became of it (its Messages list fails), up to and past the deadline.
    await silence("twilio", to);
    await passDeadline(t.companyId, sendDeadline(message.createdAt));

    const closed = (await db.select().from(smsMessages).where(eq(smsMessages.id, message.id)).get())!;
    expect(closed).toMatchObject({ status: "failed", refunded: true, deliveryStatus: null });
    expect(closed.failureReason).toMatch(new RegExp(`^${NO_PROVIDER_OUTCOME}: `));
    const smsEvents = async () => (await eventsOf(t.companyId)).filter((event) => event.type.startsWith("sms."));
    expect((await smsEvents()).map((event) => [event.type, event.data.previous_status, event.data.sequence])).toEqual([
      ["sms.failed", "sending", 1],
    ]);
    expect(await balanceOf(t.companyId)).toBe(1000);
    expect(await checkedLedgerSum(t.companyId)).toBe(1000);
    const refunds = async () => (await ledgerOf(t.companyId)).filter((entry) => entry.kind === "refund");
    expect(await refunds()).toHaveLength(1);
    // Its intent is given up on: never sent again.
    const intent = await db
      .select()
      .from(providerIntents)
      .where(and(eq(providerIntents.companyId, t.companyId), eq(providerIntents.resourceId, message.id)))
      .get();
    expect(intent?.state).toBe("unknown");

    // The provider's callbacks arrive late (sent, delivered), and the request is retried: nothing changes.
    const sid = `SM${crypto.randomUUID().replaceAll("-", "")}`;
    await statusCallback(t.companyId, message.id, { MessageSid: sid, MessageStatus: "sent" });
    await statusCallback(t.companyId, message.id, { MessageSid: sid, MessageStatus: "delivered" });
    const retried = await call("/api/v1/sms/send", {
      key: t.key,
      body: { to, text: "Su cita es el martes" },
      headers: { "Idempotency-Key": idempotencyKey },
    });
    expect(retried.status).not.toBe(200);
    await settleJobs(t.companyId);
    expect(await db.select().from(smsMessages).where(eq(smsMessages.id, message.id)).get()).toMatchObject({
      status: "failed",
      refunded: true,
      deliveryStatus: null,
    });
    expect((await smsEvents()).map((event) => event.type)).toEqual(["sms.failed"]);
    expect(await refunds()).toHaveLength(1);
    expect(await balanceOf(t.companyId)).toBe(1000);
    // Twilio was asked to send it once.
    expect((await fakeRequests("twilio", to)).filter((request) => request.method === "POST")).toHaveLength(1);
  });
});
