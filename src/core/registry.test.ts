import { describe, expect, it } from "vitest";
import { call, slug, tenant } from "../../test/helpers";
import { byPrecedence } from "./registry";

describe("routing", () => {
  it("serves a path with a trailing slash as the same resource, never a self-contradicting 405", async () => {
    const t = await tenant();
    const plain = await call("/api/v1/budgets", { key: t.key });
    const slashed = await call("/api/v1/budgets/", { key: t.key });
    expect(slashed.status).toBe(200);
    expect(slashed.json).toEqual(plain.json);
  });

  it.each([
    ["GET", "/api/v1/contacts/import", "POST"],
    ["PATCH", "/api/v1/contacts/import", "POST"],
    ["GET", "/api/v1/contacts/identify", "POST"],
    ["DELETE", "/api/v1/contacts/import", "POST"],
  ])("answers %s %s with 405 and the methods of that path (Allow: %s)", async (method, path, allow) => {
    const t = await tenant();
    const response = await call(path, { key: t.key, method });
    expect(response.status).toBe(405);
    expect(slug(response.json)).toBe("method_not_allowed");
    expect(response.headers.get("Allow")).toBe(allow);
  });

  it("still serves the parameter route for ids that are not a literal path", async () => {
    const t = await tenant();
    const response = await call("/api/v1/contacts/00000000-0000-4000-8000-000000000000", { key: t.key });
    expect(response.status).toBe(404);
    expect(slug(response.json)).toBe("not_found");
  });

  it("lets a closed gate hide the literal path, so the parameter route serves it", async () => {
    const t = await tenant();
    const response = await call("/api/v1/contacts/import", { key: t.key, vars: { PUBLIC_API_WRITE_ENABLED: "false" } });
    expect(response.status).toBe(404);
  });

  it("orders literal segments before parameters", () => {
    const paths = [
      "/api/v1/agents/{agent_id}",
      "/api/v1/agents/templates",
      "/api/v1/agents",
      "/api/v1/agents/{agent_id}/versions",
    ];
    expect([...paths].sort(byPrecedence)).toEqual([
      "/api/v1/agents",
      "/api/v1/agents/templates",
      "/api/v1/agents/{agent_id}",
      "/api/v1/agents/{agent_id}/versions",
    ]);
  });
});
