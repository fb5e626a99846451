import { z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { configOf, type Config } from "../config";
import type { AppEnv } from "./app-env";
import type { Caller } from "../keys/caller";
import { legacyLineageActive, sha256Hex, unauthorized, type PresentedKey } from "../keys/auth";
import { clientOf, failedAuthentication, keyOfRequest } from "../keys/auth-failures";
import { authorize, type Requirements } from "../keys/authorize";
import { commitBatch } from "./commit";
import { ClientAbort, parseJsonBody, readBody, requireJsonContentType } from "../lib/body";
import { insertRow } from "../data/client";
import { BOOKMARK_PATTERN, parseBookmark, requestDb, RoundTrips, withRequestSession } from "../data/session";
import { companyMoving, controlDatabase, requestDatabases } from "../data/tenancy";
import { auditLog, nowIso } from "../data/schema";
import type { EventSink } from "../data/events";
import { ApiError, declaredSecretMissing, fieldErrors, loggableError, problemBody, type FieldError } from "../lib/errors";
import { declaredOutcome } from "../integrations/outcome";
import type { GuardDecision, KeyGuard, StoredResponse } from "../keys/guard";
import { CLAIM_RENEW_EVERY_MS } from "../keys/claim-lease";
import { guardOf } from "../keys/key-changes";
import { isWrite, SerializedBody, type Gate, type Operation, type OperationContext, type Reply } from "./operation";
import { clock } from "../lib/clock";
import { notReplayable, REPLAY_MAX_BYTES, storedBytes } from "../keys/replay-limit";
import { SpeculationRefused, speculatively, wasSpeculationRefused } from "../lib/speculation";
import { checkedLately, forgetKey, rememberAdmitted, sameCaller, warmCaller } from "../keys/warm-keys";

type KeyGuardStub = DurableObjectStub<KeyGuard>;

const VISIBLE_ASCII = /^[\x21-\x7e]+$/;
/** The D1 session bookmark a response carries and a request may send back (read your writes). */
const BOOKMARK_HEADER = "X-D1-Bookmark";

/** Runs a Durable Object or D1 call, counted in the request's round trips when they are counted. */
function tracked<T>(c: Context<AppEnv>, kind: "keyguard" | "d1", call: () => Promise<T>): Promise<T> {
  const trips = c.get("trips");
  return trips ? trips.track(kind, call) : call();
}

/** Step 1 and the response side of every request: request id, safe headers, one log line. */
export const requestContext: MiddlewareHandler<AppEnv> = async (c, next) => {
  const sent = c.req.header("X-Request-Id");
  const requestId = sent && sent.length <= 128 && VISIBLE_ASCII.test(sent) ? sent : crypto.randomUUID();
  c.set("requestId", requestId);
  const config = configOf(c.env);
  c.set("config", config);
  const started = config.requestLog ? performance.now() : 0;
  if (config.serverTiming) c.set("trips", new RoundTrips());
  await next();
  const headers = c.res.headers;
  headers.set("X-Request-Id", requestId);
  // API responses are never stored; the docs' assets and pages set their own caching.
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  headers.set("X-Content-Type-Options", "nosniff");
  const trips = c.get("trips");
  if (trips) headers.set("Server-Timing", trips.serverTiming());
  const rate = c.get("rateLimit");
  if (rate) {
    headers.set("RateLimit-Policy", `"default";q=${rate.limit};w=${config.rateLimit.windowSeconds}`);
    headers.set("RateLimit", `"default";r=${rate.remaining};t=${rate.resetSeconds}`);
  }
  if (config.requestLog) {
    const caller = c.get("caller");
    console.log(
      JSON.stringify({
        request_id: requestId,
        method: c.req.method,
        path: new URL(c.req.url).pathname,
        operation: c.get("operationId") ?? null,
        key_id: caller?.keyId ?? null,
        company_id: caller?.company.id ?? null,
        status: c.res.status,
        // A client that hung up mid-body is not a server error, and is told apart in the log.
        ...(c.error instanceof ClientAbort ? { outcome: "client_aborted" } : {}),
        duration_ms: Math.round((performance.now() - started) * 100) / 100,
      }),
    );
  }
};

/** Step 2: with the API switched off, its whole surface (docs included) answers 404. */
export const apiSwitch: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get("config").apiEnabled) throw new ApiError("not_found", "No such path.");
  await next();
};

export function gateOpen(gate: Gate, config: Config): boolean {
  switch (gate) {
    case "A":
      return true;
    case "W":
      return config.writeEnabled;
    case "C":
      return config.conversationsEnabled;
    case "S":
      return config.writeEnabled && config.spendEnabled;
  }
}

export function problemResponse(c: Context<AppEnv>, error: ApiError): Response {
  const { headers = {}, ...members } = error.extra;
  // A configuration error is answered before the config exists: the base URL then stays relative.
  const body = problemBody(c.get("config")?.publicBaseUrl ?? "", error.slug, error.detail, c.get("requestId"), members);
  return new Response(JSON.stringify(body), {
    status: error.status,
    headers: { "Content-Type": "application/problem+json", ...headers },
  });
}

/** What the key's Durable Object checks before it claims an Idempotency-Key (only what it needs crosses the call). */
const requirementsOf = (op: Operation): Requirements => ({ scope: op.scope, plans: op.plans, capability: op.capability, gate: op.gate });

/**
 * Steps 4 to 12 for one operation, driven by its declaration; events go to `eventSink`. Each step
 * is a function below, in pipeline order; only step 10 runs early (see `readRequest`), and a warm
 * key's read starts step 12 early too (see `startWarmRead`).
 */
export function operationHandler(op: Operation, eventSink: EventSink | undefined) {
  const write = isWrite(op);
  // Reads of gate A only: a write keeps its order (claim, batch, store), and other gates' reads stay as they are.
  const mayReadEarly = !write && op.gate === "A";
  const queryNames = queryParameterNames(op);
  return async function handleOperation(c: Context<AppEnv>): Promise<Response> {
    c.set("operationId", op.operationId);
    refuseClosedGate(op, c.get("config"));
    const key = await requestKey(c);
    const request = await readRequest(c, op, write, queryNames);
    const guard = guardOf(c.env, key.lineageId);
    const admission = admitKey(c, guard, key, request.claim);
    const early = mayReadEarly ? startWarmRead(c, op, key, request) : undefined;
    let decision: Admission;
    let input: ParsedInput;
    try {
      decision = admittedCaller(c, key, await authenticated(c, key, await admission));
      input = authorizedInput(op, decision.caller, request);
      rememberAdmitted(key, decision.caller, keyFormPolicy(c.get("config")));
    } catch (refusal) {
      // Refused: the early read's result is never looked at, only waited for (no query outlives its request).
      if (early) await early.result;
      throw refusal;
    }
    const { caller } = decision;
    const replay = idempotentReplay(decision);
    if (replay) return replay;
    if (early) {
      const answered = await warmAnswer(c, op, guard, early, caller);
      if (answered) return answered;
    }
    return runHandler(c, op, eventSink, { caller, input, request, guard, write });
  };
}

const keyFormPolicy = (config: Config) => ({ environment: config.environment, ...config.apiKeys });

/** Step 5 as far as the key's form decides it: before the body is read, with no I/O (a legacy key: one read). */
function requestKey(c: Context<AppEnv>): Promise<PresentedKey> {
  const policy = keyFormPolicy(c.get("config"));
  const legacyActive = (lineageId: string) => tracked(c, "d1", () => legacyLineageActive(controlDatabase(c.env), lineageId));
  return keyOfRequest(c.env, c.req.raw.headers, policy, legacyActive, (key) => checkedLately(key, policy));
}

/** Step 5 as the key's object decided it: a refused key is 401, counted against its client's failures. */
async function authenticated(c: Context<AppEnv>, key: PresentedKey, decision: GuardDecision): Promise<Admission> {
  if (!decision.authenticated) {
    forgetKey(key);
    throw await failedAuthentication(c.env, clientOf(c.req.raw.headers), unauthorized(decision.detail, "invalid_token"));
  }
  return decision;
}

/** Step 4: gate switches, before authentication: a closed gate looks like no route at all. */
function refuseClosedGate(op: Operation, config: Config): void {
  if (!gateOpen(op.gate, config)) throw new ApiError("not_found", "No such path.");
}

/** The request as read before the key's object is asked: its input, or why it is invalid, and its claim. */
interface ReadRequest {
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
async function readRequest(c: Context<AppEnv>, op: Operation, write: boolean, queryNames: ReadonlySet<string>): Promise<ReadRequest> {
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

/** Steps 5 to 11 in the key's Durable Object: authentication, rate limit, and the claim of a request it admits and authorizes. */
function admitKey(c: Context<AppEnv>, guard: KeyGuardStub, key: PresentedKey, claim: ReadRequest["claim"]): Promise<GuardDecision> {
  const config = c.get("config");
  const { limit, windowSeconds } = config.rateLimit;
  // The RPC stub's type of a union result is not usable as is: the object returns a GuardDecision.
  return tracked(c, "keyguard", async (): Promise<GuardDecision> =>
    guard.admit({ key, now: clock.now(), limit, windowMs: windowSeconds * 1000, maxAgeMs: config.keyStateMaxAgeSeconds * 1000, claim }),
  );
}

/**
 * Steps 5 and 6 for a request that is not one operation (the MCP endpoint, src/core/mcp.ts): the
 * key, counted in its rate limit like any request. What it may then call is `authorize`'s to say.
 */
export async function authenticatedCaller(c: Context<AppEnv>): Promise<Caller> {
  const key = await requestKey(c);
  return admittedCaller(c, key, await authenticated(c, key, await admitKey(c, guardOf(c.env, key.lineageId), key, undefined))).caller;
}

type Admission = Extract<GuardDecision, { authenticated: true }>;

/**
 * Step 6 as the object decided it for an authenticated key: 429 over the limit. A key refused here
 * or in `authenticated` is forgotten by the isolate; one admitted and authorized is remembered (src/keys/warm-keys.ts).
 */
function admittedCaller(c: Context<AppEnv>, key: PresentedKey, decision: Admission): Admission {
  const { caller } = decision;
  c.set("caller", caller);
  c.set("rateLimit", { limit: decision.limit, remaining: decision.remaining, resetSeconds: decision.resetSeconds });
  if (!decision.admitted) {
    forgetKey(key);
    const { limit, windowSeconds } = c.get("config").rateLimit;
    throw new ApiError("rate_limited", `More than ${limit} requests in ${windowSeconds} s with this key; retry in ${decision.resetSeconds} s.`, {
      headers: { "Retry-After": String(decision.resetSeconds) },
    });
  }
  return decision;
}

/** Steps 7 to 9, decided the same way the Durable Object decided whether to claim; then step 10's problem. */
function authorizedInput(op: Operation, caller: Caller, request: ReadRequest): ParsedInput {
  const refusal = authorize(op, caller, request.idempotencyKey) ?? request.invalid;
  if (refusal || !request.input) throw refusal ?? new ApiError("internal_error", "Input was not parsed.");
  return request.input;
}

/** Step 11: the stored response of a completed Idempotency-Key, or the problem of one that cannot proceed. */
function idempotentReplay(decision: Admission): Response | undefined {
  switch (decision.idempotency?.outcome) {
    case "replay": {
      const stored = decision.idempotency.response;
      return new Response(stored.body, { status: stored.status, headers: { ...stored.headers, "Idempotent-Replayed": "true" } });
    }
    case "reused":
      throw new ApiError("idempotency_key_reused", "This Idempotency-Key was used with a different method, path or body in the last 24 hours.");
    case "in_use":
      throw new ApiError("idempotency_key_in_use", "A request with this Idempotency-Key is still in progress; retry when it has completed.");
    case "completed_unstored":
      throw new ApiError("conflict", "This Idempotency-Key already completed; its response is not kept because it carried a secret.");
    default:
      return undefined;
  }
}

/**
 * What the key keeps of a response: the response itself, or, when it is larger than a replay may
 * be (REPLAY_MAX_BYTES), the problem a retry with the key is answered instead. The client that
 * made the request gets the whole response either way.
 */
async function forReplay(c: Context<AppEnv>, response: StoredResponse): Promise<StoredResponse> {
  const bytes = storedBytes(response);
  if (bytes <= REPLAY_MAX_BYTES) return response;
  const problem = problemResponse(c, notReplayable(response.status, bytes));
  return { status: problem.status, headers: Object.fromEntries(problem.headers), body: await problem.text() };
}

/** What step 12 needs of the earlier steps. */
interface Admitted {
  caller: Caller;
  input: ParsedInput;
  request: ReadRequest;
  guard: KeyGuardStub;
  write: boolean;
}

/** The response of a handler's reply, with the bookmark its D1 session reached. */
function replied(reply: Reply<unknown>, sessionBookmark: string | null) {
  const bodyText = reply.body instanceof SerializedBody ? reply.body.json : JSON.stringify(reply.body);
  const headers = { "Content-Type": "application/json", ...reply.headers, ...(sessionBookmark ? { [BOOKMARK_HEADER]: sessionBookmark } : {}) };
  return { status: reply.status, headers, bodyText };
}

/** Step 12: the handler, over the request's D1 session (reads near the client, at least as new as its bookmark). */
function runHandler(c: Context<AppEnv>, op: Operation, eventSink: EventSink | undefined, admitted: Admitted): Promise<Response> {
  const { request, guard, write } = admitted;
  const { claim } = request;
  const { company } = admitted.caller;
  const { store } = company;
  const session = sessionStart(request.bookmark, company, write);
  return withRequestSession(requestDatabases(c.env, store), { ...session, trips: c.get("trips") }, async (latestBookmark) => {
    try {
      refuseForeignBookmark(session.bookmark, store);
      // A write while the company's data moves between stores: 503 (its claim is released below), reads go on.
      if (write && company.moving) throw companyMoving();
      const reply = await renewingClaim(guard, claim, () => op.handler(operationContext(c, op, eventSink, admitted)));
      const { bodyText, headers } = replied(reply, latestBookmark());
      if (claim) {
        const kept = op.storeIdempotentResponse === false ? null : await forReplay(c, { status: reply.status, headers, body: bodyText });
        await tracked(c, "keyguard", () => guard.complete(claim.key, claim.fingerprint, kept));
      }
      return new Response(bodyText, { status: reply.status, headers });
    } catch (thrown) {
      return settleFailedClaim(c, op, guard, claim, thrown);
    }
  });
}

/**
 * A read started beside the key's Durable Object call, before the object admitted the request: a
 * warm key (admitted by this isolate lately, src/keys/warm-keys.ts) reading an operation of gate A whose
 * input is valid and which the remembered caller may call. It runs as the remembered caller, over
 * the request's D1 session, and may only read: a write, a binding (queue, bucket, object) or a
 * provider call is refused (SpeculationRefused) and the handler then runs again once admitted.
 * Its result is used only after the object admitted the request as that same caller.
 */
interface WarmRead {
  caller: Caller;
  result: Promise<{ reply: Reply<unknown>; bookmark: string | null } | { thrown: unknown }>;
}

/**
 * The operations whose read begun early was refused in this isolate (an attachment's bytes from a
 * bucket, a provider's templates): they wait for the object from then on, since each early run
 * would make its queries twice and be thrown away.
 */
const waitsForAdmission = new WeakSet<Operation>();

function startWarmRead(c: Context<AppEnv>, op: Operation, key: PresentedKey, request: ReadRequest): WarmRead | undefined {
  const { input } = request;
  if (request.invalid || !input || waitsForAdmission.has(op)) return undefined;
  const caller = warmCaller(key);
  // A key that is cold, or whose remembered caller this operation would refuse, waits for the object as before.
  if (!caller || authorize(op, caller, undefined)) return undefined;
  const context = operationContext(c, op, undefined, { caller, input, request });
  Object.defineProperties(context, {
    env: { get: () => { throw new SpeculationRefused("A binding"); } },
    commit: { value: () => Promise.reject(new SpeculationRefused("A write")) },
  });
  const { store } = caller.company;
  const session = sessionStart(request.bookmark, caller.company, false);
  const result = speculatively(() => withRequestSession(requestDatabases(c.env, store), { ...session, trips: c.get("trips") }, async (latestBookmark) => {
    try {
      refuseForeignBookmark(session.bookmark, store);
      const reply = await op.handler(context);
      return { reply, bookmark: latestBookmark() };
    } catch (thrown) {
      return { thrown };
    }
  }));
  return { caller, result };
}

/**
 * The response of a warm read whose request the object admitted and authorized, or undefined when
 * it must run again, admitted: it tried what only an admitted request may do, or the object admitted
 * the key as another caller than remembered (a plan, scope or company change the isolate missed).
 */
async function warmAnswer(c: Context<AppEnv>, op: Operation, guard: KeyGuardStub, early: WarmRead, caller: Caller): Promise<Response | undefined> {
  const outcome = await early.result;
  if (!sameCaller(early.caller, caller)) return undefined;
  if ("thrown" in outcome) {
    if (wasSpeculationRefused(outcome.thrown)) {
      waitsForAdmission.add(op);
      return undefined;
    }
    return settleFailedClaim(c, op, guard, undefined, outcome.thrown);
  }
  const { status, headers, bodyText } = replied(outcome.reply, outcome.bookmark);
  return new Response(bodyText, { status, headers });
}

/**
 * Runs `work` while keeping its Idempotency-Key claim alive: the claim's lease is short (so a key
 * whose Worker died is free again within seconds), and a request still running renews it every few
 * seconds. Most requests end before the first renewal, which then never happens (no extra call).
 */
async function renewingClaim<T>(guard: KeyGuardStub, claim: ReadRequest["claim"], work: () => Promise<T>): Promise<T> {
  if (!claim) return work();
  const timer = setInterval(() => {
    guard.renew(claim.key, claim.fingerprint, clock.now()).catch((error: unknown) => console.warn(JSON.stringify({ message: "idempotency claim renewal failed", ...loggableError(error) })));
  }, CLAIM_RENEW_EVERY_MS);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/**
 * Where the request's session starts: after the client's bookmark, or at the primary for a write.
 * A bookmark of the store the company's last move left (a client that wrote before the move) is
 * not refused: it cannot order reads in the new store, so the session starts at its primary, which
 * holds every write the old store had (the move copied them before the directory flipped).
 */
function sessionStart(bookmark: string | undefined, company: Caller["company"], write: boolean): { write: boolean; bookmark: string | undefined } {
  const of = bookmark === undefined ? undefined : parseBookmark(bookmark)?.store;
  if (of !== undefined && of !== company.store && of === company.movedFrom) return { write: true, bookmark: undefined };
  return { write, bookmark };
}

/** A bookmark of another store than the caller's cannot order this request's reads: 400, as a malformed one. */
function refuseForeignBookmark(bookmark: string | undefined, store: number): void {
  if (bookmark === undefined || parseBookmark(bookmark)?.store === store) return;
  throw new ApiError("validation_error", `${BOOKMARK_HEADER} is of another store than this company's.`, {
    errors: [{ path: `header.${BOOKMARK_HEADER}`, message: "Send back the value of a response's X-D1-Bookmark header to this company, unchanged." }],
  });
}

/** What a handler is given: its input, its caller, the request's database, and `commit` with the audit entry of this request. */
function operationContext(
  c: Context<AppEnv>,
  op: Operation,
  eventSink: EventSink | undefined,
  { caller, input, request }: Pick<Admitted, "caller" | "input" | "request">,
): OperationContext<unknown, unknown, unknown> {
  const env = c.env;
  const db = requestDb;
  const requestId = c.get("requestId");
  return {
    params: input.params,
    query: input.query,
    body: input.body,
    caller,
    db,
    env,
    config: c.get("config"),
    requestId,
    bodyText: input.bodyText,
    idempotencyKey: request.idempotencyKey,
    contentType: input.contentType,
    commit: (statements, audit, events = []) =>
      commitBatch(db, env, eventSink, caller.company.id, statements, events, [
        insertRow(db, auditLog, {
          id: crypto.randomUUID(),
          companyId: caller.company.id,
          keyId: caller.keyId,
          operation: op.operationId,
          method: op.method.toUpperCase(),
          path: input.path,
          resourceType: audit.resourceType,
          resourceId: audit.resourceId,
          requestId,
          createdAt: nowIso(),
        }),
      ]),
  };
}

/**
 * A handler that threw: a refusal (under 500) is the outcome of the request, kept for its
 * Idempotency-Key so that a retry gets the same answer; anything else frees the key for a retry.
 */
async function settleFailedClaim(c: Context<AppEnv>, op: Operation, guard: KeyGuardStub, claim: ReadRequest["claim"], thrown: unknown): Promise<Response> {
  // A provider's refusal of the recipient is 422 only where the operation declares it (else 502);
  // a missing secret is 503 where it declares 503 (else 500).
  const error = declaredOutcome(op, declaredSecretMissing(op, thrown));
  if (claim) {
    if (error instanceof ApiError && error.status < 500) {
      const problem = problemResponse(c, error);
      const stored = await forReplay(c, { status: problem.status, headers: Object.fromEntries(problem.headers), body: await problem.clone().text() });
      await tracked(c, "keyguard", () => guard.complete(claim.key, claim.fingerprint, stored));
      return problem;
    }
    await tracked(c, "keyguard", () => guard.release(claim.key, claim.fingerprint));
  }
  throw error;
}

interface ParsedInput {
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
function queryParameterNames(op: Operation): ReadonlySet<string> {
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
