/**
 * A D1 binding with something run around each of its calls (the bench's distance waits, its SQL
 * capture records), made from outside the Worker: bench/worker.ts hands the Worker an env whose D1
 * bindings (DB and every STORE_<n>) are these, so src/ knows nothing of the bench.
 */

/** One D1 call as the Worker made it on a binding: a statement's method, or a batch, and its statements with their bound values. */
export interface D1Call {
  method: "first" | "run" | "all" | "raw" | "batch";
  statements: readonly { sql: string; values: readonly unknown[] }[];
}

/** What runs around each D1 call: `run` makes the call itself. */
export type AroundD1 = <T>(call: D1Call, run: () => Promise<T>) => Promise<T>;

/** A prepared statement whose calls run inside `around`; a batch unwraps it to the statement it stands for. */
class Statement {
  constructor(
    readonly inner: D1PreparedStatement,
    readonly sql: string,
    readonly values: readonly unknown[],
    private readonly around: AroundD1,
  ) {}
  bind(...values: unknown[]) {
    return new Statement(this.inner.bind(...values), this.sql, values, this.around);
  }
  first(column?: string) {
    return this.around({ method: "first", statements: [this] }, () =>
      column === undefined ? this.inner.first() : this.inner.first(column),
    );
  }
  run() {
    return this.around({ method: "run", statements: [this] }, () => this.inner.run());
  }
  all() {
    return this.around({ method: "all", statements: [this] }, () => this.inner.all());
  }
  raw(options?: { columnNames?: boolean }) {
    return this.around({ method: "raw", statements: [this] }, () => this.inner.raw(options as { columnNames: true }));
  }
}

function statementOf(statement: D1PreparedStatement): Statement {
  if (statement instanceof Statement) return statement;
  throw new Error("A batch of a wrapped D1 binding was given a statement prepared elsewhere.");
}

/** What a D1 database and a D1 session have in common: statements and batches. */
interface Queries {
  prepare(sql: string): D1PreparedStatement;
  batch<T>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]>;
}

/** `target` (a database or a session) with `around` run around each statement call and batch; a database's sessions are wrapped alike. */
function aroundQueries<Q extends Queries>(target: Q, around: AroundD1): Q {
  return new Proxy(target, {
    get(inner, prop) {
      if (prop === "prepare")
        return (sql: string) => new Statement(inner.prepare(sql), sql, [], around) as unknown as D1PreparedStatement;
      if (prop === "batch") {
        return (statements: D1PreparedStatement[]) => {
          const wrapped = statements.map(statementOf);
          return around({ method: "batch", statements: wrapped }, () =>
            inner.batch(wrapped.map((statement) => statement.inner)),
          );
        };
      }
      const value: unknown = Reflect.get(inner, prop);
      if (prop === "withSession" && typeof value === "function")
        return (constraint?: string) => aroundQueries(Reflect.apply(value, inner, [constraint]) as Queries, around);
      // The runtime's methods need the binding itself as `this`, not the proxy.
      return typeof value === "function" ? value.bind(inner) : value;
    },
  });
}

/** `env` with every D1 database it binds (DB and each STORE_<n>) calling through `around`. */
export function aroundD1<E extends object>(env: E, around: AroundD1): E {
  const databases = Object.entries(env)
    .filter(([name]) => name === "DB" || /^STORE_\d+$/.test(name))
    .map(([name, binding]) => [name, aroundQueries(binding as D1Database, around)]);
  return { ...env, ...Object.fromEntries(databases) };
}
