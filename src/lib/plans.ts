/**
 * The plans, declared once. src/core/operation.ts re-exports them for declarations; the tables import this
 * module directly, since src/core/operation.ts reaches the tables (through src/data/write-batch.ts) and must not be imported back.
 */

export type PlanSet = "ALL" | "NONE" | "AGY" | "SBAPE" | "PSBAPE";

/** Every plan, lowest first: the one list the Zod enums, tables, catalogue and admin CLI derive from. */
export const plans = ["PAYG", "Starter", "Business", "Agency", "Partner", "Enterprise"] as const;
export type Plan = (typeof plans)[number];

/** `plan` and every plan above it. */
const plansFrom = (plan: Plan): readonly Plan[] => plans.slice(plans.indexOf(plan));

/** Which plans include an operation's capability by default (NONE: only an explicit grant). */
export const planSets: Record<PlanSet, readonly Plan[]> = {
  ALL: plans,
  NONE: [],
  AGY: plansFrom("Agency"),
  SBAPE: plansFrom("Starter"),
  PSBAPE: plans,
};
