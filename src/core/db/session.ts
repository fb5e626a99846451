import { AsyncLocalStorage } from "node:async_hooks";
import { drizzle } from "drizzle-orm/d1";
import type { Database } from "./client";

type TripKind = "keyguard" | "d1";

/**
 * The round trips a request makes, counted where they are made: Durable Object calls and D1
 * queries or batches. `sequential` counts the calls begun while no other was in flight, the
 * latency a client far from the data pays. Reported in Server-Timing when configured.
 */
export class RoundTrips {
  readonly calls: Record<TripKind, number> = { keyguard: 0, d1: 0 };
  readonly ms: Record<TripKind, number> = { keyguard: 0, d1: 0 };
  sequential = 0;
  private inFlight = 0;

  async track<T>(kind: TripKind, call: () => Promise<T>): Promise<T> {
    if (this.inFlight === 0) this.sequential++;
    this.inFlight++;
    this.calls[kind]++;
    const started = performance.now();
    try {
      return await call();
    } finally {
      this.inFlight--;
      this.ms[kind] += performance.now() - started;
    }
  }

  /** `keyguard;desc="1";dur=0.8, d1;desc="1";dur=2.1, trips;desc="2"`: calls and time per kind, then the sequential count. */
  serverTiming(): string {
    const kinds = (Object.keys(this.calls) as TripKind[]).map((kind) => `${kind};desc="${this.calls[kind]}";dur=${this.ms[kind].toFixed(2)}`);
    return [...kinds, `trips;desc="${this.sequential}"`].join(", ");
  }
}

/** A request's D1 session, and its round-trip counter when counted. */
interface RequestScope {
  session: D1DatabaseSession;
  trips?: RoundTrips;
}

const scopes = new AsyncLocalStorage<RequestScope>();

function scope(): RequestScope {
  const current = scopes.getStore();
  if (!current) throw new Error("The request database was used outside a request (use createDb(env.DB) in queues, crons and objects).");
  return current;
}

const run = <T>(call: () => Promise<T>): Promise<T> => {
  const { trips } = scope();
  return trips ? trips.track("d1", call) : call();
};

/** A statement of the request's session, bound at execution: drizzle prepares it once per isolate. */
class SessionStatement {
  constructor(
    readonly sql: string,
    readonly values: readonly unknown[] = [],
  ) {}
  bind(...values: unknown[]) {
    return new SessionStatement(this.sql, values);
  }
  resolve(session: D1DatabaseSession): D1PreparedStatement {
    return session.prepare(this.sql).bind(...this.values);
  }
  first(column?: string) {
    return run(() => (column === undefined ? this.resolve(scope().session).first() : this.resolve(scope().session).first(column)));
  }
  run() {
    return run(() => this.resolve(scope().session).run());
  }
  all() {
    return run(() => this.resolve(scope().session).all());
  }
  raw(options?: { columnNames?: boolean }) {
    return run(() => this.resolve(scope().session).raw(options as { columnNames: true }));
  }
}

/** What drizzle calls on a D1 client (prepare and batch), over the current request's session. */
const sessionClient = {
  prepare: (sql: string) => new SessionStatement(sql),
  batch: (statements: readonly SessionStatement[]) => run(() => scope().session.batch(statements.map((statement) => statement.resolve(scope().session)))),
};

/**
 * The database of request handlers: one drizzle instance for the isolate's life, so statements
 * prepared on it (preparedStatement) are built once, whose every query runs in the D1 session of
 * the request it is made for (withRequestSession). drizzle only calls prepare and batch.
 */
export const requestDb: Database = drizzle(sessionClient as unknown as D1Database);

/** A bookmark a client may send back, in D1's form (`00000000-0000001d-00000000-` and 32 hex digits). */
export const BOOKMARK_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

/**
 * Runs `handle` in the request's D1 session (D1's Sessions API): a write's first query goes to the
 * primary; a read may be served by a nearby replica, no older than the bookmark the client sent
 * (its own last write) when it sent one. Every query of the session sees the writes before it.
 * `handle` gets the session's latest bookmark, for the response.
 */
export function withRequestSession<T>(d1: D1Database, options: { write: boolean; bookmark?: string; trips?: RoundTrips }, handle: (bookmark: () => string | null) => Promise<T>): Promise<T> {
  const session = d1.withSession(options.bookmark ?? (options.write ? "first-primary" : "first-unconstrained"));
  return scopes.run({ session, trips: options.trips }, () => handle(() => session.getBookmark()));
}
