import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { moveClock, resetClock, tick } from "../../../test/clock";
import { eventsOf } from "../../../test/fixtures/billing";
import { fake } from "../../../test/fixtures/gateway";
import { call, db, operator, tenant } from "../../../test/helpers";
import { consumeJob, jobsOf, settleJobs } from "../../../test/jobs";
import { walletWith } from "../../../test/wallet";
import { balanceOf, ledgerOf } from "../../../test/wallet-operations";
import { configOf } from "../../config";
import { twilioSignature } from "../../core/callbacks";
import { clock } from "../../lib/clock";
import { runWriteBatch } from "../../core/commit";
import { dueWork } from "../../data/schema";
import { scheduleDue } from "../../work/due";
import { SEND_RECONCILE_AFTER_MS } from "../../work/sends";
import { debit } from "../billing";
import { reconcileSms } from "./jobs";
import { insertSmsMessage } from "./queries";
import { smsMessages } from "./schema";

/** The company's reconciliation items (its charge also schedules the month's usage invoice, billing's due work). */
const reconcilesOf = (companyId: string) =>
  db
    .select()
    .from(dueWork)
    .where(and(eq(dueWork.companyId, companyId), eq(dueWork.kind, "sms.reconcile_message")));

afterEach(resetClock);

const callbackBase = configOf(env).callbacks.baseUrl;
const twilioFake = (JSON.parse(env.FAKE_PROVIDERS) as Record<string, string>).twilio!;
const mobile = () => `+3461${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;

/** A company with SMS at 7 cents a segment to Spain and 1000 cents in its wallet. */
async function smsCompany() {
  const t = await tenant({ capabilities: ["sms"] });
  expect(
    (
      await operator(`/companies/${t.companyId}/prices`, {
        method: "PUT",
        body: { kind: "sms", country: "ES", amount: 0.07 },
      })
    ).status,
  ).toBe(200);
  await walletWith(t.companyId, [{ kind: "top_up", amountMinor: 1000, at: "2026-01-01T00:00:00.000Z" }]);
  return t;
}

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

/** An SMS sent through the API (accepted by the fake Twilio; its callbacks go nowhere in tests). */
async function sentSms() {
  const t = await smsCompany();
  const response = await call("/api/v1/sms/send", {
    key: t.key,
    body: { to: mobile(), text: "Su cita es el martes" },
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });
  expect(response.status, response.text).toBe(200);
  const id = response.json.id as string;
  const sid = response.json.provider_message_id as string;
  const status = (MessageStatus: string, extra: Record<string, string> = {}) =>
    statusCallback(t.companyId, id, { MessageSid: sid, MessageStatus, ...extra });
  return { ...t, id, sid, status };
}

const row = (id: string) => db.select().from(smsMessages).where(eq(smsMessages.id, id)).get();
const smsEvents = async (companyId: string) =>
  (await eventsOf(companyId)).filter((event) => event.type.startsWith("sms."));
const refunds = async (companyId: string) => (await ledgerOf(companyId)).filter((entry) => entry.kind === "refund");

/** Passes the reconciliation's due time and fires a tick, then runs what it handed over. */
async function pastReconciliation(companyId: string) {
  moveClock(SEND_RECONCILE_AFTER_MS + 60_000);
  await tick();
  await settleJobs(companyId);
}

describe("an SMS reports back", () => {
  it("sent: sms.sent with its source; delivered twice: recorded once, one sms.delivered, shown in GET /sms/history", async () => {
    const sms = await sentSms();
    expect(
      (await smsEvents(sms.companyId)).map((event) => [
        event.type,
        event.data.id,
        event.data.source,
        event.data.status,
      ]),
    ).toEqual([["sms.sent", sms.id, "api", "sent"]]);
    await sms.status("sent");
    await sms.status("delivered");
    await sms.status("delivered");
    await settleJobs(sms.companyId);
    const history = await call("/api/v1/sms/history", { key: sms.key });
    expect(history.json.data[0]).toMatchObject({
      id: sms.id,
      status: "sent",
      delivery_status: "delivered",
      source: "api",
      refunded: false,
    });
    expect(history.json.data[0].delivery_updated_at).not.toBeNull();
    expect((await smsEvents(sms.companyId)).map((event) => event.type)).toEqual(["sms.sent", "sms.delivered"]);
    expect(await balanceOf(sms.companyId)).toBe(1000 - 7);
  });

  it("a carrier failure after the charge marks it failed and refunds it once, however many failure callbacks come", async () => {
    const sms = await sentSms();
    await sms.status("undelivered", { ErrorCode: "30003" });
    await sms.status("undelivered", { ErrorCode: "30003" });
    await sms.status("failed", { ErrorCode: "30005" });
    await settleJobs(sms.companyId);
    // The first of them to run is recorded (the Queue may run them in any order).
    const failed = (await row(sms.id))!;
    expect(failed).toMatchObject({ status: "failed", refunded: true });
    expect([failed.deliveryStatus, failed.failureReason]).toEqual(
      failed.deliveryStatus === "undelivered"
        ? ["undelivered", "The carrier could not deliver the message (Twilio error 30003)."]
        : ["failed", "The carrier could not deliver the message (Twilio error 30005)."],
    );
    expect(await balanceOf(sms.companyId)).toBe(1000);
    expect(await refunds(sms.companyId)).toHaveLength(1);
    const events = await smsEvents(sms.companyId);
    expect(events.map((event) => event.type)).toEqual(["sms.sent", "sms.failed"]);
    expect(events[1]!.data).toMatchObject({
      id: sms.id,
      status: "failed",
      refunded: true,
      delivery_status: failed.deliveryStatus,
      source: "api",
    });
    // A late delivery and the reconciliation change nothing.
    await sms.status("delivered");
    await pastReconciliation(sms.companyId);
    expect(await row(sms.id)).toMatchObject({ status: "failed", deliveryStatus: failed.deliveryStatus });
    expect(await refunds(sms.companyId)).toHaveLength(1);
    expect(await smsEvents(sms.companyId)).toHaveLength(2);
  });

  it("two deliveries of the same failure at once refund once (compare-and-set on the message)", async () => {
    const sms = await sentSms();
    await sms.status("failed");
    await sms.status("undelivered");
    // Run or not yet: the Queue's consumer runs them in the background about a second after each
    // callback, and consumeJob does nothing for one it ran or holds.
    const racing = (await jobsOf(sms.companyId)).filter((job) => job.kind === "sms.message_status");
    expect(racing).toHaveLength(2);
    await Promise.all(racing.map((job) => consumeJob(job.id)));
    await settleJobs(sms.companyId);
    expect(await row(sms.id)).toMatchObject({ status: "failed", refunded: true });
    expect(await balanceOf(sms.companyId)).toBe(1000);
    expect(await refunds(sms.companyId)).toHaveLength(1);
    expect((await smsEvents(sms.companyId)).filter((event) => event.type === "sms.failed")).toHaveLength(1);
  });

  it("a message whose callbacks never came is asked about once its due time passed: Twilio's answer settles it", async () => {
    const sms = await sentSms();
    const [due] = await reconcilesOf(sms.companyId);
    expect(due).toMatchObject({ kind: "sms.reconcile_message" });
    // Nothing due yet.
    await tick();
    expect((await jobsOf(sms.companyId)).filter((job) => job.kind === "sms.reconcile_message")).toHaveLength(0);
    // The fake's message was delivered 1 s after it was sent; move its now past that.
    await fetch(`${twilioFake}/__fake/advance`, {
      method: "POST",
      body: JSON.stringify({ ms: 60_000 }),
      headers: { "Content-Type": "application/json" },
    });
    await pastReconciliation(sms.companyId);
    expect(await row(sms.id)).toMatchObject({ status: "sent", deliveryStatus: "delivered", refunded: false });
    const asked = (await fake.requests("twilio", sms.sid)).filter((request) => request.method === "GET");
    expect(asked.map((request) => request.path)).toEqual([
      `/2010-04-01/Accounts/${env.TWILIO_ACCOUNT_SID}/Messages/${sms.sid}.json`,
    ]);
    expect((await smsEvents(sms.companyId)).map((event) => event.type)).toEqual(["sms.sent", "sms.delivered"]);
    // Settled: nothing is scheduled again.
    expect(await reconcilesOf(sms.companyId)).toEqual([]);
  });
});

/** A send whose request died after its first batch (recorded sending, charged, reconciliation scheduled): what the API leaves behind. */
async function crashLeftSms() {
  const t = await smsCompany();
  const id = crypto.randomUUID();
  const now = clock.iso();
  const charge = await debit(db, {
    companyId: t.companyId,
    amountMinor: 7,
    currency: "EUR",
    kind: "charge",
    reference: { type: "sms", id },
  });
  await runWriteBatch(db, [
    insertSmsMessage(db, {
      id,
      companyId: t.companyId,
      toNumber: mobile(),
      country: "ES",
      body: "hola",
      encoding: "GSM-7",
      segments: 1,
      pricePerSegmentMinor: 7,
      costMinor: 7,
      currency: "EUR",
      status: "sending",
      providerMessageId: null,
      failureReason: null,
      refunded: false,
      createdAt: now,
      sentAt: null,
      deliveryStatus: null,
      deliveryUpdatedAt: null,
      source: "api",
      sequence: 0,
    }),
    ...charge,
    scheduleDue(reconcileSms, t.companyId, new Date(clock.now() + SEND_RECONCILE_AFTER_MS).toISOString(), {
      messageId: id,
      round: 1,
    }),
  ]);
  expect(await balanceOf(t.companyId)).toBe(1000 - 7);
  return { ...t, id };
}

describe("an SMS left sending by a request that died", () => {
  it("is failed and refunded once by due work, with one sms.failed; later ticks and a late callback change nothing", async () => {
    const sms = await crashLeftSms();
    await pastReconciliation(sms.companyId);
    expect(await row(sms.id)).toMatchObject({
      status: "failed",
      refunded: true,
      deliveryStatus: null,
      providerMessageId: null,
    });
    expect((await row(sms.id))!.failureReason).toContain("interrupted");
    expect(await balanceOf(sms.companyId)).toBe(1000);
    expect(await refunds(sms.companyId)).toHaveLength(1);
    await tick();
    await statusCallback(sms.companyId, sms.id, { MessageSid: `SM${"0".repeat(32)}`, MessageStatus: "delivered" });
    await settleJobs(sms.companyId);
    expect(await refunds(sms.companyId)).toHaveLength(1);
    expect((await jobsOf(sms.companyId)).filter((job) => job.kind === "sms.reconcile_message")).toHaveLength(1);
    const events = await smsEvents(sms.companyId);
    expect(events.map((event) => [event.type, event.data.status, event.data.refunded])).toEqual([
      ["sms.failed", "failed", true],
    ]);
    const history = await call(`/api/v1/sms/history?status=failed`, { key: sms.key });
    expect(history.json.data[0]).toMatchObject({ id: sms.id, status: "failed", refunded: true });
  });

  it("never both sent and refunded: the provider's late `sent` racing the reconciliation, one of them wins whole", async () => {
    for (let round = 0; round < 3; round++) {
      const sms = await crashLeftSms();
      moveClock(SEND_RECONCILE_AFTER_MS + 60_000);
      await tick();
      // The provider did take it (the request died after): its sid, which the reconciliation may ask about.
      const taken = await fetch(`${twilioFake}/2010-04-01/Accounts/${env.TWILIO_ACCOUNT_SID}/Messages.json`, {
        method: "POST",
        body: new URLSearchParams({ To: mobile(), From: env.TWILIO_FROM_NUMBER, Body: "hola" }).toString(),
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Authorization: `Basic ${btoa(`${env.TWILIO_ACCOUNT_SID}:${env.TWILIO_AUTH_TOKEN}`)}`,
        },
      });
      const sid = ((await taken.json()) as { sid: string }).sid;
      await statusCallback(sms.companyId, sms.id, { MessageSid: sid, MessageStatus: "sent" });
      // Run or not yet: the Queue's consumer runs them in the background about a second after the
      // tick and the callback queued them, and consumeJob does nothing for one it ran or holds.
      const racing = await jobsOf(sms.companyId);
      expect(racing.map((job) => job.kind).sort()).toEqual(["sms.message_status", "sms.reconcile_message"]);
      await Promise.all(racing.map((job) => consumeJob(job.id)));
      await settleJobs(sms.companyId);
      const after = (await row(sms.id))!;
      const refunded = await refunds(sms.companyId);
      const events = (await smsEvents(sms.companyId)).map((event) => event.type);
      if (after.status === "sent") {
        expect(after.refunded).toBe(false);
        expect(refunded).toHaveLength(0);
        // Asked about afterwards, the fake may already say delivered.
        expect(events.filter((type) => type !== "sms.delivered")).toEqual(["sms.sent"]);
      } else {
        expect(after).toMatchObject({ status: "failed", refunded: true });
        expect(refunded).toHaveLength(1);
        expect(events).toEqual(["sms.failed"]);
      }
      resetClock();
    }
  });
});

describe("An SMS's events carry their order", () => {
  const history = async (key: string, id: string) => {
    const page = await call("/api/v1/sms/history", { key });
    expect(page.status, page.text).toBe(200);
    return (page.json.data as { id: string; sequence: number; status: string; delivery_status: string | null }[]).find(
      (message) => message.id === id,
    )!;
  };
  const numbered = (events: { data: Record<string, unknown> }[]) => events.map((event) => event.data.sequence);

  it("delivered, then a late sent, a repeat and an undelivered: one event per change, the later ones emit nothing", async () => {
    const sms = await sentSms();
    await sms.status("delivered");
    await settleJobs(sms.companyId);
    await sms.status("sent");
    await sms.status("delivered");
    await sms.status("undelivered", { ErrorCode: "30003" });
    await settleJobs(sms.companyId);

    const events = await smsEvents(sms.companyId);
    expect(events.map((event) => [event.type, event.data.previous_status])).toEqual([
      ["sms.sent", "sending"],
      ["sms.delivered", "sent"],
    ]);
    expect(numbered(events)).toEqual([1, 2]);
    expect(await history(sms.key, sms.id)).toMatchObject({ status: "sent", delivery_status: "delivered", sequence: 2 });
    expect(await refunds(sms.companyId)).toEqual([]);
  });

  it("undelivered before its sent and delivered arrive: failed once, refunded once, numbered in order", async () => {
    const sms = await sentSms();
    await sms.status("undelivered", { ErrorCode: "30003" });
    await settleJobs(sms.companyId);
    await sms.status("delivered");
    await sms.status("sent");
    await sms.status("undelivered", { ErrorCode: "30003" });
    await settleJobs(sms.companyId);

    const events = await smsEvents(sms.companyId);
    expect(events.map((event) => [event.type, event.data.previous_status])).toEqual([
      ["sms.sent", "sending"],
      ["sms.failed", "sent"],
    ]);
    expect(numbered(events)).toEqual([1, 2]);
    expect(await history(sms.key, sms.id)).toMatchObject({ status: "failed", sequence: 2 });
    expect(await refunds(sms.companyId)).toHaveLength(1);
  });
});
