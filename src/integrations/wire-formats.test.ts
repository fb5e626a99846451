import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { tenant } from "../../test/helpers";
import { expectNoCredentialsLeaked, fake, request, unique, watchConsole } from "../../test/fixtures/gateway";

watchConsole();

describe("requests in each provider's wire format, with its credentials", () => {
  it("WhatsApp: POST /{version}/{phone-number-id}/messages, JSON, Bearer token", async () => {
    const t = await tenant();
    const to = `+34600${unique()}`;
    const response = await request("/api/v1/test/gateway/whatsapp", {
      key: t.key,
      body: { to, text: "Hola, ¿qué tal?" },
    });
    expect(response.status).toBe(200);
    expect(response.json.messageId).toMatch(/^wamid\./);
    expect(response.json.waId).toBe(to.slice(1));
    const [sent] = await fake.requests("whatsapp", to);
    expect(sent).toMatchObject({
      method: "POST",
      path: `/v21.0/${env.WHATSAPP_PHONE_NUMBER_ID}/messages`,
      authorized: true,
    });
    expect(sent!.headers.authorization).toBe(`Bearer ${env.WHATSAPP_ACCESS_TOKEN}`);
    expect(sent!.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(sent!.body)).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to,
      type: "text",
      text: { preview_url: false, body: "Hola, ¿qué tal?" },
    });
  });

  it("WhatsApp: a template, the approved templates, and typing with a read receipt", async () => {
    const t = await tenant();
    const to = `+34600${unique()}`;
    expect(
      (await request("/api/v1/test/gateway/whatsapp", { key: t.key, body: { to, template: "appointment_reminder" } }))
        .status,
    ).toBe(200);
    const [sent] = await fake.requests("whatsapp", to);
    expect(JSON.parse(sent!.body)).toMatchObject({
      type: "template",
      template: { name: "appointment_reminder", language: { code: "es" }, components: [{ type: "body" }] },
    });

    const templates = await request("/api/v1/test/gateway/whatsapp/templates?limit=2", { key: t.key });
    expect(templates.status).toBe(200);
    expect(templates.json.data.map((template: { name: string }) => template.name)).toEqual([
      "appointment_reminder",
      "invoice_ready",
    ]);
    expect(templates.json.after).toEqual(expect.any(String));
    const rest = await request(
      `/api/v1/test/gateway/whatsapp/templates?limit=2&after=${encodeURIComponent(templates.json.after)}`,
      { key: t.key },
    );
    expect(rest.json).toMatchObject({ data: [{ name: "hello_world", status: "APPROVED" }], after: null });
    // Other test files list templates through the same fake at the same time: this request is one of those it received.
    const listed = await fake.requests("whatsapp", `message_templates?`);
    expect(listed).toContainEqual(
      expect.objectContaining({
        method: "GET",
        path: `/v21.0/${env.WHATSAPP_BUSINESS_ACCOUNT_ID}/message_templates`,
        authorized: true,
        query: expect.objectContaining({ status: "APPROVED", limit: "2" }),
      }),
    );

    const messageId = `wamid.${unique()}`;
    expect(
      (await request("/api/v1/test/gateway/whatsapp/read", { key: t.key, body: { message_id: messageId } })).status,
    ).toBe(200);
    const [read] = await fake.requests("whatsapp", messageId);
    expect(JSON.parse(read!.body)).toEqual({
      messaging_product: "whatsapp",
      status: "read",
      message_id: messageId,
      typing_indicator: { type: "text" },
    });
  });

  it("SMS: POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, HTTP Basic", async () => {
    const t = await tenant();
    const to = `+34611${unique()}`;
    const response = await request("/api/v1/test/gateway/sms", { key: t.key, body: { to, text: "Your code is 1234" } });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ sid: expect.stringMatching(/^SM[0-9a-f]{32}$/), status: "queued" });
    const [sent] = await fake.requests("twilio", encodeURIComponent(to));
    expect(sent).toMatchObject({
      method: "POST",
      path: `/2010-04-01/Accounts/${env.TWILIO_ACCOUNT_SID}/Messages.json`,
      authorized: true,
    });
    expect(sent!.headers.authorization).toBe(`Basic ${btoa(`${env.TWILIO_ACCOUNT_SID}:${env.TWILIO_AUTH_TOKEN}`)}`);
    expect(sent!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(sent!.body))).toEqual({
      To: to,
      From: env.TWILIO_FROM_NUMBER,
      Body: "Your code is 1234",
    });
  });

  it("telephony and lookup: Calls.json, and Lookup v2 with line type intelligence", async () => {
    const t = await tenant();
    const to = `+34622${unique()}`;
    const dialled = await request("/api/v1/test/gateway/dial", { key: t.key, body: { to } });
    expect(dialled.status).toBe(201);
    expect(dialled.json.sid).toMatch(/^CA/);
    const [call] = await fake.requests("twilio", encodeURIComponent(to));
    expect(call!.path).toBe(`/2010-04-01/Accounts/${env.TWILIO_ACCOUNT_SID}/Calls.json`);
    expect(Object.fromEntries(new URLSearchParams(call!.body))).toEqual({
      To: to,
      From: env.TWILIO_FROM_NUMBER,
      Url: "https://agents.example.com/twiml",
    });

    const checked = await request("/api/v1/test/gateway/sms/check", { key: t.key, body: { number: to } });
    expect(checked.json).toEqual({
      phoneNumber: to,
      valid: true,
      countryCode: "ES",
      lineType: "mobile",
      validationErrors: [],
    });
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
    expect(JSON.parse(sent!.body)).toEqual({
      From: env.EMAIL_FROM,
      To: to,
      Subject: "Your invoice",
      TextBody: "Hello",
      HtmlBody: "<p>Hello</p>",
      Tag: "test",
      MessageStream: "outbound",
    });
  });

  it("payments: Stripe POST /v1/payment_intents, form-encoded, Bearer key, Idempotency-Key", async () => {
    const t = await tenant();
    const paymentMethod = `pm_card_${unique()}`;
    const response = await request("/api/v1/test/gateway/payment", {
      key: t.key,
      body: { payment_method: paymentMethod, amount: 1250, reference: "topup-1" },
    });
    expect(response.status).toBe(201);
    expect(response.json).toEqual({
      id: expect.stringMatching(/^pi_/),
      status: "succeeded",
      amountMinor: 1250,
      currency: "EUR",
    });
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
    expect(
      (await request(`/api/v1/test/gateway/dns?name=nothing.d${unique()}.example.com`, { key: t.key })).json,
    ).toEqual({ records: [] });
    const broken = `broken.d${unique()}.example.com`;
    await fake.control("doh", "dns", { name: broken, rcode: 2 });
    const failed = await request(`/api/v1/test/gateway/dns?name=${broken}`, { key: t.key });
    expect(failed.status).toBe(502);
    expect(failed.json.detail).toBe("DNS-over-HTTPS resolver failed: it answered SERVFAIL.");
  });

  it("documents: Paperless-ngx GET /api/documents/ with Token auth and its filters", async () => {
    const t = await tenant();
    const response = await request("/api/v1/test/gateway/documents?type=invoice&label=Urgent&from=2025-03-01", {
      key: t.key,
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      count: 1,
      hasMore: false,
      results: [{ id: 4, title: "Invoice F-2025-0002" }],
    });
    const [listed] = await fake.requests("paperless", "created__date__gte=2025-03-01");
    expect(listed!.headers.authorization).toBe(`Token ${env.PAPERLESS_TOKEN}`);
    expect(listed!.query).toMatchObject({
      document_type__name__iexact: "invoice",
      tags__name__iexact: "Urgent",
      ordering: "-created",
    });
  });
});

describe("credentials in the wire-format requests", () => {
  it("appear in no response body or header, and in no log line, of this file", () =>
    expectNoCredentialsLeaked({ upstreamErrorsLogged: false, minimumLogLines: 9 }));
});
