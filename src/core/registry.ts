import type { OpenAPIHono, z } from "@hono/zod-openapi";
import { ApiError, ProblemSchema, problemTypes, type ProblemSlug } from "./errors";
import { declaredCodes, pipelineExtensions, planSets, type Operation } from "./operation";
import { gateOpen, operationHandler, type AppEnv } from "./pipeline";
import type { Config } from "../config";
import type { EventSink } from "./domain";

const honoPath = (path: string) => path.replace(/\{([^}]+)\}/g, ":$1");
const segments = (path: string) => path.split("/").filter(Boolean);
const isParam = (segment: string) => segment.startsWith("{");

/**
 * Route precedence: at the first segment where two paths differ in kind, a literal beats a
 * parameter (/agents/templates before /agents/{agent_id}). Routes are registered in this order,
 * so a request is served by the most specific path that matches it.
 */
export function byPrecedence(a: string, b: string): number {
  const left = segments(a);
  const right = segments(b);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const kind = Number(isParam(left[i]!)) - Number(isParam(right[i]!));
    if (kind !== 0) return kind;
  }
  return left.length - right.length;
}

/** Whether `general` (with parameters) also matches every request for `specific`. */
function shadows(general: string, specific: string): boolean {
  const g = segments(general);
  const s = segments(specific);
  return general !== specific && g.length === s.length && g.every((segment, i) => isParam(segment) || segment === s[i]) && byPrecedence(specific, general) < 0;
}

/** Which problem types each status can carry, for the response descriptions of the document. */
const slugsByStatus = new Map<number, ProblemSlug[]>();
for (const [slug, type] of Object.entries(problemTypes) as [ProblemSlug, (typeof problemTypes)[ProblemSlug]][]) {
  slugsByStatus.set(type.status, [...(slugsByStatus.get(type.status) ?? []), slug]);
}

const rateLimitHeaders = {
  RateLimit: { description: 'Remaining quota and seconds until a slot frees: "default";r=<remaining>;t=<seconds>', schema: { type: "string" as const } },
  "RateLimit-Policy": { description: 'The key\'s quota and window: "default";q=<requests>;w=<seconds>', schema: { type: "string" as const } },
  "X-Request-Id": { description: "The request id (echoed when sent)", schema: { type: "string" as const } },
};

/** Registers each operation once: the route, its pipeline, and its OpenAPI operation object. */
export function registerOperations(app: OpenAPIHono<AppEnv>, operations: readonly Operation[], eventSink?: EventSink): void {
  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "An API key, svc_<env>_<hex>. Each operation names the scope it requires.",
  });
  const ordered = [...operations].sort((a, b) => byPrecedence(a.path, b.path));
  const byPath = new Map<string, Operation[]>();
  for (const op of ordered) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
  for (const op of ordered) {
    // A more specific path that this one would also match (POST /contacts/import under GET
    // /contacts/{contact_id}) answers 405 for this method rather than this operation's 404,
    // unless its own gates are all closed (then it is invisible, and this operation serves).
    for (const [path, others] of byPath) {
      if (!shadows(op.path, path) || others.some((other) => other.method === op.method)) continue;
      app.on(op.method.toUpperCase(), honoPath(path), async (c, next) => {
        const open = others.filter((other) => gateOpen(other.gate, c.var.config)).map((other) => other.method);
        if (open.length === 0) return next();
        throw methodNotAllowedError(open);
      });
    }
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
        body: op.request?.body
          ? { required: true, content: { "application/json": { schema: op.request.body } } }
          : op.request?.rawBody && {
              required: true,
              description: op.request.rawBody.description,
              content: Object.fromEntries(Object.entries(op.request.rawBody.content).map(([type, schema]) => [type, { schema }])),
            },
      },
      responses: responses as never,
      "x-scope": op.scope,
      "x-gate": op.gate,
      "x-plans": op.plans,
      "x-plans-included": planSets[op.plans],
      "x-capability": op.capability,
      ...(extensions.length ? { "x-pipeline-codes": extensions } : {}),
    });
    app.on(op.method.toUpperCase(), honoPath(op.path), operationHandler(op, eventSink));
  }
}

function methodNotAllowedError(methods: readonly string[]): ApiError {
  const allowed = new Set(methods.map((method) => method.toUpperCase()));
  if (allowed.has("GET")) allowed.add("HEAD");
  const allow = [...allowed].sort().join(", ");
  return new ApiError("method_not_allowed", `This path answers ${allow}.`, { headers: { Allow: allow } });
}

/**
 * Step 3: a known path with another method answers 405 with the methods of the most specific
 * path that matches it (the one that would serve it); else 404. Closed gates hide methods.
 */
export function methodNotAllowed(operations: readonly Operation[]) {
  const routes = new Map<string, { pattern: RegExp; operations: Operation[] }>();
  for (const op of [...operations].sort((a, b) => byPrecedence(a.path, b.path))) {
    const entry = routes.get(op.path) ?? { pattern: new RegExp(`^${op.path.replace(/\{[^}]+\}/g, "[^/]+")}/?$`), operations: [] };
    entry.operations.push(op);
    routes.set(op.path, entry);
  }
  return (path: string, config: Config): ApiError => {
    for (const route of routes.values()) {
      if (!route.pattern.test(path)) continue;
      const open = route.operations.filter((op) => gateOpen(op.gate, config)).map((op) => op.method);
      if (open.length > 0) return methodNotAllowedError(open);
    }
    return new ApiError("not_found", "No such path.");
  };
}

/** What the document quotes from the deployment's configuration. */
export type DocumentConfig = Pick<Config, "publicBaseUrl" | "rateLimit" | "maxBodyBytes">;

export function openApiDocument(app: OpenAPIHono<AppEnv>, config: DocumentConfig) {
  const { publicBaseUrl: baseUrl, rateLimit, maxBodyBytes } = config;
  return app.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Public API",
      version: "1.0.0",
      description:
        "Tenant-scoped REST API. Errors are RFC 9457 problems (application/problem+json) whose type is " +
        `${baseUrl}/problems/<slug>. Each API key may make ${rateLimit.limit} requests per rolling ${rateLimit.windowSeconds} s. ` +
        "Every operation may also answer 404 when the API is switched off, 405 for a method the path does not have, and 500; " +
        "x-pipeline-codes lists the codes the request pipeline adds to those the specification declares " +
        `(413 for bodies over ${maxBodyBytes} bytes, 400 and 409 for Idempotency-Key).`,
    },
    servers: [{ url: baseUrl }],
  });
}
