import type { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { clock } from "../../lib/clock";
import { loggableError } from "../../lib/errors";
import { holdsMarks, redact } from "../../lib/redaction";
import { databaseFor } from "../../data/tenancy";
import { recordRequest, REQUEST_LOG_BODY_MAX_BYTES, type RequestLogRow } from "../../data/request-log";
import type { Operation } from "../operation";
import { problemAnswer, thrownProblem } from "./answer";
import type { Answer, Flow, Next } from "./stage";

/**
 * The request log (GET /api/v1/requests): every request a company's key made, once its key's object
 * authenticated it (a 429 or 403 of that key too, a 401 has no company), with what it answered. It
 * wraps every later stage, so it sees a replay, a refusal and a failure as the client does. The
 * entry is written after the response is sent (waitUntil), into the company's own store, so it adds
 * no round trip to the request; its bodies are parsed, redacted and capped then too, off the
 * client's path.
 */
export async function requestLog(flow: Flow, next: Next): Promise<Answer> {
  const started = performance.now();
  const at = clock.iso();
  let answer: Answer;
  try {
    answer = await next();
  } catch (thrown) {
    keep(flow, problemAnswer(flow.c, thrownProblem(flow.c, thrown)), started, at);
    throw thrown;
  }
  keep(flow, answer, started, at);
  return answer;
}

/** Hands the entry to waitUntil; a failure to write it is logged and never reaches the client. */
function keep(flow: Flow, answer: Answer, started: number, at: string): void {
  const { c, op } = flow;
  const caller = c.get("caller");
  if (!caller) return;
  const durationMs = Math.round((performance.now() - started) * 100) / 100;
  // A caller was admitted, so the input was read (input comes before keyObject); a body that did
  // not read as valid input is not kept, nor one that is not JSON (a file upload).
  const requestText = op.request?.body ? flow.request.input?.bodyText : undefined;
  c.executionCtx.waitUntil(
    // A macrotask later: the entry is built once the response is on its way.
    new Promise((resolve) => setTimeout(resolve, 0))
      .then(() => {
        const row = entryOf(c, op, answer, { companyId: caller.company.id, keyId: caller.keyId, durationMs, at });
        row.requestBody = requestText === undefined ? null : keptBody(requestText, op.request?.body, row, "request");
        return recordRequest(databaseFor(c.env, caller.company.id), row);
      })
      .catch((error: unknown) =>
        console.warn(JSON.stringify({ message: "request log entry not written", ...loggableError(error) })),
      ),
  );
}

function entryOf(
  c: Context<AppEnv>,
  op: Operation,
  answer: Answer,
  entry: { companyId: string; keyId: string; durationMs: number; at: string },
): RequestLogRow {
  const url = new URL(c.req.url);
  const headers = new Headers(answer.headers);
  const query = url.search ? redact(Object.fromEntries(url.searchParams), op.request?.query) : null;
  const row: RequestLogRow = {
    id: crypto.randomUUID(),
    companyId: entry.companyId,
    requestId: c.get("requestId"),
    keyId: entry.keyId,
    operation: op.operationId,
    method: c.req.method.toUpperCase(),
    path: url.pathname,
    query: query === null ? null : JSON.stringify(query),
    status: answer.status,
    durationMs: entry.durationMs,
    idempotencyKey: c.req.header("Idempotency-Key") ?? null,
    replayed: headers.get("Idempotent-Replayed") === "true",
    requestBody: null,
    createdAt: entry.at,
  };
  // An error's body is its problem, which holds no field of the operation's schemas.
  const schema = answer.status < 300 ? op.responses[answer.status as 200 | 201 | 202]?.schema : undefined;
  const json = /json/i.test(headers.get("Content-Type") ?? "");
  row.responseBody = json ? keptBody(answer.body, schema, row, "response") : null;
  if (!json) row.responseBytes = bytesOf(answer.body);
  return row;
}

const utf8 = new TextEncoder();
/** Room for any body the log keeps: its size is counted there without a new array (a larger one is encoded to count it). */
const scratch = new Uint8Array(REQUEST_LOG_BODY_MAX_BYTES + 4);
function bytesOf(text: string): number {
  if (text.length === 0) return 0;
  const { read, written } = utf8.encodeInto(text, scratch);
  return read === text.length ? written : utf8.encode(text).byteLength;
}

/**
 * A JSON body as the log keeps it: redacted by the schema it was declared with, or null when it is
 * over the cap (its size is kept), empty, or not JSON. Its size goes on the row. A body whose schema
 * marks nothing is kept as its text, unparsed: it was read as JSON already (the request's input, or
 * the answer the API wrote), and parsing it again is most of the entry's CPU.
 */
function keptBody(
  text: string,
  schema: z.core.$ZodType | undefined,
  row: RequestLogRow,
  side: "request" | "response",
): string | null {
  const bytes = bytesOf(text);
  if (side === "request") row.requestBytes = bytes;
  else row.responseBytes = bytes;
  if (bytes === 0 || bytes > REQUEST_LOG_BODY_MAX_BYTES) return null;
  if (!holdsMarks(schema)) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  return JSON.stringify(redact(parsed, schema));
}
