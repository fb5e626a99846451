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
