import type { Env } from "../env";
import { activeLineagesOf } from "./auth";
import { databaseFor } from "../data/tenancy";
import type { KeyGuard } from "./guard";

// Apart from guard.ts, which imports the runtime's DurableObject class: the admin CLI and the
// seeds load the domains (and so this) in Node.

/** The Durable Object of a key lineage (named by the lineage the key carries). */
export function guardOf(env: Pick<Env, "KEY_GUARD">, lineageId: string): DurableObjectStub<KeyGuard> {
  return env.KEY_GUARD.get(env.KEY_GUARD.idFromName(lineageId));
}

/**
 * Tells the Durable Objects of `lineageIds` that their key or company changed in D1, so their next
 * request reads it again. Every path that revokes, rotates or suspends, or changes what a caller
 * carries (plan, capabilities, spend enabling, settings), calls this after its write and before it
 * answers: a revoked key then fails on its very next request.
 */
export async function keysChanged(env: Pick<Env, "KEY_GUARD">, lineageIds: readonly string[]): Promise<void> {
  await Promise.all(lineageIds.map((lineageId) => guardOf(env, lineageId).changed()));
}

/** `keysChanged` for every active key of a company (after a change to the company). */
export async function companyChanged(env: Pick<Env, "KEY_GUARD" | "DB">, companyId: string): Promise<void> {
  await keysChanged(env, await activeLineagesOf(databaseFor(env, companyId), companyId));
}
