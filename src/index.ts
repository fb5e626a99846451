import { env } from "cloudflare:workers";
import { createApp } from "./app";
import { parseConfig } from "./config";
import { jobsConsumer, sweepDueJobs } from "./core/job-runner";
import { JOBS_QUEUE_NAME } from "./core/jobs";
import { domains } from "./domains";
import type { Env } from "./env";

export { KeyGuard } from "./core/guard";

// An invalid variable stops the Worker at start-up with a message naming it, never a silent default.
parseConfig(env);

const app = createApp(domains);
const eventSink = domains.find((domain) => domain.eventSink)?.eventSink;
const consumers: Record<string, (batch: MessageBatch<string>, env: Env) => Promise<void>> = {
  ...Object.fromEntries(domains.flatMap((domain) => Object.entries(domain.queues ?? {}))),
  [JOBS_QUEUE_NAME]: jobsConsumer(domains.flatMap((domain) => domain.jobs ?? []), eventSink),
};
const cronJobs = [...domains.flatMap((domain) => (domain.scheduled ? [domain.scheduled] : [])), async (env: Env) => void (await sweepDueJobs(env))];

export default {
  fetch: app.fetch,
  // Each queue is consumed by the domain that declared it (webhook deliveries and their dead letters), the jobs queue by the core.
  queue: async (batch, env, _ctx) => {
    const consume = consumers[batch.queue];
    if (!consume) throw new Error(`No domain consumes the queue ${batch.queue}.`);
    await consume(batch, env);
  },
  // The Cron Trigger runs every domain's scheduled work and the jobs sweep (re-enqueueing what lost its message).
  scheduled: async (_controller, env, ctx) => {
    ctx.waitUntil(Promise.all(cronJobs.map((job) => job(env))));
  },
} satisfies ExportedHandler<Env, string>;
