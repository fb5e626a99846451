import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { IN_LIST_MAX, inChunks } from "../../data/bulk";
import type { Database } from "../../data/client";
import { acrossStores, databaseFor, everyDatabase } from "../../data/tenancy";
import { readCompanyMessage } from "../../work/queue-message";
import { rowOf } from "../../data/rows";
import { loggableError } from "../../lib/errors";
import { enqueueDeliveries, MAX_EVENT_BODY_BYTES } from "./outbox";
import { configOf } from "../../config";
import type { Env } from "../../env";
import { destinationRefusal } from "../../lib/destination";
import { parseRetryAfter, retryDelay, retrySchedule } from "../../work/retry-schedule";
import { runBatch } from "../../data/batch";
import { webhookAttempts, webhookDeliveries, webhookEvents, webhookSubscriptions } from "./schema";
import { decryptSecret, webhookHeaders } from "./signing";
import { clock } from "../../lib/clock";

export const WEBHOOK_QUEUE_NAME = "public-api-webhooks";
export const WEBHOOK_DLQ_NAME = "public-api-webhooks-dlq";
const ATTEMPT_TIMEOUT_MS = 15_000;
/** A consumer holds a delivery this long: the 15 s attempt plus margin. Then the sweep may take it. */
const LEASE_MS = 45_000;
/** A queue message may arrive slightly before the due time the database computed. */
const DUE_TOLERANCE_MS = 2_000;
/** How long past due a pending delivery waits before the sweep decides its message was lost. */
export const SWEEP_GRACE_MS = 30_000;
const SWEEP_LIMIT = 500;

const iso = (ms: number) => new Date(ms).toISOString();

/** What the consumer does with the message after one delivery step. */
type DeliveryStep = { kind: "done" } | { kind: "retry"; delaySeconds: number } | { kind: "dead" };

/**
 * The body of an event: { id, type, timestamp, data }, and `test: true` for a test event only. The
 * same on every attempt and replay.
 */
export function eventBody(event: {
  id: string;
  type: string;
  data: string;
  createdAt: string;
  test?: boolean;
}): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    timestamp: event.createdAt,
    ...(event.test ? { test: true } : {}),
    data: JSON.parse(event.data) as unknown,
  });
}

interface AttemptResult {
  success: boolean;
  statusCode: number | null;
  error: string | null;
  retryAfter?: number;
  durationMs: number;
}

/** One signed POST: 15 s timeout, no redirect followed (a 3xx is a failure). */
async function sendSigned(url: string, secret: string, eventId: string, body: string): Promise<AttemptResult> {
  const started = clock.now();
  const headers = {
    "content-type": "application/json",
    "user-agent": "public-api-webhooks/1",
    ...(await webhookHeaders(secret, eventId, Math.floor(clock.now() / 1000), body)),
  };
  try {
    const response = await fetch(url, {
      method: "POST",
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    });
    await response.body?.cancel();
    const { status } = response;
    const success = status >= 200 && status < 300;
    return {
      success,
      statusCode: status,
      error: success
        ? null
        : status >= 300 && status < 400
          ? `Redirect (HTTP ${status}) not followed`
          : `HTTP ${status}`,
      retryAfter:
        status === 429 || status === 503
          ? parseRetryAfter(response.headers.get("Retry-After"), clock.now())
          : undefined,
      durationMs: clock.now() - started,
    };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return {
      success: false,
      statusCode: null,
      error: timedOut
        ? `No answer within ${ATTEMPT_TIMEOUT_MS / 1000} s`
        : `Network error: ${error instanceof Error ? error.message : String(error)}`,
      durationMs: clock.now() - started,
    };
  }
}

/** Ends a delivery without an attempt (its subscription is gone or disabled). */
async function abandon(db: Database, deliveryId: string, reason: string, now: number): Promise<DeliveryStep> {
  await db
    .update(webhookDeliveries)
    .set({ status: "failed", nextAttemptAt: null, leaseUntil: null, lastError: reason, updatedAt: iso(now) })
    .where(eq(webhookDeliveries.id, deliveryId));
  return { kind: "done" };
}

/**
 * One delivery step for one queue message: claim the delivery (so that duplicate messages never
 * attempt it twice), make the attempt, log it, and decide: done, retry after a delay, or dead.
 */
async function deliver(env: Env, deliveryId: string, companyId: string | undefined): Promise<DeliveryStep> {
  const db = companyId === undefined ? acrossStores(env) : databaseFor(env, companyId);
  const d = webhookDeliveries;
  let now = clock.now();
  const [claimed] = await db
    .update(d)
    .set({ leaseUntil: iso(now + LEASE_MS), updatedAt: iso(now) })
    .where(
      and(
        eq(d.id, deliveryId),
        eq(d.status, "pending"),
        lte(d.nextAttemptAt, iso(now + DUE_TOLERANCE_MS)),
        or(isNull(d.leaseUntil), lte(d.leaseUntil, iso(now))),
      ),
    )
    .returning();
  // Finished, not yet due (a stale duplicate), or held by another consumer: nothing to do.
  if (!claimed) return { kind: "done" };

  const read = await runBatch(db, {
    subscriptions: db
      .select()
      .from(webhookSubscriptions)
      .where(rowOf(webhookSubscriptions, claimed.companyId, claimed.subscriptionId)),
    events: db
      .select()
      .from(webhookEvents)
      .where(rowOf(webhookEvents, claimed.companyId, claimed.eventId)),
  });
  const [subscription] = read.subscriptions;
  const [event] = read.events;
  if (!subscription) return abandon(db, deliveryId, "The webhook subscription was removed or replaced.", now);
  if (!subscription.enabled) return abandon(db, deliveryId, "The webhook subscription is disabled.", now);
  if (!event) return abandon(db, deliveryId, "The event no longer exists.", now);

  const attempt = claimed.attempts + 1;
  const body = eventBody(event);
  let result: AttemptResult;
  let giveUp = false;
  const config = configOf(env);
  const refusal = destinationRefusal(subscription.url, config.webhooksAllowLoopback);
  if (new TextEncoder().encode(body).byteLength > MAX_EVENT_BODY_BYTES) {
    result = {
      success: false,
      statusCode: null,
      error: `The event body exceeds ${MAX_EVENT_BODY_BYTES} bytes.`,
      durationMs: 0,
    };
    giveUp = true;
  } else if (refusal) {
    // Checked again at send time: the policy (WEBHOOKS_ALLOW_LOOPBACK) may differ from when it was saved.
    result = { success: false, statusCode: null, error: `Destination refused: ${refusal}`, durationMs: 0 };
  } else {
    const secret = await decryptSecret(config.webhookSecretKey, subscription.secretCiphertext, subscription.companyId);
    result = await sendSigned(subscription.url, secret, event.id, body);
  }
  now = clock.now();

  const gone = result.statusCode === 410;
  const delay =
    result.success || gone || giveUp
      ? null
      : retryDelay(attempt, retrySchedule(config.webhookRetrySchedule), result.retryAfter);
  const nextAttemptAt = delay === null ? null : iso(now + delay * 1000);
  const status = result.success ? "succeeded" : delay === null ? "failed" : "pending";
  const writes = [
    db.insert(webhookAttempts).values({
      id: crypto.randomUUID(),
      companyId: claimed.companyId,
      deliveryId,
      eventId: event.id,
      eventType: event.type,
      attempt,
      trigger: claimed.trigger,
      url: subscription.url,
      success: result.success,
      statusCode: result.statusCode,
      durationMs: Math.round(result.durationMs),
      error: result.error,
      nextRetryAt: nextAttemptAt,
      createdAt: iso(now),
    }),
    db
      .update(d)
      .set({
        status,
        attempts: attempt,
        nextAttemptAt,
        leaseUntil: null,
        lastStatusCode: result.statusCode,
        lastError: result.error,
        updatedAt: iso(now),
      })
      .where(eq(d.id, deliveryId)),
  ] as const;
  if (gone) {
    // 410 Gone: the receiver asks never to be called again.
    await db.batch([
      ...writes,
      db
        .update(webhookSubscriptions)
        .set({ enabled: false, disabledReason: "The destination answered 410 Gone.", updatedAt: iso(now) })
        .where(eq(webhookSubscriptions.id, subscription.id)),
    ]);
    return { kind: "done" };
  }
  await db.batch(writes);
  if (result.success) return { kind: "done" };
  return delay === null ? { kind: "dead" } : { kind: "retry", delaySeconds: delay };
}

/** The consumer of the webhook queue and of its dead-letter queue. */
export async function handleWebhookBatch(batch: MessageBatch<string>, env: Env): Promise<void> {
  if (batch.queue === WEBHOOK_DLQ_NAME) {
    await markDeadLettered(
      env,
      batch.messages.map((message) => message.body),
    );
    batch.ackAll();
    return;
  }
  await Promise.all(
    batch.messages.map(async (message) => {
      try {
        const { id, companyId } = readCompanyMessage(message.body);
        const step = await deliver(env, id, companyId);
        if (step.kind === "retry") message.retry({ delaySeconds: step.delaySeconds });
        else {
          // Given up: the delivery is already marked failed; the dead-letter queue keeps its id for operators.
          if (step.kind === "dead") await env.WEBHOOK_DLQ.send(message.body, { contentType: "json" });
          message.ack();
        }
      } catch (error) {
        // An infrastructure failure, not the receiver's: the Queue retries it (and dead-letters it after max_retries).
        console.error(
          JSON.stringify({
            message: "webhook delivery step failed",
            delivery_id: message.body,
            ...loggableError(error),
          }),
        );
        message.retry({ delaySeconds: 60 });
      }
    }),
  );
}

/** Deliveries the Queue dead-lettered by itself (repeated consumer failures) are marked failed. */
async function markDeadLettered(env: Env, bodies: readonly string[]): Promise<void> {
  const now = iso(clock.now());
  // Each message names its company; one that names none (an older message) is looked for in every store.
  const byDatabase = new Map<Database, string[]>();
  for (const body of bodies) {
    const { id, companyId } = readCompanyMessage(body);
    const db = companyId === undefined ? acrossStores(env) : databaseFor(env, companyId);
    const ids = byDatabase.get(db);
    if (ids) ids.push(id);
    else byDatabase.set(db, [id]);
  }
  for (const [db, ids] of byDatabase) await markFailed(db, ids, now);
}

async function markFailed(db: Database, ids: readonly string[], now: string): Promise<void> {
  for (const chunk of inChunks(ids, IN_LIST_MAX)) {
    await db
      .update(webhookDeliveries)
      .set({
        status: "failed",
        nextAttemptAt: null,
        leaseUntil: null,
        lastError: sql`coalesce(${webhookDeliveries.lastError}, 'Dead-lettered by the queue.')`,
        updatedAt: now,
      })
      .where(and(inArray(webhookDeliveries.id, chunk), eq(webhookDeliveries.status, "pending")));
  }
}

/**
 * The Cron Trigger's sweep: every pending delivery overdue by more than the grace period and not
 * held by a consumer lost its queue message (local queues die with `wrangler dev`; a send can
 * fail): enqueue it again. Its due time moves to now, so the next sweep leaves it alone for a
 * grace period. Duplicates are harmless: the consumer's claim lets one message attempt it.
 */
export async function sweepDueDeliveries(env: Env, now = clock.now()): Promise<string[]> {
  const swept: string[] = [];
  for (const db of everyDatabase(env)) swept.push(...(await sweepDatabase(env, db, now)));
  return swept;
}

async function sweepDatabase(env: Env, db: Database, now: number): Promise<string[]> {
  const d = webhookDeliveries;
  const rows = await db
    .select({ id: d.id, companyId: d.companyId })
    .from(d)
    .where(
      and(
        eq(d.status, "pending"),
        lte(d.nextAttemptAt, iso(now - SWEEP_GRACE_MS)),
        or(isNull(d.leaseUntil), lte(d.leaseUntil, iso(now))),
      ),
    )
    .orderBy(d.nextAttemptAt)
    .limit(SWEEP_LIMIT);
  const ids = rows.map((row) => row.id);
  for (const chunk of inChunks(ids, IN_LIST_MAX)) {
    await db
      .update(d)
      .set({ nextAttemptAt: iso(now), updatedAt: iso(now) })
      .where(inArray(d.id, chunk));
  }
  await enqueueDeliveries(env, rows);
  return ids;
}
