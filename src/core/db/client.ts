import { is, Placeholder } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";

export type Database = ReturnType<typeof drizzle>;

const databases = new WeakMap<D1Database, Database>();

/**
 * drizzle over D1, one instance per binding for the isolate's life, so statements prepared on it
 * are reused across requests. Queries use the query builder only, so no schema object is needed.
 */
export function createDb(d1: D1Database): Database {
  let db = databases.get(d1);
  if (!db) {
    db = drizzle(d1);
    databases.set(d1, db);
  }
  return db;
}

/**
 * A statement built once per database and reused: hot-path queries skip drizzle's per-request
 * SQL building. Values go in through `sql.placeholder`, never into the SQL text.
 */
export function preparedStatement<Statement>(build: (db: Database) => Statement): (db: Database) => Statement {
  const statements = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}

/**
 * The rows of a statement built by preparedStatement as D1's raw arrays, each read into a
 * fixed-shape object by `read` through `column`, which gives a column's value by its key in the
 * select. Neither drizzle's per-row decoding nor D1's arrays-to-objects conversion runs: together
 * the largest part of a list's own CPU time, measured. Only for hot queries whose values need no
 * decoding (text, integers, nulls); the query still runs on `db`'s client (the request's session).
 */
export async function readRows<Row, Out>(
  db: Database,
  statement: { getQuery(): { sql: string; params: unknown[] } },
  columns: { [K in keyof Row]: unknown },
  values: Record<string, unknown>,
  read: (column: <K extends keyof Row>(key: K) => Row[K]) => Out,
): Promise<Out[]> {
  const { sql, params } = statement.getQuery();
  const bound = params.map((param) => (is(param, Placeholder) ? values[param.name] : param));
  const positions = positionsOf(columns);
  const rows = await db.$client.prepare(sql).bind(...bound).raw();
  return rows.map((row) => read((key) => row[positions.get(key as string)!] as Row[typeof key]));
}

const positionCache = new WeakMap<object, Map<string, number>>();

/** Each selected column's position in a raw row: drizzle selects the columns in their key order. */
function positionsOf(columns: Record<string, unknown>): Map<string, number> {
  let positions = positionCache.get(columns);
  if (!positions) {
    positions = new Map(Object.keys(columns).map((key, index) => [key, index]));
    positionCache.set(columns, positions);
  }
  return positions;
}
