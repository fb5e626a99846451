import { env, runInDurableObject } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { dueWork, providerIntents } from "../src/data/schema";
import { smsMessages } from "../src/domains/sms/schema";
import { emailMessages } from "../src/domains/email/schema";
import { insertIdentity } from "../src/domains/email/queries";
import { messages as whatsappMessages } from "../src/domains/conversations/schema";
import { dialledCalls } from "../src/domains/dialer/schema";
import { SEND_RECONCILE_AFTER_MS } from "../src/work/sends";
import { twilioSignature } from "../src/core/callbacks";
import { CLAIM_LEASE_MS, CLAIM_RENEW_EVERY_MS } from "../src/keys/claim-lease";
import { presentedKey } from "../src/keys/auth";
import { guardOf } from "../src/keys/key-changes";
import { campaignAttempts } from "../src/domains/campaigns/schema";
import { addLists, createCampaign, listOf, marketer } from "./fixtures/campaigns";
import {
  OPEN as OPEN_CONVERSATIONS,
  eventsOf,
  fake as whatsappFake,
  messageRow,
  setMode,
  uniqueMobile,
  whatsappCompany,
} from "./fixtures/conversations";
import { send } from "./fixtures/billing";
import { dialCompany, uniqueMobile as uniqueCallee } from "./fixtures/dialer";
import { fake } from "./fixtures/gateway";
import { findDialledCall } from "../src/domains/dialer/queries";
import { call, db, operator, slug, tenant } from "./helpers";
import { moveClock, resetClock, tick } from "./clock";
import { consumeJob, holdingJobs, jobsOf, makeDue, settleJobs } from "./jobs";
import { walletWith } from "./wallet";
import { balanceOf, fund, ledgerOf } from "./wallet-operations";

/*
 * A provider is never asked twice for one intent, and one intent has one record and one charge
 * (src/work/intents.ts). The fakes' `hold` script makes a provider act on a request and never
 * answer, as when the process dies mid-call: the caller times out with the outcome unknown and
 * records nothing more (what a kill between the provider's acceptance and the stored answer leaves:
 * the message recorded and charged, its intent in flight), and its retry must find both what the
 * provider did and what the first attempt recorded. Each kind ends with exactly one message (or
 * call) row, one message at the provider and one charge per intent.
 */

const OPEN = { PUBLIC_API_WRITE_ENABLED: "true", PUBLIC_API_SPEND_ENABLED: "true" };
const SHORT = { PROVIDER_TIMEOUT_MS: "300" };
const posts = async (provider: "twilio" | "postmark" | "whatsapp", match: string, path: RegExp) =>
  (await fake.requests(provider, match)).filter((request) => request.method === "POST" && path.test(request.path));
const intentsOf = (companyId: string) =>
  db.select().from(providerIntents).where(eq(providerIntents.companyId, companyId));
const smsRowsOf = (companyId: string) => db.select().from(smsMessages).where(eq(smsMessages.companyId, companyId));
const emailRowsOf = (companyId: string) =>
  db.select().from(emailMessages).where(eq(emailMessages.companyId, companyId));
const outboundWhatsAppOf = (companyId: string) =>
  db
    .select()
    .from(whatsappMessages)
    .where(and(eq(whatsappMessages.companyId, companyId), eq(whatsappMessages.direction, "outbound")));
const chargesOf = async (companyId: string) => (await ledgerOf(companyId)).filter((entry) => entry.kind === "charge");
const refundsOf = async (companyId: string) => (await ledgerOf(companyId)).filter((entry) => entry.kind === "refund");

/** The messages Twilio's list has for `to` (the fake, read with the deployment's credentials). */
async function twilioMessagesTo(to: string): Promise<{ sid: string }[]> {
  const sid = env.TWILIO_ACCOUNT_SID!;
  const response = await fetch(
    `${JSON.parse(env.FAKE_PROVIDERS).twilio}/2010-04-01/Accounts/${sid}/Messages.json?To=${encodeURIComponent(to)}`,
    {
      headers: { Authorization: `Basic ${btoa(`${sid}:${env.TWILIO_AUTH_TOKEN}`)}` },
    },
  );
  return ((await response.json()) as { messages: { sid: string }[] }).messages;
}

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
/** When each Idempotency-Key claim of the API key still in progress began or was last renewed, as its guard holds them. */
const claimsInProgress = (apiKey: string): Promise<number[]> =>
  runInDurableObject(guardOf(env, presentedKey(`Bearer ${apiKey}`, "test").lineageId), (_guard, state) => {
    const { sql } = state.storage;
    if (sql.exec("SELECT 1 FROM sqlite_master WHERE name = 'idempotency'").toArray().length === 0) return [];
    return sql
      .exec<{ created_at: number }>("SELECT created_at FROM idempotency WHERE state = 'in_progress'")
      .toArray()
      .map((row) => row.created_at);
  });
/** Waits on what a running request does by itself (its renewal every few seconds), on a machine of any speed. */
const POLL = { timeout: 60_000, interval: 100 };
const mobile = () => `+3461${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;

describe("SMS (Twilio): a request retried with its Idempotency-Key after a lost answer", () => {
  it("adopts the message Twilio accepted: one send, the retry answers it as sent", async () => {
    const t = await smsCompany();
    const to = mobile();
    await fake.control("twilio", "script", { hold: true, match: to });
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    const lost = await call("/api/v1/sms/send", { key: t.key, body: { to, text: "hola" }, headers, vars: SHORT });
    expect(lost.status).toBe(502);
    const [accepted] = await twilioMessagesTo(to);
    expect(accepted).toBeDefined();

    // What the lost attempt left: its message, charged, and its intent in flight (the fake's
    // status callback may already have confirmed the message).
    const [left] = await smsRowsOf(t.companyId);
    expect(left).toMatchObject({ refunded: false, costMinor: 7 });
    expect(await chargesOf(t.companyId)).toHaveLength(1);
    expect(await intentsOf(t.companyId)).toMatchObject([{ state: "in_flight", resourceId: left!.id }]);

    const retry = await call("/api/v1/sms/send", { key: t.key, body: { to, text: "hola" }, headers });
    expect(retry.status).toBe(200);
    expect(retry.json).toMatchObject({
      id: left!.id,
      status: "sent",
      provider_message_id: accepted!.sid,
      refunded: false,
    });
    expect(await posts("twilio", to, /Messages\.json$/)).toHaveLength(1);
    expect(await twilioMessagesTo(to)).toHaveLength(1);
    const [intent] = await intentsOf(t.companyId);
    expect(intent).toMatchObject({
      provider: "twilio",
      kind: "sms",
      state: "accepted",
      providerId: accepted!.sid,
      attempts: 1,
      resourceId: left!.id,
    });
    // Twilio's delivery callback, to the address the one attempt gave it, lands on that one message:
    // sent and delivered, one charge, nothing refunded.
    const statusCallback = new URL(
      new URLSearchParams((await posts("twilio", to, /Messages\.json$/))[0]!.body).get("StatusCallback")!,
    );
    expect(statusCallback.searchParams.get("message")).toBe(left!.id);
    const fields = new URLSearchParams({
      AccountSid: env.TWILIO_ACCOUNT_SID!,
      MessageSid: accepted!.sid,
      MessageStatus: "delivered",
    });
    const signature = await twilioSignature(env.TWILIO_AUTH_TOKEN!, statusCallback.toString(), fields);
    const delivered = await call(`${statusCallback.pathname}${statusCallback.search}`, {
      method: "POST",
      body: fields.toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature },
    });
    expect(delivered.status).toBe(200);
    await settleJobs(t.companyId);
    expect(await smsRowsOf(t.companyId)).toMatchObject([
      { id: left!.id, status: "sent", providerMessageId: accepted!.sid, deliveryStatus: "delivered", refunded: false },
    ]);
    expect(await chargesOf(t.companyId)).toHaveLength(1);
    expect(await refundsOf(t.companyId)).toHaveLength(0);
    expect(await balanceOf(t.companyId)).toBe(1000 - 7);
    // The key replays the retry's answer.
    const replay = await call("/api/v1/sms/send", { key: t.key, body: { to, text: "hola" }, headers });
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replay.json.id).toBe(left!.id);
  });

  it("sends once when Twilio never took the first attempt", async () => {
    const t = await smsCompany();
    const to = mobile();
    // The request reaches the fake but is never acted on (nor answered).
    await fake.control("twilio", "script", { timeout: true, match: to });
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    expect(
      (await call("/api/v1/sms/send", { key: t.key, body: { to, text: "hola" }, headers, vars: SHORT })).status,
    ).toBe(502);
    expect(await twilioMessagesTo(to)).toHaveLength(0);

    const [left] = await smsRowsOf(t.companyId);
    expect(left).toMatchObject({ status: "sending", providerMessageId: null });

    const retry = await call("/api/v1/sms/send", { key: t.key, body: { to, text: "hola" }, headers });
    expect(retry.status).toBe(200);
    const listed = await twilioMessagesTo(to);
    expect(listed.map((message) => message.sid)).toEqual([retry.json.provider_message_id]);
    const [intent] = await intentsOf(t.companyId);
    expect(intent).toMatchObject({
      state: "accepted",
      attempts: 2,
      providerId: retry.json.provider_message_id,
      resourceId: left!.id,
    });
    // The retry sent the first attempt's message: one row, one charge.
    expect(retry.json.id).toBe(left!.id);
    expect(await smsRowsOf(t.companyId)).toHaveLength(1);
    expect(await chargesOf(t.companyId)).toHaveLength(1);
  });

  it("when nobody retries, the due work asks Twilio before settling it: found, it is sent and stays charged", async () => {
    const t = await smsCompany();
    const to = mobile();
    // No callback will confirm it: only the reconciliation can learn what Twilio did.
    await fake.control("twilio", "timeline", { callbacks: false });
    try {
      await fake.control("twilio", "script", { hold: true, match: to });
      expect(
        (
          await call("/api/v1/sms/send", {
            key: t.key,
            body: { to, text: "hola" },
            headers: { "Idempotency-Key": crypto.randomUUID() },
            vars: SHORT,
          })
        ).status,
      ).toBe(502);
      const [accepted] = await twilioMessagesTo(to);
      const [left] = await smsRowsOf(t.companyId);
      expect(left).toMatchObject({ status: "sending", providerMessageId: null });
      // Its reconciliation (its charge also scheduled the month's usage invoice).
      expect(
        await db
          .select()
          .from(dueWork)
          .where(and(eq(dueWork.companyId, t.companyId), eq(dueWork.kind, "sms.reconcile_message"))),
      ).toMatchObject([{ kind: "sms.reconcile_message" }]);
      moveClock(SEND_RECONCILE_AFTER_MS + 60_000);
      await tick();
      await settleJobs(t.companyId);
      expect(await smsRowsOf(t.companyId)).toMatchObject([
        { id: left!.id, status: "sent", providerMessageId: accepted!.sid, refunded: false },
      ]);
      expect(await intentsOf(t.companyId)).toMatchObject([
        { state: "accepted", providerId: accepted!.sid, attempts: 1 },
      ]);
      expect(await chargesOf(t.companyId)).toHaveLength(1);
      expect(await refundsOf(t.companyId)).toHaveLength(0);
      expect(await posts("twilio", to, /Messages\.json$/)).toHaveLength(1);
    } finally {
      resetClock();
      await fake.control("twilio", "timeline", { callbacks: true });
    }
  });

  it("when nobody retries and Twilio never took it, the due work fails and refunds it, and the intent says so", async () => {
    const t = await smsCompany();
    const to = mobile();
    await fake.control("twilio", "script", { timeout: true, match: to });
    try {
      expect(
        (
          await call("/api/v1/sms/send", {
            key: t.key,
            body: { to, text: "hola" },
            headers: { "Idempotency-Key": crypto.randomUUID() },
            vars: SHORT,
          })
        ).status,
      ).toBe(502);
      moveClock(SEND_RECONCILE_AFTER_MS + 60_000);
      await tick();
      await settleJobs(t.companyId);
      expect(await smsRowsOf(t.companyId)).toMatchObject([
        { status: "failed", refunded: true, providerMessageId: null },
      ]);
      expect(await intentsOf(t.companyId)).toMatchObject([{ state: "failed", attempts: 1 }]);
      expect(await balanceOf(t.companyId)).toBe(1000);
    } finally {
      resetClock();
    }
  });
});

describe("email (Postmark): a request retried with its Idempotency-Key after a lost answer", () => {
  it("adopts the first attempt's message and the mail Postmark accepted: one row, one mail", async () => {
    const t = await tenant({ capabilities: ["email"] });
    await insertIdentity(db, {
      id: crypto.randomUUID(),
      companyId: t.companyId,
      address: `ventas-${crypto.randomUUID().slice(0, 8)}@example.org`,
      displayName: "Reformas Demo",
      verified: true,
      verifiedAt: "2026-01-02T00:00:00.000Z",
      sealedProviderSettings: null,
      createdAt: new Date().toISOString(),
    });
    const to = `crash.${crypto.randomUUID().slice(0, 12)}@example.com`;
    const body = { to, subject: "Su presupuesto", body: "Adjuntamos el presupuesto." };
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    await fake.control("postmark", "script", { hold: true, match: to });
    expect((await call("/api/v1/email/send", { key: t.key, body, headers, vars: SHORT })).status).toBe(502);
    const [left] = await emailRowsOf(t.companyId);
    expect(await intentsOf(t.companyId)).toMatchObject([{ state: "in_flight", resourceId: left!.id, kind: "email" }]);

    const retry = await call("/api/v1/email/send", { key: t.key, body, headers });
    expect(retry.status, retry.text).toBe(200);
    const sends = await posts("postmark", to, /^\/email$/);
    expect(sends).toHaveLength(1);
    const [intent] = await intentsOf(t.companyId);
    expect((JSON.parse(sends[0]!.body) as { Metadata: Record<string, string> }).Metadata).toMatchObject({
      intent_id: intent!.id,
      message_id: left!.id,
    });
    expect(intent).toMatchObject({ state: "accepted", attempts: 1, resourceId: left!.id });
    expect(retry.json).toMatchObject({ id: left!.id, status: "sent", provider_message_id: intent!.providerId });
    await settleJobs(t.companyId);
    expect(await emailRowsOf(t.companyId)).toMatchObject([
      { id: left!.id, status: "sent", providerMessageId: intent!.providerId },
    ]);
    // Email is not charged: nothing moved in the wallet.
    expect(await ledgerOf(t.companyId)).toEqual([]);
  });
});

describe("WhatsApp (Meta cannot be asked): a request retried after a lost answer", () => {
  it("is refused with 409 outcome_unknown, never sent a second time, and the refusal is what the key replays", async () => {
    const company = await whatsappCompany();
    const phone = uniqueMobile();
    await company.inbound(phone);
    await whatsappFake.control("script", { hold: true, match: phone });
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    const body = { to: phone, type: "text", text: "¿Le viene bien el martes?" };
    const lost = await company.api("/api/v1/whatsapp/send", {
      method: "POST",
      body,
      headers,
      vars: { ...OPEN_CONVERSATIONS, ...SHORT },
    });
    expect(lost.status).toBe(502);

    for (const replayed of [null, "true"]) {
      const retry = await company.api("/api/v1/whatsapp/send", { method: "POST", body, headers });
      expect(retry.status).toBe(409);
      expect(slug(retry.json)).toBe("outcome_unknown");
      expect(retry.json).toMatchObject({ provider: "whatsapp" });
      expect(retry.headers.get("Idempotent-Replayed")).toBe(replayed);
    }
    expect((await whatsappFake.requests(phone)).filter((request) => request.path.endsWith("/messages"))).toHaveLength(
      1,
    );
    const [intent] = await intentsOf(company.companyId);
    expect(intent).toMatchObject({ provider: "whatsapp", state: "unknown" });
    // One message, the first attempt's, failed with the reason; one whatsapp.message.failed; nothing charged.
    const outbound = await outboundWhatsAppOf(company.companyId);
    expect(outbound).toMatchObject([{ id: intent!.resourceId, status: "failed", providerMessageId: null }]);
    expect(outbound[0]!.error).toContain("WhatsApp cannot be asked");
    expect((await eventsOf(company.companyId)).map((event) => event.type)).toEqual(["whatsapp.message.failed"]);
    expect(await ledgerOf(company.companyId)).toEqual([]);
  });

  it("a send whose first attempt the provider refused outright is sent by the retry on a message of its own", async () => {
    const company = await whatsappCompany();
    const phone = uniqueMobile();
    await company.inbound(phone);
    await whatsappFake.control("script", { status: 500, match: phone });
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    const body = { to: phone, type: "text", text: "¿Confirmamos la cita?" };
    expect((await company.api("/api/v1/whatsapp/send", { method: "POST", body, headers })).status).toBe(502);
    const retry = await company.api("/api/v1/whatsapp/send", { method: "POST", body, headers });
    expect(retry.status).toBe(200);
    const outbound = await outboundWhatsAppOf(company.companyId);
    // The refused attempt's message stays failed (nothing was sent); the retry's is the one sent.
    expect(outbound.map((row) => row.status).sort()).toEqual(["failed", "sent"]);
    const [intent] = await intentsOf(company.companyId);
    expect(intent).toMatchObject({
      state: "accepted",
      attempts: 2,
      resourceId: retry.json.id,
      providerId: retry.json.provider_message_id,
    });
  });
});

describe("campaign email (Postmark): a job retried after a lost answer", () => {
  async function oneRecipient() {
    const m = await marketer({ spendEnabled: true });
    await fund(m.companyId, 1_000);
    const email = `crash.${crypto.randomUUID().slice(0, 12)}@example.com`;
    const list = await listOf(m, [{ first_name: "Ana", email }]);
    const campaign = await createCampaign(m);
    await addLists(m, campaign.id, [list.listId]);
    // Held: only the test's run (with its short provider timeout) takes the send, not the Queue's background consumer.
    const dispatched = await call(`/api/v1/campaigns/${campaign.id}/dispatch`, {
      key: m.key,
      body: {},
      vars: OPEN,
      headers: { "Idempotency-Key": crypto.randomUUID() },
      app: holdingJobs,
    });
    expect(dispatched.status).toBe(200);
    return { m, email, campaignId: campaign.id };
  }
  const attemptOf = (campaignId: string) =>
    db
      .select()
      .from(campaignAttempts)
      .where(and(eq(campaignAttempts.campaignId, campaignId)))
      .get();

  it("finds the mail Postmark accepted by our intent id in its Metadata and records it: one send", async () => {
    const { m, email, campaignId } = await oneRecipient();
    await fake.control("postmark", "script", { hold: true, match: email });
    const [job] = (await jobsOf(m.companyId)).filter((row) => row.kind === "campaigns.send_email");
    await makeDue(m.companyId);
    await consumeJob(job!.id, SHORT);
    expect((await attemptOf(campaignId))?.status).toBe("queued");

    await settleJobs(m.companyId);
    const sends = await posts("postmark", email, /^\/email$/);
    expect(sends).toHaveLength(1);
    const sentMetadata = (JSON.parse(sends[0]!.body) as { Metadata: Record<string, string> }).Metadata;
    const [intent] = await intentsOf(m.companyId);
    expect(sentMetadata.intent_id).toBe(intent!.id);
    const searches = (await fake.requests("postmark", email)).filter(
      (request) => request.method === "GET" && request.path === "/messages/outbound",
    );
    expect(searches).toHaveLength(1);
    expect(searches[0]!.query).toMatchObject({ metadata_intent_id: intent!.id, count: "50", offset: "0" });
    expect(await attemptOf(campaignId)).toMatchObject({ status: "sent", providerMessageId: intent!.providerId });
    expect(intent).toMatchObject({ state: "accepted", attempts: 1, kind: "email", provider: "postmark" });
  });
});

describe("the Idempotency-Key of a request still running", () => {
  afterEach(resetClock);

  it("stays claimed past the short lease because the request renews it", async () => {
    const company = await whatsappCompany();
    const phone = uniqueMobile();
    await company.inbound(phone);
    // Held by the provider until the test releases it: the request runs as long as the test needs.
    await whatsappFake.control("script", { timeout: true, match: phone });
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    const body = { to: phone, type: "text", text: "Hola" };
    const running = company.api("/api/v1/whatsapp/send", {
      method: "POST",
      body,
      headers,
      vars: { ...OPEN_CONVERSATIONS, PROVIDER_TIMEOUT_MS: "120000" },
    });
    // The claim, then its first renewal by the running request's own timer, as the key's guard holds them.
    let claimedAt = 0;
    await expect.poll(async () => (claimedAt = (await claimsInProgress(company.key))[0] ?? 0), POLL).toBeGreaterThan(0);
    await expect
      .poll(async () => (await claimsInProgress(company.key))[0] ?? 0, POLL)
      .toBeGreaterThanOrEqual(claimedAt + CLAIM_RENEW_EVERY_MS);
    // Past the lease of the original claim: only the renewal keeps the key in use.
    moveClock(claimedAt + CLAIM_LEASE_MS + 1_000 - Date.now());
    const meanwhile = await company.api("/api/v1/whatsapp/send", { method: "POST", body, headers });
    expect(meanwhile.status).toBe(409);
    expect(slug(meanwhile.json)).toBe("idempotency_key_in_use");
    expect(await whatsappFake.control("release", { match: phone })).toMatchObject({ released: 1 });
    expect((await running).status).toBe(502);
  });
});

describe("a conversation reply (WhatsApp, a job) whose send's answer was lost", () => {
  it("is not sent again: the job stops, the message fails with the reason and whatsapp.message.failed says it", async () => {
    const company = await whatsappCompany();
    const phone = uniqueMobile();
    const { conversationId } = await company.inbound(phone);
    await setMode(company.companyId, conversationId, "human");
    const text = `Le confirmo la visita ${crypto.randomUUID()}`;
    // Held: only the test's run (with its short provider timeout) takes the send, not the Queue's background consumer.
    const queued = await company.api(`/api/v1/conversations/${conversationId}/messages`, {
      method: "POST",
      body: { type: "text", text },
      app: holdingJobs,
    });
    expect(queued.status).toBe(202);
    await whatsappFake.control("script", { hold: true, match: text });
    const [job] = await jobsOf(company.companyId);
    await makeDue(company.companyId);
    await consumeJob(job!.id, SHORT);

    const [ended] = await settleJobs(company.companyId);
    expect(ended).toMatchObject({ status: "failed" });
    expect(ended!.lastError).toContain("WhatsApp cannot be asked");
    expect(await messageRow(queued.json.id)).toMatchObject({ status: "failed", providerMessageId: null });
    expect((await eventsOf(company.companyId)).map((event) => event.type)).toEqual(["whatsapp.message.failed"]);
    expect(await whatsappFake.requests(text)).toHaveLength(1);
    const [intent] = await intentsOf(company.companyId);
    expect(intent).toMatchObject({
      subject: `conversations.reply:${queued.json.id}`,
      state: "unknown",
      resourceId: queued.json.id,
    });
    // One reply row, the one queued; nothing charged.
    expect((await outboundWhatsAppOf(company.companyId)).map((row) => row.id)).toEqual([queued.json.id]);
    expect(await ledgerOf(company.companyId)).toEqual([]);
  });
});

describe("a dialled call (Twilio, a job) whose placement's answer was lost", () => {
  it("is found in Twilio's Calls list by its numbers and time and kept: one call placed", async () => {
    const t = await dialCompany({ balanceMinor: 1_000 });
    const to = uniqueCallee();
    await fake.control("twilio", "script", { hold: true, match: to });
    // Held: only the test's run (with its short provider timeout) takes the placement, not the Queue's background consumer.
    const dialled = await send("POST", "/api/v1/calls/dial", t.key, { to, agent_id: t.agentId }, { app: holdingJobs });
    expect(dialled.status, dialled.text).toBe(201);
    const [job] = (await jobsOf(t.companyId)).filter((row) => row.kind === "dialer.place_call");
    await makeDue(t.companyId);
    await consumeJob(job!.id, SHORT);
    expect((await findDialledCall(db, dialled.json.id))?.providerCallId).toBeNull();

    await settleJobs(t.companyId);
    const placed = await posts("twilio", to, /Calls\.json$/);
    expect(placed).toHaveLength(1);
    const lookups = (await fake.requests("twilio", to)).filter(
      (request) => request.method === "GET" && request.path.endsWith("/Calls.json"),
    );
    expect(lookups).toHaveLength(1);
    const [intent] = await intentsOf(t.companyId);
    expect(intent).toMatchObject({
      subject: `dialer.call:${dialled.json.id}`,
      kind: "call",
      state: "accepted",
      attempts: 1,
    });
    expect(await findDialledCall(db, dialled.json.id)).toMatchObject({
      status: "ringing",
      providerCallId: intent!.providerId,
    });
    expect(new URL(new URLSearchParams(placed[0]!.body).get("StatusCallback")!).searchParams.get("intent")).toBe(
      intent!.id,
    );
    expect(intent).toMatchObject({ resourceId: dialled.json.id });
    // One call row, one reservation charged for it.
    expect(
      (await db.select().from(dialledCalls).where(eq(dialledCalls.companyId, t.companyId))).map((row) => row.id),
    ).toEqual([dialled.json.id]);
    expect((await chargesOf(t.companyId)).map((entry) => entry.referenceId)).toEqual([dialled.json.id]);
  });
});
