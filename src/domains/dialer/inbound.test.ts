import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, operator } from "../../../test/helpers";
import { settleJobs } from "../../../test/jobs";
import { eventsOf, read } from "../../../test/fixtures/billing";
import { dialCompany, uniqueMobile } from "../../../test/fixtures/dialer";
import { balanceOf, ledgerOf } from "../../../test/wallet-operations";
import { twilioSignature } from "../../core/callbacks";
import { configOf } from "../../config";
import { providerCallbacks } from "../../data/schema";
import { calls } from "../calls";
import { conversations, messages } from "../conversations";
import { inboundCallId } from "./inbound";
import { findDialledCall } from "./queries";

/**
 * A rented number answers: the rental gives Twilio the number's webhooks, and Twilio's requests to
 * them (posted here as Twilio signs them: the fakes' own callbacks cannot reach the test runtime)
 * make an inbound call record that settles, or an SMS conversation.
 */
const config = configOf(env);
const twilio = (JSON.parse(env.FAKE_PROVIDERS) as Record<string, string>).twilio!;

async function rentalRequest(number: string): Promise<URLSearchParams> {
  const response = await fetch(`${twilio}/__fake/requests?match=${encodeURIComponent(number)}`);
  const { requests } = (await response.json()) as { requests: { method: string; path: string; body: string }[] };
  const rental = requests.find(
    (request) => request.method === "POST" && request.path.endsWith("/IncomingPhoneNumbers.json"),
  );
  return new URLSearchParams(rental?.body ?? "");
}

/** Posts form fields to a webhook URL we gave Twilio, signed over that URL as Twilio signs (or with `signature`). */
async function twilioPost(url: string, fields: Record<string, string>, signature?: string) {
  const params = new URLSearchParams(fields);
  const signed = signature ?? (await twilioSignature(env.TWILIO_AUTH_TOKEN, url, params));
  const path = url.slice(config.callbacks.baseUrl.length);
  return call(path, {
    method: "POST",
    body: params.toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signed },
  });
}

/** A company with a voice agent, 100 EUR and 0.12 EUR/min for Spanish mobiles, and a rented Spanish mobile number (the agent's, unless `agent` is false). */
async function numberCompany(options: { agent?: boolean } = {}) {
  const company = await dialCompany();
  const rented = await operator(`/companies/${company.companyId}/numbers`, {
    method: "POST",
    body: { type: "mobile", ...(options.agent === false ? {} : { agent_id: company.agentId }) },
  });
  expect(rented.status, rented.text).toBe(201);
  const number = rented.json.number as string;
  const numberId = rented.json.number_id as string;
  const webhooks = await rentalRequest(number);
  return { ...company, number, numberId, webhooks };
}

const randomSid = (prefix: string) => `${prefix}${crypto.randomUUID().replaceAll("-", "")}`;

describe("Renting a number sets its webhooks", () => {
  it("VoiceUrl, SmsUrl and StatusCallback point at this API's receiver, POSTed, naming the company and the number", async () => {
    const t = await numberCompany();
    const names = `company=${t.companyId}&number=${t.numberId}`;
    const base = `${config.callbacks.baseUrl}/providers/twilio`;
    expect(Object.fromEntries(t.webhooks)).toMatchObject({
      PhoneNumber: t.number,
      VoiceUrl: `${base}/inbound-call?${names}`,
      VoiceMethod: "POST",
      SmsUrl: `${base}/inbound-sms?${names}`,
      SmsMethod: "POST",
      StatusCallback: `${base}/inbound-call-status?${names}`,
      StatusCallbackMethod: "POST",
    });
  });
});

describe("An inbound call on a rented number", () => {
  it("is connected to the number's agent through the voice service, recorded inbound, and settles at its status callback", async () => {
    const t = await numberCompany();
    const before = (await balanceOf(t.companyId))!;
    const from = uniqueMobile();
    const sid = randomSid("CA");
    const voice = t.webhooks.get("VoiceUrl")!;
    const request = {
      AccountSid: env.TWILIO_ACCOUNT_SID,
      CallSid: sid,
      From: from,
      To: t.number,
      CallStatus: "ringing",
      Direction: "inbound",
    };
    const answered = await twilioPost(voice, request);
    expect(answered.status).toBe(200);
    expect(answered.headers.get("Content-Type")).toContain("xml");
    const callId = await inboundCallId(t.companyId, sid);
    const stream = config.providers
      .voiceStreamUrl!.replaceAll("{agent_id}", t.agentId)
      .replaceAll("{call_id}", callId)
      .replaceAll("&", "&amp;");
    expect(answered.text).toContain(`<Connect><Stream url="${stream}"/></Connect>`);
    // Twilio repeats a request it thinks lost: answered alike, recorded once.
    expect((await twilioPost(voice, request)).text).toBe(answered.text);
    await settleJobs(t.companyId);

    const row = (await findDialledCall(db, callId, t.companyId))!;
    expect(row).toMatchObject({
      status: "in_progress",
      fromNumber: from,
      toNumber: t.number,
      agentId: t.agentId,
      providerCallId: sid,
    });
    // The default 30 min at 0.12 EUR a minute, held from the wallet as a dial holds it.
    expect(row.reservedMinor).toBe(360);
    expect(await balanceOf(t.companyId)).toBe(before - 360);
    const view = await read(`/api/v1/calls/${callId}`, t.key);
    expect(view.status, view.text).toBe(200);
    expect(view.json).toMatchObject({ direction: "inbound", status: "in_progress" });

    const status = t.webhooks.get("StatusCallback")!;
    const completed = {
      AccountSid: env.TWILIO_ACCOUNT_SID,
      CallSid: sid,
      From: from,
      To: t.number,
      CallStatus: "completed",
      CallDuration: "65",
      Direction: "inbound",
    };
    expect((await twilioPost(status, completed)).status).toBe(200);
    await settleJobs(t.companyId);
    const ended = await db.select().from(calls).where(eq(calls.id, callId)).get();
    // 65 s billed as 120 s (60 s, then 60 s steps) at 0.12 EUR: 0.24 EUR; the rest comes back.
    expect(ended).toMatchObject({
      direction: "inbound",
      status: "completed",
      result: "answered",
      durationSeconds: 65,
      costMinor: 24,
    });
    expect(await balanceOf(t.companyId)).toBe(before - 24);
    const ledger = (await ledgerOf(t.companyId)).filter((entry) => entry.referenceId === callId);
    expect(ledger.map((entry) => [entry.kind, entry.amountMinor])).toEqual([
      ["charge", -360],
      ["refund", 336],
    ]);
    const types = (await eventsOf(t.companyId)).filter((event) => event.data.id === callId).map((event) => event.type);
    expect(types).toEqual(["call.received", "call.status_changed", "call.settled"]);
  });

  it("on a number no agent answers, is told so and hung up on, and recorded as a declined inbound call that costs nothing", async () => {
    const t = await numberCompany({ agent: false });
    const before = (await balanceOf(t.companyId))!;
    const sid = randomSid("CA");
    const from = uniqueMobile();
    const answered = await twilioPost(t.webhooks.get("VoiceUrl")!, {
      AccountSid: env.TWILIO_ACCOUNT_SID,
      CallSid: sid,
      From: from,
      To: t.number,
      CallStatus: "ringing",
      Direction: "inbound",
    });
    expect(answered.status).toBe(200);
    expect(answered.text).toMatch(/<Say>[^<]+<\/Say><Hangup\/>/);
    expect(answered.text).not.toContain("<Connect>");
    await settleJobs(t.companyId);
    const callId = await inboundCallId(t.companyId, sid);
    const row = (await findDialledCall(db, callId, t.companyId))!;
    expect(row).toMatchObject({
      status: "failed",
      failureReason: "No voice agent answers this number.",
      reservedMinor: 0,
    });
    expect(await db.select().from(calls).where(eq(calls.id, callId)).get()).toMatchObject({
      direction: "inbound",
      result: "failed",
      costMinor: 0,
      agentId: null,
    });
    // Its final status changes nothing, and nothing was charged.
    await twilioPost(t.webhooks.get("StatusCallback")!, { CallSid: sid, CallStatus: "completed", CallDuration: "2" });
    await settleJobs(t.companyId);
    expect((await findDialledCall(db, callId, t.companyId))!.status).toBe("failed");
    expect(await balanceOf(t.companyId)).toBe(before);
    const received = (await eventsOf(t.companyId)).find((event) => event.type === "call.received");
    expect(received?.data).toMatchObject({
      id: callId,
      status: "failed",
      declined_reason: "No voice agent answers this number.",
    });
  });

  it("refuses a forged signature: 403, nothing recorded, no TwiML", async () => {
    const t = await numberCompany();
    const sid = randomSid("CA");
    const forged = await twilioPost(
      t.webhooks.get("VoiceUrl")!,
      { CallSid: sid, From: uniqueMobile(), To: t.number, CallStatus: "ringing" },
      await twilioSignature("not-the-auth-token", t.webhooks.get("VoiceUrl")!, new URLSearchParams({ CallSid: sid })),
    );
    expect(forged.status).toBe(403);
    expect(forged.text).not.toContain("<Response>");
    const sms = await twilioPost(
      t.webhooks.get("SmsUrl")!,
      { MessageSid: randomSid("SM"), From: uniqueMobile(), To: t.number, Body: "hola" },
      "AAAA",
    );
    expect(sms.status).toBe(403);
    await settleJobs(t.companyId);
    expect(await db.select().from(providerCallbacks).where(eq(providerCallbacks.companyId, t.companyId))).toEqual([]);
    expect(await findDialledCall(db, await inboundCallId(t.companyId, sid), t.companyId)).toBeUndefined();
  });
});

describe("An inbound SMS on a rented number", () => {
  it("lands in the SMS conversation of the number and the sender, once, with sms.received", async () => {
    const t = await numberCompany();
    const from = uniqueMobile();
    const sid = randomSid("SM");
    const fields = {
      AccountSid: env.TWILIO_ACCOUNT_SID,
      MessageSid: sid,
      SmsSid: sid,
      From: from,
      To: t.number,
      Body: "¿Abren el sábado?",
      NumMedia: "0",
      SmsStatus: "received",
    };
    const answered = await twilioPost(t.webhooks.get("SmsUrl")!, fields);
    expect(answered.status).toBe(200);
    expect(answered.text).toContain("<Response></Response>");
    expect((await twilioPost(t.webhooks.get("SmsUrl")!, fields)).status).toBe(200);
    await settleJobs(t.companyId);

    const rows = await db
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, t.companyId), eq(messages.providerMessageId, sid)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      channel: "sms",
      direction: "inbound",
      connectionId: t.numberId,
      text: "¿Abren el sábado?",
    });
    const thread = await db.select().from(conversations).where(eq(conversations.id, rows[0]!.conversationId)).get();
    expect(thread).toMatchObject({ channel: "sms", contactPhone: from, unreadCount: 1 });

    const open = { CONVERSATIONS_API_ENABLED: "true" };
    const listed = await read("/api/v1/conversations", t.key, open);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json.data).toEqual([
      expect.objectContaining({
        id: thread!.id,
        channel: "sms",
        connection: { id: t.numberId, phone_number: t.number },
        contact: expect.objectContaining({ phone: from }),
      }),
    ]);
    const thread_ = await read(`/api/v1/conversations/${thread!.id}/messages`, t.key, open);
    expect(thread_.json.data).toEqual([expect.objectContaining({ text: "¿Abren el sábado?", direction: "inbound" })]);
    // Nothing of it in the WhatsApp poll.
    const poll = await read("/api/v1/whatsapp/messages", t.key, open);
    expect(JSON.stringify(poll.json)).not.toContain(sid);

    const received = (await eventsOf(t.companyId)).filter((event) => event.type === "sms.received");
    expect(received).toHaveLength(1);
    expect(received[0]!.data).toMatchObject({
      conversation_id: thread!.id,
      number: t.number,
      contact_phone: from,
      text: "¿Abren el sábado?",
    });
  });
});
