import { env, runInDurableObject } from "cloudflare:test";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { allOperations, call, db, keyFor, slug, tenant } from "../../test/helpers";
import { documents } from "../domains/budgets";
import { presentedKey } from "./auth";
import { CLAIM_LEASE_MS, CLAIM_RENEW_EVERY_MS } from "./claim-lease";
import { IDEMPOTENCY_TTL_MS, KeyGuard, type AdmitRequest, type GuardDecision } from "./guard";
import { guardOf } from "./key-changes";

const presented = (key: string) => presentedKey(`Bearer ${key}`, "test");
/** What the pipeline asks a key's Durable Object for a GET /clients at `now`. */
async function admission(key: string, now: number, limit = 120): Promise<AdmitRequest> {
  return {
    key: presented(key),
    now,
    limit,
    windowMs: 60_000,
    maxAgeMs: 60_000,
  };
}

const budget = { client_name: "Ana", items: [{ concept: "Work", units: 1, unit_price: 10 }] };

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
    const t = await tenant();
    const guard = guardOf(env, presented(t.key).lineageId);
    const admit = async (now: number) => (await guard.admit(await admission(t.key, now))) as GuardDecision;
    const t0 = 1_000_000;
    for (let i = 0; i < 120; i++) expect(await admit(t0 + i * 100)).toMatchObject({ admitted: true });
    const full = await admit(t0 + 30_000);
    expect(full).toMatchObject({ admitted: false, remaining: 0, resetSeconds: 30 });
    // Refusals are not counted: at t0 + 60 s the first slot frees, and only that one.
    expect(await admit(t0 + 59_999)).toMatchObject({ admitted: false });
    expect(await admit(t0 + 60_000)).toMatchObject({ admitted: true, remaining: 0 });
    expect(await admit(t0 + 60_050)).toMatchObject({ admitted: false });
    expect(await admit(t0 + 60_100)).toMatchObject({ admitted: true });
  });

  it("stores nothing for a well-formed key of a lineage that does not exist: 401, and the object has no table", async () => {
    const random = `svc_test_${Array.from(crypto.getRandomValues(new Uint8Array(48)), (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
    for (let i = 0; i < 3; i++) expect((await call("/api/v1/budgets", { key: random })).status).toBe(401);
    const tables = await runInDurableObject(guardOf(env, presented(random).lineageId), async (_instance, state) =>
      state.storage.sql
        .exec<{ name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\'",
        )
        .toArray(),
    );
    expect(tables).toEqual([]);
    // A known key's object makes its tables on its first admission.
    const t = await tenant();
    expect((await call("/api/v1/budgets", { key: t.key })).status).toBe(200);
    const made = await runInDurableObject(guardOf(env, presented(t.key).lineageId), async (_instance, state) =>
      state.storage.sql
        .exec<{ name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('admissions', 'idempotency') ORDER BY name",
        )
        .toArray()
        .map((row) => row.name),
    );
    expect(made).toEqual(["admissions", "idempotency"]);
  });

  it("keeps the window when the KeyGuard restarts (evicted from memory)", async () => {
    const t = await tenant();
    const guard = guardOf(env, presented(t.key).lineageId);
    const t0 = 5_000_000;
    for (let i = 0; i < 3; i++)
      expect(await guard.admit(await admission(t.key, t0 + i, 3))).toMatchObject({ admitted: true });
    const late = await admission(t.key, t0 + 1_000, 3);
    const later = await admission(t.key, t0 + 60_000, 3);
    await runInDurableObject(guard, async (_instance, state) => {
      // A fresh instance over the same storage is what the runtime builds after an eviction.
      const restarted = new KeyGuard(state, env);
      expect(await restarted.admit(late)).toMatchObject({ admitted: false, resetSeconds: 59 });
      expect(await restarted.admit(later)).toMatchObject({ admitted: true, remaining: 0 });
    });
  });

  it("deletes expired admissions from storage, and only those", async () => {
    const t = await tenant();
    const guard = guardOf(env, presented(t.key).lineageId);
    const t0 = 9_000_000;
    for (let i = 0; i < 3; i++)
      expect(await guard.admit(await admission(t.key, t0 + i * 10_000))).toMatchObject({ admitted: true });
    // 60 s after the second admission: the first two have left the window, the third has not.
    expect(await guard.admit(await admission(t.key, t0 + 70_000))).toMatchObject({ admitted: true, remaining: 118 });
    const stored = await runInDurableObject(guard, async (_instance, state) =>
      state.storage.sql
        .exec<{ at: number }>("SELECT at FROM admissions ORDER BY at")
        .toArray()
        .map((row) => row.at),
    );
    expect(stored).toEqual([t0 + 20_000, t0 + 70_000]);
  });

  it("refuses another secret under the lineage of a key it has verified", async () => {
    const t = await tenant();
    const guard = guardOf(env, presented(t.key).lineageId);
    const forged = `${t.key.slice(0, -4)}${t.key.endsWith("0000") ? "1111" : "0000"}`;
    expect(await guard.admit(await admission(t.key, Date.now()))).toMatchObject({ authenticated: true });
    expect(await guard.admit(await admission(forged, Date.now()))).toEqual({
      authenticated: false,
      detail: "The API key is unknown or revoked.",
    });
    expect(await guard.admit(await admission(t.key, Date.now()))).toMatchObject({
      authenticated: true,
      admitted: true,
    });
  });

  it("admits exactly the limit of concurrent requests: 120 of 200, never 121", async () => {
    const t = await tenant();
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => call("/api/v1/clients?limit=1", { key: t.key })),
    );
    expect(responses.filter((response) => response.status === 200)).toHaveLength(120);
    expect(responses.filter((response) => response.status === 429)).toHaveLength(80);
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

  it("purges records older than 24 h, and only those", async () => {
    const t = await tenant();
    const guard = guardOf(env, presented(t.key).lineageId);
    const requirements = { scope: "budgets:write", plans: "ALL", capability: "budgets", gate: "W" } as const;
    const claimAt = async (key: string, now: number) =>
      guard.admit({
        ...(await admission(t.key, now)),
        claim: { key, fingerprint: "POST /api/v1/budgets", requirements },
      });
    const t0 = 20_000_000;
    expect(await claimAt("old", t0)).toMatchObject({ idempotency: { outcome: "proceed" } });
    expect(await claimAt("recent", t0 + IDEMPOTENCY_TTL_MS - 1_000)).toMatchObject({
      idempotency: { outcome: "proceed" },
    });
    // A minute after the last purge, past the first record's 24 h.
    expect(await claimAt("new", t0 + IDEMPOTENCY_TTL_MS + 61_000)).toMatchObject({
      idempotency: { outcome: "proceed" },
    });
    const kept = await runInDurableObject(guard, async (_instance, state) =>
      state.storage.sql
        .exec<{ key: string }>("SELECT key FROM idempotency ORDER BY created_at")
        .toArray()
        .map((row) => row.key),
    );
    expect(kept).toEqual(["recent", "new"]);
  });

  it("refuses the same key with another body, and an invalid key", async () => {
    const t = await tenant();
    const headers = { "Idempotency-Key": "order-1" };
    expect((await call("/api/v1/budgets", { key: t.key, body: budget, headers })).status).toBe(201);
    const reused = await call("/api/v1/budgets", { key: t.key, body: { ...budget, client_name: "Bob" }, headers });
    expect(reused.status).toBe(400);
    expect(slug(reused.json)).toBe("idempotency_key_reused");
    const invalid = await call("/api/v1/budgets", {
      key: t.key,
      body: budget,
      headers: { "Idempotency-Key": "k".repeat(256) },
    });
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
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => call("/api/v1/budgets", { key: t.key, body: budget, headers })),
    );
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

describe("Idempotency-Key claims: a short lease, renewed while the request runs", () => {
  it("frees a claim whose Worker died once its lease lapses (seconds, not minutes), and keeps one that is renewed", async () => {
    const t = await tenant();
    const guard = guardOf(env, presented(t.key).lineageId);
    const create = allOperations.find((op) => op.method === "post" && op.path === "/api/v1/budgets")!;
    const claim = {
      key: "dead-worker",
      fingerprint: "f",
      requirements: { scope: create.scope, plans: create.plans, capability: create.capability, gate: create.gate },
    };
    const t0 = Date.now();
    const admit = async (now: number, key = claim.key) =>
      (
        (await guard.admit({ ...(await admission(t.key, now)), claim: { ...claim, key } })) as GuardDecision & {
          idempotency?: { outcome: string };
        }
      ).idempotency?.outcome;

    expect(await admit(t0)).toBe("proceed");
    expect(await admit(t0 + CLAIM_LEASE_MS - 1)).toBe("in_use");
    // Nobody renewed it: the Worker that claimed it is gone, and the key is free again.
    expect(await admit(t0 + CLAIM_LEASE_MS + 1)).toBe("proceed");

    // A live request renews its claim every CLAIM_RENEW_EVERY_MS: it stays in use past one lease.
    const t1 = t0 + 100_000;
    expect(await admit(t1, "live")).toBe("proceed");
    for (let at = t1 + CLAIM_RENEW_EVERY_MS; at <= t1 + 3 * CLAIM_LEASE_MS; at += CLAIM_RENEW_EVERY_MS)
      expect(await guard.renew("live", "f", at)).toBe(true);
    expect(await admit(t1 + 3 * CLAIM_LEASE_MS + 1, "live")).toBe("in_use");
    // A completed key is not renewed (nothing in progress to keep).
    await guard.complete("live", "f", { status: 201, headers: {}, body: "{}" });
    expect(await guard.renew("live", "f", t1 + 4 * CLAIM_LEASE_MS)).toBe(false);
  });
});
