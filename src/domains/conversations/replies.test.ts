import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { jobsOf, settleJobs } from "../../../test/jobs";
import { STANDARD_SCHEDULE } from "../../work/retry-schedule";
import { slug } from "../../../test/helpers";
import {
  eventsOf,
  fake,
  hoursAgo,
  messageRow,
  setMode,
  uniqueMobile,
  whatsappCompany,
  type WhatsAppCompany,
} from "../../../test/fixtures/conversations";

// POST /conversations/{conversation_uuid}/messages records the intent; the jobs Queue's consumer
// (the gateway) sends it through the WhatsApp adapter to the fake provider.

// The Queue's own consumer may run any attempt in the background, with the Worker's configuration:
// the tests keep the standard retry schedule (settleJobs makes each retry due at once).
const ATTEMPTS = STANDARD_SCHEDULE.length + 1;

let logs: MockInstance[] = [];
beforeEach(() => {
  logs = (["log", "warn", "error", "info"] as const).map((level) => vi.spyOn(console, level));
});
afterEach(() => vi.restoreAllMocks());
const logged = () => logs.flatMap((spy) => spy.mock.calls.map((args) => args.map(String).join(" "))).join("\n");

async function humanConversation(company: WhatsAppCompany, phone = uniqueMobile()) {
  const { conversationId } = await company.inbound(phone);
  await setMode(company.companyId, conversationId, "human");
  return { conversationId, phone };
}

const reply = (company: WhatsAppCompany, conversationId: string, body: unknown) =>
  company.api(`/api/v1/conversations/${conversationId}/messages`, { method: "POST", body });

describe("POST /api/v1/conversations/{conversation_uuid}/messages", () => {
  it("queues a text reply (202) that the gateway sends as the conversation's number, then marks sent with the provider's id", async () => {
    const company = await whatsappCompany();
    const { conversationId, phone } = await humanConversation(company);
    const text = `Le confirmo la visita ${crypto.randomUUID()}`;
    const response = await reply(company, conversationId, { type: "text", text });
    expect(response.status).toBe(202);
    expect(response.json).toMatchObject({
      conversation_id: conversationId,
      direction: "outbound",
      type: "text",
      author: "team",
      status: "queued",
      text,
      provider_message_id: null,
    });
    const [job] = await jobsOf(company.companyId);
    expect(job).toMatchObject({ kind: "conversations.send_reply", payload: { messageId: response.json.id } });

    await settleJobs(company.companyId);
    const sent = await messageRow(response.json.id);
    expect(sent).toMatchObject({ status: "sent" });
    expect(sent!.providerMessageId).toMatch(/^wamid\./);
    const [request] = await fake.requests(text);
    expect(request).toMatchObject({ path: `/v21.0/${company.phoneNumberId}/messages`, authorized: true });
    expect(request!.headers.authorization).toBe(`Bearer ${company.token}`);
    expect(JSON.parse(request!.body)).toMatchObject({
      messaging_product: "whatsapp",
      to: phone,
      type: "text",
      text: { body: text },
    });
    const listed = await company.api(`/api/v1/conversations/${conversationId}/messages?limit=1`);
    expect(listed.json.data[0]).toMatchObject({
      id: response.json.id,
      status: "sent",
      provider_message_id: sent!.providerMessageId,
    });
    const events = await eventsOf(company.companyId);
    expect(events.map((event) => event.type)).toEqual(["whatsapp.message.sent"]);
    expect(events[0]!.data).toMatchObject({ id: response.json.id, conversation_id: conversationId, status: "sent" });
    // The token is the service's: never in an answer, an event or a log line.
    for (const text of [response.text, listed.text, ...events.map((event) => event.text), logged()])
      expect(text).not.toContain(company.token);
  });

  it("stores an internal note (200) in any mode and never sends it", async () => {
    const company = await whatsappCompany();
    const { conversationId } = await company.inbound(uniqueMobile());
    const text = `Nota ${crypto.randomUUID()}`;
    const response = await reply(company, conversationId, { type: "note", text });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ type: "note", status: null, text, author: "team" });
    expect(await jobsOf(company.companyId)).toEqual([]);
    expect(await fake.requests(text)).toEqual([]);
    const conversation = await company.api(`/api/v1/conversations/${conversationId}`);
    expect(conversation.json.last_message_preview).toBe("Hola");
  });

  it("refuses a text reply (409) with the automation in charge, in a closed conversation, or outside the 24-hour window; writes nothing", async () => {
    const company = await whatsappCompany();
    const { conversationId: withAi } = await company.inbound(uniqueMobile());
    const closed = await humanConversation(company);
    await setMode(company.companyId, closed.conversationId, "human", "closed");
    const { conversationId: old } = await company.inbound(uniqueMobile(), { at: hoursAgo(25) });
    await setMode(company.companyId, old, "human");
    for (const conversationId of [withAi, closed.conversationId, old]) {
      const response = await reply(company, conversationId, { type: "text", text: "Hola" });
      expect(response.status, conversationId).toBe(409);
      expect(slug(response.json)).toBe("conflict");
    }
    expect(await jobsOf(company.companyId)).toEqual([]);
    expect((await reply(company, crypto.randomUUID(), { type: "text", text: "x" })).status).toBe(404);
    expect((await reply(company, withAi, { type: "text", text: "" })).status).toBe(400);
    expect((await reply(company, withAi, { type: "sms", text: "x" })).status).toBe(400);
  });

  it("retries a failing provider on the schedule and ends failed with whatsapp.message.failed, losing nothing", async () => {
    const company = await whatsappCompany();
    const { conversationId } = await humanConversation(company);
    const text = `Reintento ${crypto.randomUUID()}`;
    // Every attempt (the first and each retry of the schedule) is answered 500.
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) await fake.control("script", { status: 500, match: text });
    const response = await reply(company, conversationId, { text });
    expect(response.status).toBe(202);
    const [job] = await settleJobs(company.companyId);
    expect(job).toMatchObject({ status: "failed", attempts: ATTEMPTS });
    expect(await fake.requests(text)).toHaveLength(ATTEMPTS);
    const failed = await messageRow(response.json.id);
    expect(failed).toMatchObject({ status: "failed", error: "WhatsApp Cloud API failed: it answered HTTP 500." });
    const events = await eventsOf(company.companyId);
    expect(events.map((event) => event.type)).toEqual(["whatsapp.message.failed"]);
    expect(events[0]!.data).toMatchObject({ id: response.json.id, status: "failed", error: failed!.error });
    expect(logged()).not.toContain(company.token);
  });

  it("sends after a transient failure, and fails at once when the provider refuses the recipient", async () => {
    const company = await whatsappCompany();
    const transient = await humanConversation(company);
    const text = `Una vez ${crypto.randomUUID()}`;
    await fake.control("script", { status: 503, match: text });
    const first = await reply(company, transient.conversationId, { text });
    const refused = await humanConversation(company);
    await fake.control("refuse", { recipient: refused.phone });
    const second = await reply(company, refused.conversationId, { text: "No llegará" });
    await settleJobs(company.companyId);
    expect(await messageRow(first.json.id)).toMatchObject({ status: "sent" });
    const refusedRow = await messageRow(second.json.id);
    expect(refusedRow).toMatchObject({ status: "failed" });
    expect(refusedRow!.error).toContain("refused this recipient");
    const jobs = await jobsOf(company.companyId);
    expect(jobs.map((job) => [job.status, job.attempts])).toEqual([
      ["done", 2],
      ["failed", 1],
    ]);
  });

  it("answers 404 while gate C is closed, with nothing recorded", async () => {
    const company = await whatsappCompany();
    const { conversationId } = await humanConversation(company);
    const closed = await company.api(`/api/v1/conversations/${conversationId}/messages`, {
      method: "POST",
      body: { text: "x" },
      vars: { CONVERSATIONS_API_ENABLED: "false" },
    });
    expect(closed.status).toBe(404);
    expect(await jobsOf(company.companyId)).toEqual([]);
  });
});
