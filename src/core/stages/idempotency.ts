import { ApiError } from "../../lib/errors";
import type { Admission } from "./key-object";

/** Step 11: the stored response of a completed Idempotency-Key, or the problem of one that cannot proceed. */
export function idempotentReplay(decision: Admission): Response | undefined {
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
