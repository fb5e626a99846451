import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../core/db/client";
import { offsetList } from "../../core/db/lists";
import { changedMeanwhile, precondition } from "../../core/db/precondition";
import type { OffsetPage } from "../../core/pagination";
import { webhookAttempts, webhookDeliveries, webhookSubscriptions, type SubscriptionRow } from "./schema";

export async function currentSubscription(db: Database, companyId: string) {
  const [row] = await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.companyId, companyId));
  return row;
}

/** Compare-and-set: the subscription is still the one read, at the version read (not changed or replaced since). */
export const unchangedSince = (db: Database, read: SubscriptionRow) =>
  precondition(
    db,
    sql`EXISTS (SELECT 1 FROM ${webhookSubscriptions} WHERE ${and(eq(webhookSubscriptions.companyId, read.companyId), eq(webhookSubscriptions.id, read.id), eq(webhookSubscriptions.version, read.version))})`,
    () => changedMeanwhile("webhook subscription"),
  );

/** Compare-and-set for removal: the subscription read is still the company's (not replaced or removed since). */
export const notReplacedSince = (db: Database, read: SubscriptionRow) =>
  precondition(
    db,
    sql`EXISTS (SELECT 1 FROM ${webhookSubscriptions} WHERE ${and(eq(webhookSubscriptions.companyId, read.companyId), eq(webhookSubscriptions.id, read.id))})`,
    () => changedMeanwhile("webhook subscription"),
  );

/** Pending deliveries die with the subscription they were for (removed or replaced). */
export const failPending = (db: Database, companyId: string, reason: string, now: string) =>
  db
    .update(webhookDeliveries)
    .set({ status: "failed", nextAttemptAt: null, leaseUntil: null, lastError: reason, updatedAt: now })
    .where(and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.status, "pending")));

/** The company's delivery attempts, newest first; backed by webhook_attempts_company_created_idx / _company_success_created_idx. */
export function listDeliveryAttempts(db: Database, companyId: string, success: boolean | undefined, page: OffsetPage) {
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
  return offsetList(query, { company: a.companyId, at: a.createdAt, id: a.id }, companyId, page, { where: success === undefined ? undefined : eq(a.success, success) });
}

export async function findDelivery(db: Database, companyId: string, deliveryId: string) {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.companyId, companyId)));
  return row;
}
