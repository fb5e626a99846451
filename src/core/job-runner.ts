import { and, eq, inArray, isNull, lte, notInArray, or } from "drizzle-orm";
import { configOf } from "../config";
import type { Env } from "../env";
import { commitBatch } from "./commit";
import { IN_LIST_MAX, inChunks } from "../data/bulk";
import type { Database } from "../data/client";
import { PreconditionFailed } from "../data/precondition";
import { acrossStores, companiesInMotion, databaseFor, directoryEntryOf, everyDatabase } from "../data/tenancy";
import { jobs } from "../data/schema";
import type { EventSink } from "../data/events";
import { loggableError } from "../lib/errors";
import { ProviderError } from "../integrations/outcome";
import {
  enqueueJobs,
  JOB_SWEEP_GRACE_MS,
  type JobContext,
  type JobDefinition,
  type JobOutcome,
  type JobRecord,
} from "../work/jobs";
import { readCompanyMessage } from "../work/queue-message";
import { retryDelay, retrySchedule } from "../work/retry-schedule";
import { clock } from "../lib/clock";

/** A consumer holds a job this long (a provider call times out well before); then the sweep may take it. */
const LEASE_MS = 60_000;
/** A queue message may arrive slightly before the due time the database computed. */
const DUE_TOLERANCE_MS = 2_000;
const SWEEP_LIMIT = 500;
/** A consumer that itself failed (not the job) gets its message again after this long. */
const CONSUMER_FAILURE_DELAY_SECONDS = 60;
/**
 * A job of a company whose data is moving waits this long per try: a move takes a few minutes, and
 * the Queue's 10 retries then cover ten; a job whose message runs out of them is swept after the move.
 */
const MOVING_COMPANY_DELAY_SECONDS = 60;
/** A run whose record lost a compare-and-set to another write runs again this soon. */
const RERUN_AFTER_CONFLICT_SECONDS = 1;

const iso = (ms: number) => new Date(ms).toISOString();

type Row = typeof jobs.$inferSelect;

/**
 * Runs one job for one queue message: claim it (a duplicate message or a second consumer does
 * nothing), run its definition, and commit what it recorded together with its new status. Returns
 * the delay before the next attempt, or null when the job is finished either way.
 */
export async function runJob(
  env: Env,
  definitions: JobLookup,
  eventSink: EventSink | undefined,
  jobId: string,
  companyId?: string,
): Promise<number | null> {
  // A company whose data is moving between stores: its job waits (nothing is claimed) until the move ends.
  if (companyId !== undefined && (await directoryEntryOf(env, companyId)).moving) return MOVING_COMPANY_DELAY_SECONDS;
  // A message that names no company (sent before messages named theirs) is claimed wherever the job is.
  const lookup = companyId === undefined ? acrossStores(env) : databaseFor(env, companyId);
  const now = clock.now();
  const [claimed] = await lookup
    .update(jobs)
    .set({ leaseUntil: iso(now + LEASE_MS), updatedAt: iso(now) })
    .where(
      and(
        eq(jobs.id, jobId),
        eq(jobs.status, "pending"),
        lte(jobs.nextAttemptAt, iso(now + DUE_TOLERANCE_MS)),
        or(isNull(jobs.leaseUntil), lte(jobs.leaseUntil, iso(now))),
      ),
    )
    .returning();
  // Finished, not yet due (a stale duplicate) or held by another consumer: nothing to do.
  if (!claimed) return null;

  const db = databaseFor(env, claimed.companyId);
  const attempt = claimed.attempts + 1;
  const config = configOf(env);
  const job: JobContext = {
    id: claimed.id,
    companyId: claimed.companyId,
    attempt,
    env,
    config,
    db,
    requestId: claimed.id,
    caller: { company: { id: claimed.companyId } },
  };
  const definition = await definitions.get(claimed.kind);
  const payload = definition?.payload.safeParse(claimed.payload);
  let outcome: JobOutcome;
  if (!definition)
    outcome = { status: "failed", reason: `No domain of this deployment runs jobs of kind ${claimed.kind}.` };
  else if (!payload?.success)
    outcome = { status: "failed", reason: `The job's payload is not valid for ${claimed.kind}.` };
  else outcome = await runSafely(definition, job, payload.data);

  const finishedAt = clock.now();
  const delay =
    outcome.status === "retry"
      ? retryDelay(attempt, retrySchedule(config.webhookRetrySchedule), outcome.retryAfterSeconds)
      : null;
  if (outcome.status === "done") {
    try {
      await finish(
        db,
        env,
        eventSink,
        claimed,
        outcome,
        { status: "done", attempts: attempt, lastError: null },
        finishedAt,
      );
    } catch (error) {
      if (!(error instanceof PreconditionFailed)) throw error;
      // A compare-and-set lost to a concurrent write (two callbacks of one call): nothing was
      // applied. The job runs again at once, on the state that write left, instead of waiting out its lease.
      await db
        .update(jobs)
        .set({
          attempts: attempt,
          nextAttemptAt: iso(finishedAt),
          leaseUntil: null,
          lastError: error.detail,
          updatedAt: iso(finishedAt),
        })
        .where(eq(jobs.id, claimed.id));
      return RERUN_AFTER_CONFLICT_SECONDS;
    }
    return null;
  }
  if (delay !== null) {
    await db
      .update(jobs)
      .set({
        attempts: attempt,
        nextAttemptAt: iso(finishedAt + delay * 1000),
        leaseUntil: null,
        lastError: outcome.reason,
        updatedAt: iso(finishedAt),
      })
      .where(eq(jobs.id, claimed.id));
    return delay;
  }
  const record =
    definition && payload?.success ? await definition.exhausted?.(job, payload.data, outcome.reason) : undefined;
  await finish(
    db,
    env,
    eventSink,
    claimed,
    record ?? {},
    { status: "failed", attempts: attempt, lastError: outcome.reason },
    finishedAt,
  );
  console.error(
    JSON.stringify({
      message: "job failed",
      job_id: claimed.id,
      kind: claimed.kind,
      attempts: attempt,
      reason: outcome.reason,
    }),
  );
  return null;
}

/** A run that throws is a retry: a provider's refusal of the recipient will never succeed, anything else may. */
async function runSafely<Payload>(
  definition: JobDefinition<Payload>,
  job: JobContext,
  payload: Payload,
): Promise<JobOutcome> {
  try {
    return await definition.run(job, payload);
  } catch (error) {
    if (error instanceof ProviderError) {
      return error.outcome === "refused"
        ? { status: "failed", reason: error.detail }
        : { status: "retry", reason: error.detail };
    }
    console.error(JSON.stringify({ message: "job run threw", job_id: job.id, ...loggableError(error) }));
    return { status: "retry", reason: "The job failed unexpectedly; it is retried." };
  }
}

/** The job's record and its final status in one batch, so a finished job's effects are never applied twice. */
async function finish(
  db: Database,
  env: Env,
  eventSink: EventSink | undefined,
  claimed: Row,
  record: JobRecord,
  status: Pick<Row, "status" | "attempts" | "lastError">,
  now: number,
): Promise<void> {
  const statusUpdate = db
    .update(jobs)
    .set({ ...status, leaseUntil: null, updatedAt: iso(now) })
    .where(eq(jobs.id, claimed.id));
  await commitBatch(db, env, eventSink, claimed.companyId, record.statements ?? [], record.events ?? [], [
    statusUpdate,
  ]);
}

/** The definition of a job kind: a map of them, or a lookup that loads the domain declaring it (src/core/domain-table.ts). */
export interface JobLookup {
  get(kind: string): JobDefinition | undefined | Promise<JobDefinition | undefined>;
}

/** The jobs Queue's consumer over the domains' job definitions (an array, or a lookup that loads them). */
export function jobsConsumer(
  definitions: readonly JobDefinition[] | JobLookup,
  eventSink: EventSink | undefined | (() => Promise<EventSink | undefined>),
) {
  let byKind: JobLookup;
  if ("get" in definitions) byKind = definitions;
  else {
    const map = new Map<string, JobDefinition>();
    for (const definition of definitions) {
      if (map.has(definition.kind)) throw new Error(`Two job definitions share the kind ${definition.kind}.`);
      map.set(definition.kind, definition);
    }
    byKind = map;
  }
  return async (batch: MessageBatch<string>, env: Env): Promise<void> => {
    const sink = typeof eventSink === "function" ? await eventSink() : eventSink;
    await Promise.all(
      batch.messages.map(async (message) => {
        try {
          const { id, companyId } = readCompanyMessage(message.body);
          const delay = await runJob(env, byKind, sink, id, companyId);
          if (delay === null) message.ack();
          else message.retry({ delaySeconds: delay });
        } catch (error) {
          // The consumer failed (D1 unavailable), not the job: the Queue brings the message back.
          console.error(JSON.stringify({ message: "job step failed", job_id: message.body, ...loggableError(error) }));
          message.retry({ delaySeconds: CONSUMER_FAILURE_DELAY_SECONDS });
        }
      }),
    );
  };
}

/**
 * The Cron Trigger's sweep: a pending job overdue by more than the grace period and not held by a
 * consumer lost its queue message (local queues die with `wrangler dev`; a send can fail): enqueue
 * it again, with its due time moved to now. Duplicates are harmless: the claim lets one run it.
 */
export async function sweepDueJobs(env: Env, now = clock.now()): Promise<string[]> {
  const swept: string[] = [];
  for (const [store, db] of everyDatabase(env).entries())
    swept.push(...(await sweepDatabase(env, db, now, await companiesInMotion(env, store))));
  return swept;
}

async function sweepDatabase(env: Env, db: Database, now: number, waiting: readonly string[]): Promise<string[]> {
  const rows = await db
    .select({ id: jobs.id, companyId: jobs.companyId })
    .from(jobs)
    .where(
      and(
        eq(jobs.status, "pending"),
        lte(jobs.nextAttemptAt, iso(now - JOB_SWEEP_GRACE_MS)),
        or(isNull(jobs.leaseUntil), lte(jobs.leaseUntil, iso(now))),
        // A moving company's jobs wait for its move (moves.ts); they are swept in their new store after it.
        waiting.length > 0 ? notInArray(jobs.companyId, [...waiting]) : undefined,
      ),
    )
    .orderBy(jobs.nextAttemptAt)
    .limit(SWEEP_LIMIT);
  const ids = rows.map((row) => row.id);
  for (const chunk of inChunks(ids, IN_LIST_MAX)) {
    await db
      .update(jobs)
      .set({ nextAttemptAt: iso(now), updatedAt: iso(now) })
      .where(inArray(jobs.id, chunk));
  }
  await enqueueJobs(env, rows);
  return ids;
}
