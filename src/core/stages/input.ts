import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { sha256Hex } from "../../keys/auth";
import type { Requirements } from "../../keys/authorize";
import { parseJsonBody, readBody, requireJsonContentType } from "../../lib/body";
import { BOOKMARK_PATTERN } from "../../data/session";
import { ApiError, fieldErrors, type FieldError } from "../../lib/errors";
import { isWrite, type Operation } from "../operation";
import { BOOKMARK_HEADER, VISIBLE_ASCII } from "./flow";

/** What the key's Durable Object checks before it claims an Idempotency-Key (only what it needs crosses the call). */
const requirementsOf = (op: Operation): Requirements => ({ scope: op.scope, plans: op.plans, capability: op.capability, gate: op.gate });

/** The request as read before the key's object is asked: its input, or why it is invalid, and its claim. */
export interface ReadRequest {
  input: ParsedInput | undefined;
  /** The input's problem, answered after authentication and authorization (pipeline order). */
  invalid: ApiError | undefined;
  idempotencyKey: string | undefined;
  bookmark: string | undefined;
  /** The Idempotency-Key claim of a valid request that carries one. */
  claim: { key: string; fingerprint: string; requirements: Requirements } | undefined;
}

/**
 * Step 10, run early: the input is read and checked before the one Durable Object call of steps 5
 * to 11, so that the call can claim the Idempotency-Key of a request that is valid; its problems
 * are answered after the call, in pipeline order (401, 429, 403, then 400).
 */
export async function readRequest(c: Context<AppEnv>, op: Operation, write: boolean, queryNames: ReadonlySet<string>): Promise<ReadRequest> {
  const idempotencyKey = write ? c.req.header("Idempotency-Key") : undefined;
  let invalid: ApiError | undefined;
  let input: ParsedInput | undefined;
  try {
    input = await parseInput(c, op, queryNames);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    invalid = error;
  }
  if (!invalid && idempotencyKey !== undefined && !(idempotencyKey.length <= 255 && VISIBLE_ASCII.test(idempotencyKey))) {
    invalid = new ApiError("idempotency_key_invalid", "Idempotency-Key must be 1 to 255 visible ASCII characters.");
  }
  const bookmark = c.req.header(BOOKMARK_HEADER);
  if (!invalid && bookmark !== undefined && !BOOKMARK_PATTERN.test(bookmark)) {
    invalid = new ApiError("validation_error", `${BOOKMARK_HEADER} must be a bookmark this API returned.`, {
      errors: [{ path: `header.${BOOKMARK_HEADER}`, message: "Send back the value of a response's X-D1-Bookmark header, unchanged." }],
    });
  }
  const claim =
    !invalid && input && idempotencyKey !== undefined
      ? { key: idempotencyKey, fingerprint: await sha256Hex(`${c.req.method} ${input.target}\n${input.bodyText}`), requirements: requirementsOf(op) }
      : undefined;
  return { input, invalid, idempotencyKey, bookmark, claim };
}

export interface ParsedInput {
  params: unknown;
  query: unknown;
  body: unknown;
  bodyText: string;
  contentType: string | undefined;
  /** The path as sent (percent-encoding kept), for the audit log. */
  path: string;
  /** Path and query, part of the idempotency fingerprint. */
  target: string;
}

/**
 * The query parameters an operation has (its query schema's members). Any other is refused, as
 * Stripe refuses an unknown parameter: a misspelt filter must not return the unfiltered list.
 */
export function queryParameterNames(op: Operation): ReadonlySet<string> {
  let schema: unknown = op.request?.query;
  while (schema instanceof z.ZodPipe) schema = schema.in;
  if (schema === undefined) return new Set();
  if (!(schema instanceof z.ZodObject)) throw new Error(`${op.operationId}: a query schema must be an object, so that its parameters can be listed.`);
  return new Set(Object.keys(schema.shape));
}

/** Step 10: path, query and body validation; every failing field is reported at once. */
// biome-ignore lint/complexity/noExcessiveCognitiveComplexity: path, query and body read in the order their problems are reported
async function parseInput(c: Context<AppEnv>, op: Operation, queryNames: ReadonlySet<string>): Promise<ParsedInput> {
  const url = new URL(c.req.url);
  const errors: FieldError[] = [];
  const schemas = op.request ?? {};
  let params: unknown = {};
  let query: unknown = {};
  let body: unknown;
  if (schemas.params) {
    const result = schemas.params.safeParse(c.req.param());
    if (result.success) params = result.data;
    else errors.push(...fieldErrors("path", result.error.issues));
  }
  for (const name of url.search ? new Set(url.searchParams.keys()) : []) {
    if (!queryNames.has(name)) {
      const known = queryNames.size > 0 ? `this operation accepts ${[...queryNames].join(", ")}` : "this operation takes no query parameters";
      errors.push({ path: `query.${name}`, message: `Unknown query parameter; ${known}.` });
    }
  }
  if (schemas.query) {
    const result = schemas.query.safeParse(Object.fromEntries(url.searchParams));
    if (result.success) query = result.data;
    else errors.push(...fieldErrors("query", result.error.issues));
  }
  const bodyText = schemas.body || isWrite(op) ? await readBody(c.req.raw, c.get("config").maxBodyBytes) : "";
  const contentType = c.req.header("Content-Type");
  if (schemas.body) {
    requireJsonContentType(contentType);
    const result = schemas.body.safeParse(parseJsonBody(bodyText));
    if (result.success) body = result.data;
    else errors.push(...fieldErrors("body", result.error.issues));
  }
  if (errors.length > 0) {
    throw new ApiError("validation_error", `The request has ${errors.length} invalid field${errors.length > 1 ? "s" : ""}.`, { errors });
  }
  return { params, query, body, bodyText, contentType, path: url.pathname, target: url.pathname + url.search };
}
