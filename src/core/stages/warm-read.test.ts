import { z } from "@hono/zod-openapi";
import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, keyFor, operator, slug, tenant, testApp } from "../../../test/helpers";
import { moveClock, resetClock } from "../../../test/clock";
import { mintKey } from "../../keys/auth";
import { companies } from "../../data/schema";
import { BOOKMARK_PATTERN } from "../../data/session";
import { companyChanged } from "../../keys/key-changes";
import { defineOperation, type OperationContext } from "../operation";

// A warm key (one this isolate admitted, however long ago) reads in one sequential round
// trip: its D1 query starts beside the key's Durable Object call. The object still decides every
// request, and a refused request's data never leaves the Worker.

const timing = { SERVER_TIMING: "true" };
/** Calls per kind and the sequential round trips, from `keyguard;desc="1";dur=…, d1;desc="1";dur=…, trips;desc="2"`. */
const trips = (response: { headers: Headers }) =>
  Object.fromEntries(
    [...(response.headers.get("Server-Timing") ?? "").matchAll(/(\w+);desc="(\d+)"/g)].map((match) => [
      match[1],
      Number(match[2]),
    ]),
  );
const CLIENT = "Warm Read Client SL";
const budget = { client_name: CLIENT, items: [{ concept: "Work", units: 1, unit_price: 10 }] };
const list = (key: string, vars = {}) => call("/api/v1/budgets?limit=5", { key, vars: { ...timing, ...vars } });

/** A company with one budget, made with another key: the company's first key is still cold in this isolate. */
async function tenantWithBudget(input: Parameters<typeof tenant>[0] = {}, scopes?: readonly string[]) {
  const t = await tenant(input, scopes);
  expect((await call("/api/v1/budgets", { key: (await keyFor(t.companyId)).key, body: budget })).status).toBe(201);
  return t;
}

/** A company with one budget, and its key made warm by one read (which was cold). */
async function warmTenant(input: Parameters<typeof tenant>[0] = {}, scopes?: readonly string[]) {
  const t = await tenantWithBudget(input, scopes);
  const cold = await list(t.key);
  expect(cold.status).toBe(200);
  expect(cold.text).toContain(CLIENT);
  return t;
}

/** A refusal that carries none of the company's data, though its read was made (and discarded). */
function expectNoData(response: Awaited<ReturnType<typeof call>>) {
  expect(response.headers.get("Content-Type")).toBe("application/problem+json");
  expect(response.text).not.toContain(CLIENT);
  expect(response.json.data).toBeUndefined();
  expect(response.headers.get("X-D1-Bookmark")).toBeNull();
}

describe("a warm key reads in one sequential round trip", () => {
  it("cold: the object, then D1 (two trips); warm: both at once (one trip), with the same answer", async () => {
    const t = await tenantWithBudget();
    const cold = await list(t.key);
    expect(trips(cold)).toEqual({ keyguard: 1, d1: 1, trips: 2 });
    const warm = await list(t.key);
    expect(warm.status).toBe(200);
    expect(trips(warm)).toEqual({ keyguard: 1, d1: 1, trips: 1 });
    expect(warm.json).toEqual(cold.json);
    // A bookmark of the company's store (s<n>. before D1's own when it is not store 0).
    expect(warm.headers.get("X-D1-Bookmark")).toMatch(BOOKMARK_PATTERN);
    // Every warm request still counts in the key's window.
    expect(Number(/r=(\d+)/.exec(warm.headers.get("RateLimit") ?? "")?.[1])).toBe(120 - 2);
  });

  it("a key stays warm however long ago this isolate admitted it", async () => {
    const t = await warmTenant();
    try {
      await moveClock(60 * 60 * 1000);
      expect(trips(await list(t.key))).toEqual({ keyguard: 1, d1: 1, trips: 1 });
    } finally {
      await resetClock();
    }
  });

  it("another key of the same lineage is not warm: a wrong key reads nothing early", async () => {
    const t = await warmTenant();
    // Well-formed and checked (so it reaches the object), of the same lineage, but never issued.
    const forged = (await mintKey(env.API_KEY_CHECK_SECRET, "test", t.keyId)).value;
    const refused = await list(forged);
    expect(refused.status).toBe(401);
    expect(trips(refused)).toEqual({ keyguard: 1, d1: 0, trips: 1 });
    // The real key stays warm.
    expect(trips(await list(t.key))).toEqual({ keyguard: 1, d1: 1, trips: 1 });
  });

  it("an idempotent write makes two trips: the claim, then the batch that marks the key; the rest after the response", async () => {
    const t = await warmTenant();
    const response = await call("/api/v1/budgets", {
      key: t.key,
      body: budget,
      headers: { "Idempotency-Key": crypto.randomUUID() },
      vars: timing,
    });
    expect(response.status).toBe(201);
    expect(trips(response)).toEqual({ keyguard: 1, d1: 1, trips: 2 });
  });

  it("a write without an Idempotency-Key: the object, then the batch", async () => {
    const t = await warmTenant();
    const response = await call("/api/v1/budgets", { key: t.key, body: budget, vars: timing });
    expect(response.status).toBe(201);
    expect(trips(response)).toEqual({ keyguard: 1, d1: 1, trips: 2 });
  });
});

describe("a warm key's refused read sends no data", () => {
  it("revoked while warm in this isolate: 401, its read discarded; the next request reads nothing", async () => {
    const t = await warmTenant();
    expect((await operator(`/keys/${t.keyId}/revoke`, { method: "POST" })).status).toBe(200);
    const revoked = await list(t.key);
    expect(revoked.status).toBe(401);
    expectNoData(revoked);
    // The read was made beside the object's call, and its result dropped unread.
    expect(trips(revoked)).toEqual({ keyguard: 1, d1: 1, trips: 1 });
    const again = await list(t.key);
    expect(again.status).toBe(401);
    expect(trips(again)).toEqual({ keyguard: 1, d1: 0, trips: 1 });
  });

  it("revoked long after this isolate admitted it: 401, its read discarded", async () => {
    const t = await warmTenant();
    try {
      // Hours later the isolate still remembers the key; the object has since learned of the revocation.
      await moveClock(3 * 60 * 60 * 1000);
      expect((await operator(`/keys/${t.keyId}/revoke`, { method: "POST" })).status).toBe(200);
      const revoked = await list(t.key);
      expect(revoked.status).toBe(401);
      expectNoData(revoked);
      expect(trips(revoked)).toEqual({ keyguard: 1, d1: 1, trips: 1 });
    } finally {
      await resetClock();
    }
  });

  it("rate-limited while warm: 429, its read discarded; the next request reads nothing", async () => {
    const vars = { RATE_LIMIT_PER_MINUTE: "2" };
    const t = await tenantWithBudget();
    expect((await list(t.key, vars)).status).toBe(200);
    expect(trips(await list(t.key, vars))).toEqual({ keyguard: 1, d1: 1, trips: 1 });
    const limited = await list(t.key, vars);
    expect(limited.status).toBe(429);
    expectNoData(limited);
    expect(trips(limited)).toEqual({ keyguard: 1, d1: 1, trips: 1 });
    const again = await list(t.key, vars);
    expect(again.status).toBe(429);
    expect(trips(again)).toEqual({ keyguard: 1, d1: 0, trips: 1 });
  });

  it("a scope the key does not have: 403, and nothing is read early", async () => {
    const t = await warmTenant({}, ["budgets:read", "budgets:write"]);
    const forbidden = await call("/api/v1/clients?limit=5", { key: t.key, vars: timing });
    expect(forbidden.status).toBe(403);
    expect(slug(forbidden.json)).toBe("insufficient_scope");
    expectNoData(forbidden);
    expect(trips(forbidden)).toEqual({ keyguard: 1, d1: 0, trips: 1 });
  });

  it("a plan that no longer covers the read (changed while warm): 403, its read discarded", async () => {
    // GET /rates: plans Starter to Enterprise, not PAYG.
    const t = await tenant({ plan: "Starter" });
    const rates = () => call("/api/v1/rates", { key: t.key, vars: timing });
    expect((await rates()).status).toBe(200);
    expect((await rates()).status).toBe(200);
    expect((await operator(`/companies/${t.companyId}`, { method: "PATCH", body: { plan: "PAYG" } })).status).toBe(200);
    const forbidden = await rates();
    expect(forbidden.status).toBe(403);
    expect(slug(forbidden.json)).toBe("capability_required");
    expect(forbidden.json.data).toBeUndefined();
    expect(forbidden.headers.get("X-D1-Bookmark")).toBeNull();
    // The early read was made (as the Starter plan the isolate remembered) and discarded.
    expect(trips(forbidden)).toMatchObject({ keyguard: 1, trips: 1 });
    expect(trips(forbidden).d1).toBeGreaterThan(0);
  });

  it("a suspended company's warm key: 401, its read discarded", async () => {
    const t = await warmTenant();
    await db.update(companies).set({ status: "suspended" }).where(eq(companies.id, t.companyId));
    await companyChanged(env, t.companyId);
    const suspended = await list(t.key);
    expect(suspended.status).toBe(401);
    expect(suspended.json.detail).toBe("The account of this API key is suspended.");
    expectNoData(suspended);
    expect(trips(suspended)).toEqual({ keyguard: 1, d1: 1, trips: 1 });
  });
});

describe("what a read begun before admission may not do", () => {
  type Answer = { status: 200; body: { plan: string; name: string } };
  const operation = (
    operationId: string,
    path: string,
    handler: (ctx: OperationContext<undefined, undefined, undefined>) => Promise<Answer>,
  ) =>
    defineOperation({
      operationId,
      method: "get",
      path,
      summary: "Test read",
      tag: "Test",
      scope: "budgets:read",
      gate: "A",
      plans: "ALL",
      capability: "budgets",
      codes: [200, 401, 403, 429, 500],
      responses: {
        200: { description: "The caller's plan", schema: z.object({ plan: z.string(), name: z.string() }) },
      },
      handler,
    });
  const app = testApp([
    // A GET that writes (it should not): the write is made once per request, by the admitted run only.
    operation("testWritingRead", "/api/v1/test/writing-read", async ({ db, caller }) => {
      await db.run(sql`UPDATE companies SET name = name || '+' WHERE id = ${caller.company.id}`);
      const [row] = await db
        .select({ name: companies.name })
        .from(companies)
        .where(eq(companies.id, caller.company.id));
      return { status: 200, body: { plan: caller.company.plan, name: row?.name ?? "" } };
    }),
    // A GET that reaches a binding: it waits for the object.
    operation("testBindingRead", "/api/v1/test/binding-read", async ({ env, caller }) => {
      const row = await env.DB.prepare("SELECT name FROM companies WHERE id = ?")
        .bind(caller.company.id)
        .first<{ name: string }>();
      return { status: 200, body: { plan: caller.company.plan, name: row?.name ?? "" } };
    }),
    // A GET that reads, then reaches a binding: its early run is thrown away once, then not made.
    operation("testReadThenBinding", "/api/v1/test/read-then-binding", async (context) => {
      const { db, caller } = context;
      const [row] = await db
        .select({ name: companies.name })
        .from(companies)
        .where(eq(companies.id, caller.company.id));
      await context.env.DB.prepare("SELECT 1").first();
      return { status: 200, body: { plan: caller.company.plan, name: row?.name ?? "" } };
    }),
    // A plain read, answering the caller it ran as.
    operation("testCallerRead", "/api/v1/test/caller-read", async ({ db, caller }) => {
      const [row] = await db
        .select({ name: companies.name })
        .from(companies)
        .where(eq(companies.id, caller.company.id));
      return { status: 200, body: { plan: caller.company.plan, name: row?.name ?? "" } };
    }),
  ]);
  const read = (path: string, key: string) => call(path, { app, key, vars: timing });

  it("a write is refused before admission: the handler runs again once admitted, and writes once", async () => {
    const t = await tenant({ name: "Writer" });
    expect((await read("/api/v1/test/writing-read", t.key)).json.name).toBe("Writer+");
    const warm = await read("/api/v1/test/writing-read", t.key);
    expect(warm.status).toBe(200);
    expect(warm.json.name).toBe("Writer++");
    // The early run was stopped at its write (no D1 call made); the admitted run made both queries.
    expect(trips(warm)).toEqual({ keyguard: 1, d1: 2, trips: 3 });
  });

  it("a binding is not reached before admission", async () => {
    const t = await tenant({ name: "Binder" });
    expect((await read("/api/v1/test/binding-read", t.key)).status).toBe(200);
    const warm = await read("/api/v1/test/binding-read", t.key);
    expect(warm.status).toBe(200);
    expect(warm.json.name).toBe("Binder");
    expect(trips(warm)).toMatchObject({ keyguard: 1, trips: 1 });
  });

  it("an operation whose early run was refused waits for the object from then on: its queries are not made twice", async () => {
    const t = await tenant({ name: "Reader" });
    const other = await tenant({ name: "Other" });
    expect((await read("/api/v1/test/read-then-binding", t.key)).status).toBe(200);
    expect((await read("/api/v1/test/read-then-binding", other.key)).status).toBe(200);
    // Warm, the first time: its query made early, then again once admitted (the early run reached the binding).
    const refused = await read("/api/v1/test/read-then-binding", t.key);
    expect(refused.json.name).toBe("Reader");
    expect(trips(refused)).toEqual({ keyguard: 1, d1: 2, trips: 2 });
    // From then on, for every key of this isolate: the object first, then the query once.
    for (const key of [t.key, other.key]) {
      const waited = await read("/api/v1/test/read-then-binding", key);
      expect(waited.status).toBe(200);
      expect(trips(waited)).toEqual({ keyguard: 1, d1: 1, trips: 2 });
    }
    // Another operation still reads early.
    expect((await read("/api/v1/test/caller-read", t.key)).status).toBe(200);
    expect(trips(await read("/api/v1/test/caller-read", t.key))).toEqual({ keyguard: 1, d1: 1, trips: 1 });
  });

  it("a caller that changed while warm (a plan) is answered by a run as the admitted caller", async () => {
    const t = await tenant({ plan: "Business" });
    expect((await read("/api/v1/test/caller-read", t.key)).json.plan).toBe("Business");
    expect(trips(await read("/api/v1/test/caller-read", t.key))).toEqual({ keyguard: 1, d1: 1, trips: 1 });
    expect(
      (await operator(`/companies/${t.companyId}`, { method: "PATCH", body: { plan: "Enterprise" } })).status,
    ).toBe(200);
    const changed = await read("/api/v1/test/caller-read", t.key);
    expect(changed.status).toBe(200);
    expect(changed.json.plan).toBe("Enterprise");
    // The early read (as Business) was discarded; the admitted caller's read followed the object's call.
    expect(trips(changed)).toEqual({ keyguard: 1, d1: 2, trips: 2 });
  });
});
