import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, operator } from "../../../test/helpers";
import { jobsOf, settleJobs } from "../../../test/jobs";
import { eventsOf } from "../../../test/fixtures/billing";
import { dialCompany, uniqueMobile } from "../../../test/fixtures/dialer";
import { balanceOf } from "../../../test/wallet-operations";
import { twilioSignature } from "../../core/callbacks";
import { configOf } from "../../config";
import { providerIntents } from "../../data/schema";
import { smsMessages } from "../sms";
import { conversations, messages } from "./schema";

// A reply in an SMS conversation goes out as an SMS from the conversation's number, by the path of
// POST /sms/send: one intent, one SMS row with its charge, its events.

const config = configOf(env);
const twilio = (JSON.parse(env.FAKE_PROVIDERS) as Record<string, string>).twilio!;
const OPEN = { CONVERSATIONS_API_ENABLED: "true" };

async function twilioRequests(match: string) {
  const response = await fetch(`${twilio}/__fake/requests?match=${encodeURIComponent(match)}`);
  return ((await response.json()) as { requests: { method: string; path: string; body: string }[] }).requests;
}

/** A company with 10 EUR, 0.07 EUR per SMS to Spain, a rented number, and an SMS conversation a contact began on it. */
async function smsConversation() {
  const company = await dialCompany({ balanceMinor: 1_000 });
  const price = await operator(`/companies/${company.companyId}/prices`, {
    method: "PUT",
    body: { kind: "sms", country: "ES", amount: 0.07 },
  });
  expect(price.status, price.text).toBe(200);
  const rented = await operator(`/companies/${company.companyId}/numbers`, {
    method: "POST",
    body: { type: "mobile" },
  });
  expect(rented.status, rented.text).toBe(201);
  const number = rented.json.number as string;
  const rental = (await twilioRequests(number)).find((request) => request.path.endsWith("/IncomingPhoneNumbers.json"));
  const smsUrl = new URLSearchParams(rental?.body ?? "").get("SmsUrl")!;
  const contact = uniqueMobile();
  const sid = `SM${crypto.randomUUID().replaceAll("-", "")}`;
  const params = new URLSearchParams({
    AccountSid: env.TWILIO_ACCOUNT_SID,
    MessageSid: sid,
    From: contact,
    To: number,
    Body: "¿Abren el sábado?",
  });
  const inbound = await call(smsUrl.slice(config.callbacks.baseUrl.length), {
    method: "POST",
    body: params.toString(),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Twilio-Signature": await twilioSignature(env.TWILIO_AUTH_TOKEN, smsUrl, params),
    },
  });
  expect(inbound.status).toBe(200);
  await settleJobs(company.companyId);
  const thread = (await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.companyId, company.companyId), eq(conversations.contactPhone, contact)))
    .get())!;
  expect(thread).toMatchObject({ channel: "sms" });
  const api = (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    call(path, { key: company.key, vars: OPEN, ...init });
  return { ...company, number, contact, conversationId: thread.id, api };
}

describe("A reply in an SMS conversation", () => {
  it("is sent as an SMS from the conversation's number: charged, one intent and one SMS row, sms.sent, the message sent", async () => {
    const t = await smsConversation();
    const path = `/api/v1/conversations/${t.conversationId}/messages`;
    // With the automation: taken over first, as for WhatsApp.
    expect((await t.api(path, { method: "POST", body: { type: "text", text: "hola" } })).status).toBe(409);
    expect((await t.api(`/api/v1/conversations/${t.conversationId}/takeover`, { method: "POST" })).status).toBe(200);

    const text = `Sí, de 10 a 14 ${crypto.randomUUID()}`;
    const requestId = `sms-reply-${crypto.randomUUID()}`;
    const replied = await t.api(path, {
      method: "POST",
      body: { type: "text", text },
      headers: { "X-Request-Id": requestId },
    });
    expect(replied.status, replied.text).toBe(202);
    expect(replied.json).toMatchObject({ status: "queued", direction: "outbound", author: "team", text });
    const id = replied.json.id as string;
    // Charged in the reply's batch: 1 segment at 0.07 EUR.
    expect(await balanceOf(t.companyId)).toBe(1_000 - 7);
    expect((await jobsOf(t.companyId)).map((job) => job.kind)).toContain("conversations.send_sms_reply");

    await settleJobs(t.companyId);
    const sms = await db.select().from(smsMessages).where(eq(smsMessages.companyId, t.companyId));
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({
      id,
      status: "sent",
      source: "conversation",
      toNumber: t.contact,
      costMinor: 7,
      body: text,
    });
    const intents = await db.select().from(providerIntents).where(eq(providerIntents.companyId, t.companyId));
    expect(intents).toEqual([
      expect.objectContaining({ kind: "sms", state: "accepted", resourceId: id, requestId, attempts: 1 }),
    ]);
    const message = await db.select().from(messages).where(eq(messages.id, id)).get();
    expect(message).toMatchObject({ channel: "sms", status: "sent", providerMessageId: sms[0]!.providerMessageId });
    // Sent once, from the number the contact wrote to.
    const sent = (await twilioRequests(text)).filter(
      (request) => request.path.endsWith("/Messages.json") && request.method === "POST",
    );
    expect(sent).toHaveLength(1);
    const form = new URLSearchParams(sent[0]!.body);
    expect([form.get("To"), form.get("From")]).toEqual([t.contact, t.number]);
    const events = (await eventsOf(t.companyId)).filter((event) => event.type.startsWith("sms."));
    expect(events.map((event) => event.type)).toEqual(["sms.received", "sms.sent"]);
    expect(events[1]!.data).toMatchObject({ id, source: "conversation", previous_status: "sending" });
    // The request log lists the intent under the reply.
    const logged = await t.api(`/api/v1/requests/${requestId}`);
    expect(logged.json.caused.intents).toEqual([expect.objectContaining({ kind: "sms", resource_id: id })]);
  });

  it("a provider that refuses the number fails the SMS and the message, and gives the charge back", async () => {
    const t = await smsConversation();
    await fetch(`${twilio}/__fake/refuse`, {
      method: "POST",
      body: JSON.stringify({ recipient: t.contact }),
      headers: { "Content-Type": "application/json" },
    });
    expect((await t.api(`/api/v1/conversations/${t.conversationId}/takeover`, { method: "POST" })).status).toBe(200);
    const replied = await t.api(`/api/v1/conversations/${t.conversationId}/messages`, {
      method: "POST",
      body: { type: "text", text: "No llegará" },
    });
    expect(replied.status, replied.text).toBe(202);
    await settleJobs(t.companyId);
    const id = replied.json.id as string;
    expect(await db.select().from(smsMessages).where(eq(smsMessages.id, id)).get()).toMatchObject({
      status: "failed",
      refunded: true,
    });
    expect(await db.select().from(messages).where(eq(messages.id, id)).get()).toMatchObject({ status: "failed" });
    expect(await balanceOf(t.companyId)).toBe(1_000);
    const types = (await eventsOf(t.companyId)).map((event) => event.type).filter((type) => type.startsWith("sms."));
    expect(types).toEqual(["sms.received", "sms.failed"]);
  });

  it("a wallet that does not cover the SMS is 409 and records nothing", async () => {
    const t = await smsConversation();
    await operator(`/companies/${t.companyId}/prices`, {
      method: "PUT",
      body: { kind: "sms", country: "ES", amount: 20 },
    });
    expect((await t.api(`/api/v1/conversations/${t.conversationId}/takeover`, { method: "POST" })).status).toBe(200);
    const replied = await t.api(`/api/v1/conversations/${t.conversationId}/messages`, {
      method: "POST",
      body: { type: "text", text: "Demasiado caro" },
    });
    expect(replied.status, replied.text).toBe(409);
    expect(await db.select().from(smsMessages).where(eq(smsMessages.companyId, t.companyId))).toEqual([]);
    expect(await balanceOf(t.companyId)).toBe(1_000);
    await settleJobs(t.companyId);
  });
});
