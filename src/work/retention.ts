import { and, eq, getTableName, lt, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Env } from "../env";
import { archiveAuditLog } from "./audit-archive";
import { clock } from "../lib/clock";
import type { Database } from "../data/client";
import { idempotentAnswers, jobs, operatorAuditLog, providerIntents, requestLog } from "../data/schema";
import { REQUEST_LOG_RETENTION_DAYS } from "../data/request-log";
import { CONTROL_PLANE_TABLES } from "../data/routing";
import { everyDatabase } from "../data/tenancy";

/**
 * Retention: how long rows that grow with traffic stay in D1. Each rule is declared once, by the
 * owner of its table (the core for its own tables, a domain in its module's `retention`), and
 * enforced by every tick of the Cron Trigger in bounded batches: each statement deletes at most
 * ROWS_PER_STATEMENT rows past the window, found through an index that starts with the rule's
 * filter columns and then its time (a due-time index), so no tick scans a table. What is not yet
 * removed is removed by the next ticks. Business records (calls, messages, mail) have no rule.
 */
export interface RetentionRule {
  /** The table, for logs and tests. */
  table: SQLiteTable;
  /** The time the window counts from (when a row was written or finished); an index must lead to it. */
  time: SQLiteColumn;
  windowMs: number;
  /** The rows the window applies to (finished jobs), when not every row. */
  where?: SQL;
}

export const DAY_MS = 86_400_000;

/** Rows deleted per statement: a short write, so requests waiting on the database wait little. */
const ROWS_PER_STATEMENT = 500;
/** Statements per rule per tick: a tick's work is bounded; a backlog is worked off over a few minutes. */
const STATEMENTS_PER_RULE = 4;

/** The core's own tables. The audit log is kept 90 days in D1, then archived to R2 (audit-archive.ts). */
const AUDIT_LOG_RETENTION_MS = 90 * DAY_MS;
export const coreRetention: readonly RetentionRule[] = [
  // Finished jobs are kept a week for support, failed ones a month (jobs_finished_idx).
  { table: jobs, time: jobs.updatedAt, windowMs: 7 * DAY_MS, where: eq(jobs.status, "done") },
  { table: jobs, time: jobs.updatedAt, windowMs: 30 * DAY_MS, where: eq(jobs.status, "failed") },
  // Operators' actions are few and are what an incident review asks for first: kept 400 days
  // (a year and a review's slack) in D1, not archived (operator_audit_log_created_idx).
  { table: operatorAuditLog, time: operatorAuditLog.createdAt, windowMs: 400 * DAY_MS },
  // A settled provider intent answers retries of its send (intents.ts); no retry comes a month later
  // (jobs give up within hours, Idempotency-Keys last 24 h). Unknown outcomes stay: they are reported.
  {
    table: providerIntents,
    time: providerIntents.updatedAt,
    windowMs: 30 * DAY_MS,
    where: eq(providerIntents.state, "accepted"),
  },
  {
    table: providerIntents,
    time: providerIntents.updatedAt,
    windowMs: 30 * DAY_MS,
    where: eq(providerIntents.state, "failed"),
  },
  // An Idempotency-Key's answer lives 24 h, as the key's Durable Object keeps its records (idempotent_answers_created_idx).
  { table: idempotentAnswers, time: idempotentAnswers.createdAt, windowMs: DAY_MS },
  // The request log (GET /api/v1/requests) keeps two weeks, what debugging an integration needs (request_log_created_idx).
  { table: requestLog, time: requestLog.createdAt, windowMs: REQUEST_LOG_RETENTION_DAYS * DAY_MS },
];

/** Deletes one bounded batch of `rule`'s rows past its window; returns how many went. */
async function deletePastWindow(db: Database, rule: RetentionRule, now: number): Promise<number> {
  const cutoff = new Date(now - rule.windowMs).toISOString();
  const past = rule.where ? and(rule.where, lt(rule.time, cutoff)) : lt(rule.time, cutoff);
  const result = await db.run(
    sql`DELETE FROM ${rule.table} WHERE rowid IN (SELECT rowid FROM ${rule.table} WHERE ${past} LIMIT ${ROWS_PER_STATEMENT})`,
  );
  return result.meta.changes ?? 0;
}

/** One tick of retention over every tenant database: the rules' deletes, then the audit log's archive. Returns rows removed by table. */
export async function enforceRetention(
  env: Env,
  rules: readonly RetentionRule[],
  now = clock.now(),
): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  const count = (table: string, rows: number) => void (removed[table] = (removed[table] ?? 0) + rows);
  for (const [store, db] of everyDatabase(env).entries()) {
    for (const rule of rules) {
      // A control-plane table is one table, whichever store's database reaches it: swept once.
      if (store > 0 && CONTROL_PLANE_TABLES.has(getTableName(rule.table))) continue;
      for (let statement = 0; statement < STATEMENTS_PER_RULE; statement++) {
        const rows = await deletePastWindow(db, rule, now);
        count(getTableName(rule.table), rows);
        if (rows < ROWS_PER_STATEMENT) break;
      }
    }
    count("audit_log", await archiveAuditLog(env.ARCHIVE, db, new Date(now - AUDIT_LOG_RETENTION_MS).toISOString()));
  }
  return removed;
}
