import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import type { Caller } from "../../keys/caller";
import { unauthorized, type PresentedKey } from "../../keys/auth";
import { authFailureLimiter, clientOf, failedAuthentication } from "../../keys/auth-failures";
import { authorize } from "../../keys/authorize";
import { ApiError } from "../../lib/errors";
import type { GuardDecision } from "../../keys/guard";
import { guardOf } from "../../keys/key-changes";
import type { Operation } from "../operation";
import { clock } from "../../lib/clock";
import { forgetKey, rememberAdmitted } from "../../keys/warm-keys";
import {
  tracked,
  type Answer,
  type Flow,
  type KeyGuardStub,
  type Next,
  type ParsedInput,
  type ReadRequest,
} from "./stage";
import { keyFormPolicy, requestKey } from "./key-form";

/**
 * The one call to the key's Durable Object: it authenticates the key, counts it in its rate limit
 * and, for a request it admits and authorizes, claims its Idempotency-Key. Its decision is answered
 * in the order of the request path: 401, 429, 403 (scope, plan, spending), then the input's 400.
 */
export async function keyObject(flow: Flow, next: Next): Promise<Answer> {
  const { c, op, key, request } = flow;
  const guard = guardOf(c.env, key.lineageId);
  const decision = admittedCaller(c, key, await authenticated(c, key, await admitKey(c, guard, key, request.claim)));
  const input = authorizedInput(op, decision.caller, request);
  rememberAdmitted(key, decision.caller, keyFormPolicy(c.get("config")));
  flow.admitted = { caller: decision.caller, input, guard, idempotency: decision.idempotency };
  return next();
}

/** The key as its object decided it: a refused key is 401, counted against its client's failures. */
async function authenticated(c: Context<AppEnv>, key: PresentedKey, decision: GuardDecision): Promise<Admission> {
  if (!decision.authenticated) {
    forgetKey(key);
    throw await failedAuthentication(
      authFailureLimiter(c.env, c.get("config").authFailureLimit),
      clientOf(c.req.raw.headers),
      unauthorized(decision.detail, "invalid_token"),
    );
  }
  return decision;
}

/** The call itself: authentication, rate limit, and the claim of a request the object admits and authorizes. */
function admitKey(
  c: Context<AppEnv>,
  guard: KeyGuardStub,
  key: PresentedKey,
  claim: ReadRequest["claim"],
): Promise<GuardDecision> {
  const config = c.get("config");
  const { limit, windowSeconds } = config.rateLimit;
  // The RPC stub's type of a union result is not usable as is: the object returns a GuardDecision.
  return tracked(
    c,
    "keyguard",
    async (): Promise<GuardDecision> =>
      guard.admit({
        key,
        now: clock.now(),
        limit,
        windowMs: windowSeconds * 1000,
        maxAgeMs: config.keyStateMaxAgeSeconds * 1000,
        claim,
      }),
  );
}

/**
 * The key's form and its object for a request that is not one operation (the MCP endpoint,
 * src/core/mcp.ts): the key, counted in its rate limit like any request. What it may then call is
 * `authorize`'s to say.
 */
export async function authenticatedCaller(c: Context<AppEnv>): Promise<Caller> {
  const key = await requestKey(c);
  return admittedCaller(
    c,
    key,
    await authenticated(c, key, await admitKey(c, guardOf(c.env, key.lineageId), key, undefined)),
  ).caller;
}

type Admission = Extract<GuardDecision, { authenticated: true }>;

/**
 * The rate limit as the object decided it for an authenticated key: 429 over the limit. A key refused here
 * or in `authenticated` is forgotten by the isolate; one admitted and authorized is remembered (src/keys/warm-keys.ts).
 */
function admittedCaller(c: Context<AppEnv>, key: PresentedKey, decision: Admission): Admission {
  const { caller } = decision;
  c.set("caller", caller);
  c.set("rateLimit", { limit: decision.limit, remaining: decision.remaining, resetSeconds: decision.resetSeconds });
  if (!decision.admitted) {
    forgetKey(key);
    const { limit, windowSeconds } = c.get("config").rateLimit;
    throw new ApiError(
      "rate_limited",
      `More than ${limit} requests in ${windowSeconds} s with this key; retry in ${decision.resetSeconds} s.`,
      {
        headers: { "Retry-After": String(decision.resetSeconds) },
      },
    );
  }
  return decision;
}

/** Scope, plan and spending, decided the same way the Durable Object decided whether to claim; then the input's problem. */
function authorizedInput(op: Operation, caller: Caller, request: ReadRequest): ParsedInput {
  const refusal = authorize(op, caller, request.idempotencyKey) ?? request.invalid;
  if (refusal || !request.input) throw refusal ?? new ApiError("internal_error", "Input was not parsed.");
  return request.input;
}
