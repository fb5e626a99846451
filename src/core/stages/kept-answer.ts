import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { ApiError, loggableError } from "../../lib/errors";
import type { Caller } from "../../keys/caller";
import { requestDb } from "../../data/session";
import { databaseFor } from "../../data/tenancy";
import { fillAnswer, keptAnswerOf, takeOverMark, type AnswerKey, type KeptAnswer } from "../../data/idempotent-answers";
import { problemAnswer } from "./answer";
import { replayed } from "./idempotency";
import { tracked, type Answer, type Flow, type KeyGuardStub, type Next } from "./stage";

/**
 * The answers D1 keeps of idempotent writes (src/data/idempotent-answers.ts), asked when the key's
 * Durable Object cannot answer a retry itself: its claim is still in flight (the first request's
 * completion has not reached it yet), or it lapsed (that request's Worker died, before or after its
 * batch). A write that landed is never run again: its answer is replayed, or, when the Worker died
 * before filling it in, a conflict says the request completed. Inside the request's D1 session,
 * which a write starts at the primary, so the mark its batch wrote is seen.
 */
export async function keptAnswer(flow: Flow, next: Next): Promise<Answer> {
  const outcome = flow.admitted.idempotency;
  const { claim } = flow.request;
  if (!claim || !outcome) return next();
  const inUse = outcome.outcome === "in_use";
  if (!inUse && !(outcome.outcome === "proceed" && outcome.lapsed)) return next();
  const { c } = flow;
  const { caller, guard } = flow.admitted;
  const at = answerKeyOf(caller, claim.key);
  const kept = await tracked(c, "d1", () => keptAnswerOf(requestDb, at));
  // No write landed under the key: a claim in flight is still in use; a lapsed one runs now, once.
  if (!kept) {
    if (inUse) throw keyInUse();
    return next();
  }
  // A resumable write whose Worker died before its answer was kept runs again under its claim: its
  // handler adopts what the first attempt recorded (operation.ts, resumesAfterCrash).
  if (
    !inUse &&
    flow.op.resumesAfterCrash &&
    kept.state === "committed" &&
    !kept.answer &&
    kept.fingerprint === claim.fingerprint
  ) {
    if (await tracked(c, "d1", () => takeOverMark(requestDb, at, kept.requestId, c.get("requestId")))) return next();
    throw keyInUse();
  }
  return answerOfKept(c, kept, claim, inUse ? undefined : guard, at);
}

/** The key of a request's Idempotency-Key among the D1 answers: its lineage's, so its company's. */
export const answerKeyOf = (caller: Caller, key: string): AnswerKey => ({
  companyId: caller.company.id,
  lineageId: caller.lineageId,
  key,
});

export const keyInUse = () =>
  new ApiError(
    "idempotency_key_in_use",
    "A request with this Idempotency-Key is still in progress; retry when it has completed.",
  );

const completedUnstored = () =>
  new ApiError(
    "conflict",
    "This Idempotency-Key already completed; its response is not kept because it carried a secret.",
  );

const answerLost = () =>
  new ApiError(
    "conflict",
    "This Idempotency-Key already completed, but its response was lost before it could be kept. " +
      "Nothing was done again: read the result with a GET, or send a new Idempotency-Key to run the request again.",
  );

/**
 * What a write that landed under the key answers a retry. `claimed`: this request holds the
 * object's claim (the earlier one lapsed), which then keeps the answer, so later retries are
 * answered by the object alone.
 */
export async function answerOfKept(
  c: Context<AppEnv>,
  kept: KeptAnswer,
  claim: { key: string; fingerprint: string },
  claimed: KeyGuardStub | undefined,
  at: AnswerKey,
): Promise<Answer> {
  if (kept.fingerprint !== claim.fingerprint)
    throw new ApiError(
      "idempotency_key_reused",
      "This Idempotency-Key was used with a different method, path or body in the last 24 hours.",
    );
  if (kept.answer) {
    if (claimed) await completeKept(c, claimed, claim, kept.answer);
    return replayed(kept.answer);
  }
  // Its request is alive and about to fill the answer in.
  if (kept.state === "committed" && !claimed) throw keyInUse();
  if (kept.state === "unstored") {
    if (claimed) await completeKept(c, claimed, claim, null);
    throw completedUnstored();
  }
  // Committed, and the Worker that wrote it died before the answer was kept: that is kept instead.
  const problem = problemAnswer(c, answerLost());
  const stored = { ...problem, headers: Object.fromEntries(new Headers(problem.headers)) };
  if (claimed) {
    await completeKept(c, claimed, claim, stored);
    await fillAnswer(databaseFor(c.env, at.companyId), at, kept.requestId, stored);
  }
  return problem;
}

/** The object keeps what D1 kept: the claim this request took over is complete. */
async function completeKept(
  c: Context<AppEnv>,
  guard: KeyGuardStub,
  claim: { key: string; fingerprint: string },
  answer: Answer | null,
): Promise<void> {
  try {
    await tracked(c, "keyguard", () => guard.complete(claim.key, claim.fingerprint, answer));
  } catch (error) {
    // The answer stands either way: a later retry finds it in D1 again.
    console.warn(JSON.stringify({ message: "idempotency completion failed", ...loggableError(error) }));
  }
}
