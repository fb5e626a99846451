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
  /**
   * A read begun before the key's Durable Object admitted the request (a warm key, pipeline.ts):
   * it may only read. Anything else it tries is refused, and the request runs again once admitted.
   */
  speculative?: boolean;
}

/** What a speculative read tried that only an admitted request may do: the pipeline then runs the handler again, admitted. */
export class SpeculationRefused extends Error {
  constructor(what: string) {
    super(`${what} is not made before the key is admitted.`);
    this.name = "SpeculationRefused";
  }
}

/** Whether `error` is, or was caused by, a SpeculationRefused (drizzle wraps a failed query's error as its cause). */
export function wasSpeculationRefused(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (current instanceof SpeculationRefused) return true;
  }
  return false;
}

/** Throws SpeculationRefused when the current request's handler runs before its key was admitted. */
export function refuseWhileSpeculating(what: string): void {
  if (scopes.getStore()?.speculative) throw new SpeculationRefused(what);
}

/** SQL that only reads: a SELECT, or a WITH clause that writes nothing. */
const readsOnly = (sql: string) => /^\s*select\b/i.test(sql) || (/^\s*with\b/i.test(sql) && !/\b(insert|update|delete|replace)\b/i.test(sql));

const scopes = new AsyncLocalStorage<RequestScope>();

function scope(): RequestScope {
  const current = scopes.getStore();
  if (!current) throw new Error("The request database was used outside a request (use createDb(env.DB) in queues, crons and objects).");
  return current;
}

/** How a captured statement was run: one of D1's statement methods, or a batch. */
type CapturedMethod = "first" | "run" | "all" | "raw" | "batch";

/** One D1 call of a request as it ran (SQL capture): its statements, and the wave of calls it was in flight with. */
export interface CapturedCall {
  /** Calls of one wave were begun while another of the wave was still in flight (Promise.all); waves ran one after the other. */
  wave: number;
  method: CapturedMethod;
  statements: { sql: string; params: unknown[] }[];
}

/**
 * The D1 calls of one request, recorded for the bench's floors (scripts/lib/floors.ts): each call's
 * SQL and bound parameters, in the order begun, grouped into waves as RoundTrips counts sequential
 * trips. Only an app built with SQL capture records anything (createApp's captureSql).
 */
export class SqlCapture {
  readonly calls: CapturedCall[] = [];
  private inFlight = 0;
  private wave = 0;

  async track<T>(method: CapturedMethod, statements: readonly SessionStatement[], call: () => Promise<T>): Promise<T> {
    if (this.inFlight === 0) this.wave++;
    this.inFlight++;
    this.calls.push({ wave: this.wave, method, statements: statements.map((statement) => ({ sql: statement.sql, params: [...statement.values] })) });
    try {
      return await call();
    } finally {
      this.inFlight--;
    }
  }

  /** Runs `handle` with every D1 call of the request sessions it opens recorded here. */
  run<T>(handle: () => Promise<T>): Promise<T> {
    captures ??= new AsyncLocalStorage<SqlCapture>();
    return captures.run(this, handle);
  }
}

/** Made by the first capture: until then (always, in a deployment) a query pays one undefined check. */
let captures: AsyncLocalStorage<SqlCapture> | undefined;

/** Runs a query of the request's session (a statement, or a batch's), counted when round trips are and recorded when captured. */
const run = <T>(method: CapturedMethod, statements: readonly SessionStatement[], call: () => Promise<T>): Promise<T> => {
  const current = scope();
  if (current.speculative && !statements.every((statement) => readsOnly(statement.sql))) return Promise.reject(new SpeculationRefused("A write"));
  const { trips } = current;
  const capture = captures?.getStore();
  const counted = trips ? () => trips.track("d1", call) : call;
  return capture ? capture.track(method, statements, counted) : counted();
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
    return run("first", [this], () => (column === undefined ? this.resolve(scope().session).first() : this.resolve(scope().session).first(column)));
  }
  run() {
    return run("run", [this], () => this.resolve(scope().session).run());
  }
  all() {
    return run("all", [this], () => this.resolve(scope().session).all());
  }
  raw(options?: { columnNames?: boolean }) {
    return run("raw", [this], () => this.resolve(scope().session).raw(options as { columnNames: true }));
  }
}

/** What drizzle calls on a D1 client (prepare and batch), over the current request's session. */
const sessionClient = {
  prepare: (sql: string) => new SessionStatement(sql),
  batch: (statements: readonly SessionStatement[]) => run("batch", statements, () => scope().session.batch(statements.map((statement) => statement.resolve(scope().session)))),
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
export function withRequestSession<T>(
  d1: D1Database,
  options: { write: boolean; bookmark?: string; trips?: RoundTrips; speculative?: boolean },
  handle: (bookmark: () => string | null) => Promise<T>,
): Promise<T> {
  const session = d1.withSession(options.bookmark ?? (options.write ? "first-primary" : "first-unconstrained"));
  return scopes.run({ session, trips: options.trips, speculative: options.speculative }, () => handle(() => session.getBookmark()));
}
