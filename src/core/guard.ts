import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";

/**
 * One KeyGuard per API key lineage (a key and all the keys rotated from it). It holds:
 * - the exact sliding-window rate limit: timestamps of the requests admitted in the last 60 s;
 * - the Idempotency-Key records of the lineage, kept 24 h.
 * A Durable Object runs one call at a time, so admission and idempotency claims are atomic
 * without locks. The pipeline makes one call per request (check), plus one to complete a claim.
 */

/** How often expired Idempotency-Key records are purged (at most). */
const PURGE_EVERY_MS = 60_000;
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim left in progress this long is abandoned (its Worker died) and may be taken over. */
export const CLAIM_LEASE_MS = 5 * 60 * 1000;

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type IdempotencyOutcome =
  | { outcome: "proceed" }
  | { outcome: "replay"; response: StoredResponse }
  | { outcome: "reused" }
  | { outcome: "in_use" }
  /** Completed earlier, but its response was not kept (it carried a secret). */
  | { outcome: "completed_unstored" };

export interface GuardCheck {
  now: number;
  /** Admitted requests per window, and the window (configuration). */
  limit: number;
  windowMs: number;
  /** Present when the request passed every earlier check and carries an Idempotency-Key. */
  claim?: { key: string; fingerprint: string };
}

export interface GuardDecision {
  admitted: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the oldest admitted request leaves the window (a slot frees). */
  resetSeconds: number;
  idempotency?: IdempotencyOutcome;
}

interface IdempotencyRow extends Record<string, SqlStorageValue> {
  fingerprint: string;
  state: string;
  status: number | null;
  headers: string | null;
  body: string | null;
  created_at: number;
}

export class KeyGuard extends DurableObject<Env> {
  private window: number[] | undefined;
  private lastPurge = 0;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(
      `CREATE TABLE IF NOT EXISTS idempotency (
         key TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, state TEXT NOT NULL,
         status INTEGER, headers TEXT, body TEXT, created_at INTEGER NOT NULL)`,
    );
    ctx.storage.sql.exec("CREATE INDEX IF NOT EXISTS idempotency_created ON idempotency(created_at)");
    // One row per admitted request, so an admission costs one small insert however large the
    // limit (a configured limit of thousands would otherwise rewrite the whole window each time).
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS admissions (at INTEGER NOT NULL)");
    ctx.storage.sql.exec("CREATE INDEX IF NOT EXISTS admissions_at ON admissions(at)");
  }

  check(request: GuardCheck): GuardDecision {
    const { now, limit, windowMs } = request;
    const window = this.admittedSince(now - windowMs);
    if (window.length >= limit) {
      // Refused requests are not counted: the window is left as it is.
      return { admitted: false, limit, remaining: 0, resetSeconds: secondsUntilFree(window, now, windowMs) };
    }
    window.push(now);
    this.ctx.storage.sql.exec("INSERT INTO admissions (at) VALUES (?)", now);
    const decision: GuardDecision = {
      admitted: true,
      limit,
      remaining: limit - window.length,
      resetSeconds: secondsUntilFree(window, now, windowMs),
    };
    if (request.claim) decision.idempotency = this.claim(request.claim.key, request.claim.fingerprint, now);
    return decision;
  }

  /** Stores the response of a claimed key; later requests with the key replay it. */
  complete(key: string, fingerprint: string, response: StoredResponse | null): void {
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

  /** Frees a claim whose request failed before any effect (a server error), so a retry can run. */
  release(key: string, fingerprint: string): void {
    this.ctx.storage.sql.exec("DELETE FROM idempotency WHERE key = ? AND fingerprint = ? AND state = 'in_progress'", key, fingerprint);
  }

  private claim(key: string, fingerprint: string, now: number): IdempotencyOutcome {
    this.purgeExpired(now);
    const row = this.ctx.storage.sql
      .exec<IdempotencyRow>("SELECT fingerprint, state, status, headers, body, created_at FROM idempotency WHERE key = ?", key)
      .toArray()[0];
    if (row && row.created_at > now - IDEMPOTENCY_TTL_MS) {
      if (row.fingerprint !== fingerprint) return { outcome: "reused" };
      if (row.state === "done" && row.status !== null) {
        return {
          outcome: "replay",
          response: { status: row.status, headers: JSON.parse(row.headers ?? "{}") as Record<string, string>, body: row.body ?? "" },
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
    return { outcome: "proceed" };
  }

  /** The admitted timestamps still inside the window, oldest first; older ones are dropped. */
  private admittedSince(cutoff: number): number[] {
    if (this.window === undefined) {
      this.ctx.storage.sql.exec("DELETE FROM admissions WHERE at <= ?", cutoff);
      this.window = this.ctx.storage.sql
        .exec<{ at: number }>("SELECT at FROM admissions ORDER BY at")
        .toArray()
        .map((row) => row.at);
    }
    let expired = 0;
    while (expired < this.window.length && (this.window[expired] ?? 0) <= cutoff) expired++;
    if (expired > 0) {
      this.window.splice(0, expired);
      this.ctx.storage.sql.exec("DELETE FROM admissions WHERE at <= ?", cutoff);
    }
    return this.window;
  }

  private purgeExpired(now: number): void {
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    this.ctx.storage.sql.exec("DELETE FROM idempotency WHERE created_at <= ?", now - IDEMPOTENCY_TTL_MS);
  }
}

function secondsUntilFree(window: readonly number[], now: number, windowMs: number): number {
  const oldest = window[0];
  if (oldest === undefined) return 0;
  return Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
}
