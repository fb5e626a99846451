import { planSets, plans, type Gate, type Operation, type Plan } from "../../src/core/operation";

/**
 * What the security suite derives from operation declarations alone (no I/O): the switches of
 * each gate, the plan a company must have to be refused, the path parameters that are ids, and
 * the generated cases of every kind.
 */

/** The variable of each switch a gate depends on. */
const SWITCH = {
  W: "PUBLIC_API_WRITE_ENABLED",
  S: "PUBLIC_API_SPEND_ENABLED",
  C: "CONVERSATIONS_API_ENABLED",
} as const;
type Switch = keyof typeof SWITCH;

/** The switches that must all be on for each gate to be open (the catalogue's gates). */
const GATE_SWITCHES: Record<Gate, Switch[]> = { A: [], W: ["W"], C: ["C"], S: ["W", "S"] };
const switchesOf = (gate: Gate): Switch[] => GATE_SWITCHES[gate];

const switchVars = (on: (name: Switch) => boolean) =>
  Object.fromEntries((Object.keys(SWITCH) as Switch[]).map((name) => [SWITCH[name], String(on(name))])) as Record<
    string,
    string
  >;

/**
 * Every gate open, and a rate limit that no case reaches: the cases are about authentication,
 * scopes, plans and tenancy, and a 429 would hide the answer they look for.
 */
export const OPEN: Record<string, string> = { ...switchVars(() => true), RATE_LIMIT_PER_MINUTE: "1000000" };

/** Only the switches of `gate` on, every other switch off. */
export const onlyGate = (gate: Gate): Record<string, string> => ({
  ...OPEN,
  ...switchVars((name) => switchesOf(gate).includes(name)),
});

/** Each way of closing `gate` (one switch of it off, every other switch on); none for gate A. */
const closings = (gate: Gate): { name: string; vars: Record<string, string> }[] =>
  switchesOf(gate).map((name) => ({ name: `${SWITCH[name]}=false`, vars: { ...OPEN, [SWITCH[name]]: "false" } }));

/** `/api/v1/contacts/{contact_id}` -> ["contact_id"]. */
export const pathParams = (path: string): string[] => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);

/**
 * A path parameter that names a resource of the caller's company (`contact_id`, `conversation_uuid`),
 * as opposed to a value (`addon_type`, `label_key`). Another company's ids must answer 404.
 */
export const isIdParam = (name: string) => /(^|_)(id|uuid)$/.test(name);

export const idParams = (path: string) => pathParams(path).filter(isIdParam);

/** The plans that do not include the operation's capability (all of them for NONE, none for ALL). */
const plansOutside = (op: Pick<Operation, "plans">): Plan[] =>
  plans.filter((plan) => !planSets[op.plans].includes(plan));

const isSpending = (op: Pick<Operation, "gate">) => op.gate === "S";

export type Credential = "no Authorization header" | "a malformed key" | "a revoked key";
const CREDENTIALS: readonly Credential[] = ["no Authorization header", "a malformed key", "a revoked key"];

/** The generated cases of each kind, each one test. */
export interface Cases {
  /** No key, a malformed key, a revoked key: 401 unauthorized with WWW-Authenticate. */
  unauthenticated: { op: Operation; credential: Credential }[];
  /** A key with every scope but the operation's: 403 insufficient_scope. */
  insufficientScope: { op: Operation }[];
  /** One switch of the gate off: 404 not_found with or without a key, before authentication. */
  gateClosed: { op: Operation; closing: { name: string; vars: Record<string, string> } }[];
  /** Only the gate's own switches on: the request reaches authentication and authorization. */
  gateOpen: { op: Operation }[];
  /** A company on each plan that lacks the capability, not granted it: 403 capability_required. */
  planRefused: { op: Operation; plans: Plan[] }[];
  /** A company on such a plan (the first) with the capability granted: past the plan check. */
  planGranted: { op: Operation; plan: Plan }[];
  /** Gate S, an account not enabled for spending: 403 spend_not_enabled. */
  spendNotEnabled: { op: Operation }[];
  /** Gate S without Idempotency-Key: 400 idempotency_key_required. */
  idempotencyKeyRequired: { op: Operation }[];
  /** A path with ids, called with another company's ids: 404 not_found, and nothing of theirs changed. */
  otherCompany: { op: Operation }[];
}

export type Kind = keyof Cases;

export function casesOf(operations: readonly Operation[]): Cases {
  const outside = operations.map((op) => ({ op, plans: plansOutside(op) })).filter(({ plans }) => plans.length > 0);
  return {
    unauthenticated: operations.flatMap((op) => CREDENTIALS.map((credential) => ({ op, credential }))),
    insufficientScope: operations.map((op) => ({ op })),
    gateClosed: operations.flatMap((op) => closings(op.gate).map((closing) => ({ op, closing }))),
    gateOpen: operations.map((op) => ({ op })),
    planRefused: outside,
    planGranted: outside.map(({ op, plans }) => ({ op, plan: plans[0]! })),
    spendNotEnabled: operations.filter(isSpending).map((op) => ({ op })),
    idempotencyKeyRequired: operations.filter(isSpending).map((op) => ({ op })),
    otherCompany: operations.filter((op) => idParams(op.path).length > 0).map((op) => ({ op })),
  };
}

/** "POST /api/v1/contacts/{contact_id}" */
export const label = (op: Pick<Operation, "method" | "path">) => `${op.method.toUpperCase()} ${op.path}`;
