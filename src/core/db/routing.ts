/**
 * Statements routed by the tables they name. The control plane (one D1 database, `DB`) holds the
 * global tables (CONTROL_PLANE_TABLES); every other table is tenant data, in the store (a D1
 * database) of the company it belongs to. A drizzle instance over a RoutedClient sends each
 * statement to its home when it runs, so a query or a batch is written as before and the homes of
 * tables are declared once, here. A statement that joins a control-plane table with a tenant table
 * can only run where both are the same database (store 0, today's database); elsewhere it is an
 * error to be rewritten as two reads.
 */

/** What runs statements: a D1 database or a D1 session. */
export interface Target {
  prepare(query: string): D1PreparedStatement;
  batch<T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]>;
}

/**
 * Where a client's statements run. `tenant` answers the stores of a tenant statement (given its
 * values, for the one client that routes by them); more than one only for explicit fan-out. `track`
 * wraps every call (round-trip counting).
 */
export interface Router {
  control(): Target | Promise<Target>;
  tenant(values: readonly unknown[], query: string): readonly Target[] | Promise<readonly Target[]>;
  track?<T>(call: () => Promise<T>, what: RoutedCall): Promise<T>;
}

/** What a call runs: one of D1's statement methods or a batch, and its statements. */
export interface RoutedCall {
  method: "first" | "run" | "all" | "raw" | "batch";
  statements: readonly { sql: string; values: readonly unknown[] }[];
}

/**
 * The global tables: companies with the agency tree (and its owners, unique per tree) and the
 * directory (companies.store), API keys, white labels (their custom domains are unique across the
 * platform), the price book, and the operator's own audit log (cross-company by nature).
 */
export const CONTROL_PLANE_TABLES: ReadonlySet<string> = new Set([
  "companies",
  "subaccount_owners",
  "api_keys",
  "white_labels",
  "plan_prices",
  "company_prices",
  "operator_audit_log",
]);

/**
 * Tables every database has for its own use: a statement on them goes where its other tables are
 * (a compare-and-set precondition on api_keys runs in the control plane), or to the tenant store.
 */
const EVERY_DATABASE_TABLES: ReadonlySet<string> = new Set(["batch_preconditions", "d1_migrations", "sqlite_master", "sqlite_schema"]);

export type Home = "control" | "tenant" | "mixed";

const TABLE_REFERENCE = /\b(?:from|join|into|update)\s+"?([A-Za-z_][A-Za-z0-9_]*)"?(\()?/gi;
const COMMON_TABLE = /(?:\bwith(?:\s+recursive)?|,)\s*"?([A-Za-z_][A-Za-z0-9_]*)"?\s*(?:\([^)]*\))?\s+as\s*(?:not\s+materialized\s*|materialized\s*)?\(/gi;

const homes = new Map<string, Home>();
const HOME_CACHE_LIMIT = 2_000;

/** The home of a statement: control plane, tenant store, or both (a join across them). */
export function homeOf(query: string): Home {
  let home = homes.get(query);
  if (home) return home;
  const commonTables = new Set([...query.matchAll(COMMON_TABLE)].map((match) => match[1]!.toLowerCase()));
  let control = false;
  let tenant = false;
  for (const match of query.matchAll(TABLE_REFERENCE)) {
    // `from json_each(?)` (a parenthesis right after the name) is a table-valued function, not a table.
    if (match[2] !== undefined) continue;
    const name = match[1]!.toLowerCase();
    if (commonTables.has(name) || EVERY_DATABASE_TABLES.has(name) || name === "select") continue;
    if (CONTROL_PLANE_TABLES.has(name)) control = true;
    else tenant = true;
  }
  home = control && tenant ? "mixed" : control ? "control" : "tenant";
  if (homes.size >= HOME_CACHE_LIMIT) homes.clear();
  homes.set(query, home);
  return home;
}

/** The databases a statement runs on. */
async function targetsOf(router: Router, query: string, values: readonly unknown[]): Promise<readonly Target[]> {
  const home = homeOf(query);
  if (home === "control") return [await router.control()];
  const tenants = await router.tenant(values, query);
  if (home === "tenant") return tenants;
  const control = await router.control();
  if (tenants.length === 1 && tenants[0] === control) return tenants;
  throw new Error(`A statement joins control-plane and tenant tables, which live in different databases for this company: ${query.slice(0, 200)}`);
}

const tracked = <T>(router: Router, what: RoutedCall, call: () => Promise<T>) => (router.track ? router.track(call, what) : call());

/** A statement of a RoutedClient: its SQL and values, resolved to a database when it runs. */
class RoutedStatement {
  constructor(
    readonly router: Router,
    readonly sql: string,
    readonly values: readonly unknown[] = [],
  ) {}
  bind(...values: unknown[]) {
    return new RoutedStatement(this.router, this.sql, values);
  }
  on(target: Target): D1PreparedStatement {
    return target.prepare(this.sql).bind(...this.values);
  }
  private async each<R>(call: (statement: D1PreparedStatement) => Promise<R>): Promise<R[]> {
    const targets = await targetsOf(this.router, this.sql, this.values);
    return Promise.all(targets.map((target) => call(this.on(target))));
  }
  first(column?: string) {
    return tracked(this.router, { method: "first", statements: [this] }, async () => {
      const rows = await this.each((statement) => (column === undefined ? statement.first() : statement.first(column)));
      return rows.find((row) => row !== null && row !== undefined) ?? null;
    });
  }
  run() {
    return tracked(this.router, { method: "run", statements: [this] }, async () => merged(await this.each((statement) => statement.run())));
  }
  all() {
    return tracked(this.router, { method: "all", statements: [this] }, async () => merged(await this.each((statement) => statement.all())));
  }
  raw(options?: { columnNames?: boolean }) {
    return tracked(this.router, { method: "raw", statements: [this] }, async () => {
      const results = await this.each((statement) => statement.raw(options as { columnNames: true }));
      if (results.length === 1) return results[0]!;
      // With column names, each result starts with them: keep the first's only.
      return options?.columnNames ? [results[0]![0]!, ...results.flatMap((rows) => rows.slice(1))] : results.flat();
    });
  }
}

/** One result of a statement run on several stores (fan-out): rows concatenated, changes summed. */
function merged(results: D1Result[]): D1Result {
  if (results.length === 1) return results[0]!;
  const [first] = results;
  return {
    ...first!,
    results: results.flatMap((result) => result.results),
    meta: { ...first!.meta, changes: results.reduce((sum, result) => sum + result.meta.changes, 0) },
  };
}

/**
 * A batch: one D1 batch (one transaction) when all its statements run on one database, which is
 * every batch of a store-0 company and every batch that touches one side only. A batch that writes
 * both the control plane and a tenant store of another database runs as two batches, control plane
 * first (it holds the compare-and-set of the global rows), then the tenant's: not one transaction.
 */
async function routedBatch(router: Router, statements: readonly RoutedStatement[]): Promise<D1Result[]> {
  return tracked(router, { method: "batch", statements }, async () => {
    const placed = await Promise.all(statements.map((statement) => targetsOf(router, statement.sql, statement.values)));
    const groups = new Map<Target, number[]>();
    placed.forEach((targets, index) => {
      for (const target of targets) {
        const group = groups.get(target) ?? [];
        group.push(index);
        groups.set(target, group);
      }
    });
    const results: D1Result[] = new Array(statements.length);
    if (groups.size > 1) {
      // Control plane first: its write is the one the tenant rows refer to.
      const control = await router.control();
      const ordered = [...groups.entries()].sort(([a], [b]) => (a === control ? -1 : b === control ? 1 : 0));
      for (const [target, indexes] of ordered) {
        const answered = await target.batch(indexes.map((index) => statements[index]!.on(target)));
        indexes.forEach((index, position) => {
          results[index] = results[index] ? merged([results[index]!, answered[position]!]) : answered[position]!;
        });
      }
      return results;
    }
    const [[target, indexes]] = [...groups.entries()] as [[Target, number[]]];
    const answered = await target.batch(indexes.map((index) => statements[index]!.on(target)));
    indexes.forEach((index, position) => (results[index] = answered[position]!));
    return results;
  });
}

/** What drizzle calls on a D1 client (prepare and batch), routed statement by statement. */
export function routedClient(router: Router): D1Database {
  const client = {
    prepare: (query: string) => new RoutedStatement(router, query),
    batch: (statements: readonly RoutedStatement[]) => routedBatch(router, statements),
  };
  return client as unknown as D1Database;
}
