import { and, eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { inChunks } from "../../core/db/bulk";
import type { Database } from "../../core/db/client";
import type { EventSink } from "../../core/domain";
import { ApiError, loggableError } from "../../core/errors";
import type { EmittedEvent } from "../../core/events";
import type { Env } from "../../env";
import { webhookDeliveries, webhookEvents, webhookSubscriptions } from "./schema";

/** Messages per Queue sendBatch call (the platform's limit). */
const QUEUE_SEND_BATCH_MAX = 100;

/** Standard Webhooks bodies stay small; ours are at most 64 KB. */
export const MAX_EVENT_BODY_BYTES = 64 * 1024;
/** Room left for `fill` values, which are only known inside the transaction. */
const FILL_MARGIN_BYTES = 1024;

export interface Outbox {
  statements: BatchItem<"sqlite">[];
  /** The ids of the deliveries the batch created, read from the results of `statements`. */
  createdDeliveries(results: readonly unknown[]): string[];
}

/**
 * The transactional outbox: for each event, an INSERT of the event row and an INSERT ... SELECT
 * of its delivery, which yields a row only when the emitting company has an enabled subscription
 * whose event set includes the type. Both run in the write's own batch, so the write, its events
 * and their deliveries commit together, with no read before the batch.
 */
export function outboxStatements(db: Database, companyId: string, events: readonly EmittedEvent[], now = new Date().toISOString()): Outbox {
  const statements: BatchItem<"sqlite">[] = [];
  for (const event of events) {
    const eventId = crypto.randomUUID();
    const json = JSON.stringify(event.data);
    const envelope = JSON.stringify({ id: eventId, type: event.type, timestamp: now, data: null }).length;
    if (new TextEncoder().encode(json).byteLength + envelope > MAX_EVENT_BODY_BYTES - FILL_MARGIN_BYTES) {
      // Only long free text gets here (notes, custom fields, mostly escaped characters); the write
      // is refused before anything is stored, so the client can shorten it and retry.
      throw new ApiError(
        "payload_too_large",
        `This change would make a ${event.type} webhook event of more than ${MAX_EVENT_BODY_BYTES / 1024} KB; send shorter text fields.`,
      );
    }
    let data: SQL = sql`${json}`;
    for (const [member, value] of Object.entries(event.fill ?? {})) {
      data = sql`json_set(${data}, ${`$."${member}"`}, ${value})`;
    }
    statements.push(db.insert(webhookEvents).values({ id: eventId, companyId, type: event.type, data, createdAt: now }));
    const s = webhookSubscriptions;
    // Every column, in table order (drizzle's INSERT ... SELECT requires it); one row at most.
    const subscribed = db
      .select({
        id: sql<string>`${crypto.randomUUID()}`.as("id"),
        companyId: s.companyId,
        eventId: sql<string>`${eventId}`.as("event_id"),
        subscriptionId: sql<string>`${s.id}`.as("subscription_id"),
        trigger: sql<"scheduled">`'scheduled'`.as("trigger"),
        replayOf: sql<string | null>`NULL`.as("replay_of"),
        status: sql<"pending">`'pending'`.as("status"),
        attempts: sql<number>`0`.as("attempts"),
        nextAttemptAt: sql<string>`${now}`.as("next_attempt_at"),
        leaseUntil: sql<string | null>`NULL`.as("lease_until"),
        lastStatusCode: sql<number | null>`NULL`.as("last_status_code"),
        lastError: sql<string | null>`NULL`.as("last_error"),
        createdAt: sql<string>`${now}`.as("created_at"),
        updatedAt: sql<string>`${now}`.as("updated_at"),
      })
      .from(s)
      .where(
        and(
          eq(s.companyId, companyId),
          eq(s.enabled, true),
          sql`EXISTS (SELECT 1 FROM json_each(${s.events}) WHERE json_each.value IN (${event.type}, ${"*"}))`,
        ),
      );
    statements.push(db.insert(webhookDeliveries).select(subscribed).returning({ id: webhookDeliveries.id }));
  }
  return {
    statements,
    createdDeliveries: (results) =>
      results.filter((_, index) => index % 2 === 1).flatMap((rows) => (rows as { id: string }[]).map((row) => row.id)),
  };
}

/**
 * Hands deliveries to the Queue; the message is only the delivery id. A failed send loses
 * nothing: the delivery row is pending and due, and the sweep (Cron Trigger) enqueues it again.
 */
export async function enqueueDeliveries(env: Pick<Env, "WEBHOOK_QUEUE">, ids: readonly string[]): Promise<void> {
  for (const slice of inChunks(ids, QUEUE_SEND_BATCH_MAX)) {
    try {
      await env.WEBHOOK_QUEUE.sendBatch(slice.map((id) => ({ body: id, contentType: "json" as const })));
    } catch (error) {
      console.error(JSON.stringify({ message: "webhook enqueue failed; the sweep will retry", deliveries: slice, ...loggableError(error) }));
    }
  }
}

/** The webhooks domain receives every write's events: its outbox statements join the write's batch. */
export const webhookOutbox: EventSink = {
  statements(db, companyId, events) {
    const outbox = outboxStatements(db, companyId, events);
    return { statements: outbox.statements, afterCommit: (env, results) => enqueueDeliveries(env, outbox.createdDeliveries(results)) };
  },
};
