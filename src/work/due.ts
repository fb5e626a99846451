import { and, eq } from "drizzle-orm";
import type { Env } from "../env";
import { clock } from "../lib/clock";
import type { Database } from "../data/client";
import { dueWork } from "../data/schema";
import { companiesInMotion, everyDatabase } from "../data/tenancy";
import { enqueueJobs, type JobAddress, type JobDefinition } from "./jobs";
import { ScheduledDue } from "../data/write-batch";

/**
 * Due work: a job that must run at a time (a sequence step, a scheduled campaign, a monthly
 * charge). A write schedules it in its own batch (`scheduleDue`), so it exists exactly when the
 * write committed. Each tick of the Cron Trigger hands what is due over to the job queue: one batch
 * copies the due rows into `jobs` and deletes them from `due_work`. Because that batch is one
 * transaction, two overlapping ticks cannot both take an item (the second finds it gone), and a
 * tick that dies before its batch commits leaves the item for the next. From then on it is a job
 * like any other: claimed under a lease, retried on the schedule, swept if its message is lost,
 * `exhausted` when it gives up. A domain declares the definitions of its due work in its module
 * (`dueWork`), and they run as jobs of the jobs Queue.
 */

/** Items handed over per batch: one Queue sendBatch (100 messages, the platform's limit). */
const HANDOVER_BATCH = 100;
/** Batches per database per tick: a tick stays bounded however much came due at once; the rest waits a minute. */
const HANDOVERS_PER_TICK = 10;

/** Schedules `definition` to run for `companyId` at `dueAt` (ISO): `commit([...statements, scheduleDue(...)], ...)`. */
export function scheduleDue<Payload>(
  definition: JobDefinition<Payload>,
  companyId: string,
  dueAt: string,
  payload: Payload,
): ScheduledDue {
  return new ScheduledDue(definition.kind, companyId, new Date(dueAt).toISOString(), definition.payload.parse(payload));
}

/**
 * Schedules `definition` like `scheduleDue`, unless the company already has an item of its kind due
 * at `dueAt`: for work many writes ask for and one run does (a period's usage invoice, asked for by
 * every movement of the period). The check is in the statement, so concurrent writes make one item.
 */
export function scheduleDueOnce<Payload>(
  definition: JobDefinition<Payload>,
  companyId: string,
  dueAt: string,
  payload: Payload,
): ScheduledDue {
  return new ScheduledDue(
    definition.kind,
    companyId,
    new Date(dueAt).toISOString(),
    definition.payload.parse(payload),
    true,
  );
}

/** Cancels a scheduled item that has not come due yet (a campaign unscheduled): a statement of the cancelling write's batch. */
export function cancelDue(db: Database, companyId: string, dueId: string) {
  return db.delete(dueWork).where(and(eq(dueWork.id, dueId), eq(dueWork.companyId, companyId)));
}

/**
 * The due rows, oldest first, read through due_work_due_idx (?1: now, ?2: how many). The INSERT and
 * the DELETE of one handover run this same query in one transaction, so they take the same rows.
 */
// ?3: a JSON array of the companies whose work waits for their move (moves.ts), usually empty.
const DUE_ROWS =
  "SELECT id FROM due_work WHERE due_at <= ?1 AND company_id NOT IN (SELECT value FROM json_each(?3)) ORDER BY due_at, id LIMIT ?2";
// The due item's id becomes the job's id: an item makes one job (ON CONFLICT), whatever happens.
const MAKE_JOBS = `INSERT INTO jobs (id, company_id, kind, payload, status, attempts, next_attempt_at, created_at, updated_at)
  SELECT id, company_id, kind, payload, 'pending', 0, ?1, ?1, ?1 FROM due_work WHERE id IN (${DUE_ROWS})
  ON CONFLICT (id) DO NOTHING RETURNING id, company_id`;
const TAKE_DUE = `DELETE FROM due_work WHERE id IN (${DUE_ROWS})`;

/** One handover: up to `limit` due items become pending jobs, due now, in one D1 batch. Returns the jobs made. */
async function handOver(db: Database, now: string, limit: number, waiting: string): Promise<JobAddress[]> {
  const d1 = db.$client;
  const [made] = await d1.batch<{ id: string; company_id: string }>([
    d1.prepare(MAKE_JOBS).bind(now, limit, waiting),
    d1.prepare(TAKE_DUE).bind(now, limit, waiting),
  ]);
  return (made?.results ?? []).map((row) => ({ id: row.id, companyId: row.company_id }));
}

/**
 * The Cron Trigger's due-work tick: in every tenant database, hands what is due over to the job
 * queue, in bounded batches, and enqueues the jobs. Returns the jobs made.
 */
export async function runDueWork(env: Env, now = clock.now()): Promise<JobAddress[]> {
  const at = new Date(now).toISOString();
  const made: JobAddress[] = [];
  for (const [store, db] of everyDatabase(env).entries()) {
    // A company moving into or out of this store has its due work handed over once it arrived.
    const waiting = JSON.stringify(await companiesInMotion(env, store));
    for (let round = 0; round < HANDOVERS_PER_TICK; round++) {
      const jobsMade = await handOver(db, at, HANDOVER_BATCH, waiting);
      // A lost message costs nothing: the jobs sweep enqueues a pending job again.
      await enqueueJobs(env, jobsMade);
      made.push(...jobsMade);
      if (jobsMade.length < HANDOVER_BATCH) break;
    }
  }
  return made;
}
