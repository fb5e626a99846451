import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { jobs } from "../src/data/schema";
import { IN_LIST_MAX, inChunks } from "../src/data/bulk";
import { JOBS_QUEUE_NAME, type JobDefinition } from "../src/work/jobs";
import { runJob } from "../src/core/job-runner";
import { webhookOutbox } from "../src/domains/webhooks/outbox";
import { clock } from "../src/lib/clock";
import { createApp } from "../src/app";
import type { Env } from "../src/env";
import worker from "../src/index";
import { moveClock, resetClock } from "./clock";
import { db } from "./helpers";

/**
 * Background jobs in tests (src/work/jobs.ts). Jobs a request queues are also run by the Queue's
 * consumer in the background; the claim lets exactly one consumer run each attempt, so these
 * helpers and the background consumer may race freely.
 */

export type JobRow = typeof jobs.$inferSelect;

/** The company's jobs, oldest first. */
export const jobsOf = (companyId: string) =>
  db.select().from(jobs).where(eq(jobs.companyId, companyId)).orderBy(asc(jobs.createdAt), asc(jobs.id));

/** Runs one job message through the Worker's real queue handler, as the Queue would. */
export async function consumeJob(jobId: string, vars: Partial<Env> = {}) {
  const batch = createMessageBatch<string>(JOBS_QUEUE_NAME, [
    { id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body: jobId },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...env, ...vars }, ctx);
  return getQueueResult(batch, ctx);
}

/**
 * Runs the company's pending jobs until none is left: each round makes every pending job that no
 * consumer holds due now (so retries happen at once instead of on the schedule) and runs it.
 * Returns the company's jobs as they ended. Throws if jobs are still pending after `rounds` rounds
 * that ran some. A job the background consumer holds is waited for: its attempt ends, or its lease
 * (the code's clock, which tests move) runs out and the next round takes it. No bound in wall time:
 * a loaded machine only makes the wait longer, and the lease bounds it. `only` settles those jobs
 * and leaves the company's others pending (a test that orders two jobs).
 */
export async function settleJobs(
  companyId: string,
  { rounds = 30, vars = {} as Partial<Env>, only = undefined as readonly string[] | undefined } = {},
): Promise<JobRow[]> {
  for (let round = 0; round < rounds; ) {
    const pending = await db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.companyId, companyId),
          eq(jobs.status, "pending"),
          only === undefined ? undefined : inArray(jobs.id, [...only]),
        ),
      );
    if (pending.length === 0) return jobsOf(companyId);
    const now = new Date(clock.now()).toISOString();
    const free = pending.filter((job) => job.leaseUntil === null || job.leaseUntil <= now);
    if (free.length > 0) {
      // In chunks: a large batch (a campaign's 500 sends) is more ids than one statement may bind.
      for (const ids of inChunks(
        free.map((job) => job.id),
        IN_LIST_MAX,
      ))
        await db
          .update(jobs)
          .set({ nextAttemptAt: now })
          .where(and(inArray(jobs.id, ids), eq(jobs.status, "pending"), isNull(jobs.leaseUntil)));
      for (const job of free) await consumeJob(job.id, vars);
      round++;
    } else {
      // Held by the background consumer: it finishes its attempt, or its lease runs out.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`Jobs of company ${companyId} still pending after ${rounds} rounds.`);
}

/** How far ahead `holdingJobs` queues a request's jobs: beyond any test, so only the test runs them. */
const HELD_FOR_MS = 60 * 60 * 1000;
const app = createApp();

/**
 * The Worker's app with the code's clock an hour ahead while a request runs: the jobs it queues are
 * due an hour from now, so the Queue's consumer running in the background (on the real clock) finds
 * them not due and acknowledges their message, and only the test runs them (`makeDue` then
 * `consumeJob`, or `settleJobs`). The clock is put back the moment the answer is made, before the
 * request's waitUntil work; the message reaches the consumer a batch timeout (1 s) after the send.
 * Pass it as `app` to `call`. For tests that do not move the clock themselves.
 */
export const holdingJobs = {
  fetch: async (request: Request, environment: Env, ctx: ExecutionContext) => {
    moveClock(HELD_FOR_MS);
    try {
      return await app.fetch(request, environment, ctx);
    } finally {
      resetClock();
    }
  },
};

/** Makes the company's pending jobs that no consumer holds due now, for `consumeJob` to run one at a time. */
export async function makeDue(companyId: string): Promise<void> {
  await db
    .update(jobs)
    .set({ nextAttemptAt: new Date(clock.now()).toISOString() })
    .where(and(eq(jobs.companyId, companyId), eq(jobs.status, "pending"), isNull(jobs.leaseUntil)));
}

/**
 * Runs the job `id` through the real runner with a run that keeps failing (its real `exhausted`),
 * on a one-step retry schedule: the second run exhausts it, as the end of the standard schedule would.
 */
export async function exhaust(definition: JobDefinition, id: string) {
  const failing = { ...definition, run: async () => ({ status: "retry" as const, reason: "the run kept failing" }) };
  const vars = { ...env, WEBHOOK_RETRY_SCHEDULE: "1" };
  const lookup = new Map<string, JobDefinition>([[definition.kind, failing as JobDefinition]]);
  for (let run = 0; run < 2; run++) {
    await db.update(jobs).set({ nextAttemptAt: new Date().toISOString() }).where(eq(jobs.id, id));
    await runJob(vars, lookup, webhookOutbox, id);
  }
  return (await db.select().from(jobs).where(eq(jobs.id, id)))[0];
}
