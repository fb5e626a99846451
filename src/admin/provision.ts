import { and, eq, isNull, sql } from "drizzle-orm";
import { mintKey } from "../keys/auth";
import type { Database } from "../data/client";
import { apiKeys, companies, nowIso } from "../data/schema";
import { InputError } from "../lib/input-error";
import type { Plan } from "../core/operation";
import { requireCompany } from "../data/rows";

/**
 * Provisioning stands in for the web panel: companies and keys are created here, by the admin
 * CLI (against local or remote D1) and by the tests, never through the public API.
 */

export interface TenantInput {
  name: string;
  plan: Plan;
  parentCompanyId?: string | null;
  capabilities?: string[];
  spendEnabled?: boolean;
  defaultVatRate?: number;
  defaultCurrency?: string | null;
  defaultValidity?: string | null;
  defaultRegion?: string;
  id?: string;
  /** The tenant store it is placed in (placementOf); absent: its parent's, or store 0. */
  store?: number;
}

export async function createTenant(db: Database, input: TenantInput): Promise<{ company_id: string }> {
  const id = input.id ?? crypto.randomUUID();
  const now = nowIso();
  if (input.parentCompanyId) {
    const parent = await db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, input.parentCompanyId))
      .get();
    if (!parent) throw new InputError("unknown_company", `No company ${input.parentCompanyId} to be the parent.`);
  }
  await db.insert(companies).values({
    id,
    name: input.name,
    plan: input.plan,
    parentCompanyId: input.parentCompanyId ?? null,
    capabilities: input.capabilities ?? [],
    spendEnabled: input.spendEnabled ?? false,
    defaultVatRate: input.defaultVatRate ?? 21,
    defaultCurrency: input.defaultCurrency ?? null,
    defaultValidity: input.defaultValidity ?? null,
    defaultRegion: input.defaultRegion ?? "ES",
    // A subaccount lives in its agency's store unless placed otherwise (the tree stays on one store).
    store:
      input.store ??
      (input.parentCompanyId ? sql`(SELECT store FROM companies WHERE id = ${input.parentCompanyId})` : 0),
    createdAt: now,
    updatedAt: now,
  });
  return { company_id: id };
}

export interface KeyInput {
  companyId: string;
  scopes: string[];
  name?: string;
  environment?: "test" | "live";
}

/** A new key of a new lineage, carrying its check under `checkSecret` (the Worker's API_KEY_CHECK_SECRET). */
export async function createKey(
  db: Database,
  input: KeyInput,
  checkSecret: string | undefined,
): Promise<{ key_id: string; api_key: string; scopes: string[] }> {
  await requireCompany(db, input.companyId);
  const key = await newKey(db, input, checkSecret);
  await key.insert;
  return key.answer;
}

/**
 * A new key's insert, not yet run, and the answer that shows it once: for a batch that writes the
 * key with what goes with it (its mailbox grants, in its company's store).
 */
export async function newKey(db: Database, input: KeyInput, checkSecret: string | undefined) {
  if (!checkSecret)
    throw new InputError(
      "missing_secret",
      "API_KEY_CHECK_SECRET is not set: API keys cannot be issued on this deployment.",
    );
  // A new lineage: the key's own id names it, and the key carries it.
  const minted = await mintKey(checkSecret, input.environment ?? "test");
  const insert = db.insert(apiKeys).values({
    id: minted.id,
    companyId: input.companyId,
    lineageId: minted.lineageId,
    name: input.name ?? "API key",
    scopes: input.scopes,
    environment: input.environment ?? "test",
    keyHash: minted.hash,
    keyPrefix: minted.prefix,
    keyForm: minted.form,
    createdAt: nowIso(),
  });
  return {
    insert,
    lineageId: minted.lineageId,
    answer: { key_id: minted.id, api_key: minted.value, scopes: input.scopes },
  };
}

/**
 * Revokes a key in D1. Its Durable Object must be told (keysChanged with the returned lineage) before
 * the key can be trusted to fail: the admin route /admin/v1/keys/{key_id}/revoke does both.
 */
/**
 * Revokes a key and, with it, every active key of its rotation chain: revoking a key that was
 * rotated names an integration's credential, and the successor was issued on that credential's
 * authority, so leaving it working would make the revocation a no-op. Returns the successors
 * revoked with it. Revoking a revoked key answers its first revocation.
 */
export async function revokeKey(
  db: Database,
  keyId: string,
): Promise<{ key_id: string; revoked_at: string; lineage_id: string; successors_revoked: string[] }> {
  const revokedAt = nowIso();
  // One batch (one transaction): a rotation racing it either ran before, and its successor is
  // revoked here, or runs after and finds its key revoked (its precondition).
  const lineage = sql`(SELECT ${apiKeys.lineageId} FROM ${apiKeys} WHERE ${apiKeys.id} = ${keyId})`;
  const [[updated], successors] = await db.batch([
    db
      .update(apiKeys)
      .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${revokedAt})` })
      .where(eq(apiKeys.id, keyId))
      .returning({ revokedAt: apiKeys.revokedAt, lineageId: apiKeys.lineageId }),
    db
      .update(apiKeys)
      .set({ revokedAt })
      .where(and(sql`${apiKeys.lineageId} = ${lineage}`, isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id }),
  ]);
  if (!updated) throw new InputError("not_found", `No key ${keyId}.`);
  return {
    key_id: keyId,
    revoked_at: updated.revokedAt ?? revokedAt,
    lineage_id: updated.lineageId,
    successors_revoked: successors.map((row) => row.id),
  };
}
