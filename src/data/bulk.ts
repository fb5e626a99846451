import { getTableColumns, getTableName, sql, type Column } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteInsertBase, SQLiteTable } from "drizzle-orm/sqlite-core";
import { executeBatch } from "./batch";
import { insertRows, type Database } from "./client";

/** D1 binds at most 100 parameters per statement. */
const D1_MAX_BOUND_PARAMETERS = 100;
/** Ids per IN (...) list, leaving room in a statement for the company id and a few more parameters. */
export const IN_LIST_MAX = 90;

/** `items` in consecutive slices of at most `size`: the one chunk loop of the project. */
export function inChunks<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

type Insert<T extends SQLiteTable> = SQLiteInsertBase<T, "async", unknown>;

/**
 * Inserts of `rows` split into statements that stay within D1's bound-parameter limit. `finish`
 * completes each statement (ON CONFLICT, RETURNING) when the caller needs it; without it, each
 * statement's SQL is built once per isolate (insertRows).
 */
export function chunkedInserts<T extends SQLiteTable>(
  db: Database,
  table: T,
  rows: readonly T["$inferInsert"][],
  finish?: (insert: Insert<T>) => BatchItem<"sqlite">,
): BatchItem<"sqlite">[] {
  if (rows.length === 0) return [];
  // Bound per row: up to every column of the table (drizzle binds a column's default function's value
  // and a key other rows set), not only the first row's keys.
  const perStatement = Math.max(1, Math.floor(D1_MAX_BOUND_PARAMETERS / Object.keys(getTableColumns(table)).length));
  return inChunks(rows, perStatement).map((chunk) =>
    finish
      ? finish(db.insert(table).values(chunk as T["$inferInsert"][]) as unknown as Insert<T>)
      : insertRows(db, table, chunk),
  );
}

/** Runs statements in D1 batches (each batch one transaction). */
export async function runBatches(db: Database, statements: readonly BatchItem<"sqlite">[], size = 200): Promise<void> {
  for (const slice of inChunks(statements, size)) {
    await executeBatch(db, slice);
  }
}

/**
 * "table"."column": drizzle leaves columns unqualified in single-table selects, so a correlated
 * subquery must name both sides' tables or SQLite binds the outer column to the inner table.
 */
export const qualified = (column: Column) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** A UNIQUE constraint failure, however deep D1 and drizzle wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  for (
    let current: unknown = error, depth = 0;
    current instanceof Error && depth < 5;
    current = current.cause, depth++
  ) {
    if (/UNIQUE constraint failed/i.test(current.message)) return true;
  }
  return false;
}
