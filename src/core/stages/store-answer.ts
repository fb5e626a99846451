import { ApiError, loggableError } from "../../lib/errors";
import { CLAIM_RENEW_EVERY_MS } from "../../keys/claim-lease";
import { clock } from "../../lib/clock";
import { requestDb } from "../../data/session";
import { databaseFor } from "../../data/tenancy";
import { PreconditionFailed } from "../../data/precondition";
import { fillAnswer, forgetMark, KEY_ALREADY_WRITTEN, keptAnswerOf } from "../../data/idempotent-answers";
import { problemAnswer } from "./answer";
import { answerKeyOf, answerOfKept, forReplay, keptProblem, keyInUse, rebuilderOf } from "./kept-answer";
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
  const { guard, idempotency } = flow.admitted;
  // Only a claim the object gave this request runs (keptAnswer answers one still in use, before this).
  if (idempotency?.outcome !== "proceed") throw keyInUse();
  try {
    const answer = await renewingClaim(guard, claim, next);
    await keep(flow, claim, op.storeIdempotentResponse === false ? null : forReplay(c, answer));
    return answer;
  } catch (thrown) {
    return settleFailedClaim(flow, claim, thrown);
  }
}

/**
 * The key keeps the answer. When the request's batch marked the key (commit), the write is
 * already safe from a second run, so the answer is filled in (D1) and the object told (complete)
 * after the response is sent, off the client's path: a retry meanwhile finds the answer in D1, or,
 * before it is filled in, that the key is in use. Otherwise (nothing was written) the object keeps
 * it before the response, as the only record of it.
 */
async function keep(flow: Flow, claim: Claim, kept: Answer | null): Promise<void> {
  const { c } = flow;
  const { guard, caller } = flow.admitted;
  if (!flow.marked) {
    await tracked(c, "keyguard", () => guard.complete(claim.key, claim.fingerprint, kept));
    return;
  }
  const at = answerKeyOf(caller, claim.key);
  // Not the request's session: what runs after the response is neither its trip nor bound to its scope.
  const filled = fillAnswer(databaseFor(c.env, at.companyId), at, c.get("requestId"), kept);
  const completed = guard.complete(claim.key, claim.fingerprint, kept);
  c.executionCtx.waitUntil(
    Promise.all([filled, completed]).then(
      () => undefined,
      (error: unknown) =>
        // A lost completion is what a crash leaves too: the claim lapses and a retry finds the answer in D1.
        console.warn(JSON.stringify({ message: "idempotency answer not kept", ...loggableError(error) })),
    ),
  );
}

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

/**
 * A claimed request that failed: a refusal is its answer, kept for the key; a batch refused because
 * another request's write holds the key is answered with that write's answer; anything else frees
 * the key (and the mark this request's own batch wrote, if any).
 */
async function settleFailedClaim(flow: Flow, claim: Claim, thrown: unknown): Promise<Answer> {
  const { c } = flow;
  const { guard, caller } = flow.admitted;
  const at = answerKeyOf(caller, claim.key);
  if (thrown instanceof PreconditionFailed && thrown.detail === KEY_ALREADY_WRITTEN) {
    const kept = await tracked(c, "d1", () => keptAnswerOf(requestDb, at));
    if (kept) return answerOfKept(c, kept, claim, guard, at, rebuilderOf(flow));
    // Gone since (expired): nothing landed for this request, which may run again.
    await tracked(c, "keyguard", () => guard.release(claim.key, claim.fingerprint));
    throw keyInUse();
  }
  if (thrown instanceof ApiError && thrown.status < 500) {
    const problem = problemAnswer(c, thrown);
    await keep(flow, claim, forReplay(c, keptProblem(problem)));
    return problem;
  }
  await Promise.all([
    tracked(c, "keyguard", () => guard.release(claim.key, claim.fingerprint)),
    flow.marked ? tracked(c, "d1", () => forgetMark(requestDb, at, c.get("requestId"))) : undefined,
  ]);
  throw thrown;
}
