/** The gateway tests' shared world: the fakes, test-only operations that call each adapter, and what the file saw. */
import { z } from "@hono/zod-openapi";
import { env } from "cloudflare:test";
import { afterAll, beforeAll, expect, vi, type MockInstance } from "vitest";
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
export const fakes = JSON.parse(env.FAKE_PROVIDERS) as Record<ProviderName, string>;
export const secrets = ["WHATSAPP_ACCESS_TOKEN", "POSTMARK_SERVER_TOKEN", "TWILIO_AUTH_TOKEN", "STRIPE_SECRET_KEY", "PAPERLESS_TOKEN"] as const;

interface Recorded {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
  authorized: boolean;
}
export const fake = {
  async requests(provider: ProviderName, match: string): Promise<Recorded[]> {
    const response = await fetch(`${fakes[provider]}/__fake/requests?match=${encodeURIComponent(match)}`);
    return ((await response.json()) as { requests: Recorded[] }).requests;
  },
  async control(provider: ProviderName, action: string, body: unknown) {
    const response = await fetch(`${fakes[provider]}/__fake/${action}`, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
    expect(response.status).toBe(200);
  },
};
export const unique = () => String(Math.floor(Math.random() * 9_000_000) + 1_000_000);

// Company settings as a domain would keep them (sealed); here a map stands in for the table.
export const sealedSettings = new Map<string, string>();
export const gatewayOf = (ctx: OperationContext<unknown, unknown, unknown>) =>
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
export const app = testApp(operations);

// Every response and console line of the file, scanned for credentials in the last test.
export const seen: string[] = [];
/** Credentials other than the configured ones (a company's own), scanned for as well. */
export const otherTokens: string[] = [];
export const consoleSpies: MockInstance[] = [];
/** Watches the console for the calling test file (its hooks); expectNoCredentialsLeaked reads what it saw. */
export function watchConsole() {
  beforeAll(() => {
    for (const level of ["log", "info", "warn", "error", "debug"] as const) consoleSpies.push(vi.spyOn(console, level));
  });
  afterAll(() => {
    for (const spy of consoleSpies) spy.mockRestore();
  });
}

export async function request(path: string, options: { key: string; body?: unknown; vars?: Partial<Env> }) {
  const response = await call(path, { app, key: options.key, body: options.body, vars: { REQUEST_LOG: "true", ...options.vars } });
  seen.push(`${response.status} ${[...response.headers].map(([name, value]) => `${name}: ${value}`).join("\n")}\n${response.text}`);
  return response;
}

/** The five adapters the failure matrix runs on, each with a way to address one recipient. */
export interface Case {
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
export const cases: Case[] = [
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

/** No configured or company credential in any response or log line the file produced, nor a recipient in a log line. */
export function expectNoCredentialsLeaked(options: { upstreamErrorsLogged: boolean; minimumLogLines: number }) {
  const configured = secrets.map((name) => env[name]).filter((value): value is string => typeof value === "string" && value.length > 0);
  expect(configured).toHaveLength(secrets.length);
  const tokens = [...configured, ...otherTokens];
  const logged = consoleSpies.flatMap((spy) => spy.mock.calls.map((args) => args.map(String).join(" ")));
  expect(logged.length).toBeGreaterThanOrEqual(options.minimumLogLines); // request lines and the gateway's own lines were captured
  if (options.upstreamErrorsLogged) expect(logged.some((line) => line.includes('"outcome":"upstream_error"'))).toBe(true);
  for (const text of [...seen, ...logged]) {
    for (const token of tokens) expect(text).not.toContain(token);
    expect(text).not.toContain(btoa(`${env.TWILIO_ACCOUNT_SID}:${env.TWILIO_AUTH_TOKEN}`));
  }
  // Nor a recipient (personal data) in a log line.
  expect(logged.join("\n")).not.toMatch(/\+346\d{8}|@example\.com|pm_card_/);
}
