import { eq, sql } from "drizzle-orm";
import { clock } from "../lib/clock";
import type { Database } from "./client";
import { operatorSettings } from "./schema";
import { acrossStores, type StoreEnv } from "./tenancy";

/**
 * The platform's settings an operator changes (operator_settings, in the control plane), read by
 * the Worker through a short isolate cache: a change reaches every isolate within SETTING_TTL_MS,
 * the isolate that made it at once.
 */

/** The company whose rows the public document's examples name (src/core/docs.ts); unset by default. */
export const DOCS_EXAMPLES_COMPANY = "docs.examples_company";

type SettingName = typeof DOCS_EXAMPLES_COMPANY;

/** How long an isolate trusts a setting it read: a request reading one costs no D1 read within it. */
const SETTING_TTL_MS = 30_000;

/** Per control-plane database (the tests' apps and the bench's wrapped bindings each have theirs), by name. */
const cached = new WeakMap<D1Database, Map<SettingName, { value: string | null; readAt: number }>>();
const cacheOf = (env: StoreEnv) => {
  let byName = cached.get(env.DB);
  if (!byName) cached.set(env.DB, (byName = new Map()));
  return byName;
};

/** A setting's value (null when unset or cleared), from the isolate's cache or the control plane. */
export async function operatorSetting(env: StoreEnv, name: SettingName): Promise<string | null> {
  const cache = cacheOf(env);
  const known = cache.get(name);
  if (known && clock.now() - known.readAt < SETTING_TTL_MS) return known.value;
  const row = await acrossStores(env)
    .select({ value: operatorSettings.value })
    .from(operatorSettings)
    .where(eq(operatorSettings.name, name))
    .get();
  const value = row?.value ?? null;
  cache.set(name, { value, readAt: clock.now() });
  return value;
}

/**
 * Sets a setting (null clears it) and answers it as stored. A plain upsert: the new value depends on
 * nothing read, so the last operator's change wins.
 */
export async function setOperatorSetting(
  env: StoreEnv,
  db: Database,
  name: SettingName,
  value: string | null,
): Promise<{ value: string | null; updatedAt: string }> {
  const updatedAt = clock.iso();
  await db
    .insert(operatorSettings)
    .values({ name, value, updatedAt })
    .onConflictDoUpdate({ target: operatorSettings.name, set: { value: sql`excluded.value`, updatedAt } });
  cacheOf(env).delete(name);
  return { value, updatedAt };
}

/** A setting as stored, without the cache (the operator API's read). */
export async function storedOperatorSetting(
  db: Database,
  name: SettingName,
): Promise<{ value: string | null; updatedAt: string | null }> {
  const row = await db.select().from(operatorSettings).where(eq(operatorSettings.name, name)).get();
  return { value: row?.value ?? null, updatedAt: row?.updatedAt ?? null };
}
