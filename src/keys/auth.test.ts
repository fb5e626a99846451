import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, db, slug, tenant } from "../../test/helpers";
import { createKey, revokeKey } from "../admin/provision";
import { keysChanged } from "./key-changes";

describe("authentication: every 401 cause", () => {
  const cases: [string, (key: string) => Record<string, string>][] = [
    ["missing header", () => ({})],
    ["another scheme", (key) => ({ Authorization: `Basic ${key}` })],
    ["malformed key", () => ({ Authorization: "Bearer svc_test_nothex!" })],
    ["short key", () => ({ Authorization: "Bearer svc_test_abc" })],
    ["unknown key", () => ({ Authorization: `Bearer svc_test_${"ab".repeat(48)}` })],
    ["trailing garbage", (key) => ({ Authorization: `Bearer ${key} extra` })],
  ];
  for (const [name, headers] of cases) {
    it(`refuses a ${name}`, async () => {
      const t = await tenant();
      const response = await call("/api/v1/budgets", { headers: headers(t.key) });
      expect(response.status).toBe(401);
      expect(slug(response.json)).toBe("unauthorized");
      expect(response.headers.get("WWW-Authenticate")).toMatch(/^Bearer realm="api"/);
    });
  }

  it("refuses a revoked key", async () => {
    const t = await tenant();
    expect((await call("/api/v1/budgets", { key: t.key })).status).toBe(200);
    // As every path that revokes does (the API's rotation, the admin route): D1, then the key's Durable Object.
    await keysChanged(env, [(await revokeKey(db, t.keyId)).lineage_id]);
    const response = await call("/api/v1/budgets", { key: t.key });
    expect(response.status).toBe(401);
    expect(response.json.detail).toContain("revoked");
  });

  it("refuses a key of another environment", async () => {
    const t = await tenant();
    const live = await createKey(
      db,
      { companyId: t.companyId, scopes: ["budgets:read"], environment: "live" },
      env.API_KEY_CHECK_SECRET,
    );
    const response = await call("/api/v1/budgets", { key: live.api_key });
    expect(response.status).toBe(401);
    expect(response.json.detail).toContain("live key");
    // The same key is accepted by a live deployment.
    expect((await call("/api/v1/budgets", { key: live.api_key, vars: { API_ENVIRONMENT: "live" } })).status).toBe(200);
  });
});
