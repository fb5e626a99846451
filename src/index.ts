import { createApp } from "./app";
import { handleWebhookBatch, sweepDueDeliveries } from "./domains/webhooks/delivery";
import type { Env } from "./env";

export { KeyGuard } from "./core/guard";

const app = createApp();

export default {
  fetch: app.fetch,
  // Webhook deliveries (and their dead-letter queue).
  queue: (batch, env, _ctx) => handleWebhookBatch(batch, env),
  // Cron Trigger: re-enqueues due deliveries whose queue message was lost.
  scheduled: async (_controller, env, ctx) => {
    ctx.waitUntil(sweepDueDeliveries(env));
  },
} satisfies ExportedHandler<Env, string>;
