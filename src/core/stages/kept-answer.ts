import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { ApiError, loggableError } from "../../lib/errors";
import type { Caller } from "../../keys/caller";
import { requestDb } from "../../data/session";
import { databaseFor } from "../../data/tenancy";
import {
  fillAnswer,
  keptAnswerOf,
  takeOverMark,
  type AnswerKey,
  type KeptAnswer,
  type Written,
} from "../../data/idempotent-answers";
import { notReplayable, REPLAY_MAX_BYTES, storedBytes } from "../../keys/replay-limit";
import { problemAnswer } from "./answer";
import { replied } from "./handler";
import { replayed } from "./idempotency";
import { tracked, type Answer, type Flow, type KeyGuardStub, type Next } from "./stage";

/**
 * The answers D1 keeps of idempotent writes (src/data/idempotent-answers.ts), asked when the key's
 * Durable Object cannot answer a retry itself: its claim is still in flight (the first request's
 * completion has not reached it yet), or it lapsed (that request's Worker died, before or after its
 * batch). A write that landed is never run again: its answer is replayed, or, when the Worker died
 * before filling it in, rebuilt from what its batch wrote (the operation's `replay`), or, without
 * one, a conflict says the request completed. Inside the request's D1 session, which a write
 * starts at the primary, so the mark its batch wrote is seen.
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
  return answerOfKept(c, kept, claim, inUse ? undefined : guard, at, rebuilderOf(flow));
}

/** Rebuilds the answer of the write that landed under the key from what it wrote; undefined when that is gone. */
export type Rebuild = (written: Written) => Promise<Answer | undefined>;

/**
 * How this request rebuilds the answer of its operation's earlier write: the operation's `replay`,
 * given this retry's input (the same as the first attempt's: the fingerprint matched) and caller.
 * None for an operation without one, or whose answer is never kept (it carried a secret).
 */
export function rebuilderOf(flow: Flow): Rebuild | undefined {
  const { c, op } = flow;
  const { replay } = op;
  if (!replay || op.storeIdempotentResponse === false) return undefined;
  const { caller, input } = flow.admitted;
  const context = {
    params: input.params,
    query: input.query,
    body: input.body,
    caller,
    db: requestDb,
    env: c.env,
    config: c.get("config"),
  };
  return async (written) => {
    try {
      const reply = await replay(context, { resourceType: written.resourceType, resourceId: written.resourceId });
      return reply && replied(reply, flow.session.latestBookmark());
    } catch (thrown) {
      // The rows it wrote are gone since (a later delete): nothing to read back.
      if (thrown instanceof ApiError && thrown.status === 404) return undefined;
      throw thrown;
    }
  };
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
  rebuild: Rebuild | undefined,
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
  // Committed, and the Worker that wrote it died before the answer was kept: the answer is read back
  // from what the batch wrote, and kept (D1, then the object), so later retries replay it unchanged.
  const { written } = kept;
  if (claimed && rebuild && written) {
    const rebuilt = await tracked(c, "d1", () => rebuild(written));
    if (rebuilt) {
      const stored = forReplay(c, rebuilt);
      await completeKept(c, claimed, claim, stored);
      await fillAnswer(databaseFor(c.env, at.companyId), at, kept.requestId, stored);
      return replayed(rebuilt);
    }
  }
  // Nothing to read it back from: that the request completed is kept instead.
  const problem = problemAnswer(c, answerLost());
  const stored = keptProblem(problem);
  if (claimed) {
    await completeKept(c, claimed, claim, stored);
    await fillAnswer(databaseFor(c.env, at.companyId), at, kept.requestId, stored);
  }
  return problem;
}

/**
 * What the key keeps of a response: the response itself, or, when it is larger than a replay may
 * be (REPLAY_MAX_BYTES), the problem a retry with the key is answered instead. The client that
 * made the request gets the whole response either way.
 */
export function forReplay(c: Context<AppEnv>, answer: Answer): Answer {
  const bytes = storedBytes(answer);
  if (bytes <= REPLAY_MAX_BYTES) return answer;
  return keptProblem(problemAnswer(c, notReplayable(answer.status, bytes)));
}

/** A problem is kept with its headers as a Response lists them (names in lower case). */
export const keptProblem = (problem: Answer): Answer => ({
  ...problem,
  headers: Object.fromEntries(new Headers(problem.headers)),
});

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
