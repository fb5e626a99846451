import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { concurrently, raceRounds, statusCounts } from "../../../test/concurrency";
import { call, db, keyFor, operator, slug, tenant } from "../../../test/helpers";
import { apiKeys } from "../../data/schema";

const rotate = (keyId: string, key: string, headers: Record<string, string> = {}) =>
  call(`/api/v1/api-keys/${keyId}/rotate`, { method: "POST", key, headers });

// Authentication, scope, plan, gate and another company's key id: test/security.test.ts (generated for every operation).

describe("POST /api/v1/api-keys/{key_id}/rotate", () => {
  it("issues a new key with the same name and scopes, shown once, and revokes the old one at once", async () => {
    const t = await tenant({}, ["budgets:read", "api-keys:write"]);
    const response = await rotate(t.keyId, t.key);
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      name: "test key",
      scopes: ["budgets:read", "api-keys:write"],
      replaces: t.keyId,
    });
    expect(response.json.api_key).toMatch(/^svc_test_[0-9a-f]{112}$/);
    expect(response.json.key_id).not.toBe(t.keyId);

    expect((await call("/api/v1/budgets", { key: t.key })).status).toBe(401);
    expect((await call("/api/v1/budgets", { key: response.json.api_key })).status).toBe(200);
    const [stored] = await db.select().from(apiKeys).where(eq(apiKeys.id, response.json.key_id));
    expect(stored!.keyHash).not.toContain(response.json.api_key);
    expect(JSON.stringify(stored)).not.toContain(response.json.api_key);
  });

  it("refuses a body (it declares none) with 400 naming it, rotating nothing; no body or an empty JSON object rotates", async () => {
    const t = await tenant({}, ["budgets:read", "api-keys:write"]);
    for (const body of [{ name: "renamed" }, "not json", "[]"]) {
      const refused = await call(`/api/v1/api-keys/${t.keyId}/rotate`, { method: "POST", key: t.key, body });
      expect(refused.status).toBe(400);
      expect(slug(refused.json)).toBe("validation_error");
      expect(refused.json.errors).toEqual([
        { path: "body", message: expect.stringContaining("takes no request body") },
      ]);
    }
    // Nothing was rotated: the key still works.
    expect((await call("/api/v1/budgets", { key: t.key })).status).toBe(200);
    const rotated = await call(`/api/v1/api-keys/${t.keyId}/rotate`, { method: "POST", key: t.key, body: {} });
    expect(rotated.status).toBe(201);
    expect(rotated.json).toMatchObject({ name: "test key", replaces: t.keyId });
  });

  it("answers 404 for any id but the calling key's, including the company's other keys", async () => {
    const t = await tenant();
    const sibling = await keyFor(t.companyId);
    const response = await rotate(sibling.keyId, t.key);
    expect(response.status).toBe(404);
    expect(slug(response.json)).toBe("not_found");
    expect((await rotate("key_does_not_exist", t.key)).status).toBe(404);
    expect((await call("/api/v1/budgets", { key: sibling.key })).status).toBe(200);
  });

  it("keeps the rate-limit window: rotation is no way to reset a limit", async () => {
    const t = await tenant();
    for (let i = 0; i < 10; i++) await call("/api/v1/clients", { key: t.key });
    const rotated = await rotate(t.keyId, t.key);
    expect(rotated.headers.get("RateLimit")).toMatch(/r=109;/);
    const next = await call("/api/v1/clients", { key: rotated.json.api_key });
    expect(next.headers.get("RateLimit")).toMatch(/r=108;/);
  });

  it("keeps the Idempotency-Key records of the old key", async () => {
    const t = await tenant();
    const body = { client_name: "Ana", items: [{ concept: "x", units: 1, unit_price: 1 }] };
    const headers = { "Idempotency-Key": "before-rotation" };
    const first = await call("/api/v1/budgets", { key: t.key, body, headers });
    const rotated = await rotate(t.keyId, t.key);
    const replay = await call("/api/v1/budgets", { key: rotated.json.api_key, body, headers });
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replay.json.id).toBe(first.json.id);
  });

  it("records the rotation in the audit log", async () => {
    const t = await tenant();
    const rotated = await rotate(t.keyId, t.key);
    const log = await call("/api/v1/audit-log", { key: rotated.json.api_key });
    expect(log.json.data[0]).toMatchObject({
      operation: "rotateApiKey",
      resource_type: "api_key",
      resource_id: t.keyId,
      key_id: t.keyId,
    });
  });

  it("rotates a key exactly once under concurrent rotations: the others answer 401 and create nothing", async () => {
    await raceRounds(
      8,
      () => tenant(),
      (t) => concurrently(6, () => rotate(t.keyId, t.key)),
      async (outcomes, t) => {
        expect(statusCounts(outcomes)).toEqual({ 201: 1, 401: 5 });
        const keys = await db.select().from(apiKeys).where(eq(apiKeys.companyId, t.companyId));
        expect(keys.filter((key) => key.revokedAt === null)).toHaveLength(1);
        expect(keys).toHaveLength(2);
        const issued = outcomes.find((outcome) => outcome.status === 201)!;
        expect((await call("/api/v1/budgets", { key: issued.json.api_key })).status).toBe(200);
        const log = await call("/api/v1/audit-log", { key: issued.json.api_key });
        expect(log.json.data.filter((entry: { operation: string }) => entry.operation === "rotateApiKey")).toHaveLength(
          1,
        );
      },
    );
  });
});

describe("revoking a rotated key (operator)", () => {
  it("revokes the keys it was rotated into, in the same step, and says which", async () => {
    const t = await tenant({}, ["budgets:read", "api-keys:write"]);
    const first = await rotate(t.keyId, t.key);
    const second = await rotate(first.json.key_id, first.json.api_key);
    expect((await call("/api/v1/budgets", { key: second.json.api_key })).status).toBe(200);

    const revoked = await operator(`/keys/${t.keyId}/revoke`, { method: "POST" });
    expect(revoked.status).toBe(200);
    expect(revoked.json).toMatchObject({ key_id: t.keyId, successors_revoked: [second.json.key_id] });
    expect((await call("/api/v1/budgets", { key: second.json.api_key })).status).toBe(401);
    // Again: its first revocation, nothing more to revoke.
    expect((await operator(`/keys/${t.keyId}/revoke`, { method: "POST" })).json).toMatchObject({
      key_id: t.keyId,
      successors_revoked: [],
    });
  });
});
