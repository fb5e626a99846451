import { afterEach, describe, expect, it, vi } from "vitest";
import { call, tenant } from "../../../test/helpers";
import { tripsOf } from "../../../test/fixtures/stages";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the request id stage", () => {
  it("echoes an X-Request-Id of 1 to 128 visible ASCII characters, and generates one for any other, even on a path no route has", async () => {
    for (const sent of ["trace-42", "x".repeat(128), "~!#"]) {
      const response = await call("/api/v1/no-such-path", { headers: { "X-Request-Id": sent } });
      expect(response.status).toBe(404);
      expect(response.headers.get("X-Request-Id")).toBe(sent);
      expect(response.json.request_id).toBe(sent);
    }
    for (const sent of [undefined, "x".repeat(129), "with space"]) {
      const response = await call("/api/v1/no-such-path", {
        headers: sent === undefined ? {} : { "X-Request-Id": sent },
      });
      expect(response.headers.get("X-Request-Id")).toMatch(UUID);
      expect(response.json.request_id).toBe(response.headers.get("X-Request-Id"));
    }
    // Before the switch too: with the API off, its 404 carries the id.
    const off = await call("/api/v1/budgets", {
      headers: { "X-Request-Id": "trace-off" },
      vars: { PUBLIC_API_ENABLED: "false" },
    });
    expect(off.status).toBe(404);
    expect(off.headers.get("X-Request-Id")).toBe("trace-off");
  });

  it("sets the common headers on every answer: no-store unless the answer set its own caching, and nosniff", async () => {
    const problem = await call("/api/v1/no-such-path");
    expect(problem.headers.get("Cache-Control")).toBe("no-store");
    expect(problem.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const page = await call("/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("no-cache");
    expect(page.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("counts the round trips in Server-Timing only when SERVER_TIMING is on", async () => {
    const t = await tenant();
    const counted = await call("/api/v1/budgets", { key: t.key, vars: { SERVER_TIMING: "true" } });
    expect(tripsOf(counted)).toMatchObject({ keyguard: 1, d1: 1 });
    expect(
      (await call("/api/v1/budgets", { key: t.key, vars: { SERVER_TIMING: "false" } })).headers.get("Server-Timing"),
    ).toBeNull();
  });

  it("sends the key's RateLimit headers on an answer its object counted, and none before it", async () => {
    const t = await tenant();
    const counted = await call("/api/v1/budgets", { key: t.key });
    expect(counted.headers.get("RateLimit-Policy")).toBe('"default";q=120;w=60');
    expect(counted.headers.get("RateLimit")).toMatch(/^"default";r=119;t=\d+$/);
    const keyless = await call("/api/v1/budgets");
    expect(keyless.status).toBe(401);
    expect(keyless.headers.get("RateLimit")).toBeNull();
  });

  it("writes one log line: request id, method, path, operation, key and company, status; never the key itself", async () => {
    const t = await tenant();
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    await call("/api/v1/budgets?limit=2", {
      key: t.key,
      headers: { "X-Request-Id": "logged-1" },
      vars: { REQUEST_LOG: "true" },
    });
    const lines = log.mock.calls.map(([line]) => String(line)).filter((line) => line.includes('"logged-1"'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toEqual({
      request_id: "logged-1",
      method: "GET",
      path: "/api/v1/budgets",
      operation: "listBudgets",
      key_id: t.keyId,
      company_id: t.companyId,
      status: 200,
      duration_ms: expect.any(Number),
    });
    expect(lines[0]).not.toContain(t.key);
  });
});
