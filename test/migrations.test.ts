import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { emptyScratch } from "./fixtures/scratch";

/**
 * The migrations, applied step by step to a database of their own (MIGRATION_SCRATCH).
 *
 * A release migrates every store first and deploys its code after (README, "Releasing"): for that
 * while, the previous release's code runs on the new schema. So every migration only adds: no table
 * or column the previous code knows disappears or changes type, and a column it does not know
 * takes a value without it (nullable, or with a default). The migrations written before this rule
 * are listed below with what they changed; a new exception fails here and needs a two-release
 * change instead (add, deploy, then remove).
 */
const scratch = () => env.MIGRATION_SCRATCH;
const migrations = env.TEST_MIGRATIONS;

const BEFORE_THE_RULE: Record<string, string> = {
  "0022_dialled_calls_are_calls.sql": "dialled calls became calls: dialled_calls kept only the dialler's own columns",
  "0029_price_book.sql": "the price book replaced rate_costs, sale_rates and sms_rates",
};

interface Column {
  type: string;
  notNull: boolean;
  hasDefault: boolean;
}
type Schema = Map<string, Map<string, Column>>;

async function schemaOf(database: D1Database): Promise<Schema> {
  const { results } = await database
    .prepare(
      `SELECT m.name AS "table", c.name AS "column", c.type AS type, c."notnull" AS not_null, c.dflt_value IS NOT NULL AS has_default, c.pk AS pk
       FROM sqlite_master m JOIN pragma_table_info(m.name) c
       WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND m.name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND m.name NOT LIKE 'd1\\_%' ESCAPE '\\' AND m.sql NOT LIKE 'CREATE VIRTUAL%'
         AND m.name NOT IN (SELECT name FROM sqlite_master WHERE sql IS NULL)`,
    )
    .all<{ table: string; column: string; type: string; not_null: number; has_default: number; pk: number }>();
  const schema: Schema = new Map();
  for (const row of results) {
    if (!schema.has(row.table)) schema.set(row.table, new Map());
    // An INTEGER PRIMARY KEY takes its value without being named (the rowid): as if it had a default.
    const rowid = row.pk === 1 && row.type.toUpperCase() === "INTEGER";
    schema.get(row.table)!.set(row.column, {
      type: row.type.toUpperCase(),
      notNull: row.not_null === 1,
      hasDefault: row.has_default === 1 || rowid,
    });
  }
  return schema;
}

/** What the previous code would find broken in the next schema. */
function breaks(previous: Schema, next: Schema): string[] {
  const found: string[] = [];
  for (const [table, columns] of previous) {
    const after = next.get(table);
    if (!after) {
      found.push(`table ${table} dropped or renamed`);
      continue;
    }
    for (const [name, column] of columns) {
      const now = after.get(name);
      if (!now) found.push(`${table}.${name} dropped or renamed`);
      else if (now.type !== column.type) found.push(`${table}.${name} changed type from ${column.type} to ${now.type}`);
      else if (now.notNull && !now.hasDefault && !column.notNull)
        found.push(`${table}.${name} became NOT NULL without a default`);
    }
    for (const [name, column] of after) {
      if (!columns.has(name) && column.notNull && !column.hasDefault)
        found.push(`${table}.${name} added NOT NULL without a default`);
    }
  }
  return found;
}

describe("migrations", () => {
  it("each only adds to the schema the previous release's code runs on (expand, never contract, in one release)", async () => {
    const unexpected: string[] = [];
    await emptyScratch();
    let previous = await schemaOf(scratch());
    for (const migration of migrations) {
      await applyD1Migrations(scratch(), [migration]);
      const next = await schemaOf(scratch());
      const found = breaks(previous, next);
      if (found.length > 0 && !BEFORE_THE_RULE[migration.name])
        unexpected.push(`${migration.name}: ${found.join("; ")}`);
      previous = next;
    }
    expect(unexpected).toEqual([]);
  });
});
