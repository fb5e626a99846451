/**
 * npm run migrate [-- --persist-to <dir>]                      every store of a local state
 * npm run migrate -- --remote [--env <name>] [--dry-run]       every store of a deployed environment
 * Applies the pending migrations of migrations/ to every tenant store at once: DB (the control plane
 * and store 0) and each STORE_<n> (src/data/tenancy.ts). Every store gets every migration, so all
 * share one schema. Remotely it runs `wrangler d1 migrations apply <database> --remote` for each D1
 * database the environment binds (default production), in order, stopping at the first failure.
 * Deploy after migrating: the code deployed must work with the schema before and after a migration.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { boundResources } from "./provision";
import { applyMigrations, DEFAULT_PERSIST, openState, root } from "./lib/state";
import { storeBindingNames } from "./lib/stores";

const { values } = parseArgs({
  options: {
    remote: { type: "boolean", default: false },
    env: { type: "string", default: "production" },
    "dry-run": { type: "boolean", default: false },
    "persist-to": { type: "string", default: DEFAULT_PERSIST },
  },
});

if (values.remote) {
  const resources = await boundResources(values.env);
  const envArgs = resources.env ? ["--env", resources.env] : [];
  for (const database of resources.databases) {
    const args = ["d1", "migrations", "apply", database.name, "--remote", ...envArgs];
    console.log(`> npx wrangler ${args.join(" ")}`);
    if (values["dry-run"]) continue;
    const result = spawnSync(join(root, "node_modules", ".bin", "wrangler"), args, { cwd: root, stdio: "inherit" });
    if (result.status !== 0) {
      console.error(
        `Migrating ${database.name} failed: the stores after it were not migrated. Fix it and run this again (applied migrations are skipped).`,
      );
      process.exit(result.status ?? 1);
    }
  }
  console.log(
    `${values["dry-run"] ? "Would migrate" : "Migrated"} ${resources.databases.length} D1 database(s) of ${resources.env ? `[env.${resources.env}]` : "the top level"}.`,
  );
} else {
  const state = await openState({ persistTo: values["persist-to"] });
  try {
    const names = storeBindingNames(state.stores.length);
    for (const [index, store] of state.stores.entries()) {
      const applied = await applyMigrations(store);
      console.log(`${names[index]}: ${applied.length === 0 ? "up to date" : `applied ${applied.join(", ")}`}`);
    }
  } finally {
    await state.dispose();
  }
}
