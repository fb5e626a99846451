import { describe, expect, it } from "vitest";
import { devLogFilter, devLogLine } from "../scripts/lib/dev-log";

const at = new Date("2026-11-29T14:03:12.345Z");
const logged = (fields: Record<string, unknown>) =>
  JSON.stringify({
    request_id: "0b7c5d0e-1111-4222-8333-944455556666",
    method: "GET",
    path: "/api/v1/budgets",
    operation: "listBudgets",
    key_id: "key_0123456789abcdef",
    company_id: "cmp_0123456789abcdef",
    status: 200,
    duration_ms: 12.34,
    ...fields,
  });

describe("npm run dev's request lines (scripts/lib/dev-log.ts)", () => {
  it("shows the Worker's request log as one line: time, method, path, status, duration, request id", () => {
    expect(devLogLine(logged({}), at)).toBe(
      "14:03:12 GET    /api/v1/budgets 200    12 ms  0b7c5d0e-1111-4222-8333-944455556666  (listBudgets)",
    );
    expect(
      devLogLine(
        logged({ method: "POST", status: 499, duration_ms: 3.21, operation: null, outcome: "client_aborted" }),
        at,
      ),
    ).toBe("14:03:12 POST   /api/v1/budgets 499   3.2 ms  0b7c5d0e-1111-4222-8333-944455556666  (client aborted)");
  });

  it("leaves out wrangler's own request lines (the local cron's every 5 s among them), coloured or not", () => {
    expect(devLogLine("[wrangler:info] GET /__scheduled 200 OK (3ms)")).toBeUndefined();
    expect(devLogLine("\u001b[32m[wrangler:info]\u001b[39m POST /api/v1/budgets 201 Created (40ms)")).toBeUndefined();
  });

  it("leaves out wrangler's table of bindings (wrangler.toml declares them), and only its lines", () => {
    for (const line of [
      "Your Worker has access to the following bindings:",
      "Binding                                  Resource                  Mode",
      "env.KEY_GUARD (KeyGuard)                 Durable Object            local",
      'env.RATE_LIMIT_PER_MINUTE ("120")        Environment Variable      \u001b[2mlocal\u001b[22m',
    ])
      expect(devLogLine(line, at)).toBeUndefined();
    for (const line of ["env.KEY_GUARD is missing", "Binding failed: see the log"])
      expect(devLogLine(line, at)).toBe(line);
  });

  it("passes every other line as it is, JSON that is not a request line included", () => {
    for (const line of [
      "[wrangler:info] Ready on http://127.0.0.1:8787",
      '{"message":"provider callback","provider":"stripe"}',
      "{not json",
      "  Demo API key (all scopes): svc_test_x",
    ])
      expect(devLogLine(line, at)).toBe(line);
  });

  it("names neither the key nor the company: the line has only the fields it shows", () => {
    const line = devLogLine(logged({}), at);
    expect(line).not.toContain("key_0123456789abcdef");
    expect(line).not.toContain("cmp_0123456789abcdef");
  });

  it("reassembles lines split across chunks", () => {
    const printed: string[] = [];
    const filter = devLogFilter((line) => printed.push(line));
    const text = `${logged({})}\n[wrangler:info] GET /__scheduled 200 OK (3ms)\nplain`;
    for (let index = 0; index < text.length; index += 7) filter.write(text.slice(index, index + 7));
    filter.end();
    expect(printed).toHaveLength(2);
    expect(printed[0]).toMatch(/ GET {4}\/api\/v1\/budgets 200 .* 0b7c5d0e-1111-4222-8333-944455556666/);
    expect(printed[1]).toBe("plain");
  });
});
