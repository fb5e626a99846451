import { describe, expect, it } from "vitest";
import { call, tenant } from "../../../test/helpers";

const body = { client_name: "Ana", items: [{ concept: "x", units: 1, unit_price: 1 }] };

describe("GET /api/v1/audit-log", () => {
  it("lists every successful write: who, what, which resource, when; newest first", async () => {
    const t = await tenant();
    const first = await call("/api/v1/budgets", { key: t.key, body, headers: { "X-Request-Id": "write-1" } });
    const second = await call("/api/v1/budgets", { key: t.key, body });
    await call("/api/v1/budgets", { key: t.key, body: { items: [] } });
    await call("/api/v1/budgets", { key: t.key });
    const response = await call("/api/v1/audit-log", { key: t.key });
    expect(response.status).toBe(200);
    expect(response.json.data).toHaveLength(2);
    expect(response.json.data.map((entry: { resource_id: string }) => entry.resource_id)).toEqual([
      second.json.id,
      first.json.id,
    ]);
    expect(response.json.data[1]).toEqual({
      id: expect.any(String),
      key_id: t.keyId,
      operation: "createBudget",
      method: "POST",
      path: "/api/v1/budgets",
      resource_type: "budget",
      resource_id: first.json.id,
      request_id: "write-1",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it("filters by resource type and time, and validates the filters", async () => {
    const t = await tenant();
    await call("/api/v1/budgets", { key: t.key, body });
    expect((await call("/api/v1/audit-log?resource_type=api_key", { key: t.key })).json.data).toEqual([]);
    expect((await call("/api/v1/audit-log?resource_type=budget", { key: t.key })).json.data).toHaveLength(1);
    expect((await call("/api/v1/audit-log?since=2999-01-01T00:00:00Z", { key: t.key })).json.data).toEqual([]);
    expect((await call("/api/v1/audit-log?until=2999-01-01T00:00:00%2B02:00", { key: t.key })).json.data).toHaveLength(
      1,
    );
    const bad = await call("/api/v1/audit-log?since=yesterday", { key: t.key });
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0].path).toBe("query.since");
  });

  it("shows only the company's own entries", async () => {
    const a = await tenant();
    const b = await tenant();
    await call("/api/v1/budgets", { key: a.key, body });
    expect((await call("/api/v1/audit-log", { key: b.key })).json.data).toEqual([]);
  });
});
