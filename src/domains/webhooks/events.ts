import { z } from "@hono/zod-openapi";
import { defineEvent, type EventDefinition } from "../../data/events";

const at = z.string().openapi({ format: "date-time" });

/** Why the API disabled a subscription: `gone` (a 410 answer) or `failing` (no success for 5 days). */
const disabledCauses = ["gone", "failing"] as const;
export type DisabledCause = (typeof disabledCauses)[number];

export const webhookSubscriptionDisabled = defineEvent(
  "webhook_subscription.disabled",
  "The API disabled the company's webhook subscription: its destination answered 410 Gone (`cause: gone`), or it failed " +
    "without a single success for 5 days (`cause: failing`). Nothing is delivered to it until it is enabled again " +
    "(PATCH /api/v1/webhooks with enabled: true); then POST /api/v1/webhooks/{id}/recover re-sends what failed meanwhile, " +
    "this event included (its own delivery fails while the subscription is disabled).",
  z.object({
    id: z.string().uuid().openapi({ description: "The subscription (GET /api/v1/webhooks)" }),
    url: z.string().openapi({ format: "uri", description: "Its destination" }),
    cause: z.enum(disabledCauses),
    disabled_reason: z.string().openapi({ description: "Why, in words; the subscription shows the same" }),
    failing_since: at.nullable().openapi({ description: "The first failed attempt since the last success" }),
    disabled_at: at,
  }),
);

/** Event types this domain emits (declared here with defineEvent). */
export const webhookEventTypes: EventDefinition[] = [webhookSubscriptionDisabled];
