import { z } from "@hono/zod-openapi";
import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from "vitest";
import { call, slug, tenant, testApp } from "../../../test/helpers";
import { ConfigError, parseConfig } from "../../config";
import type { Env } from "../../env";
import { defineOperation, type OperationContext, type OperationDeclaration } from "../operation";
import { txtData } from "./adapters/dns";
import { declaredOutcome, gateway, openProviderSettings, ProviderError, sealProviderSettings, type ProviderName } from ".";

/**
 * The gateway through the real pipeline: test-only operations call each adapter, and the fake
 * providers (scripts/fakes, started by test/fakes.setup.ts) stand in for the real services on
 * their own wire formats. Every response and console line of this file is scanned for the
 * providers' credentials at the end.
 */
const fakes = JSON.parse(env.FAKE_PROVIDERS) as Record<ProviderName, string>;
const secrets = ["WHATSAPP_ACCESS_TOKEN", "POSTMARK_SERVER_TOKEN", "TWILIO_AUTH_TOKEN", "STRIPE_SECRET_KEY", "PAPERLESS_TOKEN"] as const;

interface Recorded {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
  authorized: boolean;
}
const fake = {
  async requests(provider: ProviderName, match: string): Promise<Recorded[]> {
    const response = await fetch(`${fakes[provider]}/__fake/requests?match=${encodeURIComponent(match)}`);
    return ((await response.json()) as { requests: Recorded[] }).requests;
  },
  async control(provider: ProviderName, action: string, body: unknown) {
    const response = await fetch(`${fakes[provider]}/__fake/${action}`, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
    expect(response.status).toBe(200);
  },
};
const unique = () => String(Math.floor(Math.random() * 9_000_000) + 1_000_000);

// Company settings as a domain would keep them (sealed); here a map stands in for the table.
const sealedSettings = new Map<string, string>();
const gatewayOf = (ctx: OperationContext<unknown, unknown, unknown>) =>
  gateway(ctx, { companySettings: async (provider) => sealedSettings.get(`${ctx.caller.company.id}/${provider}`) });

const base = { tag: "Test", plans: "ALL", capability: "test", gate: "A" } as const;
const Any = z.record(z.string(), z.unknown());
const operations: OperationDeclaration[] = [
  defineOperation({
    ...base,
    operationId: "testWhatsAppSend",
    method: "post",
    path: "/api/v1/test/gateway/whatsapp",
    summary: "WhatsApp text or template (test)",
    scope: "whatsapp:send",
    codes: [200, 400, 401, 403, 422, 429, 500, 502, 503],
    request: { body: z.object({ to: z.string(), text: z.string().optional(), template: z.string().optional() }) },
    responses: { 200: { description: "Sent", schema: Any } },
    handler: async (ctx) => {
      const { to, text, template } = ctx.body;
      const whatsapp = gatewayOf(ctx as OperationContext<unknown, unknown, unknown>).whatsapp;
      const sent = template ? await whatsapp.sendTemplate({ to, name: template, language: "es", components: [{ type: "body", parameters: [{ type: "text", text: "Ana" }] }] }) : await whatsapp.sendText({ to, body: text ?? "" });
      return { status: 200, body: { ...sent } };
    },
  }),
  defineOperation({
    ...base,
    operationId: "testWhatsAppRead",
    method: "post",
    path: "/api/v1/test/gateway/whatsapp/read",
    summary: "Typing and read receipt (test)",
    scope: "whatsapp:send",
    codes: [200, 400, 401, 403, 422, 429, 502, 503],
    request: { body: z.object({ message_id: z.string() }) },
    responses: { 200: { description: "Marked", schema: Any } },
    handler: async (ctx) => {
      await gateway(ctx).whatsapp.markRead({ messageId: ctx.body.message_id, typing: true });
      return { status: 200, body: { ok: true } };
    },
  }),
  defineOperation({
    ...base,
    operationId: "testWhatsAppTemplates",
    method: "get",
    path: "/api/v1/test/gateway/whatsapp/templates",
    summary: "Templates (test)",
    scope: "whatsapp:read",
    codes: [200, 400, 401, 403, 429, 500, 502],
    request: { query: z.object({ limit: z.coerce.number().int().optional(), after: z.string().optional() }) },
    responses: { 200: { description: "Templates", schema: Any } },
    handler: async (ctx) => ({ status: 200, body: await gateway(ctx).whatsapp.templates({ limit: ctx.query.limit, after: ctx.query.after }) }),
  }),
  defineOperation({
    ...base,
    operationId: "testSmsSend",
    method: "post",
    path: "/api/v1/test/gateway/sms",
    summary: "SMS (test)",
    scope: "sms:send",
    codes: [200, 400, 401, 403, 422, 429, 502, 503],
    request: { body: z.object({ to: z.string(), text: z.string() }) },
    responses: { 200: { description: "Sent", schema: Any } },
    handler: async (ctx) => ({ status: 200, body: await gateway(ctx).sms.send({ to: ctx.body.to, body: ctx.body.text }) }),
  }),
  defineOperation({
    ...base,
    operationId: "testSmsLookup",
    method: "post",
    path: "/api/v1/test/gateway/sms/check",
    summary: "Lookup (test)",
    scope: "sms:send",
    codes: [200, 400, 401, 403, 429, 502, 503],
    request: { body: z.object({ number: z.string() }) },
    responses: { 200: { description: "Checked", schema: Any } },
    handler: async (ctx) => ({ status: 200, body: { ...(await gateway(ctx).sms.lookup(ctx.body.number)) } }),
  }),
  defineOperation({
    ...base,
    operationId: "testDial",
    method: "post",
    path: "/api/v1/test/gateway/dial",
    summary: "Call (test)",
    scope: "calls:dial",
    codes: [201, 400, 401, 403, 422, 429, 502, 503],
    request: { body: z.object({ to: z.string() }) },
    responses: { 201: { description: "Dialled", schema: Any } },
    handler: async (ctx) => ({ status: 201, body: await gateway(ctx).telephony.dial({ to: ctx.body.to, twimlUrl: "https://agents.example.com/twiml" }) }),
  }),
  defineOperation({
    ...base,
    operationId: "testEmailSend",
    method: "post",
    path: "/api/v1/test/gateway/email",
    summary: "Email (test); declares no 422, as the catalogue's email send",
    scope: "email:send",
    codes: [200, 400, 401, 403, 429, 502, 503],
    request: { body: z.object({ to: z.string(), subject: z.string() }) },
    responses: { 200: { description: "Sent", schema: Any } },
    handler: async (ctx) => ({ status: 200, body: await gateway(ctx).email.send({ to: [ctx.body.to], subject: ctx.body.subject, text: "Hello", html: "<p>Hello</p>", tag: "test" }) }),
  }),
  defineOperation({
    ...base,
    operationId: "testPaymentIntent",
    method: "post",
    path: "/api/v1/test/gateway/payment",
    summary: "Payment intent (test)",
    scope: "billing:write",
    codes: [201, 400, 401, 403, 422, 429, 500, 502, 503],
    request: { body: z.object({ payment_method: z.string(), amount: z.number().int(), reference: z.string() }) },
    responses: { 201: { description: "Charged", schema: Any } },
    handler: async (ctx) => {
      const intent = await gateway(ctx).payments.createPaymentIntent({
        amountMinor: ctx.body.amount,
        currency: "EUR",
        paymentMethod: ctx.body.payment_method,
        confirm: true,
        offSession: true,
        metadata: { company_id: ctx.caller.company.id, reference: ctx.body.reference },
        idempotencyKey: `${ctx.caller.company.id}:${ctx.body.reference}`,
      });
      return { status: 201, body: intent };
    },
  }),
  defineOperation({
    ...base,
    operationId: "testDnsTxt",
    method: "get",
    path: "/api/v1/test/gateway/dns",
    summary: "TXT lookup (test)",
    scope: "branding:read",
    codes: [200, 400, 401, 403, 429, 500, 502, 503],
    request: { query: z.object({ name: z.string() }) },
    responses: { 200: { description: "Records", schema: Any } },
    handler: async (ctx) => ({ status: 200, body: { records: await gateway(ctx).dns.txt(ctx.query.name) } }),
  }),
  defineOperation({
    ...base,
    operationId: "testDocuments",
    method: "get",
    path: "/api/v1/test/gateway/documents",
    summary: "Archive (test)",
    scope: "documents:read",
    codes: [200, 400, 401, 403, 429, 500, 502, 503],
    request: { query: z.object({ type: z.string().optional(), label: z.string().optional(), text: z.string().optional(), from: z.string().optional() }) },
    responses: { 200: { description: "Documents", schema: Any } },
    handler: async (ctx) => ({ status: 200, body: await gateway(ctx).documents.list({ type: ctx.query.type, label: ctx.query.label, text: ctx.query.text, dateFrom: ctx.query.from }) }),
  }),
];
const app = testApp(operations);

// Every response and console line of the file, scanned for credentials in the last test.
const seen: string[] = [];
/** Credentials other than the configured ones (a company's own), scanned for as well. */
const otherTokens: string[] = [];
const consoleSpies: MockInstance[] = [];
beforeAll(() => {
  for (const level of ["log", "info", "warn", "error", "debug"] as const) consoleSpies.push(vi.spyOn(console, level));
});
afterAll(() => {
  for (const spy of consoleSpies) spy.mockRestore();
});

async function request(path: string, options: { key: string; body?: unknown; vars?: Partial<Env> }) {
  const response = await call(path, { app, key: options.key, body: options.body, vars: { REQUEST_LOG: "true", ...options.vars } });
  seen.push(`${response.status} ${[...response.headers].map(([name, value]) => `${name}: ${value}`).join("\n")}\n${response.text}`);
  return response;
}

/** The five adapters the failure matrix runs on, each with a way to address one recipient. */
interface Case {
  name: string;
  provider: ProviderName;
  label: string;
  /** Sends to `recipient` (a unique value the fake's scripts and records match on). */
  send(key: string, recipient: string, vars?: Partial<Env>): ReturnType<typeof request>;
  recipient(): string;
  /** Vars that leave it unconfigured. */
  unconfigured: Partial<Env>;
  /** Whether its operation declares 422 (else a refusal is 502); undefined: the provider never refuses. */
  refusal?: 422 | 502;
}
const cases: Case[] = [
  {
    name: "WhatsApp send",
    provider: "whatsapp",
    label: "WhatsApp Cloud API",
    recipient: () => `+34600${unique()}`,
    send: (key, to, vars) => request("/api/v1/test/gateway/whatsapp", { key, vars, body: { to, text: "Hola" } }),
    unconfigured: { WHATSAPP_ACCESS_TOKEN: "" },
    refusal: 422,
  },
  {
    name: "SMS send",
    provider: "twilio",
    label: "Twilio",
    recipient: () => `+34611${unique()}`,
    send: (key, to, vars) => request("/api/v1/test/gateway/sms", { key, vars, body: { to, text: "Your code is 1234" } }),
    unconfigured: { TWILIO_AUTH_TOKEN: "" },
    refusal: 422,
  },
  {
    name: "email send",
    provider: "postmark",
    label: "Postmark",
    recipient: () => `ana.${unique()}@example.com`,
    send: (key, to, vars) => request("/api/v1/test/gateway/email", { key, vars, body: { to, subject: "Your invoice" } }),
    unconfigured: { POSTMARK_BASE_URL: "" },
    refusal: 502,
  },
  {
    name: "Stripe payment intent",
    provider: "stripe",
    label: "Stripe",
    recipient: () => `pm_card_${unique()}`,
    send: (key, paymentMethod, vars) => request("/api/v1/test/gateway/payment", { key, vars, body: { payment_method: paymentMethod, amount: 1250, reference: `topup-${paymentMethod}` } }),
    unconfigured: { STRIPE_SECRET_KEY: "" },
    refusal: 422,
  },
  {
    name: "DoH TXT lookup",
    provider: "doh",
    label: "DNS-over-HTTPS resolver",
    recipient: () => `_verify.d${unique()}.example.com`,
    send: (key, name, vars) => request(`/api/v1/test/gateway/dns?name=${encodeURIComponent(name)}`, { key, vars }),
    unconfigured: { DOH_BASE_URL: "" },
  },
];

describe("requests in each provider's wire format, with its credentials", () => {
  it("WhatsApp: POST /{version}/{phone-number-id}/messages, JSON, Bearer token", async () => {
    const t = await tenant();
    const to = `+34600${unique()}`;
    const response = await request("/api/v1/test/gateway/whatsapp", { key: t.key, body: { to, text: "Hola, ¿qué tal?" } });
    expect(response.status).toBe(200);
    expect(response.json.messageId).toMatch(/^wamid\./);
    expect(response.json.waId).toBe(to.slice(1));
    const [sent] = await fake.requests("whatsapp", to);
    expect(sent).toMatchObject({ method: "POST", path: `/v21.0/${env.WHATSAPP_PHONE_NUMBER_ID}/messages`, authorized: true });
    expect(sent!.headers.authorization).toBe(`Bearer ${env.WHATSAPP_ACCESS_TOKEN}`);
    expect(sent!.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(sent!.body)).toEqual({ messaging_product: "whatsapp", recipient_type: "individual", to, type: "text", text: { preview_url: false, body: "Hola, ¿qué tal?" } });
  });

  it("WhatsApp: a template, the approved templates, and typing with a read receipt", async () => {
    const t = await tenant();
    const to = `+34600${unique()}`;
    expect((await request("/api/v1/test/gateway/whatsapp", { key: t.key, body: { to, template: "appointment_reminder" } })).status).toBe(200);
    const [sent] = await fake.requests("whatsapp", to);
    expect(JSON.parse(sent!.body)).toMatchObject({ type: "template", template: { name: "appointment_reminder", language: { code: "es" }, components: [{ type: "body" }] } });

    const templates = await request("/api/v1/test/gateway/whatsapp/templates?limit=2", { key: t.key });
    expect(templates.status).toBe(200);
    expect(templates.json.data.map((template: { name: string }) => template.name)).toEqual(["appointment_reminder", "invoice_ready"]);
    expect(templates.json.after).toEqual(expect.any(String));
    const rest = await request(`/api/v1/test/gateway/whatsapp/templates?limit=2&after=${encodeURIComponent(templates.json.after)}`, { key: t.key });
    expect(rest.json).toMatchObject({ data: [{ name: "hello_world", status: "APPROVED" }], after: null });
    const [listed] = await fake.requests("whatsapp", `message_templates?`);
    expect(listed).toMatchObject({ method: "GET", path: `/v21.0/${env.WHATSAPP_BUSINESS_ACCOUNT_ID}/message_templates`, authorized: true });
    expect(listed!.query).toMatchObject({ status: "APPROVED", limit: "2" });

    const messageId = `wamid.${unique()}`;
    expect((await request("/api/v1/test/gateway/whatsapp/read", { key: t.key, body: { message_id: messageId } })).status).toBe(200);
    const [read] = await fake.requests("whatsapp", messageId);
    expect(JSON.parse(read!.body)).toEqual({ messaging_product: "whatsapp", status: "read", message_id: messageId, typing_indicator: { type: "text" } });
  });

  it("SMS: POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, HTTP Basic", async () => {
    const t = await tenant();
    const to = `+34611${unique()}`;
    const response = await request("/api/v1/test/gateway/sms", { key: t.key, body: { to, text: "Your code is 1234" } });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ sid: expect.stringMatching(/^SM[0-9a-f]{32}$/), status: "queued" });
    const [sent] = await fake.requests("twilio", encodeURIComponent(to));
    expect(sent).toMatchObject({ method: "POST", path: `/2010-04-01/Accounts/${env.TWILIO_ACCOUNT_SID}/Messages.json`, authorized: true });
    expect(sent!.headers.authorization).toBe(`Basic ${btoa(`${env.TWILIO_ACCOUNT_SID}:${env.TWILIO_AUTH_TOKEN}`)}`);
    expect(sent!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(sent!.body))).toEqual({ To: to, From: env.TWILIO_FROM_NUMBER, Body: "Your code is 1234" });
  });

  it("telephony and lookup: Calls.json, and Lookup v2 with line type intelligence", async () => {
    const t = await tenant();
    const to = `+34622${unique()}`;
    const dialled = await request("/api/v1/test/gateway/dial", { key: t.key, body: { to } });
    expect(dialled.status).toBe(201);
    expect(dialled.json.sid).toMatch(/^CA/);
    const [call] = await fake.requests("twilio", encodeURIComponent(to));
    expect(call!.path).toBe(`/2010-04-01/Accounts/${env.TWILIO_ACCOUNT_SID}/Calls.json`);
    expect(Object.fromEntries(new URLSearchParams(call!.body))).toEqual({ To: to, From: env.TWILIO_FROM_NUMBER, Url: "https://agents.example.com/twiml" });

    const checked = await request("/api/v1/test/gateway/sms/check", { key: t.key, body: { number: to } });
    expect(checked.json).toEqual({ phoneNumber: to, valid: true, countryCode: "ES", lineType: "mobile", validationErrors: [] });
    const [lookup] = await fake.requests("twilio", `/v2/PhoneNumbers/${to}`);
    expect(lookup).toMatchObject({ method: "GET", query: { Fields: "line_type_intelligence" }, authorized: true });
  });

  it("email: Postmark POST /email, JSON, X-Postmark-Server-Token", async () => {
    const t = await tenant();
    const to = `ana.${unique()}@example.com`;
    const response = await request("/api/v1/test/gateway/email", { key: t.key, body: { to, subject: "Your invoice" } });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ messageId: expect.any(String), submittedAt: expect.any(String) });
    const [sent] = await fake.requests("postmark", to);
    expect(sent).toMatchObject({ method: "POST", path: "/email", authorized: true });
    expect(sent!.headers["x-postmark-server-token"]).toBe(env.POSTMARK_SERVER_TOKEN);
    expect(sent!.headers.accept).toBe("application/json");
    expect(JSON.parse(sent!.body)).toEqual({ From: env.EMAIL_FROM, To: to, Subject: "Your invoice", TextBody: "Hello", HtmlBody: "<p>Hello</p>", Tag: "test", MessageStream: "outbound" });
  });

  it("payments: Stripe POST /v1/payment_intents, form-encoded, Bearer key, Idempotency-Key", async () => {
    const t = await tenant();
    const paymentMethod = `pm_card_${unique()}`;
    const response = await request("/api/v1/test/gateway/payment", { key: t.key, body: { payment_method: paymentMethod, amount: 1250, reference: "topup-1" } });
    expect(response.status).toBe(201);
    expect(response.json).toEqual({ id: expect.stringMatching(/^pi_/), status: "succeeded", amountMinor: 1250, currency: "EUR" });
    expect(response.text).not.toContain("client_secret");
    const [sent] = await fake.requests("stripe", paymentMethod);
    expect(sent).toMatchObject({ method: "POST", path: "/v1/payment_intents", authorized: true });
    expect(sent!.headers.authorization).toBe(`Bearer ${env.STRIPE_SECRET_KEY}`);
    expect(sent!.headers["idempotency-key"]).toBe(`${t.companyId}:topup-1`);
    expect(Object.fromEntries(new URLSearchParams(sent!.body))).toEqual({
      amount: "1250",
      currency: "eur",
      payment_method: paymentMethod,
      confirm: "true",
      off_session: "true",
      "metadata[company_id]": t.companyId,
      "metadata[reference]": "topup-1",
    });
  });

  it("DNS: GET /dns-query?name=…&type=TXT with Accept: application/dns-json; quoted strings joined", async () => {
    const t = await tenant();
    const name = `_verify.d${unique()}.example.com`;
    await fake.control("doh", "dns", { name, data: ["verification=abc123", 'v=spf1 include:"quoted" -all'] });
    const response = await request(`/api/v1/test/gateway/dns?name=${encodeURIComponent(name)}`, { key: t.key });
    expect(response.json).toEqual({ records: ["verification=abc123", 'v=spf1 include:"quoted" -all'] });
    const [asked] = await fake.requests("doh", name);
    expect(asked).toMatchObject({ method: "GET", path: "/dns-query", query: { name, type: "TXT" } });
    expect(asked!.headers.accept).toBe("application/dns-json");
    // A name that does not exist has no records (NXDOMAIN); a resolver failure is the provider failing.
    expect((await request(`/api/v1/test/gateway/dns?name=nothing.d${unique()}.example.com`, { key: t.key })).json).toEqual({ records: [] });
    const broken = `broken.d${unique()}.example.com`;
    await fake.control("doh", "dns", { name: broken, rcode: 2 });
    const failed = await request(`/api/v1/test/gateway/dns?name=${broken}`, { key: t.key });
    expect(failed.status).toBe(502);
    expect(failed.json.detail).toBe("DNS-over-HTTPS resolver failed: it answered SERVFAIL.");
  });

  it("documents: Paperless-ngx GET /api/documents/ with Token auth and its filters", async () => {
    const t = await tenant();
    const response = await request("/api/v1/test/gateway/documents?type=invoice&label=Urgent&from=2025-03-01", { key: t.key });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ count: 1, hasMore: false, results: [{ id: 4, title: "Invoice F-2025-0002" }] });
    const [listed] = await fake.requests("paperless", "created__date__gte=2025-03-01");
    expect(listed!.headers.authorization).toBe(`Token ${env.PAPERLESS_TOKEN}`);
    expect(listed!.query).toMatchObject({ document_type__name__iexact: "invoice", tags__name__iexact: "Urgent", ordering: "-created" });
  });
});

describe.each(cases)("outcomes of $name", (c) => {
  it("not configured: 503 integration_not_configured naming the provider; nothing is sent", async () => {
    const t = await tenant();
    const recipient = c.recipient();
    const response = await c.send(t.key, recipient, c.unconfigured);
    expect(response.status).toBe(503);
    expect(slug(response.json)).toBe("integration_not_configured");
    expect(response.json).toMatchObject({ provider: c.provider, detail: `${c.label} is not configured for this account.` });
    expect(await fake.requests(c.provider, recipient)).toEqual([]);
  });

  it("an upstream 500: 502 upstream_error naming the provider, without its answer", async () => {
    const t = await tenant();
    const recipient = c.recipient();
    await fake.control(c.provider, "script", { status: 500, match: recipient });
    const response = await c.send(t.key, recipient);
    expect(response.status).toBe(502);
    expect(slug(response.json)).toBe("upstream_error");
    expect(response.json).toMatchObject({ provider: c.provider, detail: `${c.label} failed: it answered HTTP 500.` });
    expect(response.text).not.toMatch(/fake|Internal Server Error|unexpected error|fbtrace/i);
  });

  it("a timeout: 502 after PROVIDER_TIMEOUT_MS", async () => {
    const t = await tenant();
    const recipient = c.recipient();
    await fake.control(c.provider, "script", { timeout: true, match: recipient });
    const started = Date.now();
    const response = await c.send(t.key, recipient, { PROVIDER_TIMEOUT_MS: "300" });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(response.status).toBe(502);
    expect(response.json).toMatchObject({ provider: c.provider, detail: `${c.label} failed: it did not answer within 300 ms.` });
  });

  it("a redirect: 502, and the redirect is not followed", async () => {
    const t = await tenant();
    const recipient = c.recipient();
    const elsewhere = `/followed-${unique()}`;
    await fake.control(c.provider, "script", { redirect: `${fakes[c.provider]}${elsewhere}`, match: recipient });
    const response = await c.send(t.key, recipient);
    expect(response.status).toBe(502);
    expect(response.json).toMatchObject({ provider: c.provider, detail: `${c.label} failed: it answered with a redirect (HTTP 302), which is not followed.` });
    expect(await fake.requests(c.provider, elsewhere)).toEqual([]);
  });

  if (c.refusal) {
    const refusal = c.refusal;
    it(`a refused recipient: ${refusal === 422 ? "422 unprocessable (the operation declares it)" : "502 (the operation declares no 422)"}`, async () => {
      const t = await tenant();
      const recipient = c.recipient();
      await fake.control(c.provider, "refuse", { recipient });
      const response = await c.send(t.key, recipient);
      expect(response.status).toBe(refusal);
      expect(slug(response.json)).toBe(refusal === 422 ? "unprocessable" : "upstream_error");
      expect(response.json.provider).toBe(c.provider);
      expect(response.json.detail).toMatch(new RegExp(`^${c.label} refused this recipient: `));
      // The answer is the provider's refusal, in its own words, but only ours reach the client.
      expect(response.text).not.toMatch(/Message Undeliverable|not a valid mobile|marked as inactive|Your card was declined/);
      expect(response.text).not.toContain(recipient);
    });
  }
});

describe("credentials", () => {
  it("wrong credentials are the provider failing (502), and its answer (which may echo the key) is not passed on", async () => {
    const t = await tenant();
    const response = await request("/api/v1/test/gateway/payment", {
      key: t.key,
      body: { payment_method: `pm_card_${unique()}`, amount: 100, reference: `r-${unique()}` },
      vars: { STRIPE_SECRET_KEY: "sk_test_wrong_key_1234" },
    });
    expect(response.status).toBe(502);
    expect(response.json.detail).toBe("Stripe failed: it answered HTTP 401.");
    expect(response.text).not.toMatch(/Invalid API Key|sk_test/);
  });

  it("a company's own sealed settings apply over the configuration, for that company only", async () => {
    const t = await tenant();
    const other = await tenant();
    const companyToken = `EAAcompany${unique()}${unique()}`;
    await fake.control("whatsapp", "credentials", { token: companyToken });
    const sealed = await sealProviderSettings({ webhookSecretKey: env.WEBHOOK_SECRET_KEY }, "whatsapp", t.companyId, { accessToken: companyToken, phoneNumberId: "555000111" });
    expect(sealed).not.toContain(companyToken);
    sealedSettings.set(`${t.companyId}/whatsapp`, sealed);
    otherTokens.push(companyToken);

    const to = `+34633${unique()}`;
    expect((await request("/api/v1/test/gateway/whatsapp", { key: t.key, body: { to, text: "Hola" } })).status).toBe(200);
    const [own] = await fake.requests("whatsapp", to);
    expect(own!.path).toBe("/v21.0/555000111/messages");
    expect(own!.headers.authorization).toBe(`Bearer ${companyToken}`);

    // Without the deployment's token, the company with its own still sends; another company does not.
    const vars = { WHATSAPP_ACCESS_TOKEN: "" };
    expect((await request("/api/v1/test/gateway/whatsapp", { key: t.key, vars, body: { to: `+34633${unique()}`, text: "Hola" } })).status).toBe(200);
    expect((await request("/api/v1/test/gateway/whatsapp", { key: other.key, vars, body: { to: `+34633${unique()}`, text: "Hola" } })).status).toBe(503);

    // A sealed blob opens only for its company and provider.
    const config = { webhookSecretKey: env.WEBHOOK_SECRET_KEY };
    expect(await openProviderSettings(config, "whatsapp", t.companyId, sealed)).toEqual({ accessToken: companyToken, phoneNumberId: "555000111" });
    await expect(openProviderSettings(config, "whatsapp", other.companyId, sealed)).rejects.toThrow(/do not decrypt/);
    await expect(openProviderSettings(config, "postmark", t.companyId, sealed)).rejects.toThrow(/do not decrypt/);
    const [version, iv, body] = sealed.split(".");
    const altered = `${version}.${iv}.${body!.slice(0, -4)}AAA=`;
    await expect(openProviderSettings(config, "whatsapp", t.companyId, altered)).rejects.toThrow(/do not decrypt/);
    await expect(openProviderSettings(config, "whatsapp", t.companyId, sealed).then((settings) => JSON.stringify(settings))).resolves.not.toContain("v1.");
  });

  it("appear in no response body or header, and in no log line, of this whole file", () => {
    const configured = secrets.map((name) => env[name]).filter((value): value is string => typeof value === "string" && value.length > 0);
    expect(configured).toHaveLength(secrets.length);
    expect(otherTokens).toHaveLength(1);
    const tokens = [...configured, ...otherTokens];
    const logged = consoleSpies.flatMap((spy) => spy.mock.calls.map((args) => args.map(String).join(" ")));
    expect(logged.length).toBeGreaterThan(20); // request lines and the gateway's own lines were captured
    expect(logged.some((line) => line.includes('"outcome":"upstream_error"'))).toBe(true);
    for (const text of [...seen, ...logged]) {
      for (const token of tokens) expect(text).not.toContain(token);
      expect(text).not.toContain(btoa(`${env.TWILIO_ACCOUNT_SID}:${env.TWILIO_AUTH_TOKEN}`));
    }
    // Nor a recipient (personal data) in a log line.
    expect(logged.join("\n")).not.toMatch(/\+346\d{8}|@example\.com|pm_card_/);
  });
});

describe("pieces", () => {
  it("a refusal stays 422 only where the operation declares it", () => {
    const refused = new ProviderError("twilio", "refused", "Twilio refused this recipient: x.");
    expect(declaredOutcome({ codes: [200, 422] }, refused)).toBe(refused);
    const mapped = declaredOutcome({ codes: [200, 502] }, refused) as ProviderError;
    expect([mapped.status, mapped.slug, mapped.provider]).toEqual([502, "upstream_error", "twilio"]);
    const other = new Error("x");
    expect(declaredOutcome({ codes: [200] }, other)).toBe(other);
  });

  it("TXT data: quoted strings joined and unescaped, bare text as is", () => {
    expect(txtData('"v=spf1 " "-all"')).toBe("v=spf1 -all");
    expect(txtData('"say \\"hi\\" \\092 there"')).toBe('say "hi" \\ there');
    expect(txtData("google-site-verification=abc")).toBe("google-site-verification=abc");
  });

  it("base URLs are https, or http to loopback only; an empty one is not configured", () => {
    const parse = (vars: Record<string, string>) => parseConfig({ ...env, ...vars }).providers;
    expect(parse({ TWILIO_BASE_URL: "https://api.twilio.com/" }).twilio.baseUrl).toBe("https://api.twilio.com");
    expect(parse({ TWILIO_BASE_URL: "http://127.0.0.1:4010" }).twilio.baseUrl).toBe("http://127.0.0.1:4010");
    expect(parse({ TWILIO_BASE_URL: "" }).twilio.baseUrl).toBeUndefined();
    expect(() => parse({ TWILIO_BASE_URL: "http://api.twilio.com" })).toThrow(ConfigError);
    expect(() => parse({ TWILIO_BASE_URL: "http://127.0.0.1.evil.com" })).toThrow(/TWILIO_BASE_URL/);
    expect(() => parse({ PROVIDER_TIMEOUT_MS: "soon" })).toThrow(/PROVIDER_TIMEOUT_MS/);
  });
});
