import { z } from "@hono/zod-openapi";
import type { EventDefinition } from "../../core/events";
import { OffsetPageQuery } from "../../core/pagination";
import { MAX_URL_LENGTH } from "./destination";
import type { SubscriptionRow } from "./schema";

const WILDCARD = "*";

/** A list of event types, each of the catalogue (`known`) or "*". */
const eventTypeList = (known: ReadonlySet<string>) =>
  z
    .array(z.string().min(1).max(100))
    .min(1)
    .max(200)
    .superRefine((types, ctx) => {
      types.forEach((type, index) => {
        if (type !== WILDCARD && !known.has(type)) {
          ctx.addIssue({ code: "custom", path: [index], message: `Unknown event type ${JSON.stringify(type)}; the event catalogue lists the types.` });
        }
      });
    })
    .transform((types) => [...new Set(types)].sort())
    .openapi({ description: 'Event types to receive (see GET /api/v1/events/catalog); "*" means every type, present and future', example: ["budget.created"] });

export const Url = z
  .string()
  .trim()
  .min(1)
  .max(MAX_URL_LENGTH)
  .openapi({
    description: "https URL with a public host; no credentials, no private, loopback or link-local address",
    example: "https://hooks.example.com/api",
  });

export const WebhookSubscription = z
  .object({
    id: z.string().uuid().nullable().openapi({ description: "Null when the company has no subscription" }),
    url: z.string().nullable(),
    events: z.array(z.string()),
    enabled: z.boolean(),
    has_secret: z.boolean().openapi({ description: "Whether a signing secret exists; the secret itself is only shown when issued" }),
    disabled_reason: z.string().nullable().openapi({ description: "Set when the destination answered 410 Gone" }),
    created_at: z.string().nullable().openapi({ format: "date-time" }),
    updated_at: z.string().nullable().openapi({ format: "date-time" }),
  })
  .openapi("WebhookSubscription");

const secretField = z.string().openapi({
  description: "The signing secret (whsec_ + base64 of 32 bytes). Shown only in this response: store it now.",
  example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
});

export const IssuedSubscription = WebhookSubscription.extend({ secret: secretField }).openapi("WebhookSubscriptionWithSecret");
export const PatchedSubscription = WebhookSubscription.extend({
  secret: secretField.optional().openapi({ description: "Present only when rotate_secret was true: the new secret, shown once" }),
}).openapi("PatchedWebhookSubscription");

/** The request bodies that name event types, checked against the catalogue of the app's domains. */
export function subscriptionBodies(known: ReadonlySet<string>) {
  const EventTypeList = eventTypeList(known);
  const CreateBody = z
    .object({
      url: Url,
      events: EventTypeList,
      enabled: z.boolean().default(true),
    })
    .openapi("CreateWebhookSubscription");

  const PatchBody = z
    .object({
      url: Url.optional(),
      events: EventTypeList.optional(),
      enabled: z.boolean().optional(),
      rotate_secret: z.boolean().optional().openapi({ description: "true issues a new signing secret; from then on only it signs" }),
    })
    .refine((body) => body.url !== undefined || body.events !== undefined || body.enabled !== undefined || body.rotate_secret === true, {
      message: "Send at least one of url, events, enabled, or rotate_secret: true.",
    })
    .openapi("UpdateWebhookSubscription");
  return { CreateBody, PatchBody };
}

export const DeliveryAttempt = z
  .object({
    id: z.string().uuid().openapi({ description: "Id of this attempt" }),
    delivery_id: z.string().uuid().openapi({ description: "The delivery; pass it to POST /api/v1/events/replay" }),
    delivery_status: z.enum(["pending", "succeeded", "failed"]).nullable().openapi({ description: "Current state of the delivery" }),
    event_id: z.string().openapi({ description: "The event id, sent as webhook-id on every attempt and replay" }),
    event_type: z.string(),
    attempt: z.number().int().openapi({ description: "1 for the first attempt of the delivery" }),
    trigger: z.enum(["scheduled", "manual"]).openapi({ description: "scheduled: sent because of the event; manual: a replay" }),
    url: z.string(),
    success: z.boolean(),
    status_code: z.number().int().nullable().openapi({ description: "HTTP status answered, or null when none (network error, timeout)" }),
    duration_ms: z.number().int(),
    error: z.string().nullable(),
    next_retry_at: z.string().nullable().openapi({ format: "date-time", description: "When the next attempt is due; null when none follows" }),
    created_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("WebhookDeliveryAttempt");

export const DeliveriesQuery = OffsetPageQuery.extend({
  success: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === "true"))
    .openapi({ type: "boolean", description: "Only successful (true) or failed (false) attempts" }),
});

export const CatalogEntry = z
  .object({
    type: z.string().openapi({ example: "budget.created" }),
    description: z.string(),
    schema: z.record(z.string(), z.unknown()).openapi({ description: "JSON Schema (2020-12) of the event's data" }),
  })
  .openapi("EventType");

export const DeletedSubscription = z.object({ id: z.string().uuid(), deleted: z.literal(true) }).openapi("DeletedWebhookSubscription");

export const ReplayBody = z.object({ delivery_id: z.string().min(1).max(100) }).openapi("ReplayDelivery");
export const ReplayResult = z
  .object({
    delivery_id: z.string().uuid().openapi({ description: "The new delivery" }),
    replay_of: z.string().uuid(),
    event_id: z.string(),
    status: z.literal("pending"),
  })
  .openapi("ReplayedDelivery");

export function present(row: SubscriptionRow | undefined): z.input<typeof WebhookSubscription> {
  if (!row) return { id: null, url: null, events: [], enabled: false, has_secret: false, disabled_reason: null, created_at: null, updated_at: null };
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    has_secret: row.secretCiphertext !== "",
    disabled_reason: row.disabledReason,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export const EventCatalog = z.object({ data: z.array(CatalogEntry) }).openapi("EventCatalog");

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
