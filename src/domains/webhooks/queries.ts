import { and, asc, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import { preparedStatement, preparedVariants, selectRow, type Database } from "../../data/client";
import { ofCompany, rowOf } from "../../data/rows";
import { IN_LIST_MAX, inChunks, qualified } from "../../data/bulk";
import { offsetPageQuery, preparedOffsetList, sortedBy } from "../../data/lists";
import { changedMeanwhile, precondition } from "../../data/precondition";
import type { OffsetPage } from "../../lib/pagination";
import type { WriteStatement } from "../../core/operation";
import { ApiError } from "../../lib/errors";
import { versionedUpdate } from "../../data/versioned";
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEvents,
  webhookSubscriptions,
  type SubscriptionRow,
} from "./schema";

export function currentSubscription(db: Database, companyId: string) {
  return selectRow(db, subscriptionOf(db), { companyId });
}

/** The company's subscription, prepared once per database. */
const subscriptionOf = preparedStatement((db) =>
  db
    .select()
    .from(webhookSubscriptions)
    .where(ofCompany(webhookSubscriptions, sql.placeholder("companyId")))
    .prepare(),
);

/** Compare-and-set for removal: the subscription read is still the company's (not replaced or removed since). */
const notReplacedSince = (db: Database, read: SubscriptionRow) =>
  precondition(
    db,
    sql`EXISTS (SELECT 1 FROM ${webhookSubscriptions} WHERE ${rowOf(webhookSubscriptions, read.companyId, read.id)})`,
    () => changedMeanwhile("webhook subscription"),
  );

/** Pending deliveries die with the subscription they were for (removed or replaced). */
const failPending = (db: Database, companyId: string, reason: string, now: string) =>
  db
    .update(webhookDeliveries)
    .set({ status: "failed", nextAttemptAt: null, leaseUntil: null, lastError: reason, updatedAt: now })
    .where(ofCompany(webhookDeliveries, companyId, eq(webhookDeliveries.status, "pending")));

/** The company's one subscription becomes `row`: the old one (if any) goes, with its pending deliveries. */
export const replaceSubscriptionStatements = (db: Database, row: SubscriptionRow, now: string): WriteStatement[] => [
  failPending(db, row.companyId, "The webhook subscription was replaced.", now),
  db.delete(webhookSubscriptions).where(ofCompany(webhookSubscriptions, row.companyId)),
  db.insert(webhookSubscriptions).values(row),
];

/** `read` becomes `updated`, compare-and-set on the version read. */
export const updateSubscriptionStatements = (
  db: Database,
  read: SubscriptionRow,
  updated: SubscriptionRow,
): WriteStatement[] => {
  const { id: _id, companyId: _company, createdAt: _created, version: _version, failingSince, ...changes } = updated;
  // failing_since is the consumer's, changed without a version bump: written only when this write resets it.
  const written = failingSince === read.failingSince ? changes : { ...changes, failingSince };
  return versionedUpdate(db, webhookSubscriptions, read, written, "webhook subscription");
};

/** Removes the subscription read (if it was not replaced meanwhile) and cancels its pending deliveries. */
export const removeSubscriptionStatements = (db: Database, read: SubscriptionRow, now: string): WriteStatement[] => [
  notReplacedSince(db, read),
  failPending(db, read.companyId, "The webhook subscription was removed.", now),
  db.delete(webhookSubscriptions).where(rowOf(webhookSubscriptions, read.companyId, read.id)),
];

/**
 * A manual delivery of a logged delivery's event to the subscription as read: still there and
 * enabled when the batch runs (else 409 and nothing is queued).
 */
export const replayStatements = (
  db: Database,
  replay: {
    id: string;
    companyId: string;
    subscriptionId: string;
    original: { id: string; eventId: string };
    now: string;
    retainedSince: string;
  },
): WriteStatement[] => {
  const { id, companyId, subscriptionId, original, now, retainedSince } = replay;
  return [
    // A replay of an event retention removed (or is about to) would send nothing: refused, nothing queued.
    precondition(
      db,
      sql`EXISTS (SELECT 1 FROM ${webhookEvents} WHERE ${rowOf(webhookEvents, companyId, original.eventId, gte(webhookEvents.createdAt, retainedSince))})`,
      () =>
        new ApiError(
          "conflict",
          "The delivery's event is past the webhook log's retention and was removed; it can no longer be sent again.",
        ),
    ),
    precondition(
      db,
      sql`EXISTS (SELECT 1 FROM ${webhookSubscriptions} WHERE ${rowOf(webhookSubscriptions, companyId, subscriptionId, eq(webhookSubscriptions.enabled, true))})`,
      () =>
        new ApiError(
          "conflict",
          "The webhook subscription was replaced, removed or disabled meanwhile; nothing was queued.",
        ),
    ),
    db.insert(webhookDeliveries).values({
      id,
      companyId,
      eventId: original.eventId,
      subscriptionId,
      trigger: "manual",
      replayOf: original.id,
      status: "pending",
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    }),
  ];
};

/**
 * A test event and its delivery to the subscription as read: still there and enabled when the
 * batch runs (else 409 and nothing is stored). The event row is marked test, so its body says so
 * on every attempt and replay.
 */
export const testEventStatements = (
  db: Database,
  test: {
    eventId: string;
    deliveryId: string;
    companyId: string;
    subscriptionId: string;
    type: string;
    data: unknown;
    now: string;
    /** The request that asked for it (the request log); null for the operator's. */
    requestId: string | null;
  },
): WriteStatement[] => {
  const { eventId, deliveryId, companyId, subscriptionId, type, data, now, requestId } = test;
  return [
    precondition(
      db,
      sql`EXISTS (SELECT 1 FROM ${webhookSubscriptions} WHERE ${rowOf(webhookSubscriptions, companyId, subscriptionId, eq(webhookSubscriptions.enabled, true))})`,
      () =>
        new ApiError(
          "conflict",
          "The webhook subscription was replaced, removed or disabled meanwhile; no test event was sent.",
        ),
    ),
    db
      .insert(webhookEvents)
      .values({ id: eventId, companyId, type, data: JSON.stringify(data), test: true, createdAt: now, requestId }),
    db.insert(webhookDeliveries).values({
      id: deliveryId,
      companyId,
      eventId,
      subscriptionId,
      trigger: "manual",
      replayOf: null,
      status: "pending",
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    }),
  ];
};

/** The company's delivery attempts, newest first; backed by webhook_attempts_company_created_idx / _company_success_created_idx. */
export function listDeliveryAttempts(db: Database, companyId: string, success: boolean | undefined, page: OffsetPage) {
  // A placeholder inside a comparison is bound as given: the boolean column's stored form (0/1).
  return preparedOffsetList(db, attemptPage(db, { success: success !== undefined }), companyId, page, (row) => row, {
    success: success === undefined ? undefined : Number(success),
  });
}

/** The attempts' page query with and without the success filter, prepared once per database. */
const attemptPage = preparedVariants((db, filters: { success: boolean }) => {
  const a = webhookAttempts;
  const query = db
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
    .$dynamic();
  return offsetPageQuery(
    query,
    { company: a.companyId, at: a.createdAt, id: a.id },
    filters.success ? eq(a.success, sql.placeholder("success")) : undefined,
  ).prepare();
});

export function findDelivery(db: Database, companyId: string, deliveryId: string) {
  return selectRow(db, deliveryOf(db), { companyId, id: deliveryId });
}

/** The first delivery of a test event (the one its request queued, not a replay of it); by webhook_deliveries_company_event_idx. */
export function testEventDelivery(db: Database, companyId: string, eventId: string) {
  return db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      ofCompany(
        webhookDeliveries,
        companyId,
        eq(webhookDeliveries.eventId, eventId),
        isNull(webhookDeliveries.replayOf),
      ),
    )
    .get();
}

/** One delivery of the company, prepared once per database. */
const deliveryOf = preparedStatement((db) =>
  db
    .select()
    .from(webhookDeliveries)
    .where(rowOf(webhookDeliveries, sql.placeholder("companyId"), sql.placeholder("id")))
    .prepare(),
);

/** A random UUID (version 4, RFC 9562 variant) made by SQLite, for the rows an INSERT ... SELECT makes. */
const randomUuid = sql<string>`lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6)))`;

/**
 * POST /api/v1/webhooks/{id}/recover: every delivery of the subscription that failed at or after
 * `since` and was not recovered before gets a new delivery of its event (trigger manual, replay_of
 * it), at most `limit`. Two statements in one batch: the first marks the failures with this
 * recover's id (only those no recover marked yet: the compare-and-set that makes a second recover,
 * concurrent or later, skip them), the second copies exactly the rows it marked and returns the new
 * ids. A copy that fails in its turn is a failure of its own, which a later recover sends again.
 * Backed by webhook_deliveries_company_subscription_status_updated_idx.
 */
export const recoverStatements = (
  db: Database,
  recover: {
    recoveryId: string;
    companyId: string;
    subscriptionId: string;
    since: string;
    retainedSince: string;
    now: string;
    limit: number;
  },
) => {
  const { recoveryId, companyId, subscriptionId, since, retainedSince, now, limit } = recover;
  const d = webhookDeliveries;
  const failedSince = and(
    eq(d.companyId, companyId),
    eq(d.subscriptionId, subscriptionId),
    eq(d.status, "failed"),
    gte(d.updatedAt, since),
  );
  return {
    subscription: precondition(
      db,
      sql`EXISTS (SELECT 1 FROM ${webhookSubscriptions} WHERE ${rowOf(webhookSubscriptions, companyId, subscriptionId, eq(webhookSubscriptions.enabled, true))})`,
      () =>
        new ApiError(
          "conflict",
          "The webhook subscription was replaced, removed or disabled meanwhile; nothing was queued.",
        ),
    ),
    marked: db
      .update(d)
      .set({ recoveredBy: recoveryId })
      .where(
        inArray(
          d.id,
          db
            .select({ id: d.id })
            .from(d)
            .where(
              and(
                failedSince,
                isNull(d.recoveredBy),
                // Its event is still kept (retention removes events and deliveries after 30 days).
                gte(d.createdAt, retainedSince),
                sql`EXISTS (SELECT 1 FROM ${webhookEvents} WHERE ${qualified(webhookEvents.companyId)} = ${qualified(d.companyId)} AND ${qualified(webhookEvents.id)} = ${qualified(d.eventId)})`,
              ),
            )
            .orderBy(asc(d.updatedAt))
            .limit(limit),
        ),
      ),
    copies: db
      .insert(d)
      .select(
        db
          .select({
            id: randomUuid.as("id"),
            companyId: d.companyId,
            eventId: d.eventId,
            subscriptionId: d.subscriptionId,
            trigger: sql<"manual">`'manual'`.as("trigger"),
            replayOf: sql<string>`${d.id}`.as("replay_of"),
            status: sql<"pending">`'pending'`.as("status"),
            attempts: sql<number>`0`.as("attempts"),
            nextAttemptAt: sql<string>`${now}`.as("next_attempt_at"),
            leaseUntil: sql<string | null>`NULL`.as("lease_until"),
            lastStatusCode: sql<number | null>`NULL`.as("last_status_code"),
            lastError: sql<string | null>`NULL`.as("last_error"),
            createdAt: sql<string>`${now}`.as("created_at"),
            updatedAt: sql<string>`${now}`.as("updated_at"),
            recoveredBy: sql<string | null>`NULL`.as("recovered_by"),
          })
          .from(d)
          .where(and(failedSince, eq(d.recoveredBy, recoveryId))),
      )
      .returning({ id: d.id }),
  };
};

/** The most events the request log shows of one request (one IN list of their deliveries). */
const CAUSED_EVENTS_MAX = IN_LIST_MAX;

/** The events a request's write emitted, oldest first: found by webhook_events_company_request_idx, then sorted. */
export const requestEventsQuery = (db: Database, companyId: string, requestId: string) =>
  db
    .select({ id: webhookEvents.id, type: webhookEvents.type, createdAt: webhookEvents.createdAt })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.companyId, companyId), eq(webhookEvents.requestId, requestId)))
    .orderBy(sortedBy(webhookEvents.createdAt), sortedBy(webhookEvents.id))
    .limit(CAUSED_EVENTS_MAX);

/**
 * The events a request's write emitted, oldest first, each with its deliveries and their attempts
 * (the request log, GET /api/v1/requests/{request_id}). Three reads, each through an index that
 * starts with the company (webhook_events_company_request_idx, webhook_deliveries_company_event_idx,
 * webhook_attempts_company_delivery_idx).
 */
export async function eventsOfRequest(db: Database, companyId: string, requestId: string) {
  const events = await requestEventsQuery(db, companyId, requestId);
  const eventIds = events.map((event) => event.id);
  const deliveries =
    eventIds.length === 0
      ? []
      : await db
          .select({ id: webhookDeliveries.id, eventId: webhookDeliveries.eventId, status: webhookDeliveries.status })
          .from(webhookDeliveries)
          .where(and(eq(webhookDeliveries.companyId, companyId), inArray(webhookDeliveries.eventId, eventIds)))
          .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id));
  const attempts = (
    await Promise.all(
      inChunks(
        deliveries.map((delivery) => delivery.id),
        IN_LIST_MAX,
      ).map((ids) =>
        db
          .select()
          .from(webhookAttempts)
          .where(and(eq(webhookAttempts.companyId, companyId), inArray(webhookAttempts.deliveryId, ids)))
          .orderBy(asc(webhookAttempts.deliveryId), asc(webhookAttempts.attempt)),
      ),
    )
  ).flat();
  return events.map((event) => ({
    id: event.id,
    type: event.type,
    created_at: event.createdAt,
    // The request log's detail shows the first IN_LIST_MAX of each (RequestDetail's maxItems).
    deliveries: deliveries
      .filter((delivery) => delivery.eventId === event.id)
      .slice(0, IN_LIST_MAX)
      .map((delivery) => ({
        id: delivery.id,
        status: delivery.status,
        attempts: attempts
          .filter((attempt) => attempt.deliveryId === delivery.id)
          .slice(0, IN_LIST_MAX)
          .map((attempt) => ({
            attempt: attempt.attempt,
            success: attempt.success,
            status_code: attempt.statusCode,
            duration_ms: attempt.durationMs,
            error: attempt.error,
            created_at: attempt.createdAt,
          })),
      })),
  }));
}
