import { env } from "cloudflare:workers";
import { createApp } from "./app";
import { parseConfig } from "./config";
import { handleWebhookBatch, sweepDueDeliveries } from "./domains/webhooks/delivery";
import type { Env } from "./env";

export { KeyGuard } from "./core/guard";

// An invalid variable stops the Worker at start-up with a message naming it, never a silent default.
parseConfig(env);

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
