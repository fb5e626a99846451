import { env, runInDurableObject } from "cloudflare:test";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createKey, revokeKey } from "../src/admin/provision";
import { KeyGuard } from "../src/core/guard";
import { documents } from "../src/domains/budgets/schema";
import { call, db, keyFor, slug, tenant } from "./helpers";

const budget = { client_name: "Ana", items: [{ concept: "Work", units: 1, unit_price: 10 }] };

describe("request id, headers and problems", () => {
  it("echoes a sent X-Request-Id and generates one otherwise", async () => {
    const t = await tenant();
    const echoed = await call("/api/v1/budgets", { key: t.key, headers: { "X-Request-Id": "trace-42" } });
    expect(echoed.headers.get("X-Request-Id")).toBe("trace-42");
    const generated = await call("/api/v1/budgets", { key: t.key });
    expect(generated.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    const tooLong = await call("/api/v1/budgets", { key: t.key, headers: { "X-Request-Id": "x".repeat(129) } });
    expect(tooLong.headers.get("X-Request-Id")).not.toBe("x".repeat(129));
  });

  it("answers problems as RFC 9457 with the request id, and safe headers everywhere", async () => {
    const response = await call("/api/v1/budgets", { headers: { "X-Request-Id": "req-1" } });
    expect(response.status).toBe(401);
    expect(response.headers.get("Content-Type")).toBe("application/problem+json");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.json).toEqual({
      type: `${env.PUBLIC_BASE_URL}/problems/unauthorized`,
      title: "Unauthorized",
      status: 401,
      detail: expect.any(String),
      request_id: "req-1",
    });
  });

  it("answers 404 for an unknown path and 405 with Allow for a known path", async () => {
    const unknown = await call("/api/v1/nope");
    expect(unknown.status).toBe(404);
    expect(slug(unknown.json)).toBe("not_found");
    const wrongMethod = await call("/api/v1/budgets", { method: "DELETE" });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("Allow")).toBe("GET, HEAD, POST");
    expect(slug(wrongMethod.json)).toBe("method_not_allowed");
  });
});

describe("switches", () => {
  it("hides the whole surface, docs included, when the API is off", async () => {
    const t = await tenant();
    const vars = { PUBLIC_API_ENABLED: "false" };
    for (const path of ["/api/v1/budgets", "/api/v1/openapi.json", "/docs", "/problems/not_found", "/api/v1/nope"]) {
      const response = await call(path, { key: t.key, vars });
      expect(response.status, path).toBe(404);
    }
    expect((await call("/api/v1/budgets", { method: "POST", body: budget, key: t.key, vars })).status).toBe(404);
  });

  it("closes gate W before authentication: 404, not 401", async () => {
    const vars = { PUBLIC_API_WRITE_ENABLED: "false" };
    const anonymous = await call("/api/v1/api-keys/key_x/rotate", { method: "POST", vars });
    expect(anonymous.status).toBe(404);
    expect(slug(anonymous.json)).toBe("not_found");
    // ...and a closed gate does not show up in Allow either.
    const open = await call("/api/v1/api-keys/key_x/rotate", { method: "GET" });
    expect(open.headers.get("Allow")).toBe("POST");
    const closed = await call("/api/v1/api-keys/key_x/rotate", { method: "GET", vars });
    expect(closed.status).toBe(404);
  });
});

describe("authentication: every 401 cause", () => {
  const cases: [string, (key: string) => Record<string, string>][] = [
    ["missing header", () => ({})],
    ["another scheme", (key) => ({ Authorization: `Basic ${key}` })],
    ["malformed key", () => ({ Authorization: "Bearer svc_test_nothex!" })],
    ["short key", () => ({ Authorization: "Bearer svc_test_abc" })],
    ["unknown key", () => ({ Authorization: `Bearer svc_test_${"ab".repeat(32)}` })],
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
    await revokeKey(db, t.keyId);
    const response = await call("/api/v1/budgets", { key: t.key });
    expect(response.status).toBe(401);
    expect(response.json.detail).toContain("revoked");
  });

  it("refuses a key of another environment", async () => {
    const t = await tenant();
    const live = await createKey(db, { companyId: t.companyId, scopes: ["budgets:read"], environment: "live" });
    const response = await call("/api/v1/budgets", { key: live.api_key });
    expect(response.status).toBe(401);
    expect(response.json.detail).toContain("live key");
    // The same key is accepted by a live deployment.
    expect((await call("/api/v1/budgets", { key: live.api_key, vars: { API_ENVIRONMENT: "live" } })).status).toBe(200);
  });
});

describe("authorization", () => {
  it("tells a missing scope (insufficient_scope) from a plan without the capability (capability_required)", async () => {
    const t = await tenant({ plan: "PAYG" }, ["budgets:read"]);
    const noScope = await call(`/api/v1/api-keys/${t.keyId}/rotate`, { method: "POST", key: t.key });
    expect(noScope.status).toBe(403);
    expect(slug(noScope.json)).toBe("insufficient_scope");
    expect(noScope.json.required_scope).toBe("api-keys:write");

    const scoped = await keyFor(t.companyId, ["api-keys:write"]);
    const noPlan = await call(`/api/v1/api-keys/${scoped.keyId}/rotate`, { method: "POST", key: scoped.key });
    expect(noPlan.status).toBe(403);
    expect(slug(noPlan.json)).toBe("capability_required");
    expect(noPlan.json.required_capability).toBe("api_keys");
  });

  it("admits a plan that lacks the capability when it was granted to the account", async () => {
    const t = await tenant({ plan: "PAYG", capabilities: ["api_keys"] }, ["api-keys:write"]);
    const response = await call(`/api/v1/api-keys/${t.keyId}/rotate`, { method: "POST", key: t.key });
    expect(response.status).toBe(201);
  });
});

describe("validation and bodies", () => {
  it("reports every invalid field with its path", async () => {
    const t = await tenant();
    const response = await call("/api/v1/budgets", { key: t.key, body: { items: [{ concept: "", units: -1, unit_price: "x" }] } });
    expect(response.status).toBe(400);
    expect(slug(response.json)).toBe("validation_error");
    const paths = response.json.errors.map((error: { path: string }) => error.path).sort();
    expect(paths).toEqual(["body.client_name", "body.items.0.concept", "body.items.0.unit_price", "body.items.0.units"]);
  });

  it("refuses a body that is not JSON, or not sent as JSON", async () => {
    const t = await tenant();
    const broken = await call("/api/v1/budgets", { key: t.key, body: "{nope" });
    expect(broken.status).toBe(400);
    expect(slug(broken.json)).toBe("invalid_json");
    const text = await call("/api/v1/budgets", { key: t.key, body: JSON.stringify(budget), headers: { "Content-Type": "text/plain" } });
    expect(text.status).toBe(400);
    expect(slug(text.json)).toBe("invalid_json");
    const empty = await call("/api/v1/budgets", { key: t.key, method: "POST", headers: { "Content-Type": "application/json" } });
    expect(empty.status).toBe(400);
    expect(empty.json.detail).toBe("A JSON body is required.");
  });

  it("refuses a body over 1 MiB with 413 and stores nothing", async () => {
    const t = await tenant();
    const huge = { ...budget, notes: "x".repeat(1024 * 1024) };
    const response = await call("/api/v1/budgets", { key: t.key, body: huge });
    expect(response.status).toBe(413);
    expect(slug(response.json)).toBe("payload_too_large");
    const [row] = await db.select({ n: count() }).from(documents).where(eq(documents.companyId, t.companyId));
    expect(row!.n).toBe(0);
  });
});

describe("rate limit: 120 per rolling 60 s per key", () => {
  it("refuses the 121st request with Retry-After, and does not count refusals", async () => {
    const t = await tenant();
    const started = Date.now();
    let last;
    for (let i = 1; i <= 120; i++) {
      last = await call("/api/v1/clients?limit=1", { key: t.key });
      expect(last.status).toBe(200);
    }
    // The first request leaves the window 60 s after it was admitted: t counts down from 60 by the
    // time the requests took (seconds on a busy machine), never past it.
    const secondsUntilFree = (header: string | null) => Number(/^"default";r=0;t=(\d+)$/.exec(header ?? "")?.[1]);
    const earliest = () => 60 - Math.ceil((Date.now() - started) / 1000);
    expect(secondsUntilFree(last!.headers.get("RateLimit"))).toBeGreaterThanOrEqual(earliest());
    expect(secondsUntilFree(last!.headers.get("RateLimit"))).toBeLessThanOrEqual(60);
    const refused = await call("/api/v1/clients?limit=1", { key: t.key });
    expect(refused.status).toBe(429);
    expect(slug(refused.json)).toBe("rate_limited");
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(earliest());
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get("RateLimit-Policy")).toBe('"default";q=120;w=60');
    // Another key of the same company has its own window.
    const other = await keyFor(t.companyId);
    expect((await call("/api/v1/clients", { key: other.key })).status).toBe(200);
  });

  it("slides exactly: a slot frees when the oldest admitted request is 60 s old", async () => {
    const guard = env.KEY_GUARD.get(env.KEY_GUARD.idFromName(`window-${crypto.randomUUID()}`));
    const t0 = 1_000_000;
    for (let i = 0; i < 120; i++) expect((await guard.check({ now: t0 + i * 100, limit: 120, windowMs: 60_000 })).admitted).toBe(true);
    const full = await guard.check({ now: t0 + 30_000, limit: 120, windowMs: 60_000 });
    expect(full).toMatchObject({ admitted: false, remaining: 0, resetSeconds: 30 });
    // Refusals are not counted: at t0 + 60 s the first slot frees, and only that one.
    expect((await guard.check({ now: t0 + 59_999, limit: 120, windowMs: 60_000 })).admitted).toBe(false);
    expect(await guard.check({ now: t0 + 60_000, limit: 120, windowMs: 60_000 })).toMatchObject({ admitted: true, remaining: 0 });
    expect((await guard.check({ now: t0 + 60_050, limit: 120, windowMs: 60_000 })).admitted).toBe(false);
    expect((await guard.check({ now: t0 + 60_100, limit: 120, windowMs: 60_000 })).admitted).toBe(true);
  });

  it("keeps the window when the KeyGuard restarts (evicted from memory)", async () => {
    const guard = env.KEY_GUARD.get(env.KEY_GUARD.idFromName(`restart-${crypto.randomUUID()}`));
    const t0 = 5_000_000;
    for (let i = 0; i < 3; i++) expect((await guard.check({ now: t0 + i, limit: 3, windowMs: 60_000 })).admitted).toBe(true);
    await runInDurableObject(guard, (_instance, state) => {
      // A fresh instance over the same storage is what the runtime builds after an eviction.
      const restarted = new KeyGuard(state, env);
      expect(restarted.check({ now: t0 + 1_000, limit: 3, windowMs: 60_000 })).toMatchObject({ admitted: false, resetSeconds: 59 });
      expect(restarted.check({ now: t0 + 60_000, limit: 3, windowMs: 60_000 })).toMatchObject({ admitted: true, remaining: 0 });
    });
  });
});

describe("idempotency", () => {
  it("replays the stored response without executing again", async () => {
    const t = await tenant();
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    const first = await call("/api/v1/budgets", { key: t.key, body: budget, headers });
    const second = await call("/api/v1/budgets", { key: t.key, body: budget, headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get("Idempotent-Replayed")).toBe("true");
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    expect(second.json).toEqual(first.json);
    const [row] = await db.select({ n: count() }).from(documents).where(eq(documents.companyId, t.companyId));
    expect(row!.n).toBe(1);
  });

  it("refuses the same key with another body, and an invalid key", async () => {
    const t = await tenant();
    const headers = { "Idempotency-Key": "order-1" };
    expect((await call("/api/v1/budgets", { key: t.key, body: budget, headers })).status).toBe(201);
    const reused = await call("/api/v1/budgets", { key: t.key, body: { ...budget, client_name: "Bob" }, headers });
    expect(reused.status).toBe(400);
    expect(slug(reused.json)).toBe("idempotency_key_reused");
    const invalid = await call("/api/v1/budgets", { key: t.key, body: budget, headers: { "Idempotency-Key": "k".repeat(256) } });
    expect(invalid.status).toBe(400);
    expect(slug(invalid.json)).toBe("idempotency_key_invalid");
  });

  it("scopes keys to the API key lineage: another key may use the same Idempotency-Key", async () => {
    const a = await tenant();
    const b = await keyFor(a.companyId);
    const headers = { "Idempotency-Key": "shared" };
    const first = await call("/api/v1/budgets", { key: a.key, body: budget, headers });
    const second = await call("/api/v1/budgets", { key: b.key, body: budget, headers });
    expect(second.headers.get("Idempotent-Replayed")).toBeNull();
    expect(second.json.id).not.toBe(first.json.id);
  });

  it("creates exactly one budget from ten concurrent requests with one key", async () => {
    const t = await tenant();
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    const responses = await Promise.all(Array.from({ length: 10 }, () => call("/api/v1/budgets", { key: t.key, body: budget, headers })));
    const created = responses.filter((response) => response.status === 201);
    const inUse = responses.filter((response) => response.status === 409);
    expect(created.length + inUse.length).toBe(10);
    expect(new Set(created.map((response) => response.json.id)).size).toBe(1);
    for (const response of inUse) expect(slug(response.json)).toBe("idempotency_key_in_use");
    const [row] = await db.select({ n: count() }).from(documents).where(eq(documents.companyId, t.companyId));
    expect(row!.n).toBe(1);
  });

  it("replays a refusal too: a 400 stays a 400 for the same key and body", async () => {
    const t = await tenant();
    const headers = { "Idempotency-Key": "bad-doc" };
    const body = { ...budget, document_type: "invoice" };
    const first = await call("/api/v1/budgets", { key: t.key, body, headers });
    const second = await call("/api/v1/budgets", { key: t.key, body, headers });
    expect(first.status).toBe(400);
    expect(second.status).toBe(400);
    expect(second.headers.get("Idempotent-Replayed")).toBe("true");
  });
});
