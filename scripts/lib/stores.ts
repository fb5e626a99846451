import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/**
 * Tenant stores locally (src/data/tenancy.ts): `DB` is the control plane and store 0; a local
 * state folder of n stores also binds `STORE_1` .. `STORE_<n-1>`, each its own local D1 database.
 * The folder remembers its count (stores.json): the directory in it names stores, so a later start
 * without STORES keeps them, and one asking for fewer than the directory uses is refused.
 */

const root = resolve(import.meta.dirname, "..", "..");
const MAX_STORES = 16;

/** The store count asked for by `STORES` (the same variable the tests read), or undefined. */
function requestedStores(value = process.env.STORES): number | undefined {
  if (value === undefined || value === "") return undefined;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > MAX_STORES)
    throw new Error(`STORES must be a whole number from 1 to ${MAX_STORES}, not ${value}.`);
  return count;
}

/**
 * The number of stores of a local state folder: the one it was started with (stores.json), raised
 * to `requested` when that asks for more (adding a store to a state is adding one to a deployment:
 * new companies fill it first), else 1. Asking for fewer is an error: the directory may place
 * companies in the stores a smaller count would not bind.
 */
export function localStores(persistTo: string, requested = requestedStores()): number {
  const file = join(persistTo, "stores.json");
  const recorded = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as { stores: number }).stores : undefined;
  if (recorded !== undefined && requested !== undefined && requested < recorded) {
    throw new Error(
      `The state in ${persistTo} has ${recorded} tenant stores; STORES=${requested} would leave companies in the others unreachable. Use STORES=${recorded} (or leave it out), or another --persist-to.`,
    );
  }
  const stores = Math.max(recorded ?? 1, requested ?? 1);
  if (stores !== recorded) {
    mkdirSync(persistTo, { recursive: true });
    writeFileSync(file, `${JSON.stringify({ stores })}\n`);
  }
  return stores;
}

/** The binding names of `count` stores: DB, STORE_1, ... */
export function storeBindingNames(count: number): string[] {
  return Array.from({ length: count }, (_, store) => (store === 0 ? "DB" : `STORE_${store}`));
}

/** wrangler.toml's `[[d1_databases]]` blocks of the stores above 0, for a local state. */
function localStoreBlocks(count: number): string {
  return storeBindingNames(count)
    .slice(1)
    .map((binding, index) => {
      const name = `public-api-store-${index + 1}`;
      // Local only: the state keeps each database under its id, so every store needs its own.
      return `[[d1_databases]]\nbinding = "${binding}"\ndatabase_name = "${name}"\ndatabase_id = "local-${name}"\nmigrations_dir = "${join(root, "migrations")}"\n`;
    })
    .join("\n");
}

/**
 * The path of the wrangler configuration for a local state of `count` stores: wrangler.toml itself
 * for one store, else a copy in the state folder with the further stores' bindings appended (a
 * `[[d1_databases]]` header is top-level wherever it appears) and its relative paths made absolute,
 * since wrangler resolves them from the configuration's folder.
 */
export function localWranglerConfig(persistTo: string, count: number, main?: string): string {
  const source = join(root, "wrangler.toml");
  if (count === 1 && !main) return source;
  if (main) {
    // Another entry (a test's, around the Worker): a file of its own, so the stores' file stays the Worker's.
    const content = `# Written by scripts/lib/stores.ts: wrangler.toml with ${main} as its entry, for a local state of ${count} store(s).\n${wranglerTomlElsewhere(main)}\n${count > 1 ? localStoreBlocks(count) : ""}`;
    return writeWranglerConfig(join(persistTo, "wrangler.entry.toml"), content);
  }
  const content = `# Written by scripts/lib/stores.ts for a local state of ${count} stores: wrangler.toml and the further stores.\n${wranglerTomlElsewhere()}\n${localStoreBlocks(count)}`;
  return writeWranglerConfig(join(persistTo, "wrangler.stores.toml"), content);
}

/**
 * wrangler.toml for a copy in another folder: its relative paths made absolute, since wrangler
 * resolves them from the configuration's folder, and its entry `main` (a path from the root) when given.
 */
export function wranglerTomlElsewhere(main?: string): string {
  return readFileSync(join(root, "wrangler.toml"), "utf8")
    .replace(/^main = "([^"]+)"/m, (_, path: string) => `main = "${join(root, main ?? path)}"`)
    .replace(/^directory = "([^"]+)"/m, (_, path: string) => `directory = "${join(root, path)}"`)
    .replace(/^migrations_dir = "([^"]+)"/gm, (_, path: string) => `migrations_dir = "${join(root, path)}"`)
    .replace(/^\[build\]\n/m, `[build]\ncwd = "${root}"\n`);
}

export function writeWranglerConfig(path: string, content: string): string {
  // Written only when it changes: a running wrangler dev watches its configuration and reloads on a
  // write, which drops its in-memory queues (a webhook retry waiting in them, for one).
  if (existsSync(path) && readFileSync(path, "utf8") === content) return path;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  return path;
}

/** The `[[d1_databases]]` blocks of the further stores, for a configuration built from a slice of wrangler.toml. */
export function storeBlocksFor(count: number): string {
  return localStoreBlocks(count);
}
