import { OpenAPIHono, type z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "./app-env";
import { sha256Hex, timingSafeEqualText } from "../keys/auth";
import { commitBatch } from "./commit";
import { acrossStores, databaseFor } from "../data/tenancy";
import { nowIso, operatorAuditLog } from "../data/schema";
import { operatorOperationOf, type DomainSource } from "./domain-table";
import {
  ApiError,
  declaredSecretMissing,
  fieldErrors,
  type FieldError,
  loggableError,
  methodNotAllowedProblem,
  problemOf,
  ProblemSchema,
  problemTypes,
  validationProblem,
} from "../lib/errors";
import { readBody as readBodyText } from "../lib/body";
import { authFailureLimiter, clientOf, failedAuthentication } from "../keys/auth-failures";
import type { EventSink } from "../data/events";
import { InputError } from "../lib/input-error";
import { OPERATOR_BASE, type OperatorContext, type OperatorOperation, type OperatorReply } from "./operator";
import { problemResponse } from "./stages/answer";
import { queryParameterNames, unknownQueryParameters } from "./stages/input";
import { strictObjects } from "../lib/schemas";
import { HEADERS, nullableAsAnyOf, type DocumentConfig } from "./registry";

// The operator API's router: each operator operation (declared with ./operator) behind the operator
// secret, its body read and checked, its write committed and audited, and its own OpenAPI document.

type Schema = z.ZodType;

/** The refusals of the panel's functions (InputError), as the problems of the operator API. */
function operatorProblem(error: InputError): ApiError {
  switch (error.code) {
    case "unknown_company":
    case "not_found":
      return new ApiError("not_found", error.message);
    case "conflict":
      return new ApiError("conflict", error.message);
    case "missing_secret":
      return new ApiError("integration_not_configured", error.message);
    default:
      // The field at fault, where the panel's function names it, as the public API lists one.
      return new ApiError(
        "validation_error",
        error.message,
        error.field ? { errors: [{ path: error.field, message: error.message }] } : {},
      );
  }
}

const honoPath = (path: string) => path.replace(/\{([^}]+)\}/g, ":$1");

/** The operator's secret, compared as hashes (equal lengths: the same time whatever was sent). */
async function isOperator(c: Context<AppEnv>): Promise<boolean> {
  const secret = c.var.config.adminSecret;
  const presented = /^Bearer (\S+)$/.exec(c.req.header("Authorization") ?? "")?.[1];
  return Boolean(secret && presented && timingSafeEqualText(await sha256Hex(presented), await sha256Hex(secret)));
}

/**
 * The request's path, query and body as the operation's schemas read them, or one validation_error
 * listing every field at fault (at most VALIDATION_ERRORS_MAX, as on the public API). A query
 * parameter the operation does not have is refused by the public pipeline's own check.
 */
async function parsedInput(
  c: Context<AppEnv>,
  op: OperatorOperation,
  body: Schema | undefined,
  queryNames: ReadonlySet<string>,
): Promise<{ params: unknown; query: unknown; body: unknown }> {
  const errors: FieldError[] = [];
  const read = (schema: Schema | undefined, value: unknown, where: "body" | "query" | "path") => {
    if (!schema) return undefined;
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    errors.push(...fieldErrors(where, result.error.issues));
    return undefined;
  };
  const url = new URL(c.req.url);
  const params = read(op.request?.params, c.req.param(), "path");
  errors.push(...unknownQueryParameters(url, queryNames));
  const query = read(op.request?.query, Object.fromEntries(url.searchParams), "query");
  const parsedBody = read(body, await readBody(c, op), "body");
  if (errors.length > 0) throw validationProblem(errors);
  return { params, query, body: parsedBody };
}

/**
 * The body as JSON, read as the public API reads one (src/lib/body.ts): within the size cap,
 * 400 incomplete_body for a body cut short, UTF-8 only; a body sent to an operation that takes
 * none is refused, as on the public API (an empty `{}` is not a body).
 */
async function readBody(c: Context<AppEnv>, op: OperatorOperation): Promise<unknown> {
  const text = await readBodyText(c.req.raw, c.var.config.maxBodyBytes);
  if (!op.request?.body) {
    if (text.trim() !== "" && text.trim() !== "{}")
      throw new ApiError("validation_error", "This operation takes no request body.", {
        errors: [{ path: "body", message: "This operation takes no request body." }],
      });
    return undefined;
  }
  try {
    return text === "" ? {} : JSON.parse(text);
  } catch {
    throw new ApiError("invalid_json", "The body is not valid JSON.");
  }
}

/** The operator API's rate limit (OPERATOR_REQUESTS, wrangler.toml [[ratelimits]]): requests a client may make in the period. */
const OPERATOR_RATE_PERIOD_SECONDS = 60;
const OPERATOR_RATE_LIMIT = 600;

/**
 * The operator API's own rate limit, per client address (the platform's rate limiting binding): a
 * leaked or looping caller of the operator secret is slowed down like any API key. A request made in
 * process (no client address: the tests and the admin CLI's Worker) is not counted; the limiter
 * failing lets the request through (the secret already holds).
 */
async function withinOperatorRate(c: Context<AppEnv>): Promise<void> {
  const client = clientOf(c.req.raw.headers);
  if (client === undefined) return;
  let allowed = true;
  try {
    allowed = (await c.env.OPERATOR_REQUESTS.limit({ key: client })).success;
  } catch (error) {
    console.error(JSON.stringify({ message: "OPERATOR_REQUESTS limiter failed", ...loggableError(error) }));
  }
  if (!allowed)
    throw new ApiError(
      "rate_limited",
      `Too many operator requests from this client; retry in ${OPERATOR_RATE_PERIOD_SECONDS} s.`,
      {
        headers: { "Retry-After": String(OPERATOR_RATE_PERIOD_SECONDS) },
      },
    );
}

function operatorHandler(op: OperatorOperation, eventSink: EventSink | undefined) {
  const body = op.request?.body ? strictObjects(op.request.body) : undefined;
  const queryNames = queryParameterNames(op.operationId, op.request?.query);
  return async (c: Context<AppEnv>): Promise<Response> => {
    // An operation about one company acts in its store; one about a resource named otherwise reads
    // the store its values name, or every store (tenancy.ts).
    const companyId = c.req.param("company_id");
    const db = companyId ? databaseFor(c.env, companyId) : acrossStores(c.env);
    const ctx: OperatorContext<unknown, unknown, unknown> = {
      ...(await parsedInput(c, op, body, queryNames)),
      db,
      env: c.env,
      config: c.var.config,
      requestId: c.get("requestId"),
      commit: (companyId, statements, events = []) =>
        commitBatch(databaseFor(c.env, companyId), c.env, eventSink, companyId, statements, events, []),
    };
    let reply: OperatorReply<unknown>;
    try {
      reply = await op.handler(ctx);
    } catch (error) {
      // A missing at-rest key is the 503 of an operation that declares it, as on the public API.
      throw error instanceof InputError ? operatorProblem(error) : declaredSecretMissing(op, error);
    }
    if (reply.audit) {
      await db.insert(operatorAuditLog).values({
        id: crypto.randomUUID(),
        companyId: reply.audit.companyId,
        operation: op.operationId,
        method: op.method.toUpperCase(),
        path: new URL(c.req.url).pathname,
        resourceType: reply.audit.resourceType,
        resourceId: reply.audit.resourceId,
        requestId: c.get("requestId"),
        createdAt: nowIso(),
      });
    }
    return c.json(reply.body as object, reply.status);
  };
}

/**
 * The operator API's routes and its own OpenAPI document (GET /admin/v1/openapi.json). Without
 * ADMIN_SECRET configured, or with another secret (an API key included), every path is 404 like
 * an unknown one: nothing tells a caller the operator API exists.
 */
export function operatorApi(source: DomainSource) {
  const api = new OpenAPIHono<AppEnv>({ strict: false });
  api.use(`${OPERATOR_BASE}/*`, async (c, next) => {
    // A wrong secret is counted like a failed API key (AUTH_FAILURES): 404 as for no such path, 429 past the limit.
    if (!(await isOperator(c)))
      throw await failedAuthentication(
        authFailureLimiter(c.env, c.var.config.authFailureLimit),
        clientOf(c.req.raw.headers),
        new ApiError("not_found", "No such path."),
      );
    await withinOperatorRate(c);
    await next();
  });
  for (const route of source.table.operatorOperations) {
    // Built on the operation's first request, not at start-up: its owner is loaded then (and its body made strict walks the schema).
    let handler: ReturnType<typeof operatorHandler> | undefined;
    api.on(route.method.toUpperCase(), honoPath(route.path), async (c) => {
      if (!handler) {
        const [op, eventSink] = await Promise.all([operatorOperationOf(source, route), source.eventSink()]);
        handler ??= operatorHandler(op, eventSink);
      }
      return handler(c);
    });
  }
  // A known path with another method: 405 naming the methods it has, as on the public API.
  const methodsByPath = new Map<string, string[]>();
  for (const route of source.table.operatorOperations)
    methodsByPath.set(route.path, [...(methodsByPath.get(route.path) ?? []), route.method]);
  for (const [path, methods] of methodsByPath)
    api.all(honoPath(path), () => {
      throw methodNotAllowedProblem(methods);
    });
  // Built on the first request for it, once per deployment address and environment (the settings it quotes):
  // one build even when two first requests meet.
  const documents = new Map<string, Promise<string>>();
  api.get(`${OPERATOR_BASE}/openapi.json`, async (c) => {
    const config = c.var.config;
    const key = `${config.environment} ${config.publicBaseUrl}`;
    let document = documents.get(key);
    if (!document) {
      document = operatorDocument(source, config).then((built) => JSON.stringify(built));
      documents.set(key, document);
    }
    return c.body(await document, 200, { "Content-Type": "application/json" });
  });
  api.onError((error, c) => {
    const problem = problemOf(error);
    if (problem) return problemResponse(c, problem);
    console.error(JSON.stringify({ request_id: c.get("requestId"), operator: true, ...loggableError(error) }));
    return problemResponse(
      c,
      new ApiError(
        "internal_error",
        `An unexpected error occurred; quote request id ${c.get("requestId")} when reporting it.`,
      ),
    );
  });
  return api;
}

/**
 * The operator API's OpenAPI document (GET /admin/v1/openapi.json, `npm run openapi -- --operator`):
 * every operator operation, in the table's order, once every owner is loaded.
 */
export async function operatorDocument(
  source: DomainSource,
  config: Pick<DocumentConfig, "publicBaseUrl" | "environment">,
) {
  const [platform, domains] = await Promise.all([source.platformOperatorOperations(), source.loadAll()]);
  const byId = new Map(
    [...platform, ...domains.flatMap((domain) => domain.operatorOperations ?? [])].map((op) => [op.operationId, op]),
  );
  // A registry of its own: the router's would keep every path registered for the next configuration's build.
  const documented = new OpenAPIHono<AppEnv>();
  registerOperatorDocument(
    documented,
    source.table.operatorOperations.map((route) => byId.get(route.operationId)!),
  );
  const baseUrl = config.publicBaseUrl;
  return withIntegerBounds(
    nullableAsAnyOf(
      documented.getOpenAPI31Document({
        openapi: "3.1.0",
        info: {
          title: "Operator API",
          version: "1.0.0",
          description:
            "What the web panel and the platform's services do: onboarding, price book, numbers, identities, reports. " +
            "Authenticated with the operator secret (`ADMIN_SECRET`) as a bearer token; the admin CLI (`npm run admin`) is its client.\n\n" +
            "- **Authentication**: without the secret, with another one or with an API key, every path answers 404 `not_found`, as an unknown path does, " +
            `so nothing tells a caller the operator API exists; failed attempts are counted per client address and answer 429 with \`Retry-After\` past the limit.\n` +
            `- **Rate limit**: each client address may make ${OPERATOR_RATE_LIMIT} requests a minute; past it, 429 with \`Retry-After\`.\n` +
            `- **Errors** are RFC 9457 problems (\`application/problem+json\`) whose \`type\` is \`${baseUrl}/problems/<slug>\`; ` +
            "a `validation_error` lists the fields at fault in `errors`, each by its place in the request (`body.<field>`, `query.<name>`, `path.<name>`). " +
            "A query parameter an operation does not have is refused, as on the public API.\n" +
            "- Every write is recorded in the operators' audit log (`GET /admin/v1/audit-log`).",
          contact: { name: "Operator API", url: `${baseUrl}/docs/overview` },
          // OpenAPI 3.1's SPDX identifier (the generator's type predates it).
          license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" } as { name: string },
        },
        servers: [
          {
            url: baseUrl,
            description: `This deployment (PUBLIC_BASE_URL), a ${config.environment === "live" ? "production (live)" : "test"} environment; the operator API is under /admin/v1`,
            "x-internal": true,
          } as never,
        ],
        tags: [...new Set(source.table.operatorOperations.map((route) => byId.get(route.operationId)!.tag))].map(
          (name) => ({ name, description: `Operator operations: ${name}.` }),
        ),
      }),
    ),
  );
}

const INT32_MAX = 2_147_483_647;

/**
 * Every integer of the document with its format and bounds. Zod's `int()` accepts safe integers
 * only, so an integer a declaration leaves unbounded is bounded by them: the document says so
 * (int64, ±2^53-1), and one bounded within 32 bits is int32, as the public declarations say with
 * int32()/int64() (src/lib/schemas.ts).
 */
function withIntegerBounds<T>(document: T): T {
  const visit = (node: unknown): void => {
    if (typeof node !== "object" || node === null) return;
    if (!Array.isArray(node)) bound(node as Record<string, unknown>);
    for (const value of Object.values(node)) visit(value);
  };
  visit(document);
  return document;
}

/** One integer schema's bounds (unless it has exclusive ones) and format. */
function bound(schema: Record<string, unknown>): void {
  const { type } = schema;
  if (type !== "integer" && !(Array.isArray(type) && type.includes("integer"))) return;
  if (schema.minimum === undefined && schema.exclusiveMinimum === undefined) schema.minimum = -Number.MAX_SAFE_INTEGER;
  if (schema.maximum === undefined && schema.exclusiveMaximum === undefined) schema.maximum = Number.MAX_SAFE_INTEGER;
  const low = (schema.minimum ?? schema.exclusiveMinimum) as number;
  const high = (schema.maximum ?? schema.exclusiveMaximum) as number;
  schema.format ??= low >= -INT32_MAX - 1 && high <= INT32_MAX ? "int32" : "int64";
}

/** The headers of the operator API's answers (the request path's stages set the first three, as on the public API). */
function operatorHeaders(status: number) {
  const names = ["X-Request-Id", "Cache-Control", "X-Content-Type-Options"] as const;
  return {
    ...Object.fromEntries(names.map((name) => [name, HEADERS[name]])),
    ...(status === 429
      ? {
          "Retry-After": {
            ...HEADERS["Retry-After"],
            description: "Seconds until the client may send a request again.",
          },
        }
      : {}),
  };
}

/** What each problem status of the operator API means (its document's components.responses). */
const OPERATOR_PROBLEMS: Record<number, string> = {
  400: "`validation_error` (the fields at fault in `errors`), `invalid_json` or `incomplete_body`.",
  404: "`not_found`: no operator secret, a wrong one, or an API key (answered as an unknown path is), or no such company or resource.",
  409: "`conflict`: the change contradicts the current state.",
  413: "`payload_too_large`: the body is over the size cap.",
  429: "`rate_limited`: too many requests, or too many failed authentications, from this client address; retry after `Retry-After` seconds.",
  500: "`internal_error`: an unexpected error (quote the request id).",
};

/** The problem types of a status the table above does not describe (an operation's own codes: 403, 422, 502, 503). */
function problemsOfStatus(status: number): string {
  const slugs = Object.entries(problemTypes).filter(([, type]) => type.status === status);
  return `${slugs.map(([slug]) => `\`${slug}\``).join(", ") || "`internal_error`"}.`;
}

/** The operator document's components and operations. */
function registerOperatorDocument(api: OpenAPIHono<AppEnv>, operations: readonly OperatorOperation[]): void {
  api.openAPIRegistry.registerComponent("securitySchemes", "operatorSecret", {
    type: "http",
    scheme: "bearer",
    description:
      "The operator secret (ADMIN_SECRET). Without it, or with another one, every path answers 404 `not_found` as an unknown path does.",
  });
  api.openAPIRegistry.register("Problem", ProblemSchema);
  const registered = new Set<number>();
  const problem = (status: number) => {
    const name = `OperatorProblem${status}`;
    if (!registered.has(status)) {
      registered.add(status);
      api.openAPIRegistry.registerComponent("responses", name, {
        description: `A problem (RFC 9457): ${OPERATOR_PROBLEMS[status] ?? problemsOfStatus(status)}`,
        headers: operatorHeaders(status),
        content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
      } as never);
    }
    return { $ref: `#/components/responses/${name}` };
  };
  for (const op of operations) {
    // What every operator operation may answer besides its own: bad input, a missing or wrong secret
    // and an unknown company or id (404), a body over the cap (with one), the rate limits, an unexpected error.
    const codes = [...new Set([400, 404, 429, 500, ...(op.request?.body ? [413] : []), ...op.codes])].sort(
      (a, b) => a - b,
    );
    const responses: Record<string, unknown> = {};
    for (const [status, success] of Object.entries(op.responses))
      responses[status] = {
        description: success.description,
        headers: operatorHeaders(Number(status)),
        content: { "application/json": { schema: success.schema } },
      };
    for (const code of codes) responses[String(code)] = problem(code);
    api.openAPIRegistry.registerPath({
      method: op.method,
      path: op.path,
      operationId: op.operationId,
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      tags: [op.tag],
      security: [{ operatorSecret: [] }],
      request: {
        params: op.request?.params as z.ZodObject | undefined,
        query: op.request?.query as z.ZodObject | undefined,
        ...(op.request?.body
          ? { body: { required: true, content: { "application/json": { schema: strictObjects(op.request.body) } } } }
          : {}),
      },
      responses: responses as never,
    });
  }
}
