import { defineDomain, type DomainModule } from "../../core/domain";
import type { Env } from "../../env";
import { handleWebhookBatch, sweepDueDeliveries, WEBHOOK_DLQ_NAME, WEBHOOK_QUEUE_NAME } from "./delivery";
import { webhookEventTypes } from "./events";
import { deliveryExampleRows } from "./model";
import { webhookOutbox } from "./outbox";
import { webhookOperatorOperations } from "./panel";
import { webhookRetention } from "./retention";
import { webhookOperations } from "./routes";

/** For the request log (the requests domain): the events a request emitted, with their deliveries and attempts. */
export { eventsOfRequest, requestEventsQuery } from "./queries";

/**
 * What the webhooks domain runs between requests (delivery queues, the delivery sweep, retention):
 * built without the catalogue, so a queue batch or a Cron tick loads no other domain.
 */
export const webhookWork = {
  queues: { [WEBHOOK_QUEUE_NAME]: handleWebhookBatch, [WEBHOOK_DLQ_NAME]: handleWebhookBatch },
  // The delivery sweep reads its own due-time index (webhook_deliveries_status_due_idx): not due work.
  scheduled: async (env: Env) => void (await sweepDueDeliveries(env)),
  retention: webhookRetention,
} satisfies Pick<DomainModule, "queues" | "scheduled" | "retention">;

/**
 * Webhooks: the subscription, the outbox every write's events go through, signed delivery over
 * Queues and the delivery log. Built over the other domains, whose events make the catalogue.
 */
export function webhooksDomain(others: readonly DomainModule[]): DomainModule {
  const catalog = [...others.flatMap((domain) => domain.events), ...webhookEventTypes];
  return defineDomain({
    name: "webhooks",
    defaults: {
      tag: "Webhooks",
      tagDescription:
        "The company's webhook subscription, its signed deliveries (Standard Webhooks) and their log, the event catalogue and replays.",
      plans: "ALL",
      capability: "webhooks",
    },
    operations: webhookOperations(catalog),
    operatorOperations: webhookOperatorOperations(catalog),
    events: webhookEventTypes,
    eventSink: webhookOutbox,
    examples: deliveryExampleRows,
    ...webhookWork,
  });
}
