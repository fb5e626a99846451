import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { ApiError, declaredSecretMissing, loggableError } from "../../lib/errors";
import { declaredOutcome } from "../../integrations/outcome";
import type { StoredResponse } from "../../keys/guard";
import { CLAIM_RENEW_EVERY_MS } from "../../keys/claim-lease";
import type { Operation } from "../operation";
import { clock } from "../../lib/clock";
import { notReplayable, REPLAY_MAX_BYTES, storedBytes } from "../../keys/replay-limit";
import { problemResponse } from "./answer";
import { tracked, type KeyGuardStub } from "./flow";
import type { ReadRequest } from "./input";

/**
 * What the key keeps of a response: the response itself, or, when it is larger than a replay may
 * be (REPLAY_MAX_BYTES), the problem a retry with the key is answered instead. The client that
 * made the request gets the whole response either way.
 */
export async function forReplay(c: Context<AppEnv>, response: StoredResponse): Promise<StoredResponse> {
  const bytes = storedBytes(response);
  if (bytes <= REPLAY_MAX_BYTES) return response;
  const problem = problemResponse(c, notReplayable(response.status, bytes));
  return { status: problem.status, headers: Object.fromEntries(problem.headers), body: await problem.text() };
}

/**
 * Runs `work` while keeping its Idempotency-Key claim alive: the claim's lease is short (so a key
 * whose Worker died is free again within seconds), and a request still running renews it every few
 * seconds. Most requests end before the first renewal, which then never happens (no extra call).
 */
export async function renewingClaim<T>(guard: KeyGuardStub, claim: ReadRequest["claim"], work: () => Promise<T>): Promise<T> {
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
 * A handler that threw: a refusal (under 500) is the outcome of the request, kept for its
 * Idempotency-Key so that a retry gets the same answer; anything else frees the key for a retry.
 */
export async function settleFailedClaim(c: Context<AppEnv>, op: Operation, guard: KeyGuardStub, claim: ReadRequest["claim"], thrown: unknown): Promise<Response> {
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
