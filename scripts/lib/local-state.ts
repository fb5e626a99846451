import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { seedDemo } from "../../src/admin/seed";
import { applyMigrationsToEveryStore, devKeyCheckSecret, devSecretKey, ensureDevVars, openState } from "./state";
import { localStores } from "./stores";

/** Where a local state keeps the demo company's ids and key, so every start can print them. */
export const demoFile = (persistTo: string) => join(persistTo, "demo-key.json");

/**
 * Makes a local state folder ready for `wrangler dev`: pending migrations applied to every store,
 * and the demo company seeded when it has no company yet. The seed seals credentials with the
 * Worker's at-rest key and mints keys with its check secret, so .dev.vars exists first.
 */
export async function prepareLocalState(persistTo: string): Promise<void> {
  ensureDevVars();
  localStores(persistTo);
  const state = await openState({ persistTo });
  try {
    await applyMigrationsToEveryStore(state);
    const { count } = (await state.db.get<{ count: number }>(sql`SELECT count(*) AS count FROM companies`)) ?? {
      count: 0,
    };
    if (count === 0) {
      const demo = await seedDemo(state.db, Date.now(), state.storage, devSecretKey(), devKeyCheckSecret());
      // Local development only: the demo key is kept beside the local state.
      writeFileSync(demoFile(persistTo), JSON.stringify(demo, null, 2));
    }
  } finally {
    await state.dispose();
  }
}
