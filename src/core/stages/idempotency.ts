import { ApiError } from "../../lib/errors";
import type { Answer, Flow, Next } from "./stage";

/**
 * The Idempotency-Key as the key's object found it: the kept answer of a request that completed
 * (sent again, `Idempotent-Replayed: true`, nothing run again), or the problem of one that cannot
 * proceed; a key it claimed, or none, goes on.
 */
export async function idempotency(flow: Flow, next: Next): Promise<Answer> {
  const outcome = flow.admitted.idempotency;
  switch (outcome?.outcome) {
    case "replay": {
      const stored = outcome.response;
      return {
        status: stored.status,
        headers: { ...stored.headers, "Idempotent-Replayed": "true" },
        body: stored.body,
      };
    }
    case "reused":
      throw new ApiError(
        "idempotency_key_reused",
        "This Idempotency-Key was used with a different method, path or body in the last 24 hours.",
      );
    case "in_use":
      throw new ApiError(
        "idempotency_key_in_use",
        "A request with this Idempotency-Key is still in progress; retry when it has completed.",
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
