import { z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { defineOperation } from "../operation";
import { VALIDATION_ERRORS_MAX } from "../../lib/errors";
import { call, keyFor, slug, tenant, testApp } from "../../../test/helpers";

/** Requests each company's create ran, so that a test sees whether a retry ran again. */
const runs = new Map<string, number>();

const createThing = defineOperation({
  operationId: "testCreateThing",
  method: "post",
  path: "/api/v1/test/things",
  summary: "Create a thing (test)",
  scope: "budgets:write",
  gate: "A",
  codes: [201, 400, 401, 403, 409, 429],
  request: {
    query: z.object({ tag: z.string().optional() }),
    body: z.object({ name: z.string().min(1), size: z.number().int() }),
  },
  responses: { 201: { description: "Created", schema: z.object({ run: z.number() }) } },
  handler: async ({ caller }) => {
    const run = (runs.get(caller.company.id) ?? 0) + 1;
    runs.set(caller.company.id, run);
    return { status: 201, body: { run } };
  },
});
const app = testApp([createThing]);
const invalid = { name: "", size: 1.5 };
const valid = { name: "a thing", size: 2 };

describe("the input stage", () => {
  it("answers the input's problems after the key's object: 401 without a key, 403 without the scope, then 400 with every field", async () => {
    const t = await tenant();
    expect((await call("/api/v1/test/things", { app, body: invalid })).status).toBe(401);
    const readOnly = await keyFor(t.companyId, ["budgets:read"]);
    const unscoped = await call("/api/v1/test/things", { app, key: readOnly.key, body: invalid });
    expect(unscoped.status).toBe(403);
    expect(slug(unscoped.json)).toBe("insufficient_scope");
    const refused = await call("/api/v1/test/things", { app, key: t.key, body: invalid });
    expect(refused.status).toBe(400);
    expect(slug(refused.json)).toBe("validation_error");
    expect(refused.json.errors.map((error: { path: string }) => error.path).sort()).toEqual(["body.name", "body.size"]);
    expect(runs.get(t.companyId)).toBeUndefined();
  });

  it("refuses a query parameter the operation does not have, naming those it has", async () => {
    const t = await tenant();
    const response = await call("/api/v1/test/things?tga=x", { app, key: t.key, body: valid });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([
      { path: "query.tga", message: "Unknown query parameter; this operation accepts tag." },
    ]);
  });

  it("lists at most 50 invalid fields, however many unknown query parameters come, and says how many there were", async () => {
    const t = await tenant();
    const unknown = Array.from({ length: 1500 }, (_, index) => `p${index}=1`).join("&");
    const refused = await call(`/api/v1/test/things?${unknown}`, { app, key: t.key, body: invalid });
    expect(refused.status).toBe(400);
    expect(slug(refused.json)).toBe("validation_error");
    expect(refused.json.errors).toHaveLength(VALIDATION_ERRORS_MAX);
    expect(refused.json.errors_total).toBe(1502);
    expect(refused.json.detail).toBe(
      `The request has 1502 invalid fields; the first ${VALIDATION_ERRORS_MAX} are listed.`,
    );
    expect(refused.text.length).toBeLessThan(12_000);
    // Fewer than the cap: every one listed, no total.
    const few = await call("/api/v1/test/things?p1=1&p2=2", { app, key: t.key, body: valid });
    expect(few.json.errors.map((error: { path: string }) => error.path)).toEqual(["query.p1", "query.p2"]);
    expect(few.json).not.toHaveProperty("errors_total");
  });

  it("refuses an Idempotency-Key that is not 1 to 255 visible ASCII characters, and an X-D1-Bookmark this API did not return", async () => {
    const t = await tenant();
    for (const key of ["k".repeat(256), "with space"]) {
      const response = await call("/api/v1/test/things", {
        app,
        key: t.key,
        body: valid,
        headers: { "Idempotency-Key": key },
      });
      expect(response.status).toBe(400);
      expect(slug(response.json)).toBe("idempotency_key_invalid");
    }
    const bookmark = await call("/api/v1/test/things", {
      app,
      key: t.key,
      body: valid,
      headers: { "X-D1-Bookmark": "not-a-bookmark" },
    });
    expect(bookmark.status).toBe(400);
    expect(bookmark.json.errors[0].path).toBe("header.X-D1-Bookmark");
    expect(runs.get(t.companyId)).toBeUndefined();
  });

  it("lets the key's object claim the Idempotency-Key of a valid request only: an invalid one, fixed and sent again with its key, runs", async () => {
    const t = await tenant();
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    expect((await call("/api/v1/test/things", { app, key: t.key, body: invalid, headers })).status).toBe(400);
    const fixed = await call("/api/v1/test/things", { app, key: t.key, body: valid, headers });
    expect(fixed.status).toBe(201);
    expect(fixed.json).toEqual({ run: 1 });
    expect(
      (await call("/api/v1/test/things", { app, key: t.key, body: valid, headers })).headers.get("Idempotent-Replayed"),
    ).toBe("true");
  });

  it("fingerprints the claim by method, path with its query, and body: another query under the same key is another request", async () => {
    const t = await tenant();
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    expect((await call("/api/v1/test/things?tag=a", { app, key: t.key, body: valid, headers })).status).toBe(201);
    const otherQuery = await call("/api/v1/test/things?tag=b", { app, key: t.key, body: valid, headers });
    expect(otherQuery.status).toBe(400);
    expect(slug(otherQuery.json)).toBe("idempotency_key_reused");
  });
});
