import { z } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, slug, tenant, testApp } from "../../test/helpers";
import { loggableError } from "./errors";
import { defineOperation } from "../core/operation";

const failing = defineOperation({
  operationId: "testFailure",
  method: "get",
  path: "/api/v1/test/failure",
  summary: "Fails (test)",
  tag: "Test",
  scope: "budgets:read",
  gate: "A",
  plans: "ALL",
  capability: "budgets",
  codes: [200, 500],
  responses: { 200: { description: "Never", schema: z.object({}) } },
  handler: async ({ db }) => {
    await db.run("SELECT * FROM no_such_table_for_company_secret");
    return { status: 200, body: {} };
  },
});
const app = testApp([failing]);

describe("unexpected errors", () => {
  it("answer 500 internal_error without revealing SQL or stack", async () => {
    const t = await tenant();
    const response = await call("/api/v1/test/failure", { app, key: t.key });
    expect(response.status).toBe(500);
    expect(slug(response.json)).toBe("internal_error");
    expect(response.text).not.toMatch(/no_such_table|SELECT|at .*\.ts/);
    expect(response.json.detail).toContain(response.json.request_id);
  });
});

describe("server error logs", () => {
  it("name a failed query's SQL and cause, never its parameters", async () => {
    const email = "maria.lopez@example.com";
    const failure = await db.run(sql`SELECT * FROM no_such_table WHERE email = ${email}`).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(String(failure)).toContain(email); // drizzle's own message carries the parameters
    const logged = loggableError(failure);
    expect(logged.error).toContain("no_such_table");
    expect(JSON.stringify(logged)).not.toContain(email);
  });
});
