import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../data/client";
import { everyDatabase } from "../../data/tenancy";
import { isSealed, seal } from "../../lib/sealing";
import type { Env } from "../../env";
import { sipExtensions, telephonyProfiles } from "./schema";

/**
 * SIP passwords at rest (a device's extension password, a carrier trunk's secret), sealed under
 * their own key labels (src/lib/sealing.ts) and bound to their row. No API answer carries them;
 * the platform's SIP registrar opens them with the same labels and contexts.
 */
const EXTENSION_LABEL = "sip-extension-secrets/v1";
const PROFILE_LABEL = "telephony-trunk-secrets/v1";

export const sealExtensionSecret = (
  secretKey: string | undefined,
  companyId: string,
  extensionId: string,
  secret: string,
) => seal(secretKey, EXTENSION_LABEL, `sip-extension:${companyId}:${extensionId}`, secret);
export const sealProfileSecret = (
  secretKey: string | undefined,
  companyId: string,
  profileId: string,
  secret: string,
) => seal(secretKey, PROFILE_LABEL, `telephony-trunk:${companyId}:${profileId}`, secret);

/** Rows sealed per table per database per tick: a deployment's leftovers go in a few ticks. */
const ROWS_PER_TICK = 100;

/** The partial indexes' predicate (schema.ts): a value that is not `v1.<iv>.<ciphertext>`. */
const unsealedExtension = sql`substr(${sipExtensions.sipSecret}, 1, 3) <> 'v1.'`;
const unsealedProfile = sql`${telephonyProfiles.trunkSecret} IS NOT NULL AND substr(${telephonyProfiles.trunkSecret}, 1, 3) <> 'v1.'`;

async function sealExtensions(db: Database, secretKey: string): Promise<number> {
  const rows = await db
    .select({ id: sipExtensions.id, companyId: sipExtensions.companyId, secret: sipExtensions.sipSecret })
    .from(sipExtensions)
    .where(unsealedExtension)
    .limit(ROWS_PER_TICK);
  let sealed = 0;
  for (const row of rows) {
    if (isSealed(row.secret)) continue;
    const value = await sealExtensionSecret(secretKey, row.companyId, row.id, row.secret);
    // Compare-and-set on the plaintext: a row changed meanwhile is left to the next tick.
    const result = await db
      .update(sipExtensions)
      .set({ sipSecret: value })
      .where(and(eq(sipExtensions.id, row.id), eq(sipExtensions.sipSecret, row.secret)))
      .run();
    sealed += result.meta.changes ?? 0;
  }
  return sealed;
}

async function sealProfiles(db: Database, secretKey: string): Promise<number> {
  const rows = await db
    .select({ id: telephonyProfiles.id, companyId: telephonyProfiles.companyId, secret: telephonyProfiles.trunkSecret })
    .from(telephonyProfiles)
    .where(unsealedProfile)
    .limit(ROWS_PER_TICK);
  let sealed = 0;
  for (const row of rows) {
    if (row.secret === null || isSealed(row.secret)) continue;
    const value = await sealProfileSecret(secretKey, row.companyId, row.id, row.secret);
    const result = await db
      .update(telephonyProfiles)
      .set({ trunkSecret: value })
      .where(and(eq(telephonyProfiles.id, row.id), eq(telephonyProfiles.trunkSecret, row.secret)))
      .run();
    sealed += result.meta.changes ?? 0;
  }
  return sealed;
}

/**
 * Seals SIP passwords stored in plaintext before they were sealed at rest (the migration of
 * existing rows: SQL cannot encrypt, so the Cron Trigger does it, a bounded batch per tick, found
 * through partial indexes that hold only such rows and so cost nothing once they are gone).
 */
export async function sealLeftoverSecrets(env: Env): Promise<number> {
  if (!env.WEBHOOK_SECRET_KEY) return 0;
  let sealed = 0;
  for (const db of everyDatabase(env))
    sealed += (await sealExtensions(db, env.WEBHOOK_SECRET_KEY)) + (await sealProfiles(db, env.WEBHOOK_SECRET_KEY));
  return sealed;
}
