import { ApiError } from "../../lib/errors";
import type { StoredResponse } from "../../keys/guard";
import type { Answer, Flow, Next } from "./stage";

/**
 * The Idempotency-Key as the key's object found it: the kept answer of a request that completed
 * (sent again, `Idempotent-Replayed: true`, nothing run again), or the problem of one that cannot
 * proceed; a key it claimed goes on, and so does one still in use, whose answer D1 may already
 * keep (keptAnswer, once the request's D1 session is open).
 */
export async function idempotency(flow: Flow, next: Next): Promise<Answer> {
  const outcome = flow.admitted.idempotency;
  switch (outcome?.outcome) {
    case "replay":
      return replayed(outcome.response);
    case "reused":
      throw new ApiError(
        "idempotency_key_reused",
        "This Idempotency-Key was used with a different method, path or body in the last 24 hours.",
      );
    case "completed_unstored":
      throw new ApiError(
        "conflict",
        "This Idempotency-Key already completed; its response is not kept because it carried a secret.",
      );
    default:
      return next();
  }
}

/** A kept answer sent again. */
export const replayed = (stored: StoredResponse): Answer => ({
  status: stored.status,
  headers: { ...stored.headers, "Idempotent-Replayed": "true" },
  body: stored.body,
});
