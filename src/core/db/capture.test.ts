import { describe, expect, it } from "vitest";
import { call, db, tenant } from "../../../test/helpers";
import { createApp, SQL_CAPTURE_HEADER } from "../../app";
import { budgetPageQuery, seedBulkBudgets } from "../../domains/budgets";
import { bulkCalls } from "../../domains/calls";
import type { CapturedCall } from "./session";

/** The app as the bench's floors run it (SQL_CAPTURE): each API response carries the SQL its request ran. */
const capturing = createApp(undefined, { captureSql: true });
const captured = (response: { headers: Headers }): CapturedCall[] => JSON.parse(response.headers.get(SQL_CAPTURE_HEADER) ?? "null");
const timing = { SERVER_TIMING: "true" };
const d1Calls = (response: { headers: Headers }) => Number(/d1;desc="(\d+)"/.exec(response.headers.get("Server-Timing") ?? "")?.[1]);

describe("SQL capture (the bench's floors replay what an operation ran)", () => {
  it("GET /budgets: the captured statement is the list's own page query, with this request's parameters", async () => {
    const t = await tenant();
    await seedBulkBudgets(db, t.companyId, 60);
    const response = await call("/api/v1/budgets?limit=20&offset=5", { key: t.key, app: capturing });
    expect(response.status).toBe(200);
    const page = budgetPageQuery(db);
    const named: Record<string, unknown> = { companyId: t.companyId, limit: 20, offset: 5 };
    const params = page.params.map((param: unknown) => (typeof param === "object" && param !== null && "name" in param ? named[(param as { name: string }).name] : param));
    expect(captured(response)).toEqual([{ wave: 1, method: "raw", statements: [{ sql: page.sql, params }] }]);
  });

  it("records every D1 call the request made, those begun together in one wave (GET /calls: its queries at once)", async () => {
    const t = await tenant({ capabilities: ["calls"] });
    await bulkCalls(db, t.companyId, { count: "30", days: "3" });
    const response = await call("/api/v1/calls?limit=10", { key: t.key, app: capturing, vars: timing });
    expect(response.status).toBe(200);
    const calls = captured(response);
    expect(calls).toHaveLength(d1Calls(response));
    expect(calls.length).toBeGreaterThan(1);
    expect(new Set(calls.map((entry) => entry.wave))).toEqual(new Set([1]));
    // Every query of the company's calls is scoped to it, so each carries its id among its parameters.
    for (const entry of calls) for (const statement of entry.statements) expect(statement.params).toContain(t.companyId);
  });

  it("is off unless the app was built with it: no header, and a refused request captures nothing", async () => {
    const t = await tenant({}, ["calls:read"]);
    expect((await call("/api/v1/budgets", { key: t.key })).headers.get(SQL_CAPTURE_HEADER)).toBeNull();
    const forbidden = await call("/api/v1/budgets", { key: t.key, app: capturing });
    expect(forbidden.status).toBe(403);
    expect(captured(forbidden)).toEqual([]);
  });
});
