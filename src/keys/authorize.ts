import { ApiError } from "../lib/errors";
import type { Caller } from "./caller";
import { planSets, type PlanSet } from "../lib/plans";
import type { Scope } from "./scopes";

/** An operation's gate, the switch it stands behind: A always open, W writes, S spending, C conversations (src/core/stages/gate.ts, gateOpen). */
export type Gate = "A" | "W" | "S" | "C";

/** What an operation requires of its caller: plain data, so the key's Durable Object can decide it too. */
export interface Requirements {
  scope: Scope;
  plans: PlanSet;
  /** The capability a plan must include, or the account must be granted. */
  capability: string;
  gate: Gate;
}

/** Steps 7 to 9: scope, plan capability, spend enabling. */
export function authorize(op: Requirements, caller: Caller, idempotencyKey: string | undefined): ApiError | undefined {
  if (!caller.scopes.includes(op.scope)) {
    return new ApiError(
      "insufficient_scope",
      `This operation requires the scope ${op.scope}; the key does not have it.`,
      {
        required_scope: op.scope,
      },
    );
  }
  const { company } = caller;
  if (!planSets[op.plans].includes(company.plan) && !company.capabilities.includes(op.capability)) {
    return new ApiError(
      "capability_required",
      `The ${company.plan} plan does not include the capability ${op.capability}, and it was not granted to the account.`,
      { required_capability: op.capability },
    );
  }
  if (op.gate === "S") {
    if (!company.spendEnabled)
      return new ApiError("spend_not_enabled", "This account is not enabled for spending operations.");
    if (idempotencyKey === undefined) {
      return new ApiError(
        "idempotency_key_required",
        "Spending operations require an Idempotency-Key header (a UUID is recommended).",
      );
    }
  }
  return undefined;
}
