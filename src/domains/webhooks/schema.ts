import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** One subscription per company (unique company_id): destination, event set, encrypted signing secret. */
export const webhookSubscriptions = sqliteTable(
  "webhook_subscriptions",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    url: text("url").notNull(),
    /** JSON array of event types; "*" means every type, present and future. */
    events: text("events", { mode: "json" }).$type<string[]>().notNull(),
    /** v1.<iv>.<ciphertext> (base64): AES-GCM under WEBHOOK_SECRET_KEY, bound to the company id. */
    secretCiphertext: text("secret_ciphertext").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull(),
    /** Why the API disabled the subscription (a 410 answer, or failing for 5 days); null when enabled or disabled by the company. */
    disabledReason: text("disabled_reason"),
    /** When it was last disabled (by the API or the company); null while enabled. */
    disabledAt: text("disabled_at"),
    /**
     * The first failed attempt since the last successful one, or null: the destination has failed
     * since then without a success. Five days of it disables the subscription (delivery.ts).
     */
    failingSince: text("failing_since"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    /** Bumped by every update: writes compare it with the version they read (compare-and-set). */
    version: integer("version").notNull().default(0),
  },
  (t) => [uniqueIndex("webhook_subscriptions_company_idx").on(t.companyId)],
);

export type SubscriptionRow = typeof webhookSubscriptions.$inferSelect;

/** Events emitted by writes (the outbox), kept so deliveries and replays send the same body. */
export const webhookEvents = sqliteTable(
  "webhook_events",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    type: text("type").notNull(),
    /** JSON text of the event's `data`. */
    data: text("data").notNull(),
    /** A test event (POST /api/v1/webhooks/test): its body says `"test": true`; its data is an example. */
    test: integer("test", { mode: "boolean" }).notNull().default(false),
    createdAt: text("created_at").notNull(),
    /** The request whose write emitted it (its X-Request-Id); null for an event of work between requests. */
    requestId: text("request_id"),
  },
  // created_idx: retention's query (retention.ts), the oldest events whatever their company.
  (t) => [
    index("webhook_events_company_created_idx").on(t.companyId, t.createdAt, t.id),
    // The events a request emitted (the request log).
    index("webhook_events_company_request_idx").on(t.companyId, t.requestId),
    index("webhook_events_created_idx").on(t.createdAt),
  ],
);

/** One delivery of one event to one subscription; retried until it succeeds or is given up. */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    eventId: text("event_id").notNull(),
    subscriptionId: text("subscription_id").notNull(),
    /** scheduled: caused by a write; manual: a replay (POST /events/replay) or a test event (POST /webhooks/test). */
    trigger: text("trigger", { enum: ["scheduled", "manual"] }).notNull(),
    replayOf: text("replay_of"),
    status: text("status", { enum: ["pending", "succeeded", "failed"] }).notNull(),
    /** Attempts made so far. */
    attempts: integer("attempts").notNull().default(0),
    /** When the next attempt is due (ISO); null once the delivery is finished. */
    nextAttemptAt: text("next_attempt_at"),
    /** A consumer holds the attempt until then; after it the sweep may take the delivery over. */
    leaseUntil: text("lease_until"),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    createdAt: text("created_at").notNull(),
    /** The last change; a finished delivery is not changed again (recovered_by aside), so for it: when it finished. */
    updatedAt: text("updated_at").notNull(),
    /**
     * For a failed delivery re-sent by POST /api/v1/webhooks/{id}/recover: the id of that recover.
     * Set once, so no later recover sends the same failure again (the re-sent copy, replay_of this
     * one, is a delivery of its own: if it fails too, a later recover sends it).
     */
    recoveredBy: text("recovered_by"),
  },
  (t) => [
    index("webhook_deliveries_company_status_idx").on(t.companyId, t.status),
    // An event's deliveries (the request log).
    index("webhook_deliveries_company_event_idx").on(t.companyId, t.eventId),
    // The concurrency cap's count (delivery.ts): a subscription's deliveries held by a consumer now.
    index("webhook_deliveries_company_subscription_lease_idx").on(t.companyId, t.subscriptionId, t.leaseUntil),
    // Recover's query (queries.ts): a subscription's failed deliveries by when they failed.
    index("webhook_deliveries_company_subscription_status_updated_idx").on(
      t.companyId,
      t.subscriptionId,
      t.status,
      t.updatedAt,
    ),
    // The sweep's query: pending deliveries whose attempt is overdue.
    index("webhook_deliveries_status_due_idx").on(t.status, t.nextAttemptAt),
    // Retention's query (retention.ts).
    index("webhook_deliveries_created_idx").on(t.createdAt),
  ],
);

/** The log of every delivery attempt (GET /api/v1/webhooks/deliveries). */
export const webhookAttempts = sqliteTable(
  "webhook_attempts",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    deliveryId: text("delivery_id").notNull(),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    attempt: integer("attempt").notNull(),
    trigger: text("trigger", { enum: ["scheduled", "manual"] }).notNull(),
    url: text("url").notNull(),
    success: integer("success", { mode: "boolean" }).notNull(),
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms").notNull(),
    error: text("error"),
    /** When the next attempt is due, or null when this was the last one. */
    nextRetryAt: text("next_retry_at"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    index("webhook_attempts_company_created_idx").on(t.companyId, t.createdAt, t.id),
    // A delivery's attempts (the request log).
    index("webhook_attempts_company_delivery_idx").on(t.companyId, t.deliveryId, t.attempt),
    index("webhook_attempts_company_success_created_idx").on(t.companyId, t.success, t.createdAt, t.id),
    // Retention's query (retention.ts).
    index("webhook_attempts_created_idx").on(t.createdAt),
  ],
);
