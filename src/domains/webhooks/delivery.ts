import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { IN_LIST_MAX, inChunks } from "../../data/bulk";
import type { Database } from "../../data/client";
import { acrossStores, databaseFor, everyDatabase } from "../../data/tenancy";
import { readCompanyMessage } from "../../work/queue-message";
import { rowOf } from "../../data/rows";
import { loggableError } from "../../lib/errors";
import { enqueueDeliveries, MAX_EVENT_BODY_BYTES, outboxStatements } from "./outbox";
import { configOf } from "../../config";
import type { Env } from "../../env";
import { destinationRefusal } from "../../lib/destination";
import { parseRetryAfter, retryDelay, retrySchedule } from "../../work/retry-schedule";
import { executeBatch, runBatch } from "../../data/batch";
import { isPreconditionAbort, precondition } from "../../data/precondition";
import { ApiError } from "../../lib/errors";
import { type DisabledCause, webhookSubscriptionDisabled } from "./events";
import {
  type SubscriptionRow,
  webhookAttempts,
  webhookDeliveries,
  webhookEvents,
  webhookSubscriptions,
} from "./schema";
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
/**
 * Attempts one subscription may have in flight at once (deliveries held under a lease): a slow or
 * hanging destination holds at most this many consumer slots; its other messages are deferred.
 */
export const MAX_IN_FLIGHT = 10;
/** A delivery deferred by the cap comes back after this long, plus up to as much again (jitter). */
export const DEFER_SECONDS = 10;
/** A Retry-After (429, 503) is honoured up to this long; a longer one waits this long (or the schedule's longer step). */
const RETRY_AFTER_CAP_SECONDS = 60 * 60;
/** A destination failing this long without a single success is disabled. */
const FAILING_DISABLES_AFTER_MS = 5 * 24 * 60 * 60 * 1000;

const iso = (ms: number) => new Date(ms).toISOString();

/** What the consumer does with the message after one delivery step. */
type DeliveryStep =
  | { kind: "done" }
  | { kind: "retry"; delaySeconds: number }
  | { kind: "dead" }
  /** Not attempted: the subscription has MAX_IN_FLIGHT attempts in flight. Comes back later as a new message. */
  | { kind: "defer"; delaySeconds: number };

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
  let now = clock.now();
  const claimed = await claim(db, deliveryId, now);
  // Finished, not yet due (a stale duplicate) or held by another consumer: nothing to do; or its subscription's cap is full: deferred.
  if (!claimed) return defer(db, deliveryId, now);

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
  const config = configOf(env);
  const { result, giveUp } = await attemptDelivery(config, subscription, event);
  now = clock.now();

  const gone = result.statusCode === 410;
  // Retry-After is a floor under the schedule's own delay, honoured up to the cap.
  const retryAfter = result.retryAfter === undefined ? undefined : Math.min(result.retryAfter, RETRY_AFTER_CAP_SECONDS);
  const delay =
    result.success || gone || giveUp
      ? null
      : retryDelay(attempt, retrySchedule(config.webhookRetrySchedule), retryAfter);
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
      .update(webhookDeliveries)
      .set({
        status,
        attempts: attempt,
        nextAttemptAt,
        leaseUntil: null,
        lastStatusCode: result.statusCode,
        lastError: result.error,
        updatedAt: iso(now),
      })
      .where(eq(webhookDeliveries.id, deliveryId)),
    // An event too large to send is our failure, not the destination's: it leaves the destination's record alone.
    ...(giveUp ? [] : [failingSinceStatement(db, subscription, result.success, now)]),
  ] as const;
  await db.batch(writes);
  const cause = giveUp ? undefined : disablingCause(subscription, result, now);
  if (cause) await disableSubscription(env, db, subscription, cause, now);
  if (result.success || gone) return { kind: "done" };
  return delay === null ? { kind: "dead" } : { kind: "retry", delaySeconds: delay };
}

/**
 * The attempt, or why none could be made: an event too large to send (`giveUp`: our failure, not
 * retried) or a destination the policy refuses (checked again at send time: WEBHOOKS_ALLOW_LOOPBACK
 * may differ from when it was saved).
 */
async function attemptDelivery(
  config: ReturnType<typeof configOf>,
  subscription: SubscriptionRow,
  event: typeof webhookEvents.$inferSelect,
): Promise<{ result: AttemptResult; giveUp: boolean }> {
  const body = eventBody(event);
  if (new TextEncoder().encode(body).byteLength > MAX_EVENT_BODY_BYTES) {
    const error = `The event body exceeds ${MAX_EVENT_BODY_BYTES} bytes.`;
    return { result: { success: false, statusCode: null, error, durationMs: 0 }, giveUp: true };
  }
  const refusal = destinationRefusal(subscription.url, config.webhooksAllowLoopback);
  if (refusal) {
    const error = `Destination refused: ${refusal}`;
    return { result: { success: false, statusCode: null, error, durationMs: 0 }, giveUp: false };
  }
  const secret = await decryptSecret(config.webhookSecretKey, subscription.secretCiphertext, subscription.companyId);
  return { result: await sendSigned(subscription.url, secret, event.id, body), giveUp: false };
}

/**
 * Whether this answer disables the subscription: 410 Gone (the receiver asks never to be called
 * again), or a failure 5 days after the first failure with no success since (it will not get
 * better by itself). `subscription` is as read before the attempt.
 */
function disablingCause(subscription: SubscriptionRow, result: AttemptResult, now: number): DisabledCause | undefined {
  if (result.statusCode === 410) return "gone";
  if (result.success || subscription.failingSince === null) return undefined;
  return Date.parse(subscription.failingSince) <= now - FAILING_DISABLES_AFTER_MS ? "failing" : undefined;
}

/**
 * Claims a delivery for one attempt: a compare-and-set that holds it under a lease (so duplicate
 * messages never attempt it twice) only when it is pending, due and not held, and its subscription
 * has fewer than MAX_IN_FLIGHT deliveries held now. D1 runs one statement at a time, so the count
 * and the claim cannot interleave with another consumer's; a lease ends with the attempt or expires
 * (a consumer that died), so a slot is never lost for longer than LEASE_MS.
 */
async function claim(db: Database, deliveryId: string, now: number) {
  const d = webhookDeliveries;
  // Held ones only: a finished delivery has no lease, so its status needs no reading (the index has none).
  // Inside the count, "held" names the counted rows and the table's own name the row being claimed.
  const [claimed] = await db
    .update(d)
    .set({ leaseUntil: iso(now + LEASE_MS), updatedAt: iso(now) })
    .where(
      and(
        claimable(deliveryId, now),
        sql`(SELECT count(*) FROM ${d} AS held WHERE held.company_id = ${d.companyId} AND held.subscription_id = ${d.subscriptionId} AND held.lease_until > ${iso(now)}) < ${MAX_IN_FLIGHT}`,
      ),
    )
    .returning();
  return claimed;
}

/** Pending, due (within the tolerance) and not held by a consumer. */
const claimable = (deliveryId: string, now: number) =>
  and(
    eq(webhookDeliveries.id, deliveryId),
    eq(webhookDeliveries.status, "pending"),
    lte(webhookDeliveries.nextAttemptAt, iso(now + DUE_TOLERANCE_MS)),
    or(isNull(webhookDeliveries.leaseUntil), lte(webhookDeliveries.leaseUntil, iso(now))),
  );

/**
 * A delivery the claim refused although it is claimable: its subscription's cap is full. Its due
 * time moves past the deferral (so the sweep leaves it, and this message, if it came back early,
 * would find it not due), and a new message brings it back then. A new message, not a retry: Queues
 * count retries against max_retries, and waiting for a slot is no failure.
 */
async function defer(db: Database, deliveryId: string, now: number): Promise<DeliveryStep> {
  const delaySeconds = DEFER_SECONDS + Math.floor(Math.random() * (DEFER_SECONDS + 1));
  const [deferred] = await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: iso(now + delaySeconds * 1000), updatedAt: iso(now) })
    .where(claimable(deliveryId, now))
    .returning({ id: webhookDeliveries.id });
  return deferred ? { kind: "defer", delaySeconds } : { kind: "done" };
}

/**
 * The destination's record after an attempt: a success clears failing_since, the first failure
 * after a success sets it. Each a conditional UPDATE that changes nothing in the usual case (still
 * succeeding, still failing). No version bump: a company's PATCH never writes this field back
 * (queries.ts, updateSubscriptionStatements), except to reset it when enabling.
 */
function failingSinceStatement(db: Database, subscription: SubscriptionRow, success: boolean, now: number) {
  const s = webhookSubscriptions;
  const row = and(eq(s.companyId, subscription.companyId), eq(s.id, subscription.id));
  return success
    ? db
        .update(s)
        .set({ failingSince: null })
        .where(and(row, isNotNull(s.failingSince)))
    : db
        .update(s)
        .set({ failingSince: iso(now) })
        .where(and(row, isNull(s.failingSince)));
}

/**
 * Disables the subscription with its reason and emits webhook_subscription.disabled, once: the
 * batch holds only while the subscription is still enabled (and, for `failing`, still failing since
 * 5 days), so concurrent attempts that all see the cause disable it and emit the event once. The
 * event's statements come before the UPDATE, so it gets a delivery to the subscription (its types
 * permitting), which fails while it is disabled: a recover after enabling it again sends it.
 */
async function disableSubscription(
  env: Env,
  db: Database,
  subscription: SubscriptionRow,
  cause: DisabledCause,
  now: number,
): Promise<void> {
  const s = webhookSubscriptions;
  const at = iso(now);
  const reason =
    cause === "gone"
      ? "The destination answered 410 Gone."
      : `The destination failed without a success for 5 days (failing since ${subscription.failingSince}).`;
  const stillCause =
    cause === "gone"
      ? undefined
      : and(isNotNull(s.failingSince), lte(s.failingSince, iso(now - FAILING_DISABLES_AFTER_MS)));
  const outbox = outboxStatements(
    db,
    subscription.companyId,
    [
      webhookSubscriptionDisabled.of({
        id: subscription.id,
        url: subscription.url,
        cause,
        disabled_reason: reason,
        failing_since: subscription.failingSince,
        disabled_at: at,
      }),
    ],
    at,
  );
  let results: unknown[];
  try {
    results = await executeBatch(db, [
      precondition(
        db,
        sql`EXISTS (SELECT 1 FROM ${s} WHERE ${and(eq(s.companyId, subscription.companyId), eq(s.id, subscription.id), eq(s.enabled, true), stillCause)})`,
        () => new ApiError("conflict", "The webhook subscription was disabled, changed or replaced meanwhile."),
      ),
      ...outbox.statements,
      db
        .update(s)
        .set({ enabled: false, disabledReason: reason, disabledAt: at, updatedAt: at, version: sql`${s.version} + 1` })
        .where(and(eq(s.companyId, subscription.companyId), eq(s.id, subscription.id))),
    ]);
  } catch (error) {
    // Already disabled (another attempt saw the cause first), replaced, or it succeeded meanwhile.
    if (isPreconditionAbort(error)) return;
    throw error;
  }
  const created = outbox.createdDeliveries(results.slice(1, 1 + outbox.statements.length));
  await enqueueDeliveries(
    env,
    created.map((id) => ({ id, companyId: subscription.companyId })),
  );
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
        else if (step.kind === "defer") await deferMessage(env, message, step.delaySeconds);
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

/**
 * A deferred delivery's message: acknowledged, and sent again with the delay as a new message, so
 * waiting for a slot never uses up the Queue's retries. Should the send fail, the retry does it.
 */
async function deferMessage(env: Env, message: Message<string>, delaySeconds: number): Promise<void> {
  try {
    await env.WEBHOOK_QUEUE.send(message.body, { contentType: "json", delaySeconds });
    message.ack();
  } catch {
    message.retry({ delaySeconds });
  }
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
