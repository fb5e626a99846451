import { env } from "cloudflare:workers";
import { createApp, workerDomains } from "./app";
import { parseConfig } from "./config";
import { runDueWork } from "./work/due";
import { applyCrossStoreOutbox } from "./data/outbox";
import { jobOf } from "./core/domain-table";
import { jobsConsumer, sweepDueJobs } from "./core/job-runner";
import { JOBS_QUEUE_NAME } from "./work/jobs";
import { coreRetention, enforceRetention } from "./work/retention";
import { loggableError } from "./lib/errors";
import type { Env } from "./env";

export { KeyGuard } from "./keys/guard";

// An invalid variable stops the Worker at start-up with a message naming it, never a silent default.
parseConfig(env);

// No domain is evaluated at start-up: each is loaded by the first request, job, queue batch or tick
// that needs it (src/core/domain-table.ts); the table says which.
const source = workerDomains();
const app = createApp(source);
const consumeJobs = jobsConsumer({ get: (kind) => jobOf(source, kind) }, source.eventSink);
const cronJobs: ((env: Env) => Promise<void>)[] = [
  ...source.table.scheduled.map((name) => async (env: Env) => (await source.work(name)).scheduled?.(env)),
  async (env) => void (await sweepDueJobs(env)),
  async (env) => void (await runDueWork(env)),
  async (env) => {
    const work = await Promise.all(source.table.retention.map((name) => source.work(name)));
    await enforceRetention(env, [...coreRetention, ...work.flatMap((domain) => domain.retention ?? [])]);
  },
  // Second halves of batches across two databases that a crash left unapplied (data/outbox.ts).
  async (env) => void (await applyCrossStoreOutbox(env)),
  // Moves of companies between stores (the operator's POST /admin/v1/companies/{id}/move) advance each tick;
  // loaded by the tick, as the domains are, since a move reaches every provider adapter (start-up CPU).
  async (env) => void (await (await import("./work/moves")).advanceMoves(env)),
];

/** One tick of the Cron Trigger: each part runs to its end even when another fails (logged; the next tick tries again). */
async function tick(env: Env): Promise<void> {
  const outcomes = await Promise.allSettled(cronJobs.map((job) => job(env)));
  for (const outcome of outcomes) {
    if (outcome.status === "rejected")
      console.error(JSON.stringify({ message: "cron work failed", ...loggableError(outcome.reason) }));
  }
}

export default {
  fetch: app.fetch,
  // Each queue is consumed by the domain that declared it (webhook deliveries and their dead letters), the jobs queue by the core.
  queue: async (batch, env, _ctx) => {
    if (batch.queue === JOBS_QUEUE_NAME) return consumeJobs(batch, env);
    const domain = source.table.queues[batch.queue];
    const consume = domain === undefined ? undefined : (await source.work(domain)).queues?.[batch.queue];
    if (!consume) throw new Error(`No domain consumes the queue ${batch.queue}.`);
    await consume(batch, env);
  },
  // The Cron Trigger (every minute; locally `curl http://127.0.0.1:8787/__scheduled`, which npm run dev
  // calls every 5 s) runs every domain's scheduled work, the jobs sweep (re-enqueueing what lost its
  // message), the due-work handover and retention.
  scheduled: async (_controller, env, ctx) => {
    ctx.waitUntil(tick(env));
  },
} satisfies ExportedHandler<Env, string>;
