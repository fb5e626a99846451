import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, db, slug, tenant } from "../../../test/helpers";
import { fake } from "../../../test/fixtures/gateway";
import { sealProviderSettings } from "../../integrations";
import { configOf } from "../../config";
import { insertIdentity } from "./queries";

const granted = { capabilities: ["email"] };
const unique = () => crypto.randomUUID().slice(0, 8);

async function identity(
  companyId: string,
  fields: {
    address?: string;
    verified?: boolean;
    createdAt?: string;
    displayName?: string;
    sealed?: string | null;
  } = {},
) {
  const id = crypto.randomUUID();
  await insertIdentity(db, {
    id,
    companyId,
    address: fields.address ?? `sender-${unique()}@example.org`,
    displayName: fields.displayName ?? "Reformas Demo",
    verified: fields.verified ?? true,
    verifiedAt: fields.verified === false ? null : "2026-01-02T00:00:00.000Z",
    sealedProviderSettings: fields.sealed ?? null,
    createdAt: fields.createdAt ?? new Date().toISOString(),
  });
  return id;
}

const send = (key: string, body: Record<string, unknown>, vars?: Record<string, string>) =>
  call("/api/v1/email/send", { key, body, headers: { "Idempotency-Key": crypto.randomUUID() }, vars });

const history = async (key: string, query = "") => (await call(`/api/v1/email/history${query}`, { key })).json;

describe("GET /email/connections", () => {
  it("lists sending identities newest first with address, display name and verified, never their credentials; filter verified", async () => {
    const t = await tenant(granted);
    const sealed = await sealProviderSettings(configOf(env), "postmark", t.companyId, {
      serverToken: "company-own-postmark-token",
    });
    const first = await identity(t.companyId, {
      address: "a@example.org",
      createdAt: "2026-01-01T00:00:00.000Z",
      sealed,
    });
    const second = await identity(t.companyId, {
      address: "b@example.org",
      createdAt: "2026-02-01T00:00:00.000Z",
      verified: false,
    });
    const response = await call("/api/v1/email/connections", { key: t.key });
    expect(response.status).toBe(200);
    expect(response.json.data).toEqual([
      {
        id: second,
        address: "b@example.org",
        display_name: "Reformas Demo",
        verified: false,
        verified_at: null,
        created_at: "2026-02-01T00:00:00.000Z",
      },
      {
        id: first,
        address: "a@example.org",
        display_name: "Reformas Demo",
        verified: true,
        verified_at: "2026-01-02T00:00:00.000Z",
        created_at: "2026-01-01T00:00:00.000Z",
      },
    ]);
    expect(response.text).not.toContain("company-own-postmark-token");
    expect(response.text).not.toContain(sealed);
    const verified = await call("/api/v1/email/connections?verified=true", { key: t.key });
    expect(verified.json.data.map((row: { id: string }) => row.id)).toEqual([first]);
    expect((await call("/api/v1/email/connections?verified=maybe", { key: t.key })).status).toBe(400);
  });
});

describe("POST /email/send", () => {
  it("sends from the oldest verified identity: 200 with the provider's message id, in Postmark's wire format; history lists it as sent", async () => {
    const t = await tenant(granted);
    await identity(t.companyId, { verified: false, createdAt: "2025-12-01T00:00:00.000Z" });
    const from = `ventas-${unique()}@example.org`;
    await identity(t.companyId, {
      address: from,
      displayName: 'Reformas "Demo"',
      createdAt: "2026-01-01T00:00:00.000Z",
    });
    await identity(t.companyId, { createdAt: "2026-03-01T00:00:00.000Z" });
    const to = `lucia.${unique()}@example.com`;
    const response = await send(t.key, { to, subject: "Your quote", body: "Hello Lucía" });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      to,
      subject: "Your quote",
      status: "sent",
      from: `"Reformas \\"Demo\\"" <${from}>`,
      failure_reason: null,
    });
    expect(response.json.provider_message_id).toMatch(/^[0-9a-f-]{36}$/);
    const [received] = await fake.requests("postmark", to);
    expect(received).toMatchObject({ method: "POST", path: "/email", authorized: true });
    expect(JSON.parse(received!.body)).toMatchObject({
      From: `"Reformas \\"Demo\\"" <${from}>`,
      To: to,
      Subject: "Your quote",
      TextBody: "Hello Lucía",
      MessageStream: "outbound",
    });
    expect((await history(t.key)).data).toEqual([response.json]);
  });

  it("503 integration_not_configured without a verified identity, and without the provider; nothing is recorded or sent", async () => {
    const t = await tenant(granted);
    await identity(t.companyId, { verified: false });
    const to = `nobody.${unique()}@example.com`;
    const none = await send(t.key, { to, subject: "Hi", body: "Hi" });
    expect(none.status).toBe(503);
    expect(slug(none.json)).toBe("integration_not_configured");
    await identity(t.companyId);
    const unconfigured = await send(t.key, { to, subject: "Hi", body: "Hi" }, { POSTMARK_SERVER_TOKEN: "" });
    expect(unconfigured.status).toBe(503);
    expect(unconfigured.json.provider).toBe("postmark");
    expect((await history(t.key)).data).toEqual([]);
    expect(await fake.requests("postmark", to)).toEqual([]);
  });

  it("a named identity must be the company's and verified (400 naming body.identity_id)", async () => {
    const t = await tenant(granted);
    const other = await tenant(granted);
    const unverified = await identity(t.companyId, { verified: false });
    const foreign = await identity(other.companyId);
    for (const id of [unverified, foreign, crypto.randomUUID()]) {
      const response = await send(t.key, { to: "a@example.com", subject: "Hi", body: "Hi", identity_id: id });
      expect(response.status).toBe(400);
      expect(response.json.errors[0].path).toBe("body.identity_id");
    }
  });

  it("a provider failure is 502: recorded as failed with our reason, not retried; a refused recipient is 502 too (no 422 declared)", async () => {
    const t = await tenant(granted);
    await identity(t.companyId);
    const to = `fails.${unique()}@example.com`;
    await fake.control("postmark", "script", { status: 500, match: to });
    const failed = await send(t.key, { to, subject: "Hi", body: "Hi" });
    expect(failed.status).toBe(502);
    expect(failed.json).toMatchObject({ provider: "postmark", detail: "Postmark failed: it answered HTTP 500." });
    expect(await fake.requests("postmark", to)).toHaveLength(1);
    const refusedTo = `inactive.${unique()}@example.com`;
    await fake.control("postmark", "refuse", { recipient: refusedTo });
    const refused = await send(t.key, { to: refusedTo, subject: "Hi", body: "Hi" });
    expect(refused.status).toBe(502);
    expect(slug(refused.json)).toBe("upstream_error");
    const listed = (await history(t.key, "?status=failed")).data;
    expect(listed.map((row: { to: string }) => row.to)).toEqual([refusedTo, to]);
    expect(listed[1]).toMatchObject({
      status: "failed",
      provider_message_id: null,
      failure_reason: "Postmark failed: it answered HTTP 500.",
      sent_at: null,
    });
    expect((await history(t.key, "?status=sent")).data).toEqual([]);
  });

  it("an identity with its own provider token sends with it; the token appears in no answer", async () => {
    const t = await tenant(granted);
    const token = `own-${crypto.randomUUID()}`;
    await fake.control("postmark", "credentials", { token });
    await identity(t.companyId, {
      sealed: await sealProviderSettings(configOf(env), "postmark", t.companyId, { serverToken: token }),
    });
    const to = `own.${unique()}@example.com`;
    const response = await send(t.key, { to, subject: "Hi", body: "Hi" });
    expect(response.status).toBe(200);
    const [received] = await fake.requests("postmark", to);
    expect(received!.headers["x-postmark-server-token"]).toBe(token);
    expect(response.text).not.toContain(token);
    expect(JSON.stringify(await history(t.key))).not.toContain(token);
  });

  it("validates the body: address, subject, body, unknown fields", async () => {
    const t = await tenant(granted);
    const response = await send(t.key, { to: "not-an-address", subject: "", body: "", cc: "x@example.com" });
    expect(response.status).toBe(400);
    expect(response.json.errors.map((error: { path: string }) => error.path).sort()).toEqual([
      "body.body",
      "body.cc",
      "body.subject",
      "body.to",
    ]);
  });
});
