import { env } from "cloudflare:test";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, keyFor, slug, tenant } from "../../test/helpers";
import { documents } from "../domains/budgets";

// The pipeline through the Worker's operations; every operation's authentication, scope, plan and
// gate cases are generated in test/security.test.ts.

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
    const response = await call("/api/v1/budgets", {
      key: t.key,
      body: { items: [{ concept: "", units: -1, unit_price: "x" }] },
    });
    expect(response.status).toBe(400);
    expect(slug(response.json)).toBe("validation_error");
    const paths = response.json.errors.map((error: { path: string }) => error.path).sort();
    expect(paths).toEqual([
      "body.client_name",
      "body.items.0.concept",
      "body.items.0.unit_price",
      "body.items.0.units",
    ]);
  });

  it("refuses a body that is not JSON, or not sent as JSON", async () => {
    const t = await tenant();
    const broken = await call("/api/v1/budgets", { key: t.key, body: "{nope" });
    expect(broken.status).toBe(400);
    expect(slug(broken.json)).toBe("invalid_json");
    const text = await call("/api/v1/budgets", {
      key: t.key,
      body: JSON.stringify(budget),
      headers: { "Content-Type": "text/plain" },
    });
    expect(text.status).toBe(400);
    expect(slug(text.json)).toBe("invalid_json");
    const empty = await call("/api/v1/budgets", {
      key: t.key,
      method: "POST",
      headers: { "Content-Type": "application/json" },
    });
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

describe("unknown query parameters", () => {
  it("are 400 naming each one and what the operation accepts, so a misspelt filter never returns the unfiltered list", async () => {
    const t = await tenant();
    const misspelt = await call("/api/v1/budgets?limit=2&stauts=draft&sort=asc", { key: t.key });
    expect(misspelt.status).toBe(400);
    expect(slug(misspelt.json)).toBe("validation_error");
    expect(misspelt.json.errors.map((error: { path: string }) => error.path)).toEqual(["query.stauts", "query.sort"]);
    expect(misspelt.json.errors[0].message).toContain("limit");
    // An operation without query parameters refuses any.
    const none = await call(`/api/v1/budgets?expand=items`, { key: t.key, body: budget });
    expect(none.status).toBe(400);
    expect(none.json.errors).toEqual([
      { path: "query.expand", message: "Unknown query parameter; this operation takes no query parameters." },
    ]);
    // Known parameters, and none at all, are answered as before.
    expect((await call("/api/v1/budgets?limit=2&offset=0", { key: t.key })).status).toBe(200);
  });
});
