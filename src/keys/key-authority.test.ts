import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, operator, slug, tenant } from "../../test/helpers";
import { revokeKey } from "../admin/provision";
import { companies } from "../data/schema";
import { companyChanged } from "./key-changes";

// The key's Durable Object is the authority on the key (src/keys/guard.ts): whoever changes a key
// or its account tells it, and the change holds from the very next request.

const ADMIN = { ADMIN_SECRET: "test-admin-secret-of-this-file" };
const admin = (path: string, secret = ADMIN.ADMIN_SECRET) =>
  call(`/admin/v1${path}`, { method: "POST", headers: { Authorization: `Bearer ${secret}` }, vars: ADMIN });
const list = (key: string, vars = {}) => call("/api/v1/clients?limit=1", { key, vars });
const remaining = (response: { headers: Headers }) =>
  Number(/r=(\d+)/.exec(response.headers.get("RateLimit") ?? "")?.[1]);

describe("the key's Durable Object is the authority on the key", () => {
  it("a key revoked through the admin route (the CLI's path) fails on its very next request", async () => {
    const t = await tenant();
    expect((await list(t.key)).status).toBe(200);
    const revoked = await admin(`/keys/${t.keyId}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.json).toMatchObject({ key_id: t.keyId, revoked_at: expect.any(String) });
    const next = await list(t.key);
    expect(next.status).toBe(401);
    expect(next.json.detail).toBe("The API key is unknown or revoked.");
    expect((await admin("/keys/key_00000000000000000000000000000000/revoke")).status).toBe(404);
  });

  it("the admin routes are 404 without the right secret, or when none is configured", async () => {
    const t = await tenant();
    expect((await admin(`/keys/${t.keyId}/revoke`, "another-secret")).status).toBe(404);
    const unconfigured = await call(`/admin/v1/keys/${t.keyId}/revoke`, {
      method: "POST",
      headers: { Authorization: `Bearer ${ADMIN.ADMIN_SECRET}` },
    });
    expect(unconfigured.status).toBe(404);
    expect((await list(t.key)).status).toBe(200);
  });

  it("a rotated key fails at once, and its successor keeps the window", async () => {
    const t = await tenant();
    for (let i = 0; i < 5; i++) expect((await list(t.key)).status).toBe(200);
    const rotated = await call(`/api/v1/api-keys/${t.keyId}/rotate`, { key: t.key, method: "POST" });
    expect(rotated.status).toBe(201);
    expect((await list(t.key)).status).toBe(401);
    const successor = await list(rotated.json.api_key);
    expect(successor.status).toBe(200);
    // 5 reads and the rotation were counted in the lineage's window before this request.
    expect(remaining(successor)).toBe(120 - 7);
  });

  it("a suspended account's keys fail from the next request until it is active again", async () => {
    const t = await tenant();
    expect((await list(t.key)).status).toBe(200);
    const setStatus = (status: "active" | "suspended") =>
      db.update(companies).set({ status }).where(eq(companies.id, t.companyId));
    await setStatus("suspended");
    await companyChanged(env, t.companyId);
    const suspended = await list(t.key);
    expect(suspended.status).toBe(401);
    expect(suspended.json.detail).toBe("The account of this API key is suspended.");
    await setStatus("active");
    await companyChanged(env, t.companyId);
    expect((await list(t.key)).status).toBe(200);
  });

  it("a plan change made through the operator API is seen on the next request: capabilities follow", async () => {
    // GET /rates: plans Starter to Enterprise, not PAYG.
    const t = await tenant({ plan: "PAYG" });
    expect((await call("/api/v1/rates", { key: t.key })).status).toBe(403);
    expect((await operator(`/companies/${t.companyId}`, { method: "PATCH", body: { plan: "Starter" } })).status).toBe(
      200,
    );
    expect((await call("/api/v1/rates", { key: t.key })).status).toBe(200);
  });

  it("safety net: a change nobody told the object about is read again after KEY_STATE_MAX_AGE_SECONDS", async () => {
    const t = await tenant();
    const vars = { KEY_STATE_MAX_AGE_SECONDS: "1" };
    expect((await list(t.key, vars)).status).toBe(200);
    await revokeKey(db, t.keyId); // D1 alone, no message to the object
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await list(t.key, vars)).status).toBe(401);
  });
});

describe("round trips, counted by the code (Server-Timing)", () => {
  const timing = { SERVER_TIMING: "true" };
  /** calls per kind and the sequential round trips, from `keyguard;desc="1";dur=…, d1;desc="1";dur=…, trips;desc="2"`. */
  const trips = (response: { headers: Headers }) =>
    Object.fromEntries(
      [...(response.headers.get("Server-Timing") ?? "").matchAll(/(\w+);desc="(\d+)"/g)].map((match) => [
        match[1],
        Number(match[2]),
      ]),
    );

  it("a read: the key's Durable Object, then one D1 query", async () => {
    const t = await tenant();
    expect(trips(await list(t.key, timing))).toEqual({ keyguard: 1, d1: 1, trips: 2 });
  });

  it("an idempotent write: the Durable Object call, then one D1 batch that marks the key; its answer is kept after the response", async () => {
    const t = await tenant();
    const body = { client_name: "Ana", items: [{ concept: "Work", units: 1, unit_price: 10 }] };
    const response = await call("/api/v1/budgets", {
      key: t.key,
      body,
      headers: { "Idempotency-Key": crypto.randomUUID() },
      vars: timing,
    });
    expect(response.status).toBe(201);
    expect(trips(response)).toEqual({ keyguard: 1, d1: 1, trips: 2 });
  });

  it("a refused request reads no tenant data: 401, 403, 429 make no D1 call; a closed gate makes none at all", async () => {
    const t = await tenant({}, ["budgets:read"]);
    // A forged key is refused by its check alone; a legacy-form key of no lineage by one read of api_keys, never by its object.
    expect(trips(await call("/api/v1/clients", { key: `svc_test_${"ab".repeat(56)}`, vars: timing }))).toEqual({
      keyguard: 0,
      d1: 0,
      trips: 0,
    });
    expect(trips(await call("/api/v1/clients", { key: `svc_test_${"ab".repeat(48)}`, vars: timing }))).toEqual({
      keyguard: 0,
      d1: 1,
      trips: 1,
    });
    const forbidden = await list(t.key, timing);
    expect(forbidden.status).toBe(403);
    expect(trips(forbidden)).toEqual({ keyguard: 1, d1: 0, trips: 1 });
    const limited = await call("/api/v1/budgets", { key: t.key, vars: { ...timing, RATE_LIMIT_PER_MINUTE: "1" } });
    expect(limited.status).toBe(429);
    expect(trips(limited)).toEqual({ keyguard: 1, d1: 0, trips: 1 });
    const closed = await call("/api/v1/contact-lists", {
      key: t.key,
      method: "POST",
      body: {},
      vars: { ...timing, PUBLIC_API_WRITE_ENABLED: "false" },
    });
    expect(closed.status).toBe(404);
    expect(trips(closed)).toEqual({ keyguard: 0, d1: 0, trips: 0 });
  });
});

describe("reads near the client: D1 sessions and X-D1-Bookmark", () => {
  const body = { client_name: "Ana", items: [{ concept: "Work", units: 1, unit_price: 10 }] };

  it("a write answers its bookmark; a read that sends it back sees the write", async () => {
    const t = await tenant();
    const created = await call("/api/v1/budgets", { key: t.key, body });
    expect(created.status).toBe(201);
    const bookmark = created.headers.get("X-D1-Bookmark");
    expect(bookmark).toMatch(/^[\x21-\x7e]+$/);
    const read = await call("/api/v1/budgets", { key: t.key, headers: { "X-D1-Bookmark": bookmark! } });
    expect(read.status).toBe(200);
    expect(read.json.data.map((budget: { id: string }) => budget.id)).toContain(created.json.id);
    // A read answers the bookmark it read at: at least as new as the one it was sent.
    expect(read.headers.get("X-D1-Bookmark")! >= bookmark!).toBe(true);
  });

  it("a bookmark that is not one is 400, naming the header", async () => {
    const t = await tenant();
    for (const bad of ["not a bookmark", "not-a-bookmark", "00000000-0000001d-00000000-0000", "x".repeat(300)]) {
      const response = await call("/api/v1/budgets", { key: t.key, headers: { "X-D1-Bookmark": bad } });
      expect(response.status).toBe(400);
      expect(slug(response.json)).toBe("validation_error");
      expect(response.json.errors[0].path).toBe("header.X-D1-Bookmark");
    }
  });
});
