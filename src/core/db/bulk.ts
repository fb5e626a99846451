import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "./client";

/** D1 binds at most 100 parameters per statement: split a bulk insert into statements that fit. */
export function chunkedInserts<T extends SQLiteTable>(db: Database, table: T, rows: readonly T["$inferInsert"][]): BatchItem<"sqlite">[] {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]!).length;
  const perStatement = Math.max(1, Math.floor(100 / columns));
  const statements: BatchItem<"sqlite">[] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    statements.push(db.insert(table).values(rows.slice(start, start + perStatement) as T["$inferInsert"][]));
  }
  return statements;
}

/** Runs statements in D1 batches (each batch one transaction). */
export async function runBatches(db: Database, statements: readonly BatchItem<"sqlite">[], size = 200): Promise<void> {
  for (let start = 0; start < statements.length; start += size) {
    const slice = statements.slice(start, start + size);
    if (slice.length > 0) await db.batch(slice as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  }
}
