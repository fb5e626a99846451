import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { root } from "./state";

/**
 * Local tenant stores (src/core/db/tenancy.ts): `DB` is the control plane and store 0; a
 * deployment with `count` stores binds `STORE_1` .. `STORE_<count-1>` besides it, each a D1
 * database with the same migrations. These are the bindings a local run (the bench, `npm run dev`)
 * adds to wrangler.toml for `count` stores; every store gets its own local SQLite file (its own id).
 */
export interface StoreBinding {
  binding: string;
  database_name: string;
  database_id: string;
}

/** The most stores a local run binds (as vitest.config.ts allows). */
const MAX_STORES = 16;

/** The bindings of stores 1 .. count-1 (store 0 is `DB`), with fixed local ids. */
export function storeBindings(count: number): StoreBinding[] {
  if (!Number.isInteger(count) || count < 1 || count > MAX_STORES) throw new Error(`A store count is a whole number from 1 to ${MAX_STORES}, not ${count}.`);
  return Array.from({ length: count - 1 }, (_, index) => {
    const store = index + 1;
    return { binding: `STORE_${store}`, database_name: `public-api-store-${store}`, database_id: `00000000-0000-0000-0000-${String(store).padStart(12, "0")}` };
  });
}

/** The `[[d1_databases]]` blocks of `bindings`, as wrangler.toml declares a store. */
export function d1Blocks(bindings: readonly StoreBinding[]): string {
  return bindings
    .map((store) =>
      [
        "[[d1_databases]]",
        `binding = "${store.binding}"`,
        `database_name = "${store.database_name}"`,
        `database_id = "${store.database_id}"`,
        `preview_database_id = "${store.database_id}"`,
        'migrations_dir = "migrations"',
      ].join("\n"),
    )
    .join("\n\n");
}

/**
 * wrangler.toml's text with `count` stores: the further stores' blocks appended. A TOML table
 * header names its full path, so `[[d1_databases]]` at the end adds to the top level's databases,
 * not to [env.production]'s: the deployment's configuration is untouched.
 */
export function wranglerConfigWithStores(count: number, base = readFileSync(join(root, "wrangler.toml"), "utf8")): string {
  const extra = storeBindings(count);
  if (extra.length === 0) return base;
  return `${base.trimEnd()}\n\n# Tenant stores of this local run (scripts/lib/stores.ts): STORE_1 .. STORE_${count - 1} besides DB.\n${d1Blocks(extra)}\n`;
}

/**
 * Writes wranglerConfigWithStores(count) beside wrangler.toml (its relative paths, `main`,
 * `[assets]` and `migrations_dir`, resolve from the file's folder) and returns its path; the name
 * is git-ignored, as it is generated.
 */
export function writeWranglerConfigWithStores(count: number, name = `.wrangler.stores-${count}.toml`): string {
  const path = resolve(root, name);
  writeFileSync(path, wranglerConfigWithStores(count));
  return path;
}

/**
 * Every store's D1 database of the local state in `persistTo` (as `wrangler dev --persist-to`
 * keeps it), through wrangler's platform proxy: `DB` (store 0, the control plane) and the further
 * stores, in store order, to seed and migrate them before a server starts.
 */
export async function openStores(persistTo: string, count: number): Promise<{ stores: D1Database[]; dispose(): Promise<void> }> {
  process.env.WRANGLER_LOG ??= "error";
  const config = readFileSync(join(root, "wrangler.toml"), "utf8");
  const line = (pattern: RegExp) => pattern.exec(config)?.[0] ?? "";
  // Only the name, the date and the databases: the proxy then starts no Durable Object or queue.
  const text = [line(/^name = .*$/m), line(/^compatibility_date = .*$/m), "", line(/\[\[d1_databases\]\][\s\S]*?(?=\n\s*\n|\n\[|$)/), "", d1Blocks(storeBindings(count))].join("\n");
  const folder = mkdtempSync(join(tmpdir(), "stores-config-"));
  const configPath = join(folder, "wrangler.toml");
  writeFileSync(configPath, `${text}\n`);
  const { getPlatformProxy } = await import("wrangler");
  const proxy = await getPlatformProxy<Record<string, D1Database>>({ configPath, persist: { path: join(resolve(persistTo), "v3") } });
  const stores = [proxy.env.DB!, ...storeBindings(count).map((store) => proxy.env[store.binding]!)];
  return {
    stores,
    dispose: async () => {
      await proxy.dispose();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
