import { env } from "cloudflare:test";
import { z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { mintKey } from "../../keys/auth";
import { defineOperation } from "../operation";
import { call, keyFor, operator, slug, tenant, testApp } from "../../../test/helpers";
import { tripsOf } from "../../../test/fixtures/stages";

const createThing = defineOperation({
  operationId: "testKeyObjectThing",
  method: "post",
  path: "/api/v1/test/key-object",
  summary: "Create a thing (test)",
  scope: "budgets:write",
  gate: "A",
  codes: [201, 400, 401, 403, 409, 429],
  request: { body: z.object({ name: z.string().min(1) }) },
  responses: { 201: { description: "Created", schema: z.object({ ok: z.boolean() }) } },
  handler: async () => ({ status: 201, body: { ok: true } }),
});
const app = testApp([createThing]);
const timing = { SERVER_TIMING: "true" };
const invalid = { name: "" };

describe("the key's object stage", () => {
  it("refuses a key of the right form that its object does not know, or that was revoked: 401 after its one trip, reading no tenant data", async () => {
    const t = await tenant();
    const unknown = (await mintKey(env.API_KEY_CHECK_SECRET, "test")).value;
    expect((await operator(`/keys/${t.keyId}/revoke`, { method: "POST" })).status).toBe(200);
    for (const key of [unknown, t.key]) {
      const response = await call("/api/v1/test/key-object", { app, key, body: { name: "x" }, vars: timing });
      expect(response.status).toBe(401);
      expect(response.headers.get("WWW-Authenticate")).toBe('Bearer realm="api", error="invalid_token"');
      expect(tripsOf(response)).toEqual({ keyguard: 1, d1: 0, trips: 1 });
    }
  });

  it("answers in the order of the request path: 429 before 403, 403 before the input's 400", async () => {
    const t = await tenant({}, ["budgets:read"]);
    const limited = { ...timing, RATE_LIMIT_PER_MINUTE: "1" };
    // The first request of the window counts; the key's scope does not cover the operation.
    const unscoped = await call("/api/v1/test/key-object", { app, key: t.key, body: invalid, vars: limited });
    expect(unscoped.status).toBe(403);
    expect(slug(unscoped.json)).toBe("insufficient_scope");
    const over = await call("/api/v1/test/key-object", { app, key: t.key, body: invalid, vars: limited });
    expect(over.status).toBe(429);
    expect(slug(over.json)).toBe("rate_limited");
    expect(Number(over.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(tripsOf(over)).toEqual({ keyguard: 1, d1: 0, trips: 1 });
    const scoped = await keyFor(t.companyId, ["budgets:write"]);
    const refused = await call("/api/v1/test/key-object", { app, key: scoped.key, body: invalid });
    expect(refused.status).toBe(400);
    expect(slug(refused.json)).toBe("validation_error");
  });

  it("counts every admitted request in the key's window, one trip each", async () => {
    const t = await tenant();
    const remaining = [];
    for (let i = 0; i < 2; i++) {
      const response = await call("/api/v1/test/key-object", { app, key: t.key, body: { name: "x" }, vars: timing });
      expect(response.status).toBe(201);
      expect(tripsOf(response)).toMatchObject({ keyguard: 1 });
      remaining.push(Number(/r=(\d+)/.exec(response.headers.get("RateLimit") ?? "")?.[1]));
    }
    expect(remaining).toEqual([119, 118]);
  });
});
