import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { slug, tenant } from "../../test/helpers";
import { ConfigError, parseConfig } from "../config";
import { txtData } from "./adapters/dns";
import { declaredOutcome, openProviderSettings, ProviderError, sealProviderSettings } from "./";
import { ApiError, declaredSecretMissing, SecretMissing } from "../lib/errors";
import {
  cases,
  expectNoCredentialsLeaked,
  fake,
  fakes,
  otherTokens,
  request,
  sealedSettings,
  unique,
  watchConsole,
} from "../../test/fixtures/gateway";

watchConsole();

describe.each(cases)("outcomes of $name", (c) => {
  it("not configured: 503 integration_not_configured naming the provider; nothing is sent", async () => {
    const t = await tenant();
    const recipient = c.recipient();
    const response = await c.send(t.key, recipient, c.unconfigured);
    expect(response.status).toBe(503);
    expect(slug(response.json)).toBe("integration_not_configured");
    expect(response.json).toMatchObject({
      provider: c.provider,
      detail: `${c.label} is not configured for this account.`,
    });
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
    // The fake never answers: only the timeout ends the request (else the test's own timeout fails it).
    const response = await c.send(t.key, recipient, { PROVIDER_TIMEOUT_MS: "300" });
    expect(response.status).toBe(502);
    expect(response.json).toMatchObject({
      provider: c.provider,
      detail: `${c.label} failed: it did not answer within 300 ms.`,
    });
  });

  it("a redirect: 502, and the redirect is not followed", async () => {
    const t = await tenant();
    const recipient = c.recipient();
    const elsewhere = `/followed-${unique()}`;
    await fake.control(c.provider, "script", { redirect: `${fakes[c.provider]}${elsewhere}`, match: recipient });
    const response = await c.send(t.key, recipient);
    expect(response.status).toBe(502);
    expect(response.json).toMatchObject({
      provider: c.provider,
      detail: `${c.label} failed: it answered with a redirect (HTTP 302), which is not followed.`,
    });
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
      expect(response.text).not.toMatch(
        /Message Undeliverable|not a valid mobile|marked as inactive|Your card was declined/,
      );
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
    const sealed = await sealProviderSettings({ webhookSecretKey: env.WEBHOOK_SECRET_KEY }, "whatsapp", t.companyId, {
      accessToken: companyToken,
      phoneNumberId: "555000111",
    });
    expect(sealed).not.toContain(companyToken);
    sealedSettings.set(`${t.companyId}/whatsapp`, sealed);
    otherTokens.push(companyToken);

    const to = `+34633${unique()}`;
    expect((await request("/api/v1/test/gateway/whatsapp", { key: t.key, body: { to, text: "Hola" } })).status).toBe(
      200,
    );
    const [own] = await fake.requests("whatsapp", to);
    expect(own!.path).toBe("/v21.0/555000111/messages");
    expect(own!.headers.authorization).toBe(`Bearer ${companyToken}`);

    // Without the deployment's token, the company with its own still sends; another company does not.
    const vars = { WHATSAPP_ACCESS_TOKEN: "" };
    expect(
      (
        await request("/api/v1/test/gateway/whatsapp", {
          key: t.key,
          vars,
          body: { to: `+34633${unique()}`, text: "Hola" },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await request("/api/v1/test/gateway/whatsapp", {
          key: other.key,
          vars,
          body: { to: `+34633${unique()}`, text: "Hola" },
        })
      ).status,
    ).toBe(503);
    // Without the at-rest key its own settings cannot be opened: to it, WhatsApp is not configured.
    const unsealed = await request("/api/v1/test/gateway/whatsapp", {
      key: t.key,
      vars: { WEBHOOK_SECRET_KEY: undefined },
      body: { to: `+34633${unique()}`, text: "Hola" },
    });
    expect([unsealed.status, slug(unsealed.json), unsealed.json.provider, unsealed.json.detail]).toEqual([
      503,
      "integration_not_configured",
      "whatsapp",
      "WhatsApp Cloud API is not configured for this account.",
    ]);

    // A sealed blob opens only for its company and provider.
    const config = { webhookSecretKey: env.WEBHOOK_SECRET_KEY };
    expect(await openProviderSettings(config, "whatsapp", t.companyId, sealed)).toEqual({
      accessToken: companyToken,
      phoneNumberId: "555000111",
    });
    await expect(openProviderSettings(config, "whatsapp", other.companyId, sealed)).rejects.toThrow(/does not decrypt/);
    await expect(openProviderSettings(config, "postmark", t.companyId, sealed)).rejects.toThrow(/does not decrypt/);
    const [version, iv, body] = sealed.split(".");
    const altered = `${version}.${iv}.${body!.slice(0, -4)}AAA=`;
    await expect(openProviderSettings(config, "whatsapp", t.companyId, altered)).rejects.toThrow(/does not decrypt/);
    await expect(
      openProviderSettings(config, "whatsapp", t.companyId, sealed).then((settings) => JSON.stringify(settings)),
    ).resolves.not.toContain("v1.");
  });

  it("appear in no response body or header, and in no log line, of this file", () => {
    expect(otherTokens).toHaveLength(1);
    expectNoCredentialsLeaked({ upstreamErrorsLogged: true, minimumLogLines: 20 });
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

  it("a missing secret is 503 integration_not_configured naming it only where the operation declares 503 (else it stays a 500)", () => {
    const missing = new SecretMissing("WEBHOOK_SECRET_KEY", "webhook signing secrets");
    const mapped = declaredSecretMissing({ codes: [201, 500, 503] }, missing) as ApiError;
    expect(mapped).toBeInstanceOf(ApiError);
    expect([mapped.status, mapped.slug, mapped.detail]).toEqual([
      503,
      "integration_not_configured",
      "Stored secrets cannot be encrypted on this deployment (WEBHOOK_SECRET_KEY is not set).",
    ]);
    expect(declaredSecretMissing({ codes: [200, 500] }, missing)).toBe(missing);
    const other = new Error("x");
    expect(declaredSecretMissing({ codes: [503] }, other)).toBe(other);
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
