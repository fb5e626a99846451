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
  loggableError,
  methodNotAllowedProblem,
  problemOf,
  ProblemSchema,
  validationProblem,
} from "../lib/errors";
import { readBody as readBodyText } from "../lib/body";
import { authFailureLimiter, clientOf, failedAuthentication } from "../keys/auth-failures";
import type { EventSink } from "../data/events";
import { InputError } from "../lib/input-error";
import { OPERATOR_BASE, type OperatorContext, type OperatorOperation, type OperatorReply } from "./operator";
import { problemResponse } from "./stages/answer";
import { strictObjects } from "../lib/schemas";

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
      return new ApiError("validation_error", error.message);
  }
}

const honoPath = (path: string) => path.replace(/\{([^}]+)\}/g, ":$1");

/** The operator's secret, compared as hashes (equal lengths: the same time whatever was sent). */
async function isOperator(c: Context<AppEnv>): Promise<boolean> {
  const secret = c.var.config.adminSecret;
  const presented = /^Bearer (\S+)$/.exec(c.req.header("Authorization") ?? "")?.[1];
  return Boolean(secret && presented && timingSafeEqualText(await sha256Hex(presented), await sha256Hex(secret)));
}

/** The value as the schema reads it, or the validation_error of its fields (at most VALIDATION_ERRORS_MAX listed, as on the public API). */
function parsed<T>(schema: Schema | undefined, value: unknown, where: "body" | "query" | "path"): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  if (result.success) return result.data as T;
  throw validationProblem(fieldErrors(where, result.error.issues));
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

/** Requests a client may make to the operator API in a minute (OPERATOR_REQUESTS, wrangler.toml [[ratelimits]]). */
const OPERATOR_RATE_PERIOD_SECONDS = 60;

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
  return async (c: Context<AppEnv>): Promise<Response> => {
    // An operation about one company acts in its store; one about a resource named otherwise reads
    // the store its values name, or every store (tenancy.ts).
    const companyId = c.req.param("company_id");
    const db = companyId ? databaseFor(c.env, companyId) : acrossStores(c.env);
    const ctx: OperatorContext<unknown, unknown, unknown> = {
      params: parsed(op.request?.params, c.req.param(), "path"),
      query: parsed(op.request?.query, c.req.query(), "query"),
      body: parsed(body, await readBody(c, op), "body"),
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
  // Built once, on the first request for it, after every owner is loaded (one build even when two first requests meet).
  let document: Promise<string> | undefined;
  const buildDocument = async () => {
    const [platform, domains] = await Promise.all([source.platformOperatorOperations(), source.loadAll()]);
    const byId = new Map(
      [...platform, ...domains.flatMap((domain) => domain.operatorOperations ?? [])].map((op) => [op.operationId, op]),
    );
    // In the table's order, as when the operations were registered from the modules.
    registerOperatorDocument(
      api,
      source.table.operatorOperations.map((route) => byId.get(route.operationId)!),
    );
    return JSON.stringify(
      api.getOpenAPI31Document({
        openapi: "3.1.0",
        info: {
          title: "Operator API",
          version: "1.0.0",
          description:
            "What the web panel and the platform's services do: onboarding, price book, numbers, identities, reports. Bearer ADMIN_SECRET.",
        },
      }),
    );
  };
  api.get(`${OPERATOR_BASE}/openapi.json`, async (c) => {
    document ??= buildDocument();
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

/** The operator document's components and operations: registered when the document is first asked for, not at start-up. */
function registerOperatorDocument(api: OpenAPIHono<AppEnv>, operations: readonly OperatorOperation[]): void {
  api.openAPIRegistry.registerComponent("securitySchemes", "operatorSecret", {
    type: "http",
    scheme: "bearer",
    description: "The operator secret (ADMIN_SECRET).",
  });
  api.openAPIRegistry.register("Problem", ProblemSchema);
  const problem = {
    description: "A problem (RFC 9457).",
    content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
  };
  for (const op of operations) {
    // What every operator operation may answer besides its own: bad input, an unknown company or id,
    // a body over the cap (with one), the operator rate limit, an unexpected error.
    const codes = [...new Set([400, 404, 429, 500, ...(op.request?.body ? [413] : []), ...op.codes])].sort(
      (a, b) => a - b,
    );
    const responses: Record<string, unknown> = {};
    for (const [status, success] of Object.entries(op.responses))
      responses[status] = {
        description: success.description,
        content: { "application/json": { schema: success.schema } },
      };
    for (const code of codes) responses[String(code)] = problem;
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
