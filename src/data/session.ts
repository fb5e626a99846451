import { AsyncLocalStorage } from "node:async_hooks";
import { drizzle } from "drizzle-orm/d1";
import type { Database } from "./client";
import { readsOnly, routedClient } from "./routing";
import { isSpeculating, SpeculationRefused } from "../lib/speculation";

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
    const kinds = (Object.keys(this.calls) as TripKind[]).map(
      (kind) => `${kind};desc="${this.calls[kind]}";dur=${this.ms[kind].toFixed(2)}`,
    );
    return [...kinds, `trips;desc="${this.sequential}"`].join(", ");
  }
}

/** A request's D1 sessions (its store's, and the control plane's: the same one for store 0), and its round-trip counter when counted. */
interface RequestScope {
  tenant: D1DatabaseSession;
  control: D1DatabaseSession;
  trips?: RoundTrips;
}

const scopes = new AsyncLocalStorage<RequestScope>();

function scope(): RequestScope {
  const current = scopes.getStore();
  if (!current)
    throw new Error(
      "The request database was used outside a request (use databaseFor(env, companyId) in queues, crons and objects).",
    );
  return current;
}

/**
 * The database of request handlers: one drizzle instance for the isolate's life, so statements
 * prepared on it (preparedStatement) are built once, whose every query runs in the D1 session of
 * the request it is made for (withRequestSession): a tenant table's in the caller's store, a
 * control-plane table's in the control plane (routing.ts). drizzle only calls prepare and batch.
 */
export const requestDb: Database = drizzle(
  routedClient({
    control: () => scope().control,
    tenant: () => [scope().tenant],
    // Counted when round trips are; a speculative read may only read.
    track: (call, { statements }) => {
      const current = scope();
      if (isSpeculating() && !statements.every((statement) => readsOnly(statement.sql)))
        return Promise.reject(new SpeculationRefused("A write"));
      const { trips } = current;
      return trips ? trips.track("d1", call) : call();
    },
  }),
);

/** A bookmark in D1's form (`00000000-0000001d-00000000-` and 32 hex digits). */
const D1_BOOKMARK = "[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}";

/**
 * A bookmark a client may send back: D1's own for store 0 (today's format, still valid), and
 * `s<store>.` before it for another store, so that a bookmark names the store it is of.
 */
export const BOOKMARK_PATTERN = new RegExp(`^(?:s([1-9][0-9]{0,3})\\.)?(${D1_BOOKMARK})$`);

/** The store a bookmark is of and D1's bookmark in it; undefined for a malformed one. */
export function parseBookmark(bookmark: string): { store: number; d1: string } | undefined {
  const match = BOOKMARK_PATTERN.exec(bookmark);
  return match ? { store: match[1] === undefined ? 0 : Number(match[1]), d1: match[2]! } : undefined;
}

/** The bookmark a response carries: D1's own, named by its store unless store 0. */
const bookmarkOf = (store: number, d1: string) => (store === 0 ? d1 : `s${store}.${d1}`);

/**
 * Runs `handle` in the request's D1 session (D1's Sessions API) on the caller's store: a write's
 * first query goes to the primary; a read may be served by a nearby replica, no older than the
 * bookmark the client sent (its own last write) when it sent one. Every query of the session sees
 * the writes before it. For a store other than 0 the control plane has its own session (primary
 * for a write); the client's bookmark is its store's. `handle` gets the session's latest bookmark
 * (named by its store), for the response. The caller checks the bookmark is of `store` first.
 */
export function withRequestSession<T>(
  databases: { store: number; tenant: D1Database; control: D1Database },
  options: { write: boolean; bookmark?: string; trips?: RoundTrips },
  handle: (bookmark: () => string | null) => Promise<T>,
): Promise<T> {
  const start = options.write ? "first-primary" : "first-unconstrained";
  const sent = options.bookmark === undefined ? undefined : parseBookmark(options.bookmark)?.d1;
  const tenant = databases.tenant.withSession(sent ?? start);
  const control = databases.tenant === databases.control ? tenant : databases.control.withSession(start);
  return scopes.run({ tenant, control, trips: options.trips }, () =>
    handle(() => {
      const latest = tenant.getBookmark();
      return latest === null ? null : bookmarkOf(databases.store, latest);
    }),
  );
}
