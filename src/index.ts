import { env } from "cloudflare:workers";
import { createApp } from "./app";
import { parseConfig } from "./config";
import { domains } from "./domains";
import type { Env } from "./env";

export { KeyGuard } from "./core/guard";

// An invalid variable stops the Worker at start-up with a message naming it, never a silent default.
parseConfig(env);

const app = createApp(domains);
const consumers = Object.fromEntries(domains.flatMap((domain) => Object.entries(domain.queues ?? {})));
const cronJobs = domains.flatMap((domain) => (domain.scheduled ? [domain.scheduled] : []));

export default {
  fetch: app.fetch,
  // Each queue is consumed by the domain that declared it (webhook deliveries and their dead letters).
  queue: async (batch, env, _ctx) => {
    const consume = consumers[batch.queue];
    if (!consume) throw new Error(`No domain consumes the queue ${batch.queue}.`);
    await consume(batch, env);
  },
  // The Cron Trigger runs every domain's scheduled work (re-enqueueing deliveries whose message was lost).
  scheduled: async (_controller, env, ctx) => {
    ctx.waitUntil(Promise.all(cronJobs.map((job) => job(env))));
  },
} satisfies ExportedHandler<Env, string>;
