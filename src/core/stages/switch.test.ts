import { describe, expect, it } from "vitest";
import { call, operator, slug, tenant } from "../../../test/helpers";
import { tripsOf } from "../../../test/fixtures/stages";

const off = { PUBLIC_API_ENABLED: "false", SERVER_TIMING: "true" };

describe("the API switch", () => {
  it("off, answers 404 on the whole public surface before the route and before the key: operations, documents, docs, problems, /mcp", async () => {
    const t = await tenant();
    const requests: [string, string][] = [
      ["GET", "/api/v1/budgets"],
      // A method the path does not have: 404, not the 405 that would show the path exists.
      ["DELETE", "/api/v1/budgets"],
      ["GET", "/api/v1/no-such-path"],
      ["GET", "/api/v1/openapi.json"],
      ["GET", "/docs"],
      ["GET", "/docs/overview"],
      ["GET", "/problems/not_found"],
      ["POST", "/mcp"],
    ];
    for (const [method, path] of requests) {
      const response = await call(path, { method, key: t.key, vars: off });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(slug(response.json), `${method} ${path}`).toBe("not_found");
      expect(tripsOf(response), `${method} ${path}`).toMatchObject({ keyguard: 0, d1: 0 });
    }
  });

  it("on, lets the route answer: the same method is 405 with Allow", async () => {
    const response = await call("/api/v1/budgets", { method: "DELETE" });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, HEAD, POST");
  });

  it("is the public API's only: the operator API answers with the API off", async () => {
    const t = await tenant();
    const response = await operator(`/companies/${t.companyId}`, { vars: { PUBLIC_API_ENABLED: "false" } });
    expect(response.status).toBe(200);
    expect(response.json.company_id).toBe(t.companyId);
  });
});
