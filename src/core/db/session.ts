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

/** A D1 statement whose executions are counted; D1's batch takes the statement inside. */
class CountedStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    private readonly trips: RoundTrips,
  ) {}
  bind(...values: unknown[]) {
    return new CountedStatement(this.inner.bind(...values), this.trips);
  }
  first(column?: string) {
    return this.trips.track("d1", () => (column === undefined ? this.inner.first() : this.inner.first(column)));
  }
  run() {
    return this.trips.track("d1", () => this.inner.run());
  }
  all() {
    return this.trips.track("d1", () => this.inner.all());
  }
  raw(options?: { columnNames?: boolean }) {
    return this.trips.track("d1", () => this.inner.raw(options as { columnNames: true }));
  }
}

/** What drizzle calls on a D1 client: prepare and batch. */
function countedClient(session: D1DatabaseSession, trips: RoundTrips) {
  return {
    prepare: (query: string) => new CountedStatement(session.prepare(query), trips),
    batch: (statements: CountedStatement[]) => trips.track("d1", () => session.batch(statements.map((statement) => statement.inner))),
  };
}

/** A bookmark a client may send back: D1's are short visible ASCII strings. */
export const BOOKMARK_PATTERN = /^[\x21-\x7e]{1,256}$/;

export interface RequestDatabase {
  db: Database;
  /** The latest bookmark of the session (null before its first query): what a client sends back to read its writes. */
  bookmark(): string | null;
}

/**
 * The request's D1 session (D1's Sessions API): a write's first query goes to the primary; a read
 * may be served by a nearby replica, no older than the bookmark the client sent (its own last
 * write) when it sent one. Every query of the session sees the writes before it.
 */
export function requestDatabase(d1: D1Database, options: { write: boolean; bookmark?: string; trips?: RoundTrips }): RequestDatabase {
  const session = d1.withSession(options.bookmark ?? (options.write ? "first-primary" : "first-unconstrained"));
  const client = options.trips ? countedClient(session, options.trips) : session;
  // drizzle only calls prepare and batch, which a session has (its type asks for a whole D1Database).
  return { db: drizzle(client as unknown as D1Database), bookmark: () => session.getBookmark() };
}
