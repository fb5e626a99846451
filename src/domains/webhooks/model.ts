import { z } from "@hono/zod-openapi";
import type { EventDefinition } from "../../data/events";
import { OffsetPageQuery } from "../../lib/pagination";
import { int32, keywords, timestamp, uuid } from "../../lib/schemas";
import { MAX_URL_LENGTH } from "../../lib/destination";
import { secret } from "../../lib/redaction";
import { desc, eq } from "drizzle-orm";
import type { ExampleRow } from "../../core/examples";
import { type SubscriptionRow, webhookDeliveries } from "./schema";

const WILDCARD = "*";

/**
 * A list of event types, each of the catalogue (`known`) or "*": an `enum` in the document, so a
 * client sees every type it can subscribe to; an unknown one is refused naming it.
 */
const eventTypeList = (known: ReadonlySet<string>) =>
  z
    .array(
      z.enum([WILDCARD, ...[...known].sort()] as [string, ...string[]], {
        error: (issue) =>
          `Unknown event type ${JSON.stringify(issue.input)}; the event catalogue (GET /api/v1/events/catalog) lists the types.`,
      }),
    )
    .min(1)
    .max(200)
    .transform((types) => [...new Set(types)].sort())
    .openapi({
      description: 'Event types to receive (see GET /api/v1/events/catalog); "*" means every type, present and future',
      example: ["budget.created"],
    });

const Url = z.string().trim().min(1).max(MAX_URL_LENGTH).openapi({
  description: "https URL with a public host; no credentials, no private, loopback or link-local address",
  example: "https://hooks.example.com/api",
});

export const WebhookSubscription = z
  .object({
    id: uuid().nullable().openapi({ description: "Null when the company has no subscription" }),
    url: z.string().nullable().openapi({ format: "uri" }),
    events: z.array(z.string()).max(200).openapi({ description: 'Event types it receives; "*" means every type' }),
    enabled: z.boolean(),
    has_secret: z
      .boolean()
      .openapi({ description: "Whether a signing secret exists; the secret itself is only shown when issued" }),
    disabled_reason: z
      .string()
      .nullable()
      .openapi({
        description:
          "Why the API disabled it: the destination answered 410 Gone, or failed without a success for 5 days " +
          "(each also emits webhook_subscription.disabled); null while enabled or when the company disabled it",
      }),
    disabled_at: timestamp()
      .nullable()
      .openapi({ description: "When it was disabled (by the API or the company); null while enabled" }),
    failing_since: timestamp()
      .nullable()
      .openapi({
        description:
          "The first failed attempt since the last successful one; null when the last attempt succeeded. " +
          "Five days of failures without a success disable the subscription",
      }),
    created_at: timestamp().nullable(),
    updated_at: timestamp().nullable(),
  })
  .openapi("WebhookSubscription", {
    description: "The company's one webhook subscription: where events go, which types, and whether it is enabled.",
  });

const secretField = secret(
  z.string().openapi({
    description: "The signing secret (`whsec_` and the base64 of 32 bytes). Shown only in this response: store it now.",
    pattern: "^whsec_[A-Za-z0-9+/=]+$",
    example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwXh6bN2q4T0c=",
  }),
);

export const IssuedSubscription = WebhookSubscription.extend({ secret: secretField }).openapi(
  "WebhookSubscriptionWithSecret",
  {
    description: "The subscription just created or replaced, with its new signing secret (shown once).",
  },
);
export const PatchedSubscription = WebhookSubscription.extend({
  secret: secretField
    .optional()
    .openapi({ description: "Present only when rotate_secret was true: the new secret, shown once" }),
}).openapi("PatchedWebhookSubscription", {
  description: "The subscription after the change, with the new signing secret when it was rotated.",
});

/** The request bodies that name event types, checked against the catalogue of the app's domains. */
export function subscriptionBodies(known: ReadonlySet<string>) {
  const EventTypeList = eventTypeList(known);
  const CreateBody = z
    .object({
      url: Url,
      events: EventTypeList,
      enabled: z.boolean().default(true),
    })
    .openapi("CreateWebhookSubscription", {
      description: "The subscription to create, or to replace the company's current one with.",
    });

  const PatchBody = z
    .object({
      url: Url.optional(),
      events: EventTypeList.optional(),
      enabled: z.boolean().optional(),
      rotate_secret: z
        .boolean()
        .optional()
        .openapi({ description: "true issues a new signing secret; from then on only it signs" }),
    })
    .refine(
      (body) =>
        body.url !== undefined ||
        body.events !== undefined ||
        body.enabled !== undefined ||
        body.rotate_secret === true,
      {
        message: "Send at least one of url, events, enabled, or rotate_secret: true.",
        when: (payload) => payload.issues.length === 0,
      },
    )
    // The same rule for the document (rotate_secret counts only when true, which requireSome cannot say).
    .openapi(
      keywords({
        allOf: [
          {
            anyOf: [
              { required: ["url"] },
              { required: ["events"] },
              { required: ["enabled"] },
              { required: ["rotate_secret"], properties: { rotate_secret: { const: true } } },
            ],
          },
        ],
      }),
    )
    .openapi("UpdateWebhookSubscription", {
      description: "What to change: destination, event types, enabled, or a new signing secret.",
    });
  return { CreateBody, PatchBody };
}

/** The type of a catalogue event: one of `types` (a plain string when the catalogue is empty). */
const eventType = (types: readonly string[]) =>
  types.length > 0 ? z.enum(types as [string, ...string[]]) : z.string();

/** The schemas that name event types, which the catalogue of the app's domains lists. */
export function catalogSchemas(types: readonly string[]) {
  const DeliveryAttempt = z
    .object({
      id: uuid().openapi({ description: "Id of this attempt" }),
      delivery_id: uuid().openapi({ description: "The delivery; pass it to POST /api/v1/events/replay" }),
      delivery_status: z
        .enum(["pending", "succeeded", "failed"])
        .nullable()
        .openapi({ description: "Current state of the delivery" }),
      event_id: uuid().openapi({ description: "The event id, sent as webhook-id on every attempt and replay" }),
      event_type: eventType(types),
      attempt: int32({ min: 1 }).openapi({ description: "1 for the first attempt of the delivery" }),
      trigger: z.enum(["scheduled", "manual"]).openapi({
        description:
          "scheduled: sent because of the event; manual: a replay, or a test event (POST /api/v1/webhooks/test)",
      }),
      url: z.string().openapi({ format: "uri" }),
      success: z.boolean(),
      status_code: int32({ min: 100, max: 599 })
        .nullable()
        .openapi({ description: "HTTP status answered, or null when none (network error, timeout)" }),
      duration_ms: int32().openapi({ description: "How long the attempt took" }),
      error: z.string().nullable(),
      next_retry_at: timestamp()
        .nullable()
        .openapi({ description: "When the next attempt is due; null when none follows" }),
      created_at: timestamp(),
    })
    .openapi("WebhookDeliveryAttempt", {
      description: "One attempt to deliver an event to the subscription's URL, and what came of it.",
    });

  const CatalogEntry = z
    .object({
      type: eventType(types).openapi({ example: "budget.created" }),
      description: z.string(),
      schema: z.record(z.string(), z.unknown()).openapi({ description: "JSON Schema (2020-12) of the event's data" }),
    })
    .openapi("EventType", { description: "An event type the API emits, with the JSON Schema of its `data`." });

  const EventCatalog = z
    .object({ data: z.array(CatalogEntry).max(1000) })
    .openapi("EventCatalog", { description: "Every event type the API emits." });
  return { DeliveryAttempt, EventCatalog };
}

export const DeliveriesQuery = OffsetPageQuery.extend({
  success: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === "true"))
    .openapi({ type: "boolean", description: "Only successful (true) or failed (false) attempts" }),
});

export const DeletedSubscription = z
  .object({ id: uuid(), deleted: z.literal(true) })
  .openapi("DeletedWebhookSubscription", { description: "The subscription that was removed." });

export const ReplayBody = z
  .object({
    delivery_id: z.string().min(1).max(100).openapi({
      description: "A delivery of the log (delivery_id of GET /api/v1/webhooks/deliveries)",
      format: "uuid",
    }),
  })
  .openapi("ReplayDelivery", { description: "The logged delivery whose event to send again." });
export const ReplayResult = z
  .object({
    delivery_id: uuid().openapi({ description: "The new delivery" }),
    replay_of: uuid().openapi({ description: "The delivery replayed" }),
    event_id: uuid().openapi({ description: "The event, sent with the same webhook-id" }),
    status: z.literal("pending"),
  })
  .openapi("ReplayedDelivery", { description: "The new delivery, queued." });

/** At most this many failed deliveries are re-sent by one recover; `has_more` says to call again. */
export const RECOVER_MAX = 1000;

export const RecoverPath = z.object({
  id: z.string().max(36).openapi({
    format: "uuid",
    description: "The company's subscription (id of GET /api/v1/webhooks)",
    example: "d4f6a8c0-2e4a-4c6e-8a0c-2e4a6c8e0a2c",
  }),
});

export const RecoverBody = z
  .object({
    since: z.iso
      .datetime({ offset: true })
      .transform((value) => new Date(value).toISOString())
      .openapi({
        maxLength: 64,
        description:
          "Re-send the deliveries that failed at or after this instant (ISO 8601). Deliveries are kept 30 days, so an earlier instant reaches no further back",
        example: "2026-04-26T08:00:00Z",
      }),
  })
  .openapi("RecoverWebhookDeliveries", { description: "Since when failed deliveries are re-sent." });

export const RecoverResult = z
  .object({
    id: uuid().openapi({ description: "The subscription" }),
    since: timestamp(),
    queued: int32({ min: 0, max: RECOVER_MAX }).openapi({
      description:
        "Failed deliveries re-sent by this call, each as a new delivery (trigger manual, replay_of the failed one) with the same webhook-id",
    }),
    has_more: z.boolean().openapi({
      description: `true when this call reached its limit of ${RECOVER_MAX}: call again with the same since for the rest`,
    }),
  })
  .openapi("RecoveredWebhookDeliveries", { description: "What a recover queued." });

export const recoverExample: z.input<typeof RecoverBody> = { since: "2026-04-26T08:00:00Z" };
export const recoverResultExample: z.input<typeof RecoverResult> = {
  id: "d4f6a8c0-2e4a-4c6e-8a0c-2e4a6c8e0a2c",
  since: "2026-04-26T08:00:00.000Z",
  queued: 3,
  has_more: false,
};

export function present(row: SubscriptionRow | undefined): z.input<typeof WebhookSubscription> {
  if (!row)
    return {
      id: null,
      url: null,
      events: [],
      enabled: false,
      has_secret: false,
      disabled_reason: null,
      disabled_at: null,
      failing_since: null,
      created_at: null,
      updated_at: null,
    };
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    has_secret: row.secretCiphertext !== "",
    disabled_reason: row.disabledReason,
    disabled_at: row.disabledAt,
    failing_since: row.failingSince,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/** The event catalogue, from the same Zod schemas the emitters use: each type with the JSON Schema of its data. */
export function catalogEntries(definitions: readonly EventDefinition[]) {
  return [...definitions]
    .sort((a, b) => a.type.localeCompare(b.type))
    .map((definition: EventDefinition) => ({
      type: definition.type,
      description: definition.description,
      schema: z.toJSONSchema(definition.schema, { unrepresentable: "any", io: "output" }) as Record<string, unknown>,
    }));
}

export const subscriptionExample: z.input<typeof WebhookSubscription> = {
  id: "d4f6a8c0-2e4a-4c6e-8a0c-2e4a6c8e0a2c",
  url: "https://hooks.example.com/api",
  events: ["budget.created", "contact.created"],
  enabled: true,
  has_secret: true,
  disabled_reason: null,
  disabled_at: null,
  failing_since: null,
  created_at: "2026-04-26T10:15:30.000Z",
  updated_at: "2026-04-26T10:15:30.000Z",
};

export const issuedSubscriptionExample: z.input<typeof IssuedSubscription> = {
  ...subscriptionExample,
  secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwXh6bN2q4T0c=",
};

export const createSubscriptionExample = {
  url: "https://hooks.example.com/api",
  events: ["budget.created", "contact.created"],
  enabled: true,
};

/** The delivery the examples name (the log's, replay's): a delivery the company logged. */
const exampleDeliveryId = "f6b8d0c2-4e6a-4b8d-8c2e-4a6b8d0f2c4e";

/**
 * The company's newest succeeded delivery stands for the examples' one, so that try-it of
 * POST /events/replay sends an event the receiver took. Read through (company_id, status) and
 * sorted: only a company's own deliveries, bounded by retention.
 */
export const deliveryExampleRows: readonly ExampleRow[] = [
  {
    id: exampleDeliveryId,
    table: webhookDeliveries,
    where: eq(webhookDeliveries.status, "succeeded"),
    order: [desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)],
  },
];

export const updateSubscriptionExample = { events: ["*"], rotate_secret: true };

export const deliveryPageExample = {
  data: [
    {
      id: "e5a7c9b1-3d5f-4a7c-9b1d-3f5a7c9e1b3d",
      delivery_id: exampleDeliveryId,
      delivery_status: "succeeded" as const,
      event_id: "a7c9e1d3-5f7b-4c9e-9d3f-5b7c9e1a3d5f",
      event_type: "budget.created",
      attempt: 1,
      trigger: "scheduled" as const,
      url: "https://hooks.example.com/api",
      success: true,
      status_code: 200,
      duration_ms: 143,
      error: null,
      next_retry_at: null,
      created_at: "2026-04-26T10:15:31.000Z",
    },
  ],
  limit: 50,
  offset: 0,
};

export const replayExample: z.input<typeof ReplayBody> = { delivery_id: exampleDeliveryId };

export const replayResultExample: z.input<typeof ReplayResult> = {
  delivery_id: "b8d0f2e4-6a8c-4d0f-8e4a-6c8d0f2b4e6a",
  replay_of: exampleDeliveryId,
  event_id: "a7c9e1d3-5f7b-4c9e-9d3f-5b7c9e1a3d5f",
  status: "pending",
};

/**
 * The catalogue's example: one entry as GET /api/v1/events/catalog shows it, budget.created when
 * the app has it (a flat schema, short to read), else the first. Only that entry's JSON Schema is
 * built, so that start-up does not convert every event's schema.
 */
export const catalogExample = (definitions: readonly EventDefinition[]) => {
  const shown =
    definitions.find((definition) => definition.type === "budget.created") ??
    [...definitions].sort((a, b) => a.type.localeCompare(b.type))[0];
  return { data: shown ? catalogEntries([shown]) : [] };
};

/**
 * The body of POST /api/v1/webhooks/test (and of the operator's) and its answer, whose type is one
 * of the catalogue's, `types`. An unknown type is refused with every valid type named, so that a
 * typo is fixed from the answer alone.
 */
export function testEventSchemas(types: readonly string[]) {
  const unknownType = `Unknown event type; the catalogue's types are: ${types.join(", ")}.`;
  const type = (
    types.length > 0
      ? z.enum(types as [string, ...string[]], { error: unknownType })
      : z.string().refine(() => false, unknownType)
  ).openapi({
    description: "An event type of the catalogue (GET /api/v1/events/catalog)",
    example: "budget.created",
  });
  const TestEventBody = z
    .object({ type })
    .openapi("SendTestEvent", { description: "The event type to send a test event of." });
  const TestEventResult = z
    .object({
      event_id: uuid().openapi({ description: "The test event's id, sent as webhook-id (and the body's id)" }),
      delivery_id: uuid().openapi({
        description: "Its delivery, logged like any other (GET /api/v1/webhooks/deliveries) and replayable",
      }),
      type: eventType(types),
      test: z.literal(true),
      status: z.literal("pending"),
    })
    .openapi("QueuedTestEvent", { description: "The test event, queued for delivery to the subscription." });
  return { TestEventBody, TestEventResult };
}

export const testEventExample = { type: "budget.created" };

export const testEventResultExample = {
  event_id: "c2e4a6b8-0d2f-4a6c-8e0b-2d4f6a8c0e2a",
  delivery_id: "d3f5b7c9-1e3a-4b7d-9f1c-3e5a7b9d1f3b",
  type: "budget.created",
  test: true as const,
  status: "pending" as const,
};
