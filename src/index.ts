import { env } from "cloudflare:workers";
import { createApp } from "./app";
import { parseConfig } from "./config";
import { runDueWork } from "./core/due";
import { applyCrossStoreOutbox } from "./core/db/outbox";
import { jobsConsumer, sweepDueJobs } from "./core/job-runner";
import { JOBS_QUEUE_NAME } from "./core/jobs";
import { coreRetention, enforceRetention } from "./core/retention";
import { loggableError } from "./core/errors";
import { domains } from "./domains";
import type { Env } from "./env";

export { KeyGuard } from "./core/guard";

// An invalid variable stops the Worker at start-up with a message naming it, never a silent default.
const config = parseConfig(env);

const app = createApp(domains, { captureSql: config.sqlCapture });
const eventSink = domains.find((domain) => domain.eventSink)?.eventSink;
const consumers: Record<string, (batch: MessageBatch<string>, env: Env) => Promise<void>> = {
  ...Object.fromEntries(domains.flatMap((domain) => Object.entries(domain.queues ?? {}))),
  [JOBS_QUEUE_NAME]: jobsConsumer(domains.flatMap((domain) => [...(domain.jobs ?? []), ...(domain.dueWork ?? [])]), eventSink),
};
const retentionRules = [...coreRetention, ...domains.flatMap((domain) => domain.retention ?? [])];
const cronJobs: ((env: Env) => Promise<void>)[] = [
  ...domains.flatMap((domain) => (domain.scheduled ? [domain.scheduled] : [])),
  async (env) => void (await sweepDueJobs(env)),
  async (env) => void (await runDueWork(env)),
  async (env) => void (await enforceRetention(env, retentionRules)),
  // Second halves of batches across two databases that a crash left unapplied (core/db/outbox.ts).
  async (env) => void (await applyCrossStoreOutbox(env)),
];

/** One tick of the Cron Trigger: each part runs to its end even when another fails (logged; the next tick tries again). */
async function tick(env: Env): Promise<void> {
  const outcomes = await Promise.allSettled(cronJobs.map((job) => job(env)));
  for (const outcome of outcomes) {
    if (outcome.status === "rejected") console.error(JSON.stringify({ message: "cron work failed", ...loggableError(outcome.reason) }));
  }
}

export default {
  fetch: app.fetch,
  // Each queue is consumed by the domain that declared it (webhook deliveries and their dead letters), the jobs queue by the core.
  queue: async (batch, env, _ctx) => {
    const consume = consumers[batch.queue];
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
