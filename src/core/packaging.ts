import type { Database } from "../data/client";
import { ApiError } from "../lib/errors";

/**
 * What an agency offers a subaccount (its packaging gates, set with PATCH
 * /agency/subaccounts/{id}/packaging and stored by the agency domain). The domains where a company
 * buys or admits users (billing, team) are handed the agency's reader in src/domains/loaders.ts:
 * they cannot import the agency domain, which reads them.
 */
export interface PackagingGates {
  /** Whether new users may join the company's team (invites made and accepted). */
  allow_signup: boolean;
  /** Whether plans are withheld from the company (no plan hired or changed). */
  hide_plans: boolean;
  /** Whether add-ons are withheld from the company (none available, none hired). */
  hide_addons: boolean;
}

export type PackagingGate = keyof PackagingGates;

/** The gates in force for a company: open for a company with no agency above it. */
export type PackagingOf = (db: Database, companyId: string) => Promise<PackagingGates>;

/** Every gate open: a company no agency packages (and the reader of apps built without the agency domain). */
export const OPEN_PACKAGING: PackagingGates = { allow_signup: true, hide_plans: false, hide_addons: false };

/** Whether `gate` closes what it governs. */
export const isClosed = (gates: PackagingGates, gate: PackagingGate) =>
  gate === "allow_signup" ? !gates.allow_signup : gates[gate];

/** 403 not_offered naming the gate: the company's agency does not offer `what` to it. */
const notOffered = (gate: PackagingGate, what: string) =>
  new ApiError("not_offered", `The account's agency does not offer ${what} (packaging gate ${gate}).`, { gate });

/** Refuses with not_offered when `gate` is closed for the company. */
export async function requireOffered(
  packagingOf: PackagingOf,
  db: Database,
  companyId: string,
  gate: PackagingGate,
  what: string,
): Promise<void> {
  if (isClosed(await packagingOf(db, companyId), gate)) throw notOffered(gate, what);
}
