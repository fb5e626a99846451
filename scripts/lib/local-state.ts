import { copyFileSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { applyMigrationsToEveryStore, ensureDevVars, openState } from "./state";
import { localStores } from "./stores";

/** Where a local state keeps the demo company's ids and key, so every start can print them. */
export const demoFile = (persistTo: string) => join(persistTo, "demo-key.json");

/**
 * Written in a state that has no company yet: the demo is still to be onboarded (through the
 * front door of the server that starts on it, scripts/lib/demo.ts); removed once demo-key.json is.
 */
export const demoPendingFile = (persistTo: string) => join(persistTo, "demo.pending");

/**
 * Makes a local state folder ready for `wrangler dev`: pending migrations applied to every store;
 * a state with no company yet is marked for its demo (demoPendingFile). The Worker seals
 * credentials with its at-rest key and mints keys with its check secret, so .dev.vars exists first.
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
    if (count === 0 && !existsSync(demoFile(persistTo))) writeFileSync(demoPendingFile(persistTo), "");
  } finally {
    await state.dispose();
  }
}

/**
 * prepareLocalState for a folder that may hold no state yet (`npm run dev`): a new state is migrated
 * in a folder beside it and moved into place only when complete, so a first start that fails leaves
 * nothing half migrated that the next start would take as ready. On a machine loaded far past its
 * cores, Miniflare's proxy has closed its connection in the middle of the work ("other side
 * closed", 2 of 3 first starts at load 19): it is tried three times.
 */
export async function prepareLocalStateWhole(persistTo: string): Promise<void> {
  if (existsSync(join(persistTo, "v3"))) return prepareLocalState(persistTo);
  for (let attempt = 1; ; attempt++) {
    const building = mkdtempSync(`${persistTo}.seeding-`);
    try {
      // The number of stores chosen for this state (localStores), when already recorded.
      const stores = join(persistTo, "stores.json");
      if (existsSync(stores)) copyFileSync(stores, join(building, "stores.json"));
      await prepareLocalState(building);
      for (const entry of readdirSync(building)) renameSync(join(building, entry), join(persistTo, entry));
      rmSync(building, { recursive: true, force: true });
      return;
    } catch (error) {
      rmSync(building, { recursive: true, force: true });
      if (attempt === 3) throw error;
      console.warn(`  Preparing the local state failed (attempt ${attempt} of 3), starting again: ${String(error)}`);
    }
  }
}
