import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { call, db, slug, tenant } from "../../../test/helpers";
import { auditLog } from "../../data/schema";
import worker from "../../index";
import { SWEEP_GRACE_MS, WEBHOOK_DLQ_NAME } from "./delivery";
import { webhookAttempts, webhookDeliveries, webhookEvents, webhookSubscriptions } from "./schema";
import { encryptSecret, newSigningSecret } from "./signing";

// Authentication, scopes, gates and other companies' ids in paths: test/security.test.ts (generated for every operation).

const loopback = { WEBHOOKS_ALLOW_LOOPBACK: "true" };
const conversations = { CONVERSATIONS_API_ENABLED: "true" };
/**
 * Nothing listens on port 9 of 127.0.0.1: attempts fail at once. The queue consumer running in the
 * background uses wrangler.toml's variables (loopback not allowed), so it refuses such a
 * destination without any network call; the tests drive the consumer themselves where it matters.
 */
const UNREACHABLE = "http://127.0.0.1:9/hook";

/**
 * A subscription, an event and a pending delivery written directly, so that no queue message
 * exists for the delivery and only the test's own message batches drive it.
 */
async function pendingDelivery(
  companyId: string,
  options: { attempts?: number; url?: string; nextAttemptAt?: string } = {},
) {
  const now = new Date().toISOString();
  const secret = newSigningSecret();
  const subscriptionId = crypto.randomUUID();
  const eventId = crypto.randomUUID();
  const deliveryId = crypto.randomUUID();
  await db.batch([
    db.insert(webhookSubscriptions).values({
      id: subscriptionId,
      companyId,
      url: options.url ?? UNREACHABLE,
      events: ["*"],
      secretCiphertext: await encryptSecret(env.WEBHOOK_SECRET_KEY, secret, companyId),
      enabled: true,
      createdAt: now,
      updatedAt: now,
    }),
    db
      .insert(webhookEvents)
      .values({ id: eventId, companyId, type: "budget.created", data: JSON.stringify({ id: "b1" }), createdAt: now }),
    db.insert(webhookDeliveries).values({
      id: deliveryId,
      companyId,
      eventId,
      subscriptionId,
      trigger: "scheduled",
      status: "pending",
      attempts: options.attempts ?? 0,
      nextAttemptAt: options.nextAttemptAt ?? now,
      createdAt: now,
      updatedAt: now,
    }),
  ]);
  return { deliveryId, eventId, subscriptionId, secret };
}

/** Runs the Worker's real queue handler on one message, as the Queue would. */
async function consume(deliveryId: string, queue = "public-api-webhooks", vars: Record<string, string> = loopback) {
  const batch = createMessageBatch<string>(queue, [
    { id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body: deliveryId },
  ]);
  // getQueueResult reports that a message was retried but not with which delay: observe the call.
  const retry = vi.spyOn(batch.messages[0]!, "retry");
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...env, ...vars }, ctx);
  const result = await getQueueResult(batch, ctx);
  return { ...result, retryDelays: retry.mock.calls.map(([options]) => options?.delaySeconds) };
}

const deliveryRow = async (id: string) =>
  (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!;

describe("the consumer", () => {
  it("logs a failed attempt and retries through the Queue on the schedule, then dead-letters and marks failed", async () => {
    const t = await tenant();
    const { deliveryId, eventId } = await pendingDelivery(t.companyId);

    const first = await consume(deliveryId);
    expect(first.retryMessages).toHaveLength(1);
    expect(first.retryDelays).toEqual([5]);
    let row = await deliveryRow(deliveryId);
    expect(row).toMatchObject({ status: "pending", attempts: 1, leaseUntil: null });
    expect(Date.parse(row.nextAttemptAt!) - Date.parse(row.updatedAt)).toBe(5000);

    // A message that arrives before the delivery is due (a duplicate) does nothing.
    const early = await consume(deliveryId);
    expect(early.explicitAcks).toHaveLength(1);
    expect((await deliveryRow(deliveryId)).attempts).toBe(1);

    // Each later attempt takes the next delay of the schedule.
    const delays: number[] = [];
    for (let attempt = 2; attempt <= 7; attempt++) {
      await db
        .update(webhookDeliveries)
        .set({ nextAttemptAt: new Date().toISOString() })
        .where(eq(webhookDeliveries.id, deliveryId));
      const result = await consume(deliveryId);
      delays.push(...result.retryDelays.map(Number));
    }
    expect(delays).toEqual([300, 1800, 7200, 18000, 36000, 43200]);

    await db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date().toISOString() })
      .where(eq(webhookDeliveries.id, deliveryId));
    const last = await consume(deliveryId);
    expect(last.retryMessages).toEqual([]);
    expect(last.explicitAcks).toHaveLength(1);
    row = await deliveryRow(deliveryId);
    expect(row).toMatchObject({ status: "failed", attempts: 8, nextAttemptAt: null });

    const attempts = await db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId));
    expect(attempts.map((entry) => entry.attempt).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(
      attempts.every(
        (entry) =>
          !entry.success && entry.statusCode === null && entry.eventId === eventId && entry.trigger === "scheduled",
      ),
    ).toBe(true);
    expect(attempts.find((entry) => entry.attempt === 8)!.nextRetryAt).toBeNull();
    expect(attempts.find((entry) => entry.attempt === 1)!.error).toMatch(/Network error/);
  });

  it("refuses at send time a destination the current policy does not allow", async () => {
    const t = await tenant();
    const { deliveryId } = await pendingDelivery(t.companyId);
    const result = await consume(deliveryId, "public-api-webhooks", { WEBHOOKS_ALLOW_LOOPBACK: "false" });
    expect(result.retryDelays).toEqual([5]);
    const [attempt] = await db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId));
    expect(attempt!.error).toMatch(/Destination refused/);
  });

  it("uses WEBHOOK_RETRY_SCHEDULE when set (local testing)", async () => {
    const t = await tenant();
    const { deliveryId } = await pendingDelivery(t.companyId);
    const result = await consume(deliveryId, "public-api-webhooks", { ...loopback, WEBHOOK_RETRY_SCHEDULE: "1" });
    expect(result.retryDelays).toEqual([1]);
    await db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date().toISOString() })
      .where(eq(webhookDeliveries.id, deliveryId));
    await consume(deliveryId, "public-api-webhooks", { ...loopback, WEBHOOK_RETRY_SCHEDULE: "1" });
    expect((await deliveryRow(deliveryId)).status).toBe("failed");
  });

  it("abandons a delivery whose subscription was removed", async () => {
    const t = await tenant();
    const { deliveryId, subscriptionId } = await pendingDelivery(t.companyId);
    await db.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, subscriptionId));
    const result = await consume(deliveryId);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: "failed", attempts: 0 });
  });

  it("marks a delivery the queue dead-lettered as failed", async () => {
    const t = await tenant();
    const { deliveryId } = await pendingDelivery(t.companyId, { attempts: 3 });
    const result = await consume(deliveryId, WEBHOOK_DLQ_NAME);
    expect(result.ackAll).toBe(true);
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: "failed", attempts: 3 });
  });
});

describe("the sweep (Cron Trigger)", () => {
  it("re-enqueues pending deliveries that are overdue and not held by a consumer, once per grace period", async () => {
    const t = await tenant();
    const overdue = new Date(Date.now() - SWEEP_GRACE_MS - 60_000).toISOString();
    const lost = await pendingDelivery(t.companyId, { nextAttemptAt: overdue });
    const t2 = await tenant();
    const recent = await pendingDelivery(t2.companyId);
    const t3 = await tenant();
    const leased = await pendingDelivery(t3.companyId, { nextAttemptAt: overdue });
    await db
      .update(webhookDeliveries)
      .set({ leaseUntil: new Date(Date.now() + 30_000).toISOString() })
      .where(eq(webhookDeliveries.id, leased.deliveryId));

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);
    const row = await deliveryRow(lost.deliveryId);
    // Re-enqueued: its due time moved to the sweep, so the next sweep leaves it alone for a while.
    expect(Date.parse(row.nextAttemptAt!)).toBeGreaterThan(Date.parse(overdue));
    expect((await deliveryRow(recent.deliveryId)).nextAttemptAt).toBe((await deliveryRow(recent.deliveryId)).createdAt);
    expect((await deliveryRow(leased.deliveryId)).nextAttemptAt).toBe(overdue);
  });
});

describe("delivery log and replay", () => {
  it("lists attempts of the caller's company only, filtered by success", async () => {
    const a = await tenant();
    const b = await tenant();
    const fromA = await pendingDelivery(a.companyId);
    await consume(fromA.deliveryId);
    const fromB = await pendingDelivery(b.companyId);
    await consume(fromB.deliveryId);

    const log = await call("/api/v1/webhooks/deliveries", { key: a.key });
    expect(log.status).toBe(200);
    expect(log.json).toMatchObject({ limit: 50, offset: 0 });
    expect(log.json.data).toHaveLength(1);
    expect(log.json.data[0]).toMatchObject({
      delivery_id: fromA.deliveryId,
      delivery_status: "pending",
      event_id: fromA.eventId,
      event_type: "budget.created",
      attempt: 1,
      trigger: "scheduled",
      success: false,
      status_code: null,
    });
    expect(log.json.data[0].next_retry_at).toEqual(expect.any(String));
    expect((await call("/api/v1/webhooks/deliveries?success=true", { key: a.key })).json.data).toHaveLength(0);
    expect((await call("/api/v1/webhooks/deliveries?success=false&limit=1", { key: a.key })).json.data).toHaveLength(1);
    const bad = await call("/api/v1/webhooks/deliveries?success=maybe", { key: a.key });
    expect(bad.status).toBe(400);
    expect(slug(bad.json)).toBe("validation_error");
  });

  it("replays a delivery of the caller's company with the same event (404 for another company's, 409 without a subscription)", async () => {
    const a = await tenant();
    const b = await tenant();
    const fromA = await pendingDelivery(a.companyId);
    await consume(fromA.deliveryId);

    const foreign = await call("/api/v1/events/replay", {
      key: b.key,
      body: { delivery_id: fromA.deliveryId },
      vars: conversations,
    });
    expect(foreign.status).toBe(404);
    expect(slug(foreign.json)).toBe("not_found");
    expect(
      (
        await call("/api/v1/events/replay", {
          key: a.key,
          body: { delivery_id: crypto.randomUUID() },
          vars: conversations,
        })
      ).status,
    ).toBe(404);

    const replay = await call("/api/v1/events/replay", {
      key: a.key,
      body: { delivery_id: fromA.deliveryId },
      vars: conversations,
    });
    expect(replay.status).toBe(200);
    expect(replay.json).toMatchObject({ replay_of: fromA.deliveryId, event_id: fromA.eventId, status: "pending" });
    const [copy] = await db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, replay.json.delivery_id), eq(webhookDeliveries.companyId, a.companyId)));
    expect(copy).toMatchObject({ trigger: "manual", eventId: fromA.eventId, replayOf: fromA.deliveryId });
    const audited = await db.select().from(auditLog).where(eq(auditLog.companyId, a.companyId));
    expect(audited.map((entry) => entry.operation)).toContain("replayWebhookDelivery");

    await db.delete(webhookSubscriptions).where(eq(webhookSubscriptions.companyId, a.companyId));
    const conflict = await call("/api/v1/events/replay", {
      key: a.key,
      body: { delivery_id: fromA.deliveryId },
      vars: conversations,
    });
    expect(conflict.status).toBe(409);
  });
});
