import type { OpenAPIHono, z } from "@hono/zod-openapi";
import { ApiError, ProblemSchema, problemTypes, type ProblemSlug } from "./errors";
import { declaredCodes, pipelineExtensions, planSets, type Operation } from "./operation";
import { gateOpen, operationHandler, type AppEnv } from "./pipeline";
import type { Env } from "../env";

const honoPath = (path: string) => path.replace(/\{([^}]+)\}/g, ":$1");

/** Which problem types each status can carry, for the response descriptions of the document. */
const slugsByStatus = new Map<number, ProblemSlug[]>();
for (const [slug, type] of Object.entries(problemTypes) as [ProblemSlug, (typeof problemTypes)[ProblemSlug]][]) {
  slugsByStatus.set(type.status, [...(slugsByStatus.get(type.status) ?? []), slug]);
}

const rateLimitHeaders = {
  RateLimit: { description: 'Remaining quota and seconds until a slot frees: "default";r=<remaining>;t=<seconds>', schema: { type: "string" as const } },
  "RateLimit-Policy": { description: '"default";q=120;w=60', schema: { type: "string" as const } },
  "X-Request-Id": { description: "The request id (echoed when sent)", schema: { type: "string" as const } },
};

/** Registers each operation once: the route, its pipeline, and its OpenAPI operation object. */
export function registerOperations(app: OpenAPIHono<AppEnv>, operations: readonly Operation[]): void {
  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "An API key, svc_<env>_<hex>. Each operation names the scope it requires.",
  });
  for (const op of operations) {
    const responses: Record<string, unknown> = {};
    for (const code of declaredCodes(op)) {
      const success = op.responses[code as 200 | 201 | 202];
      responses[String(code)] = success
        ? { description: success.description, headers: rateLimitHeaders, content: { "application/json": { schema: success.schema } } }
        : {
            description: (slugsByStatus.get(code) ?? ["internal_error"]).join(", "),
            content: { "application/problem+json": { schema: ProblemSchema } },
          };
    }
    const extensions = pipelineExtensions(op);
    app.openAPIRegistry.registerPath({
      method: op.method,
      path: op.path,
      operationId: op.operationId,
      summary: op.summary,
      description: op.description,
      tags: [op.tag],
      security: [{ bearerAuth: [op.scope] }],
      request: {
        params: op.request?.params as z.ZodObject | undefined,
        query: op.request?.query as z.ZodObject | undefined,
        body: op.request?.body ? { required: true, content: { "application/json": { schema: op.request.body } } } : undefined,
      },
      responses: responses as never,
      "x-scope": op.scope,
      "x-gate": op.gate,
      "x-plans": op.plans,
      "x-plans-included": planSets[op.plans],
      "x-capability": op.capability,
      ...(extensions.length ? { "x-pipeline-codes": extensions } : {}),
    });
    app.on(op.method.toUpperCase(), honoPath(op.path), operationHandler(op));
  }
}

/** Step 3: a known path with another method answers 405 with the methods it has; else 404. */
export function methodNotAllowed(operations: readonly Operation[]) {
  const routes = new Map<string, { pattern: RegExp; operations: Operation[] }>();
  for (const op of operations) {
    const entry = routes.get(op.path) ?? { pattern: new RegExp(`^${op.path.replace(/\{[^}]+\}/g, "[^/]+")}/?$`), operations: [] };
    entry.operations.push(op);
    routes.set(op.path, entry);
  }
  return (path: string, env: Env): ApiError => {
    const allowed = new Set<string>();
    for (const route of routes.values()) {
      if (!route.pattern.test(path)) continue;
      for (const op of route.operations) if (gateOpen(op.gate, env)) allowed.add(op.method.toUpperCase());
    }
    if (allowed.size === 0) return new ApiError("not_found", "No such path.");
    if (allowed.has("GET")) allowed.add("HEAD");
    const allow = [...allowed].sort().join(", ");
    return new ApiError("method_not_allowed", `This path answers ${allow}.`, { headers: { Allow: allow } });
  };
}

export function openApiDocument(app: OpenAPIHono<AppEnv>, baseUrl: string) {
  return app.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Public API",
      version: "1.0.0",
      description:
        "Tenant-scoped REST API. Errors are RFC 9457 problems (application/problem+json) whose type is " +
        `${baseUrl}/problems/<slug>. Every operation may also answer 404 when the API is switched off, ` +
        "405 for a method the path does not have, and 500; x-pipeline-codes lists the codes the request pipeline " +
        "adds to those the specification declares (413 for bodies over 1 MiB, 400 and 409 for Idempotency-Key).",
    },
    servers: [{ url: baseUrl }],
  });
}
