import type { z } from "@hono/zod-openapi";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Context } from "hono";
import { sha256Hex } from "../../keys/auth";
import { ApiError, fieldErrors, type FieldError } from "../../lib/errors";
import type { AppEnv } from "../app-env";
import { isWrite, type Operation } from "../operation";
import { BODY_ARGUMENT, IDEMPOTENCY_ARGUMENT, type OperationTool } from "./tools";

/**
 * An operation's call as the request a client would send (src/core/mcp.ts sends it through the
 * app), and the answer as the tool's result: a problem as a tool error, a replay said as such.
 */

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The D1 bookmark a request may carry (read your writes), and a response carries. */
export const BOOKMARK_HEADER = "X-D1-Bookmark";

export function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** What a replayed answer says beside it, so that an agent does not take it for a new write. */
const REPLAYED =
  "Replayed: a call with the same Idempotency-Key completed earlier (within 24 hours); this is its result, and nothing was done again. " +
  `To do it again, call without ${IDEMPOTENCY_ARGUMENT} or with a new one.`;

/** A result answered here: its JSON as text and as the structured result. */
export const structuredResult = (value: JsonObject): CallToolResult => ({
  content: [{ type: "text", text: JSON.stringify(value) }],
  structuredContent: value,
});

/** Seconds a Retry-After header says to wait, when it says so in seconds. */
export function retryAfterOf(header: string | null): number | undefined {
  const seconds = header === null ? Number.NaN : Number(header);
  return Number.isInteger(seconds) && seconds >= 0 ? seconds : undefined;
}

/**
 * A problem as a tool error: its JSON as text and as the structured result. Over the rate limit
 * (an MCP client does not read HTTP 429 and its Retry-After), the text first says how many seconds
 * to wait, and the structured result carries them as `retry_after_seconds`.
 */
export function problemToolError(
  problem: JsonObject,
  status: number,
  retryAfter: number | undefined,
  meta: JsonObject = {},
  notes: readonly string[] = [],
): CallToolResult {
  const structured = retryAfter === undefined ? problem : { ...problem, retry_after_seconds: retryAfter };
  const wait =
    retryAfter === undefined
      ? []
      : [`Rate limited: wait ${retryAfter} second${retryAfter === 1 ? "" : "s"}, then call again (nothing was done).`];
  const content = [...wait, JSON.stringify(structured), ...notes].map((text) => ({ type: "text" as const, text }));
  return { isError: true, content, structuredContent: structured, _meta: { status, ...meta } };
}

/** The operation's answer: its JSON as the result, a problem as a tool error; the status and request id beside. */
export function toolResult(response: Response, text: string): CallToolResult {
  const json = parsedJson(text);
  const replayed = response.headers.get("Idempotent-Replayed") === "true";
  const meta = {
    status: response.status,
    request_id: response.headers.get("X-Request-Id"),
    ...(replayed ? { idempotent_replayed: true } : {}),
  };
  if (!response.ok && isObject(json)) {
    return problemToolError(
      json,
      response.status,
      response.status === 429 ? retryAfterOf(response.headers.get("Retry-After")) : undefined,
      meta,
      replayed ? [REPLAYED] : [],
    );
  }
  return {
    ...(response.ok ? {} : { isError: true }),
    content: [{ type: "text", text }, ...(replayed ? [{ type: "text" as const, text: REPLAYED }] : [])],
    ...(isObject(json) ? { structuredContent: json } : {}),
    _meta: meta,
  };
}

/** The arguments that are query parameters (every one but the path's, `body` and `idempotency_key`), as a URL carries them. */
function queryOf({ pathNames }: OperationTool, args: JsonObject): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(args)) {
    if (
      value === undefined ||
      value === null ||
      pathNames.includes(name) ||
      name === BODY_ARGUMENT ||
      name === IDEMPOTENCY_ARGUMENT
    )
      continue;
    query[name] = typeof value === "string" ? value : JSON.stringify(value);
  }
  return query;
}

/**
 * The operation's input from the arguments, parsed by its own schemas as the pipeline parses a
 * request's (step 10: the path's and the query's values as a URL carries them, the body as JSON),
 * or the validation problem the pipeline would answer.
 */
export function parsedInput(
  tool: OperationTool,
  args: JsonObject,
): { params: unknown; query: unknown; body: unknown } | ApiError {
  const schemas = tool.op.request ?? {};
  const errors: FieldError[] = [];
  const parse = (where: "path" | "query" | "body", schema: z.ZodType | undefined, value: unknown) => {
    if (!schema) return where === "body" ? undefined : {};
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    errors.push(...fieldErrors(where, result.error.issues));
    return undefined;
  };
  const input = {
    params: parse("path", schemas.params, Object.fromEntries(tool.pathNames.map((name) => [name, String(args[name])]))),
    query: parse("query", schemas.query, queryOf(tool, args)),
    body: parse("body", schemas.body, args[BODY_ARGUMENT]),
  };
  if (errors.length > 0)
    return new ApiError(
      "validation_error",
      `The request has ${errors.length} invalid field${errors.length > 1 ? "s" : ""}.`,
      { errors },
    );
  return input;
}

/** Which call of which session a tool call is: what its derived Idempotency-Key is made of. */
export interface CallIdentity {
  /** The session the client named; undefined when it sent none. */
  session: string | undefined;
  rpcId: string;
}

/**
 * The Idempotency-Key of a write sent without `idempotency_key`: unique to the call. JSON-RPC ids
 * restart in every session, so the id alone would make the first `createBudget` of two sessions
 * one write; with the session the same message retried in its session replays the first answer,
 * and the same call in another session (or a new call, a new id) writes anew. Without a session
 * nothing tells a retry from a new call: each message gets a random key and writes.
 */
async function derivedIdempotencyKey(
  { session, rpcId }: CallIdentity,
  op: Operation,
  args: JsonObject,
): Promise<string> {
  return `mcp-${await sha256Hex(JSON.stringify([session ?? crypto.randomUUID(), rpcId, op.operationId, args]))}`;
}

/**
 * The request a client would send for this tool call, its arguments already checked against the
 * tool's input schema and its path built from them (toolPath). A write carries the caller's
 * `idempotency_key`, else the confirmed call's (a spend), else one derived from the call
 * (derivedIdempotencyKey); a derived key never meets other arguments, so it is never refused as
 * reused. The key's Durable Object keeps it 24 h, per key. A read may carry a session's bookmark.
 */
export async function toolRequest(
  c: Context<AppEnv>,
  tool: OperationTool,
  path: string,
  args: JsonObject,
  call: CallIdentity,
  sent: { confirmedKey?: string; bookmark?: string },
): Promise<Request> {
  const { op, bodyType } = tool;
  const { [BODY_ARGUMENT]: body, [IDEMPOTENCY_ARGUMENT]: ownKey } = args;
  const query = new URLSearchParams(queryOf(tool, args));
  const headers = new Headers({ "X-Request-Id": c.get("requestId") });
  const authorization = c.req.header("Authorization");
  if (authorization) headers.set("Authorization", authorization);
  let bodyText: string | undefined;
  if (bodyType && body !== undefined) {
    bodyText = bodyType === "application/json" ? JSON.stringify(body) : String(body);
    headers.set("Content-Type", bodyType);
  }
  if (isWrite(op)) {
    const key =
      typeof ownKey === "string" ? ownKey : (sent.confirmedKey ?? (await derivedIdempotencyKey(call, op, args)));
    headers.set("Idempotency-Key", key);
  }
  if (sent.bookmark) headers.set(BOOKMARK_HEADER, sent.bookmark);
  const search = query.size > 0 ? `?${query}` : "";
  const url = new URL(`${path}${search}`, c.req.url);
  // toolPath leaves nothing for the URL to resolve; were it otherwise, the call would reach another path.
  if (url.pathname !== path) throw new Error(`${op.operationId}: the path ${path} resolves to ${url.pathname}.`);
  return new Request(url, { method: op.method.toUpperCase(), headers, body: bodyText });
}
