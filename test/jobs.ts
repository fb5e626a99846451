import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { and, asc, eq, isNull } from "drizzle-orm";
import { jobs } from "../src/data/schema";
import { JOBS_QUEUE_NAME, type JobDefinition } from "../src/work/jobs";
import { runJob } from "../src/core/job-runner";
import { webhookOutbox } from "../src/domains/webhooks/outbox";
import { clock } from "../src/lib/clock";
import type { Env } from "../src/env";
import worker from "../src/index";
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
 * a loaded machine only makes the wait longer, and the lease bounds it.
 */
export async function settleJobs(
  companyId: string,
  { rounds = 30, vars = {} as Partial<Env> } = {},
): Promise<JobRow[]> {
  for (let round = 0; round < rounds; ) {
    const pending = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.companyId, companyId), eq(jobs.status, "pending")));
    if (pending.length === 0) return jobsOf(companyId);
    const now = new Date(clock.now()).toISOString();
    const free = pending.filter((job) => job.leaseUntil === null || job.leaseUntil <= now);
    if (free.length > 0) {
      await db
        .update(jobs)
        .set({ nextAttemptAt: now })
        .where(and(eq(jobs.companyId, companyId), eq(jobs.status, "pending"), isNull(jobs.leaseUntil)));
      for (const job of free) await consumeJob(job.id, vars);
      round++;
    } else {
      // Held by the background consumer: it finishes its attempt, or its lease runs out.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`Jobs of company ${companyId} still pending after ${rounds} rounds.`);
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
