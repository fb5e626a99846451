import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import type { Caller } from "../../keys/caller";
import { unauthorized, type PresentedKey } from "../../keys/auth";
import { clientOf, failedAuthentication } from "../../keys/auth-failures";
import { authorize } from "../../keys/authorize";
import { ApiError } from "../../lib/errors";
import type { GuardDecision } from "../../keys/guard";
import { guardOf } from "../../keys/key-changes";
import type { Operation } from "../operation";
import { clock } from "../../lib/clock";
import { forgetKey } from "../../keys/warm-keys";
import { tracked, type KeyGuardStub } from "./flow";
import { requestKey } from "./key-form";
import type { ParsedInput, ReadRequest } from "./input";

/** Step 5 as the key's object decided it: a refused key is 401, counted against its client's failures. */
export async function authenticated(c: Context<AppEnv>, key: PresentedKey, decision: GuardDecision): Promise<Admission> {
  if (!decision.authenticated) {
    forgetKey(key);
    throw await failedAuthentication(c.env, clientOf(c.req.raw.headers), unauthorized(decision.detail, "invalid_token"));
  }
  return decision;
}

/** Steps 5 to 11 in the key's Durable Object: authentication, rate limit, and the claim of a request it admits and authorizes. */
export function admitKey(c: Context<AppEnv>, guard: KeyGuardStub, key: PresentedKey, claim: ReadRequest["claim"]): Promise<GuardDecision> {
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

export type Admission = Extract<GuardDecision, { authenticated: true }>;

/**
 * Step 6 as the object decided it for an authenticated key: 429 over the limit. A key refused here
 * or in `authenticated` is forgotten by the isolate; one admitted and authorized is remembered (src/keys/warm-keys.ts).
 */
export function admittedCaller(c: Context<AppEnv>, key: PresentedKey, decision: Admission): Admission {
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
export function authorizedInput(op: Operation, caller: Caller, request: ReadRequest): ParsedInput {
  const refusal = authorize(op, caller, request.idempotencyKey) ?? request.invalid;
  if (refusal || !request.input) throw refusal ?? new ApiError("internal_error", "Input was not parsed.");
  return request.input;
}
