import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { call, db, slug, tenant } from "../../../test/helpers";
import { jobsOf } from "../../../test/jobs";
import {
  eventsOf,
  fake,
  hoursAgo,
  uniqueMobile,
  whatsappCompany,
  type WhatsAppCompany,
} from "../../../test/fixtures/conversations";
import { messages } from "../conversations/schema";

let logs: MockInstance[] = [];
beforeEach(() => {
  logs = (["log", "warn", "error", "info"] as const).map((level) => vi.spyOn(console, level));
});
afterEach(() => vi.restoreAllMocks());
const logged = () => logs.flatMap((spy) => spy.mock.calls.map((args) => args.map(String).join(" "))).join("\n");

const send = (company: WhatsAppCompany, body: unknown, vars: Record<string, string> = {}) =>
  company.api("/api/v1/whatsapp/send", { method: "POST", body, vars });
const storedMessages = (companyId: string) =>
  db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.direction, "outbound")));

describe("POST /api/v1/whatsapp/send", () => {
  it("sends a template at once and answers the message with the provider's id; the conversation is created for the phone", async () => {
    const company = await whatsappCompany();
    const phone = uniqueMobile();
    const response = await send(company, {
      to: phone,
      type: "template",
      template: { name: "appointment_reminder", language: "es", parameters: ["Lucía", "jueves"] },
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      direction: "outbound",
      type: "template",
      author: "api",
      contact_phone: phone,
      status: "sent",
      template: { name: "appointment_reminder", language: "es", parameters: ["Lucía", "jueves"] },
    });
    expect(response.json.provider_message_id).toMatch(/^wamid\./);
    const [request] = await fake.requests(phone);
    expect(request!.headers.authorization).toBe(`Bearer ${company.token}`);
    expect(JSON.parse(request!.body)).toMatchObject({
      to: phone,
      type: "template",
      template: {
        name: "appointment_reminder",
        language: { code: "es" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Lucía" },
              { type: "text", text: "jueves" },
            ],
          },
        ],
      },
    });
    const conversation = await company.api(`/api/v1/conversations/${response.json.conversation_id}`);
    expect(conversation.json).toMatchObject({
      contact: { phone },
      mode: "ai",
      window_open: false,
      last_message_preview: "[template appointment_reminder]",
    });
    const [event] = await eventsOf(company.companyId);
    expect(event).toMatchObject({
      type: "whatsapp.message.sent",
      data: { id: response.json.id, conversation_id: response.json.conversation_id, status: "sent" },
    });
    expect(await jobsOf(company.companyId)).toEqual([]);
  });

  it("sends free text only within 24 hours of the contact's last message (else 422, nothing sent or recorded)", async () => {
    const company = await whatsappCompany();
    const recent = uniqueMobile();
    await company.inbound(recent, { at: hoursAgo(23) });
    const ok = await send(company, { to: recent, type: "text", text: "¿Le viene bien el martes?" });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ type: "text", status: "sent", text: "¿Le viene bien el martes?" });
    const stale = uniqueMobile();
    await company.inbound(stale, { at: hoursAgo(25) });
    for (const to of [stale, uniqueMobile()]) {
      const refused = await send(company, { to, type: "text", text: "Hola" });
      expect(refused.status).toBe(422);
      expect(slug(refused.json)).toBe("unprocessable");
      expect(await fake.requests(to)).toEqual([]);
    }
    expect(await storedMessages(company.companyId)).toHaveLength(1);
  });

  it("answers 422 when the provider refuses the recipient, and 502 when it fails or is too slow; the message is recorded failed and not retried", async () => {
    const company = await whatsappCompany();
    const template = { name: "hello_world", language: "en_US" };
    const refusedPhone = uniqueMobile();
    await fake.control("refuse", { recipient: refusedPhone });
    const refused = await send(company, { to: refusedPhone, type: "template", template });
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({ provider: "whatsapp" });
    expect(refused.json.detail).toContain("refused this recipient");

    const failingPhone = uniqueMobile();
    await fake.control("script", { status: 500, match: failingPhone });
    const failing = await send(company, { to: failingPhone, type: "template", template });
    expect(failing.status).toBe(502);
    expect(slug(failing.json)).toBe("upstream_error");

    const slowPhone = uniqueMobile();
    await fake.control("script", { timeout: true, match: slowPhone });
    const slow = await send(company, { to: slowPhone, type: "template", template }, { PROVIDER_TIMEOUT_MS: "300" });
    expect(slow.status).toBe(502);
    expect(slow.json.detail).toContain("did not answer within 300 ms");

    for (const phone of [refusedPhone, failingPhone, slowPhone]) expect(await fake.requests(phone)).toHaveLength(1);
    const stored = await storedMessages(company.companyId);
    expect(stored.map((row) => row.status)).toEqual(["failed", "failed", "failed"]);
    expect(stored.every((row) => row.error !== null && row.providerMessageId === null)).toBe(true);
    expect((await eventsOf(company.companyId)).map((event) => event.type)).toEqual([
      "whatsapp.message.failed",
      "whatsapp.message.failed",
      "whatsapp.message.failed",
    ]);
    expect(await jobsOf(company.companyId)).toEqual([]);
    for (const text of [refused.text, failing.text, slow.text, logged()]) expect(text).not.toContain(company.token);
  });

  it("refuses what cannot be sent: a phone that is not one (400), one that cannot be on WhatsApp (422), no connected number (422), a body that misses its text or template (400)", async () => {
    const company = await whatsappCompany();
    const invalid = await send(company, {
      to: "12",
      type: "template",
      template: { name: "hello_world", language: "en_US" },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json.errors[0].path).toBe("body.to");
    const tollFree = await send(company, {
      to: "+34900123456",
      type: "template",
      template: { name: "hello_world", language: "en_US" },
    });
    expect(tollFree.status).toBe(422);
    expect((await send(company, { to: uniqueMobile(), type: "text" })).json.errors[0].path).toBe("body.text");
    expect((await send(company, { to: uniqueMobile(), type: "template" })).json.errors[0].path).toBe("body.template");
    const bare = await tenant();
    const none = await call("/api/v1/whatsapp/send", {
      key: bare.key,
      body: { to: uniqueMobile(), type: "template", template: { name: "hello_world", language: "en_US" } },
    });
    expect(none.status).toBe(422);
    expect(none.json.detail).toContain("no connected WhatsApp number");
  });
});

describe("POST /api/v1/whatsapp/check", () => {
  it("says per phone its E.164 form, window and what can be sent", async () => {
    const company = await whatsappCompany();
    const recent = uniqueMobile();
    await company.inbound(recent, { at: hoursAgo(2) });
    const stale = uniqueMobile();
    await company.inbound(stale, { at: hoursAgo(30) });
    const national = uniqueMobile();
    await company.api("/api/v1/whatsapp/whitelist", { method: "POST", body: { phone: stale } });
    const response = await company.api("/api/v1/whatsapp/check", {
      method: "POST",
      body: { phones: [recent, stale, national.slice(3), "+34900123456", "hello"] },
    });
    expect(response.status).toBe(200);
    const [a, b, c, d, e] = response.json.data;
    expect(a).toMatchObject({
      input: recent,
      e164: recent,
      country: "ES",
      window_open: true,
      can_send: "text",
      reason: null,
      reserved_for_external_bot: false,
    });
    expect(Date.parse(a.window_expires_at)).toBeGreaterThan(Date.now() + 21 * 3_600_000);
    expect(b).toMatchObject({
      e164: stale,
      window_open: false,
      window_expires_at: null,
      can_send: "template_only",
      reserved_for_external_bot: true,
    });
    expect(c).toMatchObject({ input: national.slice(3), e164: national, can_send: "template_only" });
    expect(d).toMatchObject({
      e164: "+34900123456",
      can_send: "none",
      reason: "A toll-free number cannot be on WhatsApp.",
    });
    expect(e).toMatchObject({ input: "hello", e164: null, country: null, can_send: "none" });
  });

  it("takes 1 to 100 phones, and answers 503 without a connected number", async () => {
    const company = await whatsappCompany();
    const many = Array.from({ length: 100 }, () => uniqueMobile());
    const full = await company.api("/api/v1/whatsapp/check", { method: "POST", body: { phones: many } });
    expect(full.status).toBe(200);
    expect(full.json.data).toHaveLength(100);
    expect(
      (await company.api("/api/v1/whatsapp/check", { method: "POST", body: { phones: [...many, uniqueMobile()] } }))
        .status,
    ).toBe(400);
    expect((await company.api("/api/v1/whatsapp/check", { method: "POST", body: { phones: [] } })).status).toBe(400);
    const bare = await tenant();
    const none = await call("/api/v1/whatsapp/check", { key: bare.key, body: { phones: [uniqueMobile()] } });
    expect(none.status).toBe(503);
    expect(slug(none.json)).toBe("integration_not_configured");
  });
});
