/**
 * Statements routed by the tables they name. The control plane (one D1 database, `DB`) holds the
 * global tables (CONTROL_PLANE_TABLES); every other table is tenant data, in the store (a D1
 * database) of the company it belongs to. A drizzle instance over a RoutedClient sends each
 * statement to its home when it runs, so a query or a batch is written as before and the homes of
 * tables are declared once, here. A statement that joins a control-plane table with a tenant table
 * can only run where both are the same database (store 0, today's database); elsewhere it is an
 * error to be rewritten as two reads.
 */
import { clock } from "../lib/clock";

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
  /** A statement's stores; or, to split it (rows of companies of several stores), each part and its store. */
  tenant(
    values: readonly unknown[],
    query: string,
  ): readonly (Target | Placement)[] | Promise<readonly (Target | Placement)[]>;
  track?<T>(call: () => Promise<T>, what: RoutedCall): Promise<T>;
}

/** What a call runs: one of D1's statement methods or a batch, and its statements. */
interface RoutedCall {
  method: "first" | "run" | "all" | "raw" | "batch";
  statements: readonly { sql: string; values: readonly unknown[] }[];
}

/**
 * The global tables: companies with the agency tree (and its owners, unique per tree) and the
 * directory (companies.store), API keys, white labels (their custom domains are unique across the
 * platform), the price book, the operator's own audit log (cross-company by nature) and the operator's settings.
 */
export const CONTROL_PLANE_TABLES: ReadonlySet<string> = new Set([
  "companies",
  "subaccount_owners",
  "api_keys",
  "white_labels",
  "plan_prices",
  "company_prices",
  "operator_audit_log",
  "company_moves",
  "operator_settings",
]);

/**
 * Tables every database has for its own use: a statement on them goes where its other tables are
 * (a compare-and-set precondition on api_keys runs in the control plane), or to the tenant store.
 */
const EVERY_DATABASE_TABLES: ReadonlySet<string> = new Set([
  "batch_preconditions",
  "cross_store_outbox",
  "cross_store_applied",
  "d1_migrations",
  "sqlite_master",
  "sqlite_schema",
]);

type Home = "control" | "tenant" | "mixed";

const TABLE_REFERENCE = /\b(?:from|join|into|update)\s+"?([A-Za-z_][A-Za-z0-9_]*)"?(\()?/gi;
const COMMON_TABLE =
  /(?:\bwith(?:\s+recursive)?|,)\s*"?([A-Za-z_][A-Za-z0-9_]*)"?\s*(?:\([^)]*\))?\s+as\s*(?:not\s+materialized\s*|materialized\s*)?\(/gi;

/** Words that may follow FROM, JOIN, INTO or UPDATE without being a table: `(SELECT`, `DO UPDATE SET`. */
const SQL_WORDS: ReadonlySet<string> = new Set(["select", "set", "values", "lateral", "with"]);

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
    if (commonTables.has(name) || EVERY_DATABASE_TABLES.has(name) || SQL_WORDS.has(name)) continue;
    if (CONTROL_PLANE_TABLES.has(name)) control = true;
    else tenant = true;
  }
  home = control && tenant ? "mixed" : control ? "control" : "tenant";
  if (homes.size >= HOME_CACHE_LIMIT) homes.clear();
  homes.set(query, home);
  return home;
}

/** SQL that only reads: a SELECT, or a WITH clause that writes nothing. */
export const readsOnly = (sql: string) =>
  /^\s*select\b/i.test(sql) || (/^\s*with\b/i.test(sql) && !/\b(insert|update|delete|replace)\b/i.test(sql));

/** A statement (or a part of one) and the database it runs on. */
export interface Placement {
  target: Target;
  sql: string;
  values: readonly unknown[];
}

const isPlacement = (entry: Target | Placement): entry is Placement => "target" in entry;

/** Where a statement runs: one database, or (fan-out) several, each with its statement. */
async function placementsOf(router: Router, query: string, values: readonly unknown[]): Promise<readonly Placement[]> {
  const home = homeOf(query);
  if (home === "control") return [{ target: await router.control(), sql: query, values }];
  const tenants = (await router.tenant(values, query)).map((entry) =>
    isPlacement(entry) ? entry : { target: entry, sql: query, values },
  );
  if (home === "tenant") return tenants;
  const control = await router.control();
  if (tenants.length === 1 && tenants[0]!.target === control) return tenants;
  throw new Error(
    `A statement joins control-plane and tenant tables, which live in different databases for this company: ${query.slice(0, 200)}`,
  );
}

const prepared = (placement: Placement) => placement.target.prepare(placement.sql).bind(...placement.values);

const tracked = <T>(router: Router, what: RoutedCall, call: () => Promise<T>) =>
  router.track ? router.track(call, what) : call();

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
  placements(): Promise<readonly Placement[]> {
    return placementsOf(this.router, this.sql, this.values);
  }
  private async each<R>(call: (statement: D1PreparedStatement) => Promise<R>): Promise<R[]> {
    return Promise.all((await this.placements()).map((placement) => call(prepared(placement))));
  }
  first(column?: string) {
    return tracked(this.router, { method: "first", statements: [this] }, async () => {
      const rows = await this.each((statement) => (column === undefined ? statement.first() : statement.first(column)));
      return rows.find((row) => row !== null && row !== undefined) ?? null;
    });
  }
  run() {
    return tracked(this.router, { method: "run", statements: [this] }, async () =>
      merged(await this.each((statement) => statement.run())),
    );
  }
  all() {
    return tracked(this.router, { method: "all", statements: [this] }, async () =>
      merged(await this.each((statement) => statement.all())),
    );
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
 * both the control plane and a tenant store of another database cannot be one transaction; it runs
 * as two halves through an outbox, so that it completes whole or not at all:
 *   1. the half that may refuse (a compare-and-set precondition) first, else the control plane's,
 *      with the second half written to `cross_store_outbox` in the same transaction (a refusal
 *      writes nothing, the outbox row included);
 *   2. the second half, with its outbox id in `cross_store_applied` in the same transaction;
 *   3. the outbox row deleted.
 * A crash or a failed call after 1 leaves the outbox row, which the cron applies (outbox.ts); the
 * applied mark makes that replay a no-op when 2 had run.
 */
async function routedBatch(router: Router, statements: readonly RoutedStatement[]): Promise<D1Result[]> {
  return tracked(router, { method: "batch", statements }, async () => {
    const placed = await Promise.all(statements.map((statement) => statement.placements()));
    const groups = new Map<Target, { index: number; placement: Placement }[]>();
    placed.forEach((placements, index) => {
      for (const placement of placements) {
        const group = groups.get(placement.target) ?? [];
        group.push({ index, placement });
        groups.set(placement.target, group);
      }
    });
    const results: D1Result[] = new Array(statements.length);
    const keep = (members: readonly { index: number }[], answered: readonly D1Result[]) =>
      members.forEach(({ index }, position) => {
        results[index] = results[index] ? merged([results[index]!, answered[position]!]) : answered[position]!;
      });
    const control = groups.size > 1 ? await router.control() : undefined;
    const refuses = (members: readonly { placement: Placement }[]) =>
      members.some(({ placement }) => PRECONDITION.test(placement.sql));
    const rank = ([target, members]: [Target, { placement: Placement }[]]) =>
      (refuses(members) ? 0 : 2) + (target === control ? 0 : 1);
    const ordered = [...groups.entries()].sort((a, b) => rank(a) - rank(b));
    const [first, second] = ordered;
    const writes = (members: readonly { placement: Placement }[]) =>
      members.some(({ placement }) => !readsOnly(placement.sql));
    // Only when both halves write is there a half to lose; a batch whose other side only reads runs as before.
    if (
      ordered.length === 2 &&
      writes(first![1]) &&
      writes(second![1]) &&
      second![1].every(({ placement }) => placement.values.every(portable))
    ) {
      const id = crypto.randomUUID();
      const now = clock.iso();
      const [firstTarget, firstMembers] = first!;
      const [secondTarget, secondMembers] = second!;
      const secondHalf = JSON.stringify(
        secondMembers.map(({ placement }) => ({ sql: placement.sql, values: placement.values })),
      );
      const firstAnswered = await firstTarget.batch([
        ...firstMembers.map(({ placement }) => prepared(placement)),
        firstTarget.prepare(OUTBOX_INSERT).bind(id, secondHalf, now),
      ]);
      keep(firstMembers, firstAnswered);
      const secondAnswered = await secondTarget.batch([
        secondTarget.prepare(APPLIED_INSERT).bind(id, now),
        ...secondMembers.map(({ placement }) => prepared(placement)),
      ]);
      keep(secondMembers, secondAnswered.slice(1));
      await firstTarget.prepare(OUTBOX_DELETE).bind(id).run();
      return results;
    }
    // Otherwise (one side only reads, a write fanned out over several stores, or values JSON cannot
    // carry) one transaction per database, in the same order: the part that may refuse first.
    for (const [target, members] of ordered)
      keep(members, await target.batch(members.map(({ placement }) => prepared(placement))));
    return results;
  });
}

/** Values an outbox row carries as JSON (D1 binds no others in the batches that cross databases). */
const portable = (value: unknown) =>
  value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean";

const OUTBOX_INSERT = "INSERT INTO cross_store_outbox (id, statements, created_at) VALUES (?, ?, ?)";
export const OUTBOX_DELETE = "DELETE FROM cross_store_outbox WHERE id = ?";
export const APPLIED_INSERT = "INSERT INTO cross_store_applied (id, applied_at) VALUES (?, ?)";

/** A compare-and-set precondition's statement (src/data/precondition.ts). */
const PRECONDITION = /^\s*insert\s+into\s+"?batch_preconditions"?/i;

/** What drizzle calls on a D1 client (prepare and batch), routed statement by statement. */
export function routedClient(router: Router): D1Database {
  const client = {
    prepare: (query: string) => new RoutedStatement(router, query),
    batch: (statements: readonly RoutedStatement[]) => routedBatch(router, statements),
  };
  return client as unknown as D1Database;
}
