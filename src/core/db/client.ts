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
 * The rows of a statement built by preparedStatement, as D1 returns them: objects keyed by column
 * name, without drizzle's per-row decoding (the largest part of a list's own CPU time, measured).
 * Only for hot queries whose column names are the fields wanted and whose values need no
 * decoding (text, integers, nulls); the query still runs on `db`'s client (the request's session).
 */
export async function columnRows<Row>(db: Database, statement: { getQuery(): { sql: string; params: unknown[] } }, values: Record<string, unknown>): Promise<Row[]> {
  const { sql, params } = statement.getQuery();
  const bound = params.map((param) => (is(param, Placeholder) ? values[param.name] : param));
  const { results } = await db.$client.prepare(sql).bind(...bound).all<Row>();
  return results;
}
