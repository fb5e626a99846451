import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { ApiError, loggableError } from "../../lib/errors";
import { CLAIM_RENEW_EVERY_MS } from "../../keys/claim-lease";
import { clock } from "../../lib/clock";
import { notReplayable, REPLAY_MAX_BYTES, storedBytes } from "../../keys/replay-limit";
import { problemAnswer } from "./answer";
import { tracked, type Answer, type Flow, type KeyGuardStub, type Next, type ReadRequest } from "./stage";

type Claim = NonNullable<ReadRequest["claim"]>;

/**
 * A request that claimed an Idempotency-Key: the key's claim is kept alive while the stages after
 * this one run, then the key keeps their answer, so that a retry gets it again; a refusal (under
 * 500) is an answer too, kept the same way. Anything else frees the key for a retry.
 */
export async function storeAnswer(flow: Flow, next: Next): Promise<Answer> {
  const { c, op } = flow;
  const { claim } = flow.request;
  if (!claim) return next();
  const { guard } = flow.admitted;
  try {
    const answer = await renewingClaim(guard, claim, next);
    const kept = op.storeIdempotentResponse === false ? null : forReplay(c, answer);
    await tracked(c, "keyguard", () => guard.complete(claim.key, claim.fingerprint, kept));
    return answer;
  } catch (thrown) {
    return settleFailedClaim(c, guard, claim, thrown);
  }
}

/**
 * What the key keeps of a response: the response itself, or, when it is larger than a replay may
 * be (REPLAY_MAX_BYTES), the problem a retry with the key is answered instead. The client that
 * made the request gets the whole response either way.
 */
function forReplay(c: Context<AppEnv>, answer: Answer): Answer {
  const bytes = storedBytes(answer);
  if (bytes <= REPLAY_MAX_BYTES) return answer;
  return keptProblem(problemAnswer(c, notReplayable(answer.status, bytes)));
}

/** A problem is kept with its headers as a Response lists them (names in lower case). */
const keptProblem = (problem: Answer): Answer => ({
  ...problem,
  headers: Object.fromEntries(new Headers(problem.headers)),
});

/**
 * Runs `work` while keeping its Idempotency-Key claim alive: the claim's lease is short (so a key
 * whose Worker died is free again within seconds), and a request still running renews it every few
 * seconds. Most requests end before the first renewal, which then never happens (no extra call).
 */
async function renewingClaim<T>(guard: KeyGuardStub, claim: Claim, work: () => Promise<T>): Promise<T> {
  const timer = setInterval(() => {
    guard
      .renew(claim.key, claim.fingerprint, clock.now())
      .catch((error: unknown) =>
        console.warn(JSON.stringify({ message: "idempotency claim renewal failed", ...loggableError(error) })),
      );
  }, CLAIM_RENEW_EVERY_MS);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/** A claimed request that failed: a refusal is its answer, kept for the key; anything else frees the key. */
async function settleFailedClaim(
  c: Context<AppEnv>,
  guard: KeyGuardStub,
  claim: Claim,
  thrown: unknown,
): Promise<Answer> {
  if (thrown instanceof ApiError && thrown.status < 500) {
    const problem = problemAnswer(c, thrown);
    const kept = forReplay(c, keptProblem(problem));
    await tracked(c, "keyguard", () => guard.complete(claim.key, claim.fingerprint, kept));
    return problem;
  }
  await tracked(c, "keyguard", () => guard.release(claim.key, claim.fingerprint));
  throw thrown;
}
