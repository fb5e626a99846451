import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { sha256Hex } from "../../keys/auth";
import type { Requirements } from "../../keys/authorize";
import { parseJsonBody, readBody, requireJsonContentType } from "../../lib/body";
import { BOOKMARK_PATTERN } from "../../data/session";
import { ApiError, fieldErrors, validationProblem, type FieldError } from "../../lib/errors";
import { isWrite, type Operation } from "../operation";
import {
  BOOKMARK_HEADER,
  VISIBLE_ASCII,
  type Answer,
  type Flow,
  type Next,
  type ParsedInput,
  type ReadRequest,
} from "./stage";

/** What the key's Durable Object checks before it claims an Idempotency-Key (only what it needs crosses the call). */
const requirementsOf = (op: Operation): Requirements => ({
  scope: op.scope,
  plans: op.plans,
  capability: op.capability,
  gate: op.gate,
});

/**
 * The input read and checked before the key's one Durable Object call, so that the call can claim
 * the Idempotency-Key of a request that is valid; its problems are not answered here but after the
 * call, in the order of the request path (401, 429, 403, then 400: keyObject).
 */
export async function input(flow: Flow, next: Next): Promise<Answer> {
  flow.request = await readRequest(flow.c, flow.op, flow.write, queryNamesOf(flow.op));
  return next();
}

async function readRequest(
  c: Context<AppEnv>,
  op: Operation,
  write: boolean,
  queryNames: ReadonlySet<string>,
): Promise<ReadRequest> {
  const idempotencyKey = write ? c.req.header("Idempotency-Key") : undefined;
  let invalid: ApiError | undefined;
  let parsed: ParsedInput | undefined;
  try {
    parsed = await parseInput(c, op, queryNames);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    invalid = error;
  }
  if (
    !invalid &&
    idempotencyKey !== undefined &&
    !(idempotencyKey.length <= 255 && VISIBLE_ASCII.test(idempotencyKey))
  ) {
    invalid = new ApiError("idempotency_key_invalid", "Idempotency-Key must be 1 to 255 visible ASCII characters.");
  }
  const bookmark = c.req.header(BOOKMARK_HEADER);
  if (!invalid && bookmark !== undefined && !BOOKMARK_PATTERN.test(bookmark)) {
    invalid = new ApiError("validation_error", `${BOOKMARK_HEADER} must be a bookmark this API returned.`, {
      errors: [
        {
          path: `header.${BOOKMARK_HEADER}`,
          message: "Send back the value of a response's X-D1-Bookmark header, unchanged.",
        },
      ],
    });
  }
  const claim =
    !invalid && parsed && idempotencyKey !== undefined
      ? {
          key: idempotencyKey,
          fingerprint: await sha256Hex(`${c.req.method} ${parsed.target}\n${parsed.bodyText}`),
          requirements: requirementsOf(op),
        }
      : undefined;
  return { input: parsed, invalid, idempotencyKey, bookmark, claim };
}

/**
 * The query parameters a query schema has (its members). Any other is refused, as Stripe refuses an
 * unknown parameter: a misspelt filter must not return the unfiltered list. The operator API lists
 * its operations' the same way (src/core/operator-api.ts).
 */
export function queryParameterNames(operationId: string, query: unknown): ReadonlySet<string> {
  let schema: unknown = query;
  while (schema instanceof z.ZodPipe) schema = schema.in;
  if (schema === undefined) return new Set();
  if (!(schema instanceof z.ZodObject))
    throw new Error(`${operationId}: a query schema must be an object, so that its parameters can be listed.`);
  return new Set(Object.keys(schema.shape));
}

/** The errors of the query parameters of `url` that are not among `names` (the operation's). */
export function unknownQueryParameters(url: URL, names: ReadonlySet<string>): FieldError[] {
  const errors: FieldError[] = [];
  for (const name of url.search ? new Set(url.searchParams.keys()) : []) {
    if (!names.has(name)) {
      const known =
        names.size > 0 ? `this operation accepts ${[...names].join(", ")}` : "this operation takes no query parameters";
      errors.push({ path: `query.${name}`, message: `Unknown query parameter; ${known}.` });
    }
  }
  return errors;
}

const queryNames = new WeakMap<Operation, ReadonlySet<string>>();

/** An operation's query parameters, listed on its first request. */
function queryNamesOf(op: Operation): ReadonlySet<string> {
  let names = queryNames.get(op);
  if (!names) queryNames.set(op, (names = queryParameterNames(op.operationId, op.request?.query)));
  return names;
}

/**
 * A body an operation that declares none may still be sent: none at all, or an empty JSON object
 * (what many clients send with every POST). Anything else would be read by no one, so it is refused.
 */
const emptyBody = (text: string) => /^\s*(\{\s*\})?\s*$/.test(text);

/** Path, query and body validation; every failing field is reported at once (the first VALIDATION_ERRORS_MAX of them). */
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
  errors.push(...unknownQueryParameters(url, queryNames));
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
  } else if (!schemas.rawBody && !emptyBody(bodyText)) {
    errors.push({
      path: "body",
      message: "This operation takes no request body; send none (or an empty JSON object).",
    });
  }
  if (errors.length > 0) throw validationProblem(errors);
  return { params, query, body, bodyText, contentType, path: url.pathname, target: url.pathname + url.search };
}
