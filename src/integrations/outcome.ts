import { ApiError } from "../lib/errors";
import type { ProviderName } from "./provider";

/** The three outcomes of a provider call that are not a success, and the problem each one is. */
export type ProviderOutcome = "not_configured" | "upstream_error" | "refused";

const slugs = {
  not_configured: "integration_not_configured",
  upstream_error: "upstream_error",
  refused: "unprocessable",
} as const;

/**
 * A provider call that did not succeed, as a problem: 503 integration_not_configured, 502
 * upstream_error or 422 unprocessable (a refusal of this recipient). The problem names the
 * provider (`provider` member); it never carries the provider's credentials or its answer's body.
 */
export class ProviderError extends ApiError {
  constructor(
    readonly provider: ProviderName,
    readonly outcome: ProviderOutcome,
    detail: string,
    /** A refusal's provider error code (a card's decline code) and short reason, for handlers that answer them in their own terms. */
    readonly refusal: { code?: string | number; reason?: string } = {},
    /**
     * The request may have reached the provider and been acted on though no answer was read (a
     * timeout, a cut connection, an unreadable success): a retry must ask the provider before
     * sending again (src/work/intents.ts). False when the provider answered no.
     */
    readonly maybeAccepted = false,
  ) {
    super(slugs[outcome], detail, { provider });
    this.name = "ProviderError";
  }
}

/**
 * A provider's refusal of this recipient is a 422 only where the operation declares 422; elsewhere
 * it is the provider failing the request (502 upstream_error). The pipeline applies this to every
 * error a handler throws, so handlers just let the gateway's errors through.
 */
export function declaredOutcome(op: { codes: readonly number[] }, error: unknown): unknown {
  if (!(error instanceof ProviderError) || error.outcome !== "refused" || op.codes.includes(422)) return error;
  return new ProviderError(error.provider, "upstream_error", error.detail);
}
