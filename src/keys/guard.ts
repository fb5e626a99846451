import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";
import {
  keyRecordOf,
  sha256Hex,
  SUSPENDED_ACCOUNT,
  timingSafeEqualText,
  UNKNOWN_KEY,
  type KeyRecord,
  type PresentedKey,
} from "./auth";
import { authorize, type Requirements } from "./authorize";
import { controlDatabase } from "../data/tenancy";
import type { Caller } from "./caller";
import { clock } from "../lib/clock";
import { CLAIM_LEASE_MS } from "./claim-lease";
import { BOOKMARK_PATTERN, parseBookmark } from "../data/session";

/**
 * One KeyGuard per API key lineage (a key and all the keys rotated from it), named by the lineage
 * the key itself carries (src/keys/auth.ts). It is the authority on the key for every request:
 * - the lineage's active key and its company (read from D1 when the object starts, and again
 *   whenever a change to the key or the company tells it to: rotation, revocation, suspension,
 *   plan or settings; `maxAgeMs` bounds how long it trusts a read if such a message were lost);
 * - the exact sliding-window rate limit: the requests admitted in the last window;
 * - the Idempotency-Key records of the lineage, kept 24 h;
 * - the D1 bookmark each MCP session's writes reached (src/core/mcp.ts), kept an hour, so that its
 *   later reads see them (the bookmark an HTTP client carries itself in X-D1-Bookmark).
 * So one call authenticates, authorizes, counts and claims: a request makes it and then reads or
 * writes D1, nothing before. A Durable Object runs one event at a time and everything after the
 * key is known is synchronous, so admission and claims are atomic without locks.
 *
 * The object hashes a presented key and compares it with the stored hash. The key that matched is
 * then remembered with the record it matched (in memory only, never stored): the same key again is
 * compared with it, in constant time, without a digest. A change or a new read of the record forgets it.
 */

/** How often expired admissions are deleted from storage (at most). */
const PRUNE_ADMISSIONS_EVERY_MS = 1_000;
/** How often expired Idempotency-Key records are purged (at most). */
const PURGE_EVERY_MS = 60_000;
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long an MCP session's bookmark is kept after its last write: far longer than a replica lags. */
const SESSION_BOOKMARK_TTL_MS = 60 * 60 * 1000;

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type IdempotencyOutcome =
  /**
   * Claimed for this request. `lapsed`: the key was claimed before and that claim lapsed (its
   * Worker died) or expired; its write may have landed, so the D1 answers are asked first
   * (src/core/stages/kept-answer.ts).
   */
  | { outcome: "proceed"; lapsed?: true }
  | { outcome: "replay"; response: StoredResponse }
  | { outcome: "reused" }
  | { outcome: "in_use" }
  /** Completed earlier, but its response was not kept (it carried a secret). */
  | { outcome: "completed_unstored" };

export interface AdmitRequest {
  key: PresentedKey;
  now: number;
  /** Admitted requests per window, and the window (configuration). */
  limit: number;
  windowMs: number;
  /** How long a read of the key is trusted without a change message (configuration). */
  maxAgeMs: number;
  /**
   * Present when the request's input is valid and carries a valid Idempotency-Key: the key, the
   * request's fingerprint, and what the operation requires (a claim is only made for a request
   * that meets it). A request without one only authenticates and counts.
   */
  claim?: { key: string; fingerprint: string; requirements: Requirements };
}

export interface RateDecision {
  admitted: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the oldest admitted request leaves the window (a slot frees). */
  resetSeconds: number;
}

export type GuardDecision =
  | { authenticated: false; detail: string }
  | ({ authenticated: true; caller: Caller; idempotency?: IdempotencyOutcome } & RateDecision);

interface IdempotencyRow extends Record<string, SqlStorageValue> {
  fingerprint: string;
  state: string;
  status: number | null;
  headers: string | null;
  body: string | null;
  created_at: number;
}

/** Each MCP session's bookmark, replaced in place (INSERT OR REPLACE gives it a new rowid: rows stay in time order, for expiredPrefix). */
const SESSIONS_TABLE =
  "CREATE TABLE IF NOT EXISTS mcp_sessions (session TEXT PRIMARY KEY, bookmark TEXT NOT NULL, at INTEGER NOT NULL)";

export class KeyGuard extends DurableObject<Env> {
  private window: Admissions | undefined;
  private lastPurge = 0;
  private lastPrune = 0;
  private lastSessionPurge = 0;
  /** What was last read of the lineage's key (undefined value: no active key), and when. */
  private record: { value: KeyRecord | undefined; readAt: number } | undefined;
  /** The presented key that last matched a record's hash, and that record. */
  private proven: { record: KeyRecord; token: string } | undefined;
  /** The read in flight, and the generation it began in: only requests of that generation share it. */
  private reading: { generation: number; promise: Promise<KeyRecord | undefined> } | undefined;
  /** Bumped by every change message, so that a read begun before a change is never kept. */
  private generation = 0;

  /** Whether this instance made sure its tables exist (created on first need, never for an unknown lineage). */
  private tablesReady = false;

  /**
   * The object's tables, created when a known key first needs them (its first admission, claim or
   * completion), never in the constructor: a request with a well-formed but unknown key reaches an
   * object that reads D1, answers 401 and writes nothing, so random keys leave no storage behind.
   */
  private ensureTables(): void {
    if (this.tablesReady) return;
    const { sql } = this.ctx.storage;
    sql.exec(
      `CREATE TABLE IF NOT EXISTS idempotency (
         key TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, state TEXT NOT NULL,
         status INTEGER, headers TEXT, body TEXT, created_at INTEGER NOT NULL)`,
    );
    // One row per admitted request, so an admission costs one small insert however large the
    // limit (a configured limit of thousands would otherwise rewrite the whole window each time).
    sql.exec("CREATE TABLE IF NOT EXISTS admissions (at INTEGER NOT NULL)");
    sql.exec(SESSIONS_TABLE);
    // Both tables are appended to in time order, so their expired rows are a prefix in rowid order
    // (expiredPrefix): no index on time, which every admission and claim would also have to write.
    sql.exec("DROP INDEX IF EXISTS idempotency_created");
    sql.exec("DROP INDEX IF EXISTS admissions_at");
    this.tablesReady = true;
  }

  /**
   * Steps 5 to 11 of the pipeline in one call: the key (401 when unknown, revoked or its account
   * suspended; not counted), the window (every authenticated request counts), and the
   * Idempotency-Key claim of a request that is admitted and meets the operation's requirements.
   */
  async admit(request: AdmitRequest): Promise<GuardDecision> {
    const record = await this.keyRecord(request.key.lineageId, request.maxAgeMs);
    if (!record) return { authenticated: false, detail: UNKNOWN_KEY };
    const { token } = request.key;
    if (this.proven?.record !== record || !timingSafeEqualText(this.proven.token, token)) {
      const hash = await sha256Hex(token);
      // The record changed while the key was hashed: decide against the new one.
      if (this.record?.value !== record) return this.admit(request);
      if (!timingSafeEqualText(record.keyHash, hash)) return { authenticated: false, detail: UNKNOWN_KEY };
      this.proven = { record, token };
    }
    if (record.companyStatus === "suspended") return { authenticated: false, detail: SUSPENDED_ACCOUNT };
    // From here on nothing awaits: counting and claiming happen as one step.
    const { now, limit, windowMs, claim } = request;
    const window = this.admittedSince(now - windowMs, now);
    if (window.size >= limit) {
      // Refused requests are not counted: the window is left as it is.
      return {
        authenticated: true,
        caller: record.caller,
        admitted: false,
        limit,
        remaining: 0,
        resetSeconds: secondsUntilFree(window, now, windowMs),
      };
    }
    window.push(now);
    this.ctx.storage.sql.exec("INSERT INTO admissions (at) VALUES (?)", now);
    const decision: GuardDecision = {
      authenticated: true,
      caller: record.caller,
      admitted: true,
      limit,
      remaining: limit - window.size,
      resetSeconds: secondsUntilFree(window, now, windowMs),
    };
    if (claim && !authorize(claim.requirements, record.caller, claim.key)) {
      decision.idempotency = this.claim(claim.key, claim.fingerprint, now);
    }
    return decision;
  }

  /**
   * The lineage's key or its company changed (D1 already holds the change): the next request reads
   * them again. Called by every path that changes them before it answers.
   */
  changed(): void {
    this.generation++;
    this.record = undefined;
    this.proven = undefined;
  }

  /** The lineage's active key and company, read from D1 once and then kept until a change. */
  private async keyRecord(lineageId: string, maxAgeMs: number): Promise<KeyRecord | undefined> {
    if (this.record && clock.now() - this.record.readAt <= maxAgeMs) return this.record.value;
    for (;;) {
      const generation = this.generation;
      // Concurrent requests of a cold object share one read, if it began after the last change.
      if (this.reading?.generation !== generation)
        this.reading = { generation, promise: keyRecordOf(controlDatabase(this.env), lineageId) };
      const reading = this.reading;
      let value: KeyRecord | undefined;
      try {
        value = await reading.promise;
      } finally {
        if (this.reading === reading) this.reading = undefined;
      }
      if (generation === this.generation) {
        this.record = { value, readAt: clock.now() };
        return value;
      }
      // A change arrived while reading: what was read may predate it.
    }
  }

  /** Stores the response of a claimed key; later requests with the key replay it. */
  complete(key: string, fingerprint: string, response: StoredResponse | null): void {
    this.ensureTables();
    if (response === null) {
      // Nothing to replay (the operation keeps no copy of its response): remember only that it ran.
      this.ctx.storage.sql.exec(
        "UPDATE idempotency SET state = 'done_unstored' WHERE key = ? AND fingerprint = ?",
        key,
        fingerprint,
      );
      return;
    }
    this.ctx.storage.sql.exec(
      "UPDATE idempotency SET state = 'done', status = ?, headers = ?, body = ? WHERE key = ? AND fingerprint = ?",
      response.status,
      JSON.stringify(response.headers),
      response.body,
      key,
      fingerprint,
    );
  }

  /**
   * Extends the lease of a claim whose request is still running (its start is moved to now, which
   * also counts its 24 h from then); false when the claim is no longer this request's in progress.
   */
  renew(key: string, fingerprint: string, now: number): boolean {
    this.ensureTables();
    return (
      this.ctx.storage.sql
        .exec(
          "UPDATE idempotency SET created_at = ? WHERE key = ? AND fingerprint = ? AND state = 'in_progress' RETURNING key",
          now,
          key,
          fingerprint,
        )
        .toArray().length > 0
    );
  }

  /** Frees a claim whose request failed before any effect (a server error), so a retry can run. */
  release(key: string, fingerprint: string): void {
    this.ensureTables();
    this.ctx.storage.sql.exec(
      "DELETE FROM idempotency WHERE key = ? AND fingerprint = ? AND state = 'in_progress'",
      key,
      fingerprint,
    );
  }

  /**
   * The newest bookmark the writes of an MCP session reached, within the hour; null for a session
   * that has not written. Only reads: an object of a key not yet known (a random one) writes nothing.
   */
  sessionBookmark(session: string, now: number): string | null {
    const { sql } = this.ctx.storage;
    if (
      !this.tablesReady &&
      sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'mcp_sessions'").toArray().length === 0
    )
      return null;
    const row = sql
      .exec<{ bookmark: string }>(
        "SELECT bookmark FROM mcp_sessions WHERE session = ? AND at > ?",
        session,
        now - SESSION_BOOKMARK_TTL_MS,
      )
      .toArray()[0];
    return row?.bookmark ?? null;
  }

  /**
   * Keeps the bookmark a write of an MCP session reached (called after the write, so for a key its
   * object admitted): the newer of it and the one kept, when both are of one store (D1's bookmarks
   * are fixed-width hex: the greater is the later), else the new one (the company moved).
   */
  rememberBookmark(session: string, bookmark: string, now: number): void {
    if (!BOOKMARK_PATTERN.test(bookmark)) return;
    this.ensureTables();
    const { sql } = this.ctx.storage;
    if (now - this.lastSessionPurge >= PURGE_EVERY_MS) {
      this.lastSessionPurge = now;
      expiredPrefix(sql, "mcp_sessions", "at", now - SESSION_BOOKMARK_TTL_MS);
    }
    const kept = sql
      .exec<{ bookmark: string }>("SELECT bookmark FROM mcp_sessions WHERE session = ?", session)
      .toArray()[0]?.bookmark;
    const newer =
      kept === undefined || parseBookmark(kept)?.store !== parseBookmark(bookmark)?.store || bookmark > kept
        ? bookmark
        : kept;
    sql.exec("INSERT OR REPLACE INTO mcp_sessions (session, bookmark, at) VALUES (?, ?, ?)", session, newer, now);
  }

  private claim(key: string, fingerprint: string, now: number): IdempotencyOutcome {
    this.ensureTables();
    this.purgeExpired(now);
    // The usual case, a key not seen before, is claimed by one statement; a key with a record goes on to read it.
    const claimed = this.ctx.storage.sql
      .exec(
        "INSERT INTO idempotency (key, fingerprint, state, created_at) VALUES (?, ?, 'in_progress', ?) ON CONFLICT (key) DO NOTHING RETURNING key",
        key,
        fingerprint,
        now,
      )
      .toArray();
    if (claimed.length > 0) return { outcome: "proceed" };
    const row = this.ctx.storage.sql
      .exec<IdempotencyRow>(
        "SELECT fingerprint, state, status, headers, body, created_at FROM idempotency WHERE key = ?",
        key,
      )
      .toArray()[0];
    if (row && row.created_at > now - IDEMPOTENCY_TTL_MS) {
      if (row.fingerprint !== fingerprint) return { outcome: "reused" };
      if (row.state === "done" && row.status !== null) {
        return {
          outcome: "replay",
          response: {
            status: row.status,
            headers: JSON.parse(row.headers ?? "{}") as Record<string, string>,
            body: row.body ?? "",
          },
        };
      }
      if (row.state === "done_unstored") return { outcome: "completed_unstored" };
      if (row.created_at > now - CLAIM_LEASE_MS) return { outcome: "in_use" };
    }
    this.ctx.storage.sql.exec(
      "INSERT OR REPLACE INTO idempotency (key, fingerprint, state, created_at) VALUES (?, ?, 'in_progress', ?)",
      key,
      fingerprint,
      now,
    );
    return { outcome: "proceed", lapsed: true };
  }

  /** The requests admitted inside the window that ends now; older ones are dropped. */
  private admittedSince(cutoff: number, now: number): Admissions {
    this.ensureTables();
    if (this.window === undefined) {
      expiredPrefix(this.ctx.storage.sql, "admissions", "at", cutoff);
      this.lastPrune = now;
      this.window = new Admissions(
        this.ctx.storage.sql
          .exec<{ at: number }>("SELECT at FROM admissions WHERE at > ? ORDER BY at", cutoff)
          .toArray()
          .map((row) => row.at),
      );
    }
    this.window.dropUntil(cutoff);
    // The table only has to outlive a restart, which reads the rows inside the window: expired rows
    // are deleted now and then rather than by every request.
    if (now - this.lastPrune >= PRUNE_ADMISSIONS_EVERY_MS) {
      this.lastPrune = now;
      expiredPrefix(this.ctx.storage.sql, "admissions", "at", cutoff);
    }
    return this.window;
  }

  private purgeExpired(now: number): void {
    this.ensureTables();
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    expiredPrefix(this.ctx.storage.sql, "idempotency", "created_at", now - IDEMPOTENCY_TTL_MS);
  }
}

/**
 * Deletes a time-ordered table's rows up to `cutoff`: the rows before the first later one in rowid
 * order, found by reading the expired rows only. A row written out of order (the clock stepped
 * back) goes with the prefix after it; readers check times themselves.
 */
function expiredPrefix(
  sql: SqlStorage,
  table: "admissions" | "idempotency" | "mcp_sessions",
  time: "at" | "created_at",
  cutoff: number,
): void {
  sql.exec(
    `DELETE FROM ${table} WHERE rowid < coalesce((SELECT rowid FROM ${table} WHERE ${time} > ? ORDER BY rowid LIMIT 1), (SELECT max(rowid) + 1 FROM ${table}))`,
    cutoff,
  );
}

/**
 * The admitted timestamps inside the window, oldest first: an array read from a moving head and
 * compacted now and then, so that dropping expired ones costs no copy per request.
 */
class Admissions {
  private head = 0;
  constructor(private times: number[]) {}

  get size(): number {
    return this.times.length - this.head;
  }

  get oldest(): number | undefined {
    return this.times[this.head];
  }

  push(at: number): void {
    this.times.push(at);
  }

  dropUntil(cutoff: number): void {
    while (this.head < this.times.length && (this.times[this.head] ?? 0) <= cutoff) this.head++;
    if (this.head > 0 && this.head * 2 >= this.times.length) {
      this.times = this.times.slice(this.head);
      this.head = 0;
    }
  }
}

function secondsUntilFree(window: Admissions, now: number, windowMs: number): number {
  const oldest = window.oldest;
  if (oldest === undefined) return 0;
  return Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
}
