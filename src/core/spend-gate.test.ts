import { z } from "@hono/zod-openapi";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../data/schema";
import { defineOperation } from "./operation";
import { call, db, slug, tenant, testApp } from "../../test/helpers";

// A spending operation declared like any other, to exercise gate S through the real pipeline
// before the catalogue's spend operations exist. Its side effect is an audit entry. The gate S
// refusals of every operation (this kind included) are generated in test/security.test.ts.
const spend = defineOperation({
  operationId: "testSpend",
  method: "post",
  path: "/api/v1/test/spend",
  summary: "Spend (test)",
  tag: "Test",
  scope: "billing:write",
  gate: "S",
  plans: "ALL",
  capability: "billing",
  codes: [201, 400, 401, 403, 404, 409, 429, 500, 503],
  request: { body: z.object({ amount: z.number().positive() }) },
  responses: { 201: { description: "Spent", schema: z.object({ spent: z.number() }) } },
  handler: async ({ body, commit }) => {
    await commit([], { resourceType: "spend", resourceId: String(body.amount) });
    return { status: 201, body: { spent: body.amount } };
  },
});
const app = testApp([spend]);
const open = { PUBLIC_API_WRITE_ENABLED: "true", PUBLIC_API_SPEND_ENABLED: "true" };
const spent = async (companyId: string) =>
  (
    await db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.operation, "testSpend")))
  )[0]!.n;

describe("gate S", () => {
  it("is invisible (404) unless both the write and the spend switches are on", async () => {
    const t = await tenant({ spendEnabled: true });
    const request = { app, key: t.key, body: { amount: 5 }, headers: { "Idempotency-Key": "k1" } };
    for (const vars of [
      { PUBLIC_API_WRITE_ENABLED: "true", PUBLIC_API_SPEND_ENABLED: "false" },
      { PUBLIC_API_WRITE_ENABLED: "false", PUBLIC_API_SPEND_ENABLED: "true" },
    ]) {
      expect((await call("/api/v1/test/spend", { ...request, vars })).status).toBe(404);
    }
    expect(await spent(t.companyId)).toBe(0);
  });

  it("needs an account explicitly enabled for spending", async () => {
    const t = await tenant({ spendEnabled: false });
    const response = await call("/api/v1/test/spend", {
      app,
      vars: open,
      key: t.key,
      body: { amount: 5 },
      headers: { "Idempotency-Key": "k1" },
    });
    expect(response.status).toBe(403);
    expect(slug(response.json)).toBe("spend_not_enabled");
  });

  it("needs an Idempotency-Key, and spends once per key", async () => {
    const t = await tenant({ spendEnabled: true });
    const missing = await call("/api/v1/test/spend", { app, vars: open, key: t.key, body: { amount: 5 } });
    expect(missing.status).toBe(400);
    expect(slug(missing.json)).toBe("idempotency_key_required");

    const headers = { "Idempotency-Key": crypto.randomUUID() };
    const first = await call("/api/v1/test/spend", { app, vars: open, key: t.key, body: { amount: 5 }, headers });
    const retry = await call("/api/v1/test/spend", { app, vars: open, key: t.key, body: { amount: 5 }, headers });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await spent(t.companyId)).toBe(1);
  });
});
