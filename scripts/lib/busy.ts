/**
 * The admin CLI opens the same SQLite file as a running `wrangler dev`. SQLite answers SQLITE_BUSY
 * when the other process holds the lock it needs at that instant, and workerd sets no busy timeout,
 * so the CLI waits and retries instead. Each D1 call (one statement, or one batch) is atomic, so a
 * call refused as busy did nothing and running it again is safe. Miniflare's local D1 reports the
 * lock only on workerd's stderr; the error its binding throws says "internal error; reference".
 */
const BUSY = /SQLITE_BUSY|database is locked|internal error; reference/;
const ATTEMPTS = 40;

const isBusy = (error: unknown): boolean =>
  error instanceof Error
    ? BUSY.test(error.message) || (error.cause !== undefined && isBusy(error.cause))
    : BUSY.test(String(error));

export async function whenFree<T>(
  run: () => Promise<T>,
  pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= ATTEMPTS || !isBusy(error)) throw error;
      await pause(Math.min(25 * attempt, 250)); // about 8 s in all
    }
  }
}

const originals = new WeakMap<D1PreparedStatement, D1PreparedStatement>();
const executions = new Set<PropertyKey>(["first", "all", "run", "raw"]);

function retryingStatement(statement: D1PreparedStatement): D1PreparedStatement {
  const wrapped = new Proxy(statement, {
    get(target, property) {
      if (property === "bind") return (...values: unknown[]) => retryingStatement(target.bind(...values));
      const member: unknown = Reflect.get(target, property);
      if (executions.has(property) && typeof member === "function") {
        return (...args: unknown[]) =>
          whenFree(() => (member as (...a: unknown[]) => Promise<unknown>).apply(target, args));
      }
      return member;
    },
  });
  originals.set(wrapped, statement);
  return wrapped;
}

/** The D1 binding, with every statement and batch retried while the database is busy. */
export function retryWhenBusy(d1: D1Database): D1Database {
  return new Proxy(d1, {
    get(target, property) {
      if (property === "prepare") return (query: string) => retryingStatement(target.prepare(query));
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) =>
          whenFree(() => target.batch(statements.map((statement) => originals.get(statement) ?? statement)));
      }
      if (property === "exec") return (query: string) => whenFree(() => target.exec(query));
      return Reflect.get(target, property);
    },
  });
}
