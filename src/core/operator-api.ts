import { OpenAPIHono, type z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "./app-env";
import { sha256Hex, timingSafeEqualText } from "../keys/auth";
import { commitBatch } from "./commit";
import { acrossStores, databaseFor } from "../data/tenancy";
import { nowIso, operatorAuditLog } from "../data/schema";
import { operatorOperationOf, type DomainSource } from "./domain-table";
import { ApiError, declaredSecretMissing, fieldErrors, loggableError, problemOf, ProblemSchema } from "../lib/errors";
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

function parsed<T>(schema: Schema | undefined, value: unknown, where: "body" | "query" | "path"): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  if (result.success) return result.data as T;
  const errors = fieldErrors(where, result.error.issues);
  throw new ApiError("validation_error", `The ${where === "path" ? "path" : where} failed validation.`, { errors });
}

async function readBody(c: Context<AppEnv>, op: OperatorOperation): Promise<unknown> {
  if (!op.request?.body) return undefined;
  const text = await c.req.text();
  if (text.length > c.var.config.maxBodyBytes)
    throw new ApiError("payload_too_large", `The body exceeds ${c.var.config.maxBodyBytes} bytes.`);
  try {
    return text === "" ? {} : JSON.parse(text);
  } catch {
    throw new ApiError("invalid_json", "The body is not valid JSON.");
  }
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
    if (!(await isOperator(c))) throw new ApiError("not_found", "No such path.");
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
    const codes = [...new Set([400, 404, ...op.codes])].sort((a, b) => a - b);
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
