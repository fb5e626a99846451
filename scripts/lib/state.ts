import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { drizzle } from "drizzle-orm/d1";
import { retryWhenBusy } from "./busy";

export const root = resolve(import.meta.dirname, "..", "..");
export const DEFAULT_PERSIST = join(root, ".wrangler", "state");

/**
 * Opens the same D1 database as `wrangler dev --persist-to <dir>` (wrangler keeps its state
 * in <dir>/v3), or the deployed one with remote = true, through wrangler's own platform proxy.
 */
export async function openState(options: { persistTo?: string; remote?: boolean }) {
  process.env.WRANGLER_LOG ??= "error";
  const { getPlatformProxy } = await import("wrangler");
  const proxy = await getPlatformProxy<{ DB: D1Database; ATTACHMENTS: R2Bucket }>({
    configPath: adminConfig(options.remote ?? false),
    persist: options.remote ? false : { path: join(resolve(options.persistTo ?? DEFAULT_PERSIST), "v3") },
    remoteBindings: options.remote ?? false,
  });
  // Only the local file is shared with another process (a running `wrangler dev`).
  const d1 = options.remote ? proxy.env.DB : retryWhenBusy(proxy.env.DB);
  return { d1, db: drizzle(d1), storage: { attachments: proxy.env.ATTACHMENTS }, dispose: () => proxy.dispose() };
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
  const applied = new Set((await d1.prepare("SELECT name FROM d1_migrations").all<{ name: string }>()).results.map((row) => row.name));
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
    await d1.batch([...statements.map((statement) => d1.prepare(statement)), d1.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(name)]);
  }
  return pending;
}

/**
 * The slice of wrangler.toml the admin tool needs (name, date, the D1 binding), so that the proxy
 * starts no Durable Object it cannot host; with `remote`, the binding reaches the deployed
 * database (after `wrangler login`, with the real database_id in wrangler.toml).
 */
function adminConfig(remote: boolean): string {
  const config = readFileSync(join(root, "wrangler.toml"), "utf8");
  const line = (pattern: RegExp) => pattern.exec(config)?.[0] ?? "";
  const d1 = line(/\[\[d1_databases\]\][\s\S]*?(?=\n\s*\n|\n\[|$)/);
  const r2 = line(/\[\[r2_buckets\]\][\s\S]*?(?=\n\s*\n|\n\[|$)/);
  const binding = (block: string) => (remote ? block.replace("]]", "]]\nremote = true") : block);
  const text = [line(/^name = .*$/m), line(/^compatibility_date = .*$/m), "", binding(d1), "", binding(r2)].join("\n");
  const path = join(mkdtempSync(join(tmpdir(), "admin-config-")), "wrangler.toml");
  writeFileSync(path, `${text}\n`);
  return path;
}
