import { randomBytes } from "node:crypto";
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { retryWhenBusy } from "./busy";
import { localStores, storeBindingNames, storeBlocksFor } from "./stores";

export const root = resolve(import.meta.dirname, "..", "..");
export const DEFAULT_PERSIST = join(root, ".wrangler", "state");

/**
 * Opens the same D1 databases as `wrangler dev --persist-to <dir>` (wrangler keeps its state
 * in <dir>/v3), or the deployed ones with remote = true, through wrangler's own platform proxy:
 * `d1` is DB (the control plane and store 0), `stores` every store, DB first (scripts/lib/stores.ts).
 */
export async function openState(options: { persistTo?: string; remote?: boolean }) {
  process.env.WRANGLER_LOG ??= "error";
  // Imported here, not at the top: a CLI's --help, or a command served by a running `npm run dev`, needs none of them (1.5 s of imports).
  const [{ getPlatformProxy }, { drizzle }, { databaseFor }] = await Promise.all([
    import("wrangler"),
    import("drizzle-orm/d1"),
    import("../../src/data/tenancy"),
  ]);
  const persistTo = resolve(options.persistTo ?? DEFAULT_PERSIST);
  const configPath = adminConfig(options.remote ? undefined : localStores(persistTo));
  const proxy = await getPlatformProxy<Record<string, D1Database> & { ATTACHMENTS: R2Bucket }>({
    configPath,
    persist: options.remote ? false : { path: join(persistTo, "v3") },
    remoteBindings: options.remote ?? false,
  });
  const bound = storeBindingNames(16).filter((name) => name in proxy.env);
  // Only the local file is shared with another process (a running `wrangler dev`).
  const stores = bound.map((name) => (options.remote ? proxy.env[name]! : retryWhenBusy(proxy.env[name]!)));
  const d1 = stores[0]!;
  const storeEnv = Object.fromEntries(bound.map((name, index) => [name, stores[index]!])) as { DB: D1Database };
  const dispose = async () => {
    await proxy.dispose();
    rmSync(dirname(configPath), { recursive: true, force: true });
  };
  return {
    d1,
    stores,
    /** DB alone: the control plane, and the tenant data of store 0's companies (the demo's). */
    db: drizzle(d1),
    /** A company's database: its tenant tables in its store (the directory), the rest in DB. */
    dbOf: (companyId: string) => databaseFor(storeEnv, companyId),
    storage: { attachments: proxy.env.ATTACHMENTS },
    dispose,
  };
}

/** Applies pending migrations to every store of a state (each store gets every migration). */
export async function applyMigrationsToEveryStore(state: { stores: readonly D1Database[] }): Promise<string[]> {
  const applied = await Promise.all(state.stores.map((store) => applyMigrations(store)));
  return applied[0] ?? [];
}

/**
 * The local Worker's at-rest key (WEBHOOK_SECRET_KEY of .dev.vars, which npm run dev creates), for
 * seeds that seal credentials the local Worker must open; undefined when there is none.
 */
export function devSecretKey(): string | undefined {
  try {
    return /^\s*WEBHOOK_SECRET_KEY\s*=\s*(\S+)\s*$/m.exec(readFileSync(join(root, ".dev.vars"), "utf8"))?.[1];
  } catch {
    return undefined;
  }
}

/**
 * Applies pending migrations from migrations/ and records them in d1_migrations, the same table
 * and names `wrangler d1 migrations apply` uses, so either tool sees what the other applied.
 */
export async function applyMigrations(d1: D1Database): Promise<string[]> {
  await d1
    .prepare(
      `CREATE TABLE IF NOT EXISTS d1_migrations(
         id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE,
         applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)`,
    )
    .run();
  const applied = new Set(
    (await d1.prepare("SELECT name FROM d1_migrations").all<{ name: string }>()).results.map((row) => row.name),
  );
  const dir = join(root, "migrations");
  const pending = readdirSync(dir)
    .filter((name) => name.endsWith(".sql") && !applied.has(name))
    .sort();
  for (const name of pending) {
    const statements = readFileSync(join(dir, name), "utf8")
      .split("--> statement-breakpoint")
      .map((statement) => statement.trim())
      .filter(Boolean);
    // One batch per migration: it applies whole or not at all.
    await d1.batch([
      ...statements.map((statement) => d1.prepare(statement)),
      d1.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(name),
    ]);
  }
  return pending;
}

/**
 * The slice of wrangler.toml the admin tool needs (name, date, the D1 bindings), so that the proxy
 * starts no Durable Object it cannot host. Locally (`localStores` a number), DB and that many
 * stores; remote (undefined), every store wrangler.toml declares, reaching the deployed databases
 * (after `wrangler login`, with the real database_ids in wrangler.toml).
 */
function adminConfig(localStores: number | undefined): string {
  const remote = localStores === undefined;
  const config = readFileSync(join(root, "wrangler.toml"), "utf8");
  const envStart = config.search(/^\[env\./m);
  const topLevel = envStart < 0 ? config : config.slice(0, envStart);
  const line = (pattern: RegExp) => pattern.exec(config)?.[0] ?? "";
  const blocks = (pattern: RegExp) => topLevel.match(pattern) ?? [];
  const d1 = remote
    ? blocks(/^\[\[d1_databases\]\][\s\S]*?(?=\n\s*\n|\n\[|$)/gm).join("\n\n")
    : `${line(/\[\[d1_databases\]\][\s\S]*?(?=\n\s*\n|\n\[|$)/)}\n\n${storeBlocksFor(localStores)}`;
  const r2 = line(/\[\[r2_buckets\]\][\s\S]*?(?=\n\s*\n|\n\[|$)/);
  const binding = (block: string) => (remote ? block.replaceAll("]]", "]]\nremote = true") : block);
  const text = [line(/^name = .*$/m), line(/^compatibility_date = .*$/m), "", binding(d1), "", binding(r2)].join("\n");
  const path = join(mkdtempSync(join(tmpdir(), "admin-config-")), "wrangler.toml");
  writeFileSync(path, `${text}\n`);
  return path;
}

/**
 * The Worker's secrets live in .dev.vars locally. WEBHOOK_SECRET_KEY (AES-GCM key of the stored
 * webhook signing secrets) is generated once, at random, when missing; keep the file, or the
 * secrets already stored can no longer be decrypted.
 */
export function ensureDevVars() {
  const file = join(root, ".dev.vars");
  const line = `WEBHOOK_SECRET_KEY=${randomBytes(32).toString("base64")}\n`;
  try {
    writeFileSync(file, `# Local secrets of the Worker (never commit). Generated by npm run dev.\n${line}`, {
      flag: "wx",
    });
    console.error("  Created .dev.vars with a random WEBHOOK_SECRET_KEY.");
  } catch {
    if (!/^\s*WEBHOOK_SECRET_KEY\s*=/m.test(readFileSync(file, "utf8"))) {
      appendFileSync(file, `\n${line}`);
      console.error("  Added a random WEBHOOK_SECRET_KEY to .dev.vars.");
    }
  }
  // The HMAC key of API keys' check: keys minted locally carry it (a new one would invalidate them).
  if (!/^\s*API_KEY_CHECK_SECRET\s*=/m.test(readFileSync(file, "utf8"))) {
    appendFileSync(file, `\nAPI_KEY_CHECK_SECRET=${randomBytes(32).toString("hex")}\n`);
    console.error("  Added a random API_KEY_CHECK_SECRET to .dev.vars.");
  }
}

/** The local Worker's API_KEY_CHECK_SECRET (.dev.vars), for the seeds that mint keys it must accept. */
export function devKeyCheckSecret(): string | undefined {
  try {
    return /^\s*API_KEY_CHECK_SECRET\s*=\s*(\S+)\s*$/m.exec(readFileSync(join(root, ".dev.vars"), "utf8"))?.[1];
  } catch {
    return undefined;
  }
}
