import type { z } from "@hono/zod-openapi";
import type { Config } from "../config";
import type { Env } from "../env";
import type { Database } from "../data/client";
import { inChunks } from "../data/bulk";
import { loggableError } from "../lib/errors";
import type { EmittedEvent } from "../data/events";
import { companyMessage, type CompanyRow } from "./queue-message";
import { QueuedJob, type WriteStatement } from "../data/write-batch";

/**
 * Background jobs: work a write hands to a provider after the request answered (a campaign's
 * sends, a conversation's reply, a dialled call). The job row joins the write's own batch, so a
 * job exists exactly when the write committed; the Queue carries only its id; the consumer
 * (src/core/job-runner.ts) runs it with retries on the Standard Webhooks schedule, and the Cron Trigger's
 * sweep enqueues again any job whose message was lost.
 */

export const JOBS_QUEUE_NAME = "public-api-jobs";

/** What a job's run (or its exhaustion) records: statements and events committed in one batch with the job's new status. */
export interface JobRecord {
  statements?: readonly WriteStatement[];
  events?: readonly EmittedEvent[];
}

export type JobOutcome =
  | ({ status: "done" } & JobRecord)
  /** Try again on the schedule; `retryAfterSeconds` (a provider's Retry-After) is a minimum wait. */
  | { status: "retry"; reason: string; retryAfterSeconds?: number }
  /** Will never succeed (the provider refused the recipient): no more attempts. */
  | { status: "failed"; reason: string };

/** What a job's code gets: its identity, and what a request handler would have. */
export interface JobContext {
  id: string;
  companyId: string;
  /** 1 on the first run. */
  attempt: number;
  env: Env;
  config: Config;
  db: Database;
  /** The gateway's context: the job id stands for the request id in provider log lines. */
  requestId: string;
  caller: { company: { id: string } };
}

export interface JobDefinition<Payload = unknown> {
  /** Unique across the app: "<domain>.<verb>". */
  kind: string;
  payload: z.ZodType<Payload>;
  run(job: JobContext, payload: Payload): Promise<JobOutcome>;
  /** After a `failed` outcome or the last retry: record the failure (a status, an event). */
  exhausted?(job: JobContext, payload: Payload, reason: string): Promise<JobRecord> | JobRecord;
}

export function defineJob<Payload>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  return definition;
}

/** Queues `job` in the batch of the write it belongs to: `commit([...statements, enqueueJob(...)], ...)`. */
export function enqueueJob<Payload>(job: JobDefinition<Payload>, companyId: string, payload: Payload): QueuedJob {
  return new QueuedJob(job.kind, companyId, job.payload.parse(payload));
}

/** Messages per Queue sendBatch call (the platform's limit). */
const QUEUE_SEND_BATCH_MAX = 100;

/** A job as its Queue message names it: the job and the company it acts for (whose database holds it). */
export type JobAddress = CompanyRow;

/** Hands committed jobs to the Queue. A failed send loses nothing: the sweep enqueues the job again. */
export async function enqueueJobs(env: Pick<Env, "JOBS_QUEUE">, queued: readonly JobAddress[]): Promise<void> {
  for (const slice of inChunks(queued, QUEUE_SEND_BATCH_MAX)) {
    try {
      await env.JOBS_QUEUE.sendBatch(slice.map((job) => ({ body: companyMessage(job), contentType: "json" as const })));
    } catch (error) {
      console.error(
        JSON.stringify({
          message: "job enqueue failed; the sweep will retry",
          jobs: slice.map((job) => job.id),
          ...loggableError(error),
        }),
      );
    }
  }
}

/** How long past due a pending job waits before the sweep (src/core/job-runner.ts) decides its message was lost. */
export const JOB_SWEEP_GRACE_MS = 30_000;
