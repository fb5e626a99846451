import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { providerIntents } from "../src/data/schema";
import { CLAIM_LEASE_MS, CLAIM_RENEW_EVERY_MS } from "../src/keys/claim-lease";
import { campaignAttempts } from "../src/domains/campaigns/schema";
import { addLists, createCampaign, listOf, marketer } from "./fixtures/campaigns";
import { OPEN as OPEN_CONVERSATIONS, eventsOf, fake as whatsappFake, messageRow, setMode, uniqueMobile, whatsappCompany } from "./fixtures/conversations";
import { send } from "./fixtures/billing";
import { dialCompany, uniqueMobile as uniqueCallee } from "./fixtures/dialer";
import { fake } from "./fixtures/gateway";
import { findDialledCall } from "../src/domains/dialer/queries";
import { call, db, operator, slug, tenant } from "./helpers";
import { moveClock, resetClock } from "./clock";
import { consumeJob, jobsOf, settleJobs } from "./jobs";
import { walletWith } from "./wallet";
import { fund } from "./wallet-operations";

/*
 * A provider is never asked twice for one intent (src/work/intents.ts). The fakes' `hold` script
 * makes a provider act on a request and never answer, as when the process dies mid-call: the
 * caller times out with the outcome unknown, and its retry must find what the provider did.
 */

const OPEN = { PUBLIC_API_WRITE_ENABLED: "true", PUBLIC_API_SPEND_ENABLED: "true" };
const SHORT = { PROVIDER_TIMEOUT_MS: "300" };
const posts = async (provider: "twilio" | "postmark" | "whatsapp", match: string, path: RegExp) =>
  (await fake.requests(provider, match)).filter((request) => request.method === "POST" && path.test(request.path));
const intentsOf = (companyId: string) => db.select().from(providerIntents).where(eq(providerIntents.companyId, companyId));

/** The messages Twilio's list has for `to` (the fake, read with the deployment's credentials). */
async function twilioMessagesTo(to: string): Promise<{ sid: string }[]> {
  const sid = env.TWILIO_ACCOUNT_SID!;
  const response = await fetch(`${JSON.parse(env.FAKE_PROVIDERS).twilio}/2010-04-01/Accounts/${sid}/Messages.json?To=${encodeURIComponent(to)}`, {
    headers: { Authorization: `Basic ${btoa(`${sid}:${env.TWILIO_AUTH_TOKEN}`)}` },
  });
  return ((await response.json()) as { messages: { sid: string }[] }).messages;
}

async function smsCompany() {
  const t = await tenant({ capabilities: ["sms"] });
  expect((await operator(`/companies/${t.companyId}/prices`, { method: "PUT", body: { kind: "sms", country: "ES", amount: 0.07 } })).status).toBe(200);
  await walletWith(t.companyId, [{ kind: "top_up", amountMinor: 1000, at: "2026-01-01T00:00:00.000Z" }]);
  return t;
}
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

    const retry = await call("/api/v1/sms/send", { key: t.key, body: { to, text: "hola" }, headers });
    expect(retry.status).toBe(200);
    expect(retry.json).toMatchObject({ status: "sent", provider_message_id: accepted!.sid });
    expect(await posts("twilio", to, /Messages\.json$/)).toHaveLength(1);
    expect(await twilioMessagesTo(to)).toHaveLength(1);
    const [intent] = await intentsOf(t.companyId);
    expect(intent).toMatchObject({ provider: "twilio", kind: "sms", state: "accepted", providerId: accepted!.sid, attempts: 1 });
  });

  it("sends once when Twilio never took the first attempt", async () => {
    const t = await smsCompany();
    const to = mobile();
    // The request reaches the fake but is never acted on (nor answered).
    await fake.control("twilio", "script", { timeout: true, match: to });
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    expect((await call("/api/v1/sms/send", { key: t.key, body: { to, text: "hola" }, headers, vars: SHORT })).status).toBe(502);
    expect(await twilioMessagesTo(to)).toHaveLength(0);

    const retry = await call("/api/v1/sms/send", { key: t.key, body: { to, text: "hola" }, headers });
    expect(retry.status).toBe(200);
    const listed = await twilioMessagesTo(to);
    expect(listed.map((message) => message.sid)).toEqual([retry.json.provider_message_id]);
    const [intent] = await intentsOf(t.companyId);
    expect(intent).toMatchObject({ state: "accepted", attempts: 2, providerId: retry.json.provider_message_id });
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
    const lost = await company.api("/api/v1/whatsapp/send", { method: "POST", body, headers, vars: { ...OPEN_CONVERSATIONS, ...SHORT } });
    expect(lost.status).toBe(502);

    for (const replayed of [null, "true"]) {
      const retry = await company.api("/api/v1/whatsapp/send", { method: "POST", body, headers });
      expect(retry.status).toBe(409);
      expect(slug(retry.json)).toBe("outcome_unknown");
      expect(retry.json).toMatchObject({ provider: "whatsapp" });
      expect(retry.headers.get("Idempotent-Replayed")).toBe(replayed);
    }
    expect((await whatsappFake.requests(phone)).filter((request) => request.path.endsWith("/messages"))).toHaveLength(1);
    const [intent] = await intentsOf(company.companyId);
    expect(intent).toMatchObject({ provider: "whatsapp", state: "unknown" });
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
    const dispatched = await call(`/api/v1/campaigns/${campaign.id}/dispatch`, { key: m.key, body: {}, vars: OPEN, headers: { "Idempotency-Key": crypto.randomUUID() } });
    expect(dispatched.status).toBe(200);
    return { m, email, campaignId: campaign.id };
  }
  const attemptOf = (campaignId: string) => db.select().from(campaignAttempts).where(and(eq(campaignAttempts.campaignId, campaignId))).get();

  it("finds the mail Postmark accepted by our intent id in its Metadata and records it: one send", async () => {
    const { m, email, campaignId } = await oneRecipient();
    await fake.control("postmark", "script", { hold: true, match: email });
    const [job] = (await jobsOf(m.companyId)).filter((row) => row.kind === "campaigns.send_email");
    await consumeJob(job!.id, SHORT);
    expect((await attemptOf(campaignId))?.status).toBe("queued");

    await settleJobs(m.companyId);
    const sends = await posts("postmark", email, /^\/email$/);
    expect(sends).toHaveLength(1);
    const sentMetadata = (JSON.parse(sends[0]!.body) as { Metadata: Record<string, string> }).Metadata;
    const [intent] = await intentsOf(m.companyId);
    expect(sentMetadata.intent_id).toBe(intent!.id);
    const searches = (await fake.requests("postmark", email)).filter((request) => request.method === "GET" && request.path === "/messages/outbound");
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
    await whatsappFake.control("script", { timeout: true, match: phone });
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    const body = { to: phone, type: "text", text: "Hola" };
    // Held by the provider for longer than one renewal period.
    const running = company.api("/api/v1/whatsapp/send", { method: "POST", body, headers, vars: { ...OPEN_CONVERSATIONS, PROVIDER_TIMEOUT_MS: String(CLAIM_RENEW_EVERY_MS + 2_000) } });
    await new Promise((resolve) => setTimeout(resolve, CLAIM_RENEW_EVERY_MS + 500));
    // Past the lease of the original claim: only the renewal keeps the key in use.
    moveClock(CLAIM_LEASE_MS - CLAIM_RENEW_EVERY_MS + 1_000);
    const meanwhile = await company.api("/api/v1/whatsapp/send", { method: "POST", body, headers });
    expect(meanwhile.status).toBe(409);
    expect(slug(meanwhile.json)).toBe("idempotency_key_in_use");
    expect((await running).status).toBe(502);
  }, 30_000);
});

describe("a conversation reply (WhatsApp, a job) whose send's answer was lost", () => {
  it("is not sent again: the job stops, the message fails with the reason and whatsapp.message.failed says it", async () => {
    const company = await whatsappCompany();
    const phone = uniqueMobile();
    const { conversationId } = await company.inbound(phone);
    await setMode(company.companyId, conversationId, "human");
    const text = `Le confirmo la visita ${crypto.randomUUID()}`;
    const queued = await company.api(`/api/v1/conversations/${conversationId}/messages`, { method: "POST", body: { type: "text", text } });
    expect(queued.status).toBe(202);
    await whatsappFake.control("script", { hold: true, match: text });
    const [job] = await jobsOf(company.companyId);
    await consumeJob(job!.id, SHORT);

    const [ended] = await settleJobs(company.companyId);
    expect(ended).toMatchObject({ status: "failed" });
    expect(ended!.lastError).toContain("WhatsApp cannot be asked");
    expect(await messageRow(queued.json.id)).toMatchObject({ status: "failed", providerMessageId: null });
    expect((await eventsOf(company.companyId)).map((event) => event.type)).toEqual(["whatsapp.message.failed"]);
    expect(await whatsappFake.requests(text)).toHaveLength(1);
    const [intent] = await intentsOf(company.companyId);
    expect(intent).toMatchObject({ subject: `conversations.reply:${queued.json.id}`, state: "unknown" });
  });
});

describe("a dialled call (Twilio, a job) whose placement's answer was lost", () => {
  it("is found in Twilio's Calls list by its numbers and time and kept: one call placed", async () => {
    const t = await dialCompany({ balanceMinor: 1_000 });
    const to = uniqueCallee();
    await fake.control("twilio", "script", { hold: true, match: to });
    const dialled = await send("POST", "/api/v1/calls/dial", t.key, { to, agent_id: t.agentId });
    expect(dialled.status, dialled.text).toBe(201);
    const [job] = (await jobsOf(t.companyId)).filter((row) => row.kind === "dialer.place_call");
    await consumeJob(job!.id, SHORT);
    expect((await findDialledCall(db, dialled.json.id))?.providerCallId).toBeNull();

    await settleJobs(t.companyId);
    const placed = await posts("twilio", to, /Calls\.json$/);
    expect(placed).toHaveLength(1);
    const lookups = (await fake.requests("twilio", to)).filter((request) => request.method === "GET" && request.path.endsWith("/Calls.json"));
    expect(lookups).toHaveLength(1);
    const [intent] = await intentsOf(t.companyId);
    expect(intent).toMatchObject({ subject: `dialer.call:${dialled.json.id}`, kind: "call", state: "accepted", attempts: 1 });
    expect(await findDialledCall(db, dialled.json.id)).toMatchObject({ status: "ringing", providerCallId: intent!.providerId });
    expect(new URL(new URLSearchParams(placed[0]!.body).get("StatusCallback")!).searchParams.get("intent")).toBe(intent!.id);
  });
});
