import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Everything the demo has, a customer can get: no table may be written only by seed code. For
 * every drizzle table of the schema this finds the statements that write it (insert, update,
 * upsert, through drizzle or the bulk helpers of src/data) in the sources of src/ that are not
 * seed code (seed.ts, src/admin/seed.ts) nor tests, and lists the tables that have none. A new
 * table whose rows only the seed makes fails here the day it is added, unless it is on the list
 * below with the reason no public operation reads it.
 */

const SRC = join(__dirname, "..", "src");
const MIGRATIONS = join(__dirname, "..", "migrations");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

const files = sourceFiles(SRC).map((path) => ({ path: relative(SRC, path), text: readFileSync(path, "utf8") }));
const isTest = (path: string) => /\.test\.ts$/.test(path);
const isSeed = (path: string) => /(^|\/)seed\.ts$/.test(path);

/** Each table's TypeScript name and SQL name, from `export const x = sqliteTable("name", ...)`. */
const tables = files
  .filter((file) => !isTest(file.path))
  .flatMap((file) =>
    [...file.text.matchAll(/export const (\w+) = sqliteTable\(\s*"(\w+)"/g)].map(([, name, sqlName]) => ({
      name: name!,
      sqlName: sqlName!,
      file: file.path,
    })),
  );

/**
 * The names a file writes, in one pass: tables by their TypeScript name (drizzle's insert and
 * update, the bulk helpers of src/data) and by their SQL name or interpolated name in raw SQL.
 */
const WRITES = [
  /\.(?:insert|update)\(\s*(\w+)\s*\)/g,
  /\b(?:insertRow|insertRows|chunkedInserts|versionedUpdate)\(\s*\w+\s*,\s*(\w+)\b/g,
  /(?:INSERT(?: OR \w+)? INTO|UPDATE)\s+(?:\$\{(\w+)\}|[`"]?(\w+))/gi,
];
const writtenNames = new Map(
  files.map((file) => [
    file.path,
    new Set(WRITES.flatMap((pattern) => [...file.text.matchAll(pattern)].flatMap((m) => m.slice(1).filter(Boolean)))),
  ]),
);

const writersOf = (name: string, sqlName: string, among: typeof files) =>
  among
    .filter((file) => {
      const names = writtenNames.get(file.path)!;
      return names.has(name) || names.has(sqlName);
    })
    .map((file) => file.path);

/**
 * Triggers of the migrations write tables too (call_daily_totals follows calls): they run on the
 * front door's writes, so a table a trigger fills has a real writer.
 */
const triggerWritten = new Set(
  readdirSync(MIGRATIONS)
    .filter((name) => name.endsWith(".sql"))
    .flatMap((name) =>
      [...readFileSync(join(MIGRATIONS, name), "utf8").matchAll(/CREATE TRIGGER[\s\S]*?\bEND\b/gi)].flatMap(
        ([trigger]) => [...trigger.matchAll(/(?:INSERT(?: OR \w+)? INTO|UPDATE)\s+[`"]?(\w+)/gi)].map(([, t]) => t!),
      ),
    ),
);

const frontDoor = files.filter((file) => !isTest(file.path) && !isSeed(file.path));
const seeds = files.filter((file) => isSeed(file.path));

/**
 * Tables written only by seed code that no public operation reads, each with why. Keep it short:
 * a table a public operation lists belongs to the customer, and needs a writer the customer (or
 * the operator for it) can reach.
 */
const SEED_ONLY_ALLOWED: Record<string, string> = {};

describe("no table is written only by seed code", () => {
  it("finds the schema's tables and the writers the scan knows", () => {
    // The scan itself: it must see the tables, and writers of each kind it looks for.
    expect(tables.length).toBeGreaterThan(50);
    expect(new Set(tables.map((t) => t.sqlName)).size).toBe(tables.length);
    expect(triggerWritten).toContain("call_daily_totals");
    expect(writersOf("knowledgeBases", "knowledge_bases", frontDoor)).toContain("domains/knowledge-bases/panel.ts");
    expect(writersOf("teamSeats", "team_seats", frontDoor)).toContain("domains/team/queries.ts");
    expect(writersOf("kbCollections", "kb_collections", seeds)).toContain("domains/knowledge-bases/seed.ts");
    expect(writersOf("auditLog", "audit_log", frontDoor).length).toBeGreaterThan(0);
  });

  it("every table has a writer outside seed code, but the allowed ones", () => {
    const seedOnly = tables
      .filter(
        (table) => writersOf(table.name, table.sqlName, frontDoor).length === 0 && !triggerWritten.has(table.sqlName),
      )
      .map((table) => table.sqlName)
      .sort();
    const unexplained = seedOnly.filter((sqlName) => !(sqlName in SEED_ONLY_ALLOWED));
    expect(unexplained, "tables written only by seed code: give each a writer through the front door").toEqual([]);
    // An entry that is no longer true goes: the lists say only what holds.
    const stale = Object.keys(SEED_ONLY_ALLOWED).filter((sqlName) => !seedOnly.includes(sqlName));
    expect(stale, "listed as seed-only but written elsewhere (or no such table): remove them from the lists").toEqual(
      [],
    );
  });
});
