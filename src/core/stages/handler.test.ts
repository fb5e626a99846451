import { z } from "@hono/zod-openapi";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SecretMissing } from "../../lib/errors";
import { ProviderError } from "../../integrations/outcome";
import { defineOperation, SerializedBody } from "../operation";
import { call, slug, tenant, testApp } from "../../../test/helpers";

const Params = z.object({ thing_id: z.string().transform((id) => id.toUpperCase()) });
const Query = z.object({ size: z.coerce.number().int() });
const Body = z.object({ name: z.string() });
const seen: unknown[] = [];

const echo = defineOperation({
  operationId: "testHandlerEcho",
  method: "post",
  path: "/api/v1/test/handler/{thing_id}",
  summary: "Echo (test)",
  scope: "budgets:write",
  gate: "A",
  codes: [202, 400, 401, 403, 409, 429],
  request: { params: Params, query: Query, body: Body },
  responses: { 202: { description: "Echoed", schema: z.object({ name: z.string() }) } },
  handler: async ({ params, query, body, caller, requestId, idempotencyKey }) => {
    seen.push({ params, query, body, company: caller.company.id, requestId, idempotencyKey });
    return { status: 202, body: { name: body.name }, headers: { "X-Test": "echo" } };
  },
});
const serialized = SerializedBody.of({ name: "serialized once" });
const failing = (operationId: string, path: string, codes: number[], thrown: () => Error) =>
  defineOperation({
    operationId,
    method: "get",
    path,
    summary: `${operationId} (test)`,
    scope: "budgets:read",
    gate: "A",
    codes,
    responses: { 200: { description: "Never", schema: z.object({ name: z.string() }) } },
    handler: async () => {
      throw thrown();
    },
  });
const refusedByProvider = () => new ProviderError("postmark", "refused", "The recipient is inactive.");
const secretMissing = () => new SecretMissing("WEBHOOK_SECRET_KEY", "signing secrets");
const app = testApp([
  echo,
  defineOperation({
    operationId: "testHandlerSerialized",
    method: "get",
    path: "/api/v1/test/handler-serialized",
    summary: "Serialized (test)",
    scope: "budgets:read",
    gate: "A",
    codes: [200, 401, 403, 429],
    responses: { 200: { description: "A body serialized once", schema: z.object({ name: z.string() }) } },
    handler: async () => ({ status: 200, body: serialized }),
  }),
  failing("testRefusedDeclared", "/api/v1/test/refused-declared", [200, 422], refusedByProvider),
  failing("testRefusedUndeclared", "/api/v1/test/refused-undeclared", [200, 502], refusedByProvider),
  failing("testSecretDeclared", "/api/v1/test/secret-declared", [200, 503], secretMissing),
  failing("testSecretUndeclared", "/api/v1/test/secret-undeclared", [200, 500], secretMissing),
]);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the handler stage", () => {
  it("gives the handler its parsed input, its caller, the request id and Idempotency-Key; its reply is the answer", async () => {
    const t = await tenant();
    const response = await call("/api/v1/test/handler/abc?size=3", {
      app,
      key: t.key,
      body: { name: "Ana" },
      headers: { "X-Request-Id": "handler-1", "Idempotency-Key": "handler-key-1" },
    });
    expect(response.status).toBe(202);
    expect(response.json).toEqual({ name: "Ana" });
    expect(response.headers.get("Content-Type")).toBe("application/json");
    expect(response.headers.get("X-Test")).toBe("echo");
    expect(seen.at(-1)).toEqual({
      params: { thing_id: "ABC" },
      query: { size: 3 },
      body: { name: "Ana" },
      company: t.companyId,
      requestId: "handler-1",
      idempotencyKey: "handler-key-1",
    });
  });

  it("sends a body serialized once as its text", async () => {
    const t = await tenant();
    const response = await call("/api/v1/test/handler-serialized", { app, key: t.key });
    expect(response.status).toBe(200);
    expect(response.text).toBe(serialized.json);
  });

  it("answers a provider's refusal 422 where the operation declares it, else 502; a missing secret 503 where declared, else 500", async () => {
    const t = await tenant();
    vi.spyOn(console, "error").mockImplementation(() => {});
    const cases: [string, number, string][] = [
      ["/api/v1/test/refused-declared", 422, "unprocessable"],
      ["/api/v1/test/refused-undeclared", 502, "upstream_error"],
      ["/api/v1/test/secret-declared", 503, "integration_not_configured"],
      ["/api/v1/test/secret-undeclared", 500, "internal_error"],
    ];
    for (const [path, status, problem] of cases) {
      const response = await call(path, { app, key: t.key });
      expect(response.status, path).toBe(status);
      expect(slug(response.json), path).toBe(problem);
    }
  });
});
