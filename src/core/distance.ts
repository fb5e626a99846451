import type { Env } from "../env";

/**
 * The bench's stand-in for distance (BENCH_DELAY_MS, `npm run bench -- --distance <ms>`): the
 * request's Durable Object calls and D1 queries and batches each wait a fixed time before they are
 * made, as they would for a client in another region. Requests reach the wrapped bindings only when
 * the variable is set (pipeline.ts, requestContext); with 0, its default, nothing here runs.
 */
const distant = new WeakMap<Env, Env>();

/** `env` with its D1 databases (DB and every tenant store) and key objects behind `delayMs` of distance (one wrapper per environment). */
export function atDistance(env: Env, delayMs: number): Env {
  let far = distant.get(env);
  if (!far) {
    const stores = Object.entries(env)
      .filter(([name]) => /^STORE_\d+$/.test(name))
      .map(([name, binding]) => [name, distantDatabase(binding as D1Database, delayMs)]);
    const wrapped: Env = { ...env, ...Object.fromEntries(stores), DB: distantDatabase(env.DB, delayMs), KEY_GUARD: distantNamespace(env.KEY_GUARD, delayMs) };
    distant.set(env, wrapped);
    far = wrapped;
  }
  return far;
}

const after = async <T>(delayMs: number, call: () => Promise<T>): Promise<T> => {
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  return call();
};

/** A prepared statement whose queries wait first; a batch unwraps it to the statement it stands for. */
class DistantStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    private readonly delayMs: number,
  ) {}
  bind(...values: unknown[]) {
    return new DistantStatement(this.inner.bind(...values), this.delayMs);
  }
  first(column?: string) {
    return after(this.delayMs, () => (column === undefined ? this.inner.first() : this.inner.first(column)));
  }
  run() {
    return after(this.delayMs, () => this.inner.run());
  }
  all() {
    return after(this.delayMs, () => this.inner.all());
  }
  raw(options?: { columnNames?: boolean }) {
    return after(this.delayMs, () => this.inner.raw(options as { columnNames: true }));
  }
}

const innerOf = (statement: D1PreparedStatement) => (statement instanceof DistantStatement ? statement.inner : statement);
const distantStatement = (statement: D1PreparedStatement, delayMs: number) => new DistantStatement(statement, delayMs) as unknown as D1PreparedStatement;

/** What a D1 database and a D1 session have in common: statements and batches. */
interface Queries {
  prepare(sql: string): D1PreparedStatement;
  batch<T>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]>;
}

function distantQueries<Q extends Queries>(target: Q, delayMs: number, extra: (prop: string | symbol) => unknown): Q {
  return new Proxy(target, {
    get(inner, prop) {
      if (prop === "prepare") return (sql: string) => distantStatement(inner.prepare(sql), delayMs);
      if (prop === "batch") return (statements: D1PreparedStatement[]) => after(delayMs, () => inner.batch(statements.map(innerOf)));
      const own = extra(prop);
      if (own !== undefined) return own;
      const value: unknown = Reflect.get(inner, prop);
      return typeof value === "function" ? value.bind(inner) : value;
    },
  });
}

function distantDatabase(d1: D1Database, delayMs: number): D1Database {
  return distantQueries(d1, delayMs, (prop) =>
    prop === "withSession" ? (constraint?: string) => distantQueries(d1.withSession(constraint), delayMs, () => undefined) : undefined,
  );
}

/** The key objects' namespace: every call of a stub it gives waits first. */
function distantNamespace<N extends Env["KEY_GUARD"]>(namespace: N, delayMs: number): N {
  return new Proxy(namespace, {
    get(inner, prop) {
      const value: unknown = Reflect.get(inner, prop);
      if (typeof value !== "function") return value;
      if (prop !== "get" && prop !== "getByName") return value.bind(inner);
      return (...args: unknown[]) => distantStub(Reflect.apply(value, inner, args) as object, delayMs);
    },
  });
}

function distantStub<S extends object>(stub: S, delayMs: number): S {
  return new Proxy(stub, {
    get(inner, prop) {
      // Not a promise: `await stub` must not turn into a remote call.
      if (prop === "then") return undefined;
      const value: unknown = Reflect.get(inner, prop);
      if (typeof value !== "function") return value;
      // Reflect.apply: an RPC method would take `.apply` for a remote method of that name.
      return (...args: unknown[]) => after(delayMs, () => Promise.resolve(Reflect.apply(value, inner, args)));
    },
  });
}
