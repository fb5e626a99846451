import { z } from "@hono/zod-openapi";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../core/db/client";
import { nowIso } from "../../core/db/schema";
import { changedMeanwhile, precondition } from "../../core/db/precondition";
import { ApiError, invalidField, notFound } from "../../core/errors";
import type { EventDefinition } from "../../core/events";
import { defineOperation, type Operation } from "../../core/operation";
import { enqueueDeliveries } from "../../core/outbox";
import { OffsetPageQuery, offsetEnvelope } from "../../core/pagination";
// Read lazily (inside functions only): this module is itself part of that list's import graph.
import { eventDefinitions } from "../index";
import { destinationRefusal, MAX_URL_LENGTH } from "./destination";
import { webhookAttempts, webhookDeliveries, webhookSubscriptions } from "./schema";
import { encryptSecret, newSigningSecret } from "./signing";

const tag = "Webhooks";
const capability = "webhooks";
const WILDCARD = "*";

const EventTypeList = z
  .array(z.string().min(1).max(100))
  .min(1)
  .max(200)
  .superRefine((types, ctx) => {
    const known = new Set(eventDefinitions.map((definition) => definition.type));
    types.forEach((type, index) => {
      if (type !== WILDCARD && !known.has(type)) {
        ctx.addIssue({ code: "custom", path: [index], message: `Unknown event type ${JSON.stringify(type)}; the event catalogue lists the types.` });
      }
    });
  })
  .transform((types) => [...new Set(types)].sort())
  .openapi({ description: 'Event types to receive (see GET /api/v1/events/catalog); "*" means every type, present and future', example: ["budget.created"] });

const Url = z
  .string()
  .trim()
  .min(1)
  .max(MAX_URL_LENGTH)
  .openapi({ description: "https URL with a public host; no credentials, no private, loopback or link-local address", example: "https://hooks.example.com/api" });

const WebhookSubscription = z
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

const IssuedSubscription = WebhookSubscription.extend({ secret: secretField }).openapi("WebhookSubscriptionWithSecret");
const PatchedSubscription = WebhookSubscription.extend({
  secret: secretField.optional().openapi({ description: "Present only when rotate_secret was true: the new secret, shown once" }),
}).openapi("PatchedWebhookSubscription");

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

const DeliveryAttempt = z
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

const DeliveriesQuery = OffsetPageQuery.extend({
  success: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === "true"))
    .openapi({ type: "boolean", description: "Only successful (true) or failed (false) attempts" }),
});

const CatalogEntry = z
  .object({
    type: z.string().openapi({ example: "budget.created" }),
    description: z.string(),
    schema: z.record(z.string(), z.unknown()).openapi({ description: "JSON Schema (2020-12) of the event's data" }),
  })
  .openapi("EventType");

const ReplayBody = z.object({ delivery_id: z.string().min(1).max(100) }).openapi("ReplayDelivery");
const ReplayResult = z
  .object({
    delivery_id: z.string().uuid().openapi({ description: "The new delivery" }),
    replay_of: z.string().uuid(),
    event_id: z.string(),
    status: z.literal("pending"),
  })
  .openapi("ReplayedDelivery");

type SubscriptionRow = typeof webhookSubscriptions.$inferSelect;

function present(row: SubscriptionRow | undefined): z.input<typeof WebhookSubscription> {
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

async function currentSubscription(db: Database, companyId: string) {
  const [row] = await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.companyId, companyId));
  return row;
}

function checkDestination(url: string, allowLoopback: boolean): void {
  const refusal = destinationRefusal(url, allowLoopback);
  if (refusal) throw invalidField("body.url", refusal);
}

/** Compare-and-set: the subscription is still the one read, at the version read (not changed or replaced since). */
const unchangedSince = (db: Database, read: SubscriptionRow) =>
  precondition(
    db,
    sql`EXISTS (SELECT 1 FROM ${webhookSubscriptions} WHERE ${and(eq(webhookSubscriptions.companyId, read.companyId), eq(webhookSubscriptions.id, read.id), eq(webhookSubscriptions.version, read.version))})`,
    () => changedMeanwhile("webhook subscription"),
  );

/** Compare-and-set for removal: the subscription read is still the company's (not replaced or removed since). */
const notReplacedSince = (db: Database, read: SubscriptionRow) =>
  precondition(
    db,
    sql`EXISTS (SELECT 1 FROM ${webhookSubscriptions} WHERE ${and(eq(webhookSubscriptions.companyId, read.companyId), eq(webhookSubscriptions.id, read.id))})`,
    () => changedMeanwhile("webhook subscription"),
  );

/** Pending deliveries die with the subscription they were for (removed or replaced). */
const failPending = (db: Database, companyId: string, reason: string, now: string) =>
  db
    .update(webhookDeliveries)
    .set({ status: "failed", nextAttemptAt: null, leaseUntil: null, lastError: reason, updatedAt: now })
    .where(and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.status, "pending")));

let catalog: { type: string; description: string; schema: Record<string, unknown> }[] | undefined;

/** The event catalogue, generated once per isolate from the same Zod schemas the emitters use. */
function eventCatalog() {
  catalog ??= [...eventDefinitions]
    .sort((a, b) => a.type.localeCompare(b.type))
    .map((definition: EventDefinition) => ({
      type: definition.type,
      description: definition.description,
      schema: z.toJSONSchema(definition.schema, { unrepresentable: "any", io: "output" }) as Record<string, unknown>,
    }));
  return catalog;
}

export const webhookOperations: Operation[] = [
  defineOperation({
    operationId: "getWebhookSubscription",
    method: "get",
    path: "/api/v1/webhooks",
    summary: "Read the webhook subscription",
    description:
      "The company's subscription. The signing secret is never returned; has_secret says whether one exists. " +
      "A company without a subscription gets an empty one (id null, enabled false).",
    tag,
    scope: "webhooks:read",
    gate: "A",
    plans: "ALL",
    capability,
    codes: [200, 401, 403, 429, 500],
    responses: { 200: { description: "The subscription", schema: WebhookSubscription } },
    handler: async ({ db, caller }) => ({ status: 200, body: present(await currentSubscription(db, caller.company.id)) }),
  }),

  defineOperation({
    operationId: "putWebhookSubscription",
    method: "post",
    path: "/api/v1/webhooks",
    summary: "Create or replace the webhook subscription",
    description:
      "One subscription per company: this creates it, or replaces the existing one (new id and new signing secret; " +
      "deliveries still pending for the old one are cancelled). The response carries the signing secret, shown only here.",
    tag,
    scope: "webhooks:write",
    gate: "W",
    plans: "ALL",
    capability,
    codes: [200, 400, 401, 403, 404, 429, 500],
    request: { body: CreateBody },
    responses: { 200: { description: "The subscription, with its new signing secret", schema: IssuedSubscription } },
    // The response carries the secret, which must not rest in the idempotency store.
    storeIdempotentResponse: false,
    handler: async ({ db, config, caller, body, commit }) => {
      const companyId = caller.company.id;
      checkDestination(body.url, config.webhooksAllowLoopback);
      const secret = newSigningSecret();
      const now = nowIso();
      const row: SubscriptionRow = {
        id: crypto.randomUUID(),
        companyId,
        url: body.url,
        events: body.events,
        secretCiphertext: await encryptSecret(config.webhookSecretKey, secret, companyId),
        enabled: body.enabled,
        disabledReason: null,
        createdAt: now,
        updatedAt: now,
        version: 0,
      };
      await commit(
        [
          failPending(db, companyId, "The webhook subscription was replaced.", now),
          db.delete(webhookSubscriptions).where(eq(webhookSubscriptions.companyId, companyId)),
          db.insert(webhookSubscriptions).values(row),
        ],
        { resourceType: "webhook_subscription", resourceId: row.id },
      );
      return { status: 200, body: { ...present(row), secret } };
    },
  }),

  defineOperation({
    operationId: "updateWebhookSubscription",
    method: "patch",
    path: "/api/v1/webhooks",
    summary: "Change the destination, events or state, or rotate the secret",
    description:
      "Changes the subscription. rotate_secret: true issues a new signing secret, returned once in this response; " +
      "every delivery from then on (retries of earlier events included) is signed with it only. " +
      "enabled: true also re-enables a subscription disabled by a 410 answer. The change applies only to the subscription " +
      "as this request read it: if another write changed or replaced it meanwhile, nothing changes and the answer is 409 " +
      "conflict (read it again and retry), so a rotated secret in a 200 answer is always the one that signs.",
    tag,
    scope: "webhooks:write",
    gate: "W",
    plans: "ALL",
    capability,
    codes: [200, 400, 401, 403, 404, 429, 500],
    request: { body: PatchBody },
    responses: { 200: { description: "The subscription (with the new secret when rotated)", schema: PatchedSubscription } },
    storeIdempotentResponse: false,
    handler: async ({ db, config, caller, body, commit }) => {
      const companyId = caller.company.id;
      const existing = await currentSubscription(db, companyId);
      if (!existing) throw notFound("webhook subscription");
      if (body.url !== undefined) checkDestination(body.url, config.webhooksAllowLoopback);
      const secret = body.rotate_secret ? newSigningSecret() : undefined;
      const updated: SubscriptionRow = {
        ...existing,
        url: body.url ?? existing.url,
        events: body.events ?? existing.events,
        enabled: body.enabled ?? existing.enabled,
        disabledReason: body.enabled === true ? null : existing.disabledReason,
        secretCiphertext: secret ? await encryptSecret(config.webhookSecretKey, secret, companyId) : existing.secretCiphertext,
        updatedAt: nowIso(),
        version: existing.version + 1,
      };
      const { id: _id, companyId: _company, createdAt: _created, ...changes } = updated;
      await commit(
        [
          unchangedSince(db, existing),
          db.update(webhookSubscriptions).set(changes).where(and(eq(webhookSubscriptions.id, existing.id), eq(webhookSubscriptions.companyId, companyId))),
        ],
        { resourceType: "webhook_subscription", resourceId: existing.id },
      );
      return { status: 200, body: { ...present(updated), ...(secret ? { secret } : {}) } };
    },
  }),

  defineOperation({
    operationId: "deleteWebhookSubscription",
    method: "delete",
    path: "/api/v1/webhooks",
    summary: "Remove the webhook subscription",
    description: "Removes the subscription and its secret; deliveries still pending are cancelled. The delivery log is kept.",
    tag,
    scope: "webhooks:write",
    gate: "W",
    plans: "ALL",
    capability,
    codes: [200, 401, 403, 404, 429, 500],
    responses: {
      200: {
        description: "The subscription was removed",
        schema: z.object({ id: z.string().uuid(), deleted: z.literal(true) }).openapi("DeletedWebhookSubscription"),
      },
    },
    handler: async ({ db, caller, commit }) => {
      const companyId = caller.company.id;
      const existing = await currentSubscription(db, companyId);
      if (!existing) throw notFound("webhook subscription");
      const now = nowIso();
      await commit(
        [
          notReplacedSince(db, existing),
          failPending(db, companyId, "The webhook subscription was removed.", now),
          db.delete(webhookSubscriptions).where(and(eq(webhookSubscriptions.id, existing.id), eq(webhookSubscriptions.companyId, companyId))),
        ],
        { resourceType: "webhook_subscription", resourceId: existing.id },
      );
      return { status: 200, body: { id: existing.id, deleted: true as const } };
    },
  }),

  defineOperation({
    operationId: "listWebhookDeliveries",
    method: "get",
    path: "/api/v1/webhooks/deliveries",
    summary: "Delivery attempt log",
    description:
      "Every delivery attempt of the company's events, newest first (created_at, then id, descending): status code, " +
      "duration, error, attempt number, trigger and when the next retry is due. Filter with success=true|false.",
    tag,
    scope: "webhooks:read",
    gate: "A",
    plans: "ALL",
    capability,
    codes: [200, 400, 401, 403, 429, 500],
    request: { query: DeliveriesQuery },
    responses: { 200: { description: "A page of attempts", schema: offsetEnvelope(DeliveryAttempt, "WebhookDeliveryAttemptPage") } },
    handler: async ({ db, caller, query }) => {
      const a = webhookAttempts;
      const rows = await db
        .select({
          id: a.id,
          delivery_id: a.deliveryId,
          delivery_status: webhookDeliveries.status,
          event_id: a.eventId,
          event_type: a.eventType,
          attempt: a.attempt,
          trigger: a.trigger,
          url: a.url,
          success: a.success,
          status_code: a.statusCode,
          duration_ms: a.durationMs,
          error: a.error,
          next_retry_at: a.nextRetryAt,
          created_at: a.createdAt,
        })
        .from(a)
        .leftJoin(webhookDeliveries, eq(webhookDeliveries.id, a.deliveryId))
        // Backed by webhook_attempts_company_created_idx / webhook_attempts_company_success_created_idx.
        .where(and(eq(a.companyId, caller.company.id), query.success === undefined ? undefined : eq(a.success, query.success)))
        .orderBy(desc(a.createdAt), desc(a.id))
        .limit(query.limit)
        .offset(query.offset);
      return { status: 200, body: { data: rows, limit: query.limit, offset: query.offset } };
    },
  }),

  defineOperation({
    operationId: "getEventCatalog",
    method: "get",
    path: "/api/v1/events/catalog",
    summary: "Event catalogue",
    description:
      "Every event type the API emits, with the JSON Schema of its data. Deliveries follow Standard Webhooks: " +
      "body { id, type, timestamp, data }; headers webhook-id (the event id), webhook-timestamp, webhook-signature.",
    tag,
    scope: "webhooks:read",
    gate: "C",
    plans: "ALL",
    capability,
    codes: [200, 400, 401, 403, 404, 429, 500],
    responses: {
      200: { description: "The event types", schema: z.object({ data: z.array(CatalogEntry) }).openapi("EventCatalog") },
    },
    handler: async () => ({ status: 200, body: { data: eventCatalog() } }),
  }),

  defineOperation({
    operationId: "replayWebhookDelivery",
    method: "post",
    path: "/api/v1/events/replay",
    summary: "Re-send a webhook delivery",
    description:
      "Sends the event of a logged delivery again to the current subscription, with the same webhook-id (the event id) " +
      "and the current signing secret. The replay is a new delivery (trigger manual), retried like any other. " +
      "409 when the company has no enabled subscription.",
    tag,
    scope: "webhooks:write",
    gate: "C",
    plans: "ALL",
    capability,
    codes: [200, 400, 401, 403, 404, 409, 429, 500],
    request: { body: ReplayBody },
    responses: { 200: { description: "The replay was queued", schema: ReplayResult } },
    handler: async ({ db, env, caller, body, commit }) => {
      const companyId = caller.company.id;
      const [original] = await db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.id, body.delivery_id), eq(webhookDeliveries.companyId, companyId)));
      if (!original) throw notFound("webhook delivery");
      const subscription = await currentSubscription(db, companyId);
      if (!subscription) throw new ApiError("conflict", "The company has no webhook subscription to send to; create one with POST /api/v1/webhooks.");
      if (!subscription.enabled) {
        throw new ApiError("conflict", "The webhook subscription is disabled; enable it with PATCH /api/v1/webhooks first.");
      }
      const id = crypto.randomUUID();
      const now = nowIso();
      await commit(
        [
          // The delivery goes to the subscription as read: still there and enabled when the batch runs.
          precondition(
            db,
            sql`EXISTS (SELECT 1 FROM ${webhookSubscriptions} WHERE ${and(eq(webhookSubscriptions.companyId, companyId), eq(webhookSubscriptions.id, subscription.id), eq(webhookSubscriptions.enabled, true))})`,
            () => new ApiError("conflict", "The webhook subscription was replaced, removed or disabled meanwhile; nothing was queued."),
          ),
          db.insert(webhookDeliveries).values({
            id,
            companyId,
            eventId: original.eventId,
            subscriptionId: subscription.id,
            trigger: "manual",
            replayOf: original.id,
            status: "pending",
            attempts: 0,
            nextAttemptAt: now,
            createdAt: now,
            updatedAt: now,
          }),
        ],
        { resourceType: "webhook_delivery", resourceId: id },
      );
      await enqueueDeliveries(env, [id]);
      return { status: 200, body: { delivery_id: id, replay_of: original.id, event_id: original.eventId, status: "pending" as const } };
    },
  }),
];
