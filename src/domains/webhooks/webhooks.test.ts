import { createExecutionContext, createMessageBatch, createScheduledController, env, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { describe, expect, it, vi } from "vitest";
import { call, db, slug, tenant } from "../../../test/helpers";
import { auditLog } from "../../core/db/schema";
import worker from "../../index";
import { domains } from "../index";
import { eventBody, SWEEP_GRACE_MS, WEBHOOK_DLQ_NAME } from "./delivery";
import { destinationRefusal } from "./destination";
import { parseRetryAfter, retryDelay, retrySchedule, STANDARD_SCHEDULE } from "./schedule";
import { webhookAttempts, webhookDeliveries, webhookEvents, webhookSubscriptions } from "./schema";
import { encryptSecret, newSigningSecret, webhookHeaders } from "./signing";

const loopback = { WEBHOOKS_ALLOW_LOOPBACK: "true" };
const conversations = { CONVERSATIONS_API_ENABLED: "true" };
/**
 * Nothing listens on port 9 of 127.0.0.1: attempts fail at once. The queue consumer running in the
 * background uses wrangler.toml's variables (loopback not allowed), so it refuses such a
 * destination without any network call; the tests drive the consumer themselves where it matters.
 */
const UNREACHABLE = "http://127.0.0.1:9/hook";
const budget = { client_name: "Ana", items: [{ concept: "Work", units: 2, unit_price: 10 }] };

async function subscribe(key: string, events: string[] = ["budget.created"], url = UNREACHABLE) {
  const response = await call("/api/v1/webhooks", { key, body: { url, events }, vars: loopback });
  expect(response.status).toBe(200);
  return response.json as { id: string; secret: string };
}

/**
 * A subscription, an event and a pending delivery written directly, so that no queue message
 * exists for the delivery and only the test's own message batches drive it.
 */
async function pendingDelivery(companyId: string, options: { attempts?: number; url?: string; nextAttemptAt?: string } = {}) {
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
    db.insert(webhookEvents).values({ id: eventId, companyId, type: "budget.created", data: JSON.stringify({ id: "b1" }), createdAt: now }),
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
  const batch = createMessageBatch<string>(queue, [{ id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body: deliveryId }]);
  // getQueueResult reports that a message was retried but not with which delay: observe the call.
  const retry = vi.spyOn(batch.messages[0]!, "retry");
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...env, ...vars }, ctx);
  const result = await getQueueResult(batch, ctx);
  return { ...result, retryDelays: retry.mock.calls.map(([options]) => options?.delaySeconds) };
}

const deliveryRow = async (id: string) => (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!;

describe("signing", () => {
  it("produces Standard Webhooks headers that the standardwebhooks package verifies", async () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = eventBody({ id: "evt_1", type: "budget.created", data: '{"a":1}', createdAt: "2026-01-01T00:00:00.000Z" });
    expect(JSON.parse(body)).toEqual({ id: "evt_1", type: "budget.created", timestamp: "2026-01-01T00:00:00.000Z", data: { a: 1 } });
    const headers = await webhookHeaders(secret, "evt_1", Math.floor(Date.now() / 1000), body);
    expect(headers["webhook-signature"]).toMatch(/^v1,/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newSigningSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body.replace("1", "2"), headers)).toThrow();
  });
});

describe("retry schedule", () => {
  it("is the Standard Webhooks schedule, each delay at most 12 h, at least 24 h in all", () => {
    expect(STANDARD_SCHEDULE).toEqual([5, 300, 1800, 7200, 18000, 36000, 43200]);
    expect(STANDARD_SCHEDULE.every((delay) => delay <= 43200)).toBe(true);
    expect(STANDARD_SCHEDULE.reduce((sum, delay) => sum + delay, 0)).toBeGreaterThanOrEqual(86400);
    expect(retrySchedule(undefined)).toBe(STANDARD_SCHEDULE);
    expect(retrySchedule([1, 2, 3])).toEqual([1, 2, 3]);
  });

  it("gives the delay after each failed attempt, honours Retry-After as a minimum, and ends", () => {
    expect(retryDelay(1, STANDARD_SCHEDULE)).toBe(5);
    expect(retryDelay(2, STANDARD_SCHEDULE)).toBe(300);
    expect(retryDelay(7, STANDARD_SCHEDULE)).toBe(43200);
    expect(retryDelay(8, STANDARD_SCHEDULE)).toBeNull();
    expect(retryDelay(1, STANDARD_SCHEDULE, 120)).toBe(120);
    expect(retryDelay(2, STANDARD_SCHEDULE, 10)).toBe(300);
    expect(retryDelay(1, STANDARD_SCHEDULE, 10 ** 6)).toBe(43200);
    expect(parseRetryAfter("30", 0)).toBe(30);
    expect(parseRetryAfter(new Date(60_000).toUTCString(), 0)).toBe(60);
    expect(parseRetryAfter("soon", 0)).toBeUndefined();
    expect(parseRetryAfter(null, 0)).toBeUndefined();
  });
});

describe("destinations", () => {
  const refused = [
    "http://hooks.example.com/x",
    "https://127.0.0.1/x",
    "https://127.1/x",
    "https://2130706433/x",
    "https://0x7f000001/x",
    "https://localhost/x",
    "https://api.localhost/x",
    "https://10.0.0.1/x",
    "https://172.16.0.1/x",
    "https://172.31.255.255/x",
    "https://192.168.1.1/x",
    "https://169.254.169.254/latest/meta-data",
    "https://0.0.0.0/x",
    "https://100.64.0.1/x",
    "https://224.0.0.1/x",
    "https://[::1]/x",
    "https://[::]/x",
    "https://[fc00::1]/x",
    "https://[fd12:3456::1]/x",
    "https://[fe80::1]/x",
    "https://[::ffff:127.0.0.1]/x",
    "https://[::ffff:10.0.0.1]/x",
    "https://[::ffff:a9fe:a9fe]/x",
    "https://[64:ff9b::a00:1]/x",
    // Every special-purpose range of the IANA registries, not only private and loopback ones.
    "https://[::ffff:0:7f00:1]/x", // IPv4-translated loopback
    "https://[::ffff:8.8.8.8]/x", // IPv4-mapped, even of a public address
    "https://[::7f00:1]/x", // IPv4-compatible (deprecated), outside global unicast
    "https://192.0.2.10/x", // documentation (TEST-NET-1)
    "https://198.51.100.7/x", // documentation (TEST-NET-2)
    "https://203.0.113.9/x", // documentation (TEST-NET-3)
    "https://[2001:db8::1]/x", // documentation
    "https://198.18.0.1/x", // benchmarking
    "https://192.0.0.8/x", // IETF protocol assignments
    "https://240.0.0.1/x", // reserved
    "https://255.255.255.255/x", // broadcast
    "https://192.88.99.1/x", // 6to4 relay anycast
    "https://[2002:7f00:1::1]/x", // 6to4
    "https://[2001::1]/x", // Teredo
    "https://[100::1]/x", // discard-only
    "https://[5f00::1]/x", // segment routing
    "https://user:pass@hooks.example.com/x",
    "https://user@hooks.example.com/x",
    "ftp://hooks.example.com/x",
    "not a url",
  ];
  it.each(refused)("refuses %s", (url) => {
    expect(destinationRefusal(url, false)).toBeTypeOf("string");
  });

  it.each(["https://hooks.example.com/x", "https://8.8.8.8/x", "https://[2606:4700::1111]/x", "https://172.32.0.1/x", "https://192.0.3.1/x", "https://203.0.114.1/x"])(
    "accepts %s",
    (url) => expect(destinationRefusal(url, false)).toBeUndefined(),
  );

  it("admits loopback over http(s) only when WEBHOOKS_ALLOW_LOOPBACK is on, and never with credentials or other private ranges", () => {
    for (const url of ["http://127.0.0.1:4000/x", "http://localhost:4000/x", "https://127.0.0.1/x", "http://[::1]:4000/x"]) {
      expect(destinationRefusal(url, true)).toBeUndefined();
      expect(destinationRefusal(url, false)).toBeTypeOf("string");
    }
    expect(destinationRefusal("http://user:pass@127.0.0.1/x", true)).toBeTypeOf("string");
    expect(destinationRefusal("http://10.0.0.1/x", true)).toBeTypeOf("string");
    expect(destinationRefusal("http://hooks.example.com/x", true)).toBeTypeOf("string");
  });

  it.each(["https://127.0.0.1/x", "https://10.0.0.1/x", "https://169.254.169.254/x", "https://[::1]/x", "https://0.0.0.0/x", "http://hooks.example.com/x", "https://user:pass@hooks.example.com/x", "https://[::ffff:192.168.0.1]/x"])(
    "POST /webhooks answers 400 validation_error for %s",
    async (url) => {
      const t = await tenant();
      const response = await call("/api/v1/webhooks", { key: t.key, body: { url, events: ["budget.created"] } });
      expect(response.status).toBe(400);
      expect(slug(response.json)).toBe("validation_error");
      expect(response.json.errors[0].path).toBe("body.url");
    },
  );
});

describe("subscription lifecycle", () => {
  it("creates, reads without the secret, rotates, changes, deletes; every write is audited", async () => {
    const t = await tenant();
    const empty = await call("/api/v1/webhooks", { key: t.key });
    expect(empty.status).toBe(200);
    expect(empty.json).toMatchObject({ id: null, url: null, has_secret: false, enabled: false });

    const created = await call("/api/v1/webhooks", { key: t.key, body: { url: "https://hooks.example.com/a", events: ["budget.created", "budget.created"] } });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ url: "https://hooks.example.com/a", events: ["budget.created"], enabled: true, has_secret: true });
    expect(created.json.secret).toMatch(/^whsec_/);

    const read = await call("/api/v1/webhooks", { key: t.key });
    expect(read.json).toMatchObject({ id: created.json.id, has_secret: true });
    expect(read.json.secret).toBeUndefined();
    expect(read.text).not.toContain(created.json.secret.slice(6));
    // Stored encrypted, never in plain text.
    const [row] = await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.companyId, t.companyId));
    expect(row!.secretCiphertext).toMatch(/^v1\./);
    expect(row!.secretCiphertext).not.toContain(created.json.secret.slice(6, 20));

    const changed = await call("/api/v1/webhooks", { key: t.key, method: "PATCH", body: { events: ["*"] } });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ events: ["*"], has_secret: true });
    expect(changed.json.secret).toBeUndefined();

    const rotated = await call("/api/v1/webhooks", { key: t.key, method: "PATCH", body: { rotate_secret: true } });
    expect(rotated.status).toBe(200);
    expect(rotated.json.secret).toMatch(/^whsec_/);
    expect(rotated.json.secret).not.toBe(created.json.secret);

    const replaced = await call("/api/v1/webhooks", { key: t.key, body: { url: "https://hooks.example.com/b", events: ["budget.created"] } });
    expect(replaced.json.id).not.toBe(created.json.id);
    expect(await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.companyId, t.companyId))).toHaveLength(1);

    const deleted = await call("/api/v1/webhooks", { key: t.key, method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ id: replaced.json.id, deleted: true });
    expect((await call("/api/v1/webhooks", { key: t.key, method: "DELETE" })).status).toBe(404);
    expect((await call("/api/v1/webhooks", { key: t.key, method: "PATCH", body: { enabled: true } })).status).toBe(404);

    const audited = await db.select().from(auditLog).where(eq(auditLog.companyId, t.companyId));
    expect(audited.map((entry) => entry.operation).sort()).toEqual(
      ["deleteWebhookSubscription", "putWebhookSubscription", "putWebhookSubscription", "updateWebhookSubscription", "updateWebhookSubscription"].sort(),
    );
  });

  it("validates bodies, scopes and the write gate", async () => {
    const t = await tenant();
    const unknownType = await call("/api/v1/webhooks", { key: t.key, body: { url: "https://hooks.example.com/a", events: ["budget.exploded"] } });
    expect(unknownType.status).toBe(400);
    expect(unknownType.json.errors[0].path).toBe("body.events.0");
    expect((await call("/api/v1/webhooks", { key: t.key, body: { url: "https://hooks.example.com/a", events: [] } })).status).toBe(400);
    await call("/api/v1/webhooks", { key: t.key, body: { url: "https://hooks.example.com/a", events: ["*"] } });
    expect((await call("/api/v1/webhooks", { key: t.key, method: "PATCH", body: {} })).status).toBe(400);
    const badUrl = await call("/api/v1/webhooks", { key: t.key, method: "PATCH", body: { url: "https://10.1.2.3/" } });
    expect(badUrl.status).toBe(400);

    const reader = await tenant({}, ["webhooks:read"]);
    expect((await call("/api/v1/webhooks", { key: reader.key })).status).toBe(200);
    expect(slug((await call("/api/v1/webhooks", { key: reader.key, body: { url: "https://hooks.example.com/a", events: ["*"] } })).json)).toBe(
      "insufficient_scope",
    );
    const gated = await call("/api/v1/webhooks", { key: t.key, body: { url: "https://hooks.example.com/a", events: ["*"] }, vars: { PUBLIC_API_WRITE_ENABLED: "false" } });
    expect(gated.status).toBe(404);
  });

  it("does not keep a response that carries the secret in the idempotency store", async () => {
    const t = await tenant();
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    const body = { url: "https://hooks.example.com/a", events: ["*"] };
    const first = await call("/api/v1/webhooks", { key: t.key, body, headers });
    expect(first.status).toBe(200);
    const again = await call("/api/v1/webhooks", { key: t.key, body, headers });
    expect(again.status).toBe(409);
    expect(again.text).not.toContain("whsec_");
  });
});

describe("events and the outbox", () => {
  it("writes the event and its delivery with the write, filtered by the subscription's event set", async () => {
    const t = await tenant();
    await subscribe(t.key, ["contact.created"]);
    expect((await call("/api/v1/budgets", { key: t.key, body: budget })).status).toBe(201);
    const [event] = await db.select().from(webhookEvents).where(eq(webhookEvents.companyId, t.companyId));
    expect(event).toBeDefined();
    expect(await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.companyId, t.companyId))).toHaveLength(0);

    await call("/api/v1/webhooks", { key: t.key, method: "PATCH", body: { events: ["budget.created"] } });
    const created = await call("/api/v1/budgets", { key: t.key, body: budget });
    const deliveries = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.companyId, t.companyId));
    expect(deliveries).toHaveLength(1);
    const [delivered] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, deliveries[0]!.eventId));
    // `fill`: the budget number drawn inside the batch is in the event data.
    expect(JSON.parse(delivered!.data)).toMatchObject({ id: created.json.id, budget_number: created.json.budget_number, total: 24.2 });
    expect(deliveries[0]).toMatchObject({ trigger: "scheduled", eventId: delivered!.id });
  });

  it("sends events only to the subscription of the company that caused them, and not to a disabled one", async () => {
    const a = await tenant();
    const b = await tenant();
    await subscribe(a.key, ["*"]);
    await subscribe(b.key, ["*"]);
    await call("/api/v1/budgets", { key: b.key, body: budget });
    expect(await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.companyId, a.companyId))).toHaveLength(0);
    expect(await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.companyId, b.companyId))).toHaveLength(1);

    await call("/api/v1/webhooks", { key: a.key, method: "PATCH", body: { enabled: false } });
    await call("/api/v1/budgets", { key: a.key, body: budget });
    expect(await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.companyId, a.companyId))).toHaveLength(0);
  });
});

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
      await db.update(webhookDeliveries).set({ nextAttemptAt: new Date().toISOString() }).where(eq(webhookDeliveries.id, deliveryId));
      const result = await consume(deliveryId);
      delays.push(...result.retryDelays.map(Number));
    }
    expect(delays).toEqual([300, 1800, 7200, 18000, 36000, 43200]);

    await db.update(webhookDeliveries).set({ nextAttemptAt: new Date().toISOString() }).where(eq(webhookDeliveries.id, deliveryId));
    const last = await consume(deliveryId);
    expect(last.retryMessages).toEqual([]);
    expect(last.explicitAcks).toHaveLength(1);
    row = await deliveryRow(deliveryId);
    expect(row).toMatchObject({ status: "failed", attempts: 8, nextAttemptAt: null });

    const attempts = await db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId));
    expect(attempts.map((entry) => entry.attempt).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(attempts.every((entry) => !entry.success && entry.statusCode === null && entry.eventId === eventId && entry.trigger === "scheduled")).toBe(true);
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
    await db.update(webhookDeliveries).set({ nextAttemptAt: new Date().toISOString() }).where(eq(webhookDeliveries.id, deliveryId));
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

    const hidden = await call("/api/v1/events/replay", { key: a.key, body: { delivery_id: fromA.deliveryId } });
    expect(hidden.status).toBe(404); // gate C off

    const foreign = await call("/api/v1/events/replay", { key: b.key, body: { delivery_id: fromA.deliveryId }, vars: conversations });
    expect(foreign.status).toBe(404);
    expect(slug(foreign.json)).toBe("not_found");
    expect((await call("/api/v1/events/replay", { key: a.key, body: { delivery_id: crypto.randomUUID() }, vars: conversations })).status).toBe(404);

    const replay = await call("/api/v1/events/replay", { key: a.key, body: { delivery_id: fromA.deliveryId }, vars: conversations });
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
    const conflict = await call("/api/v1/events/replay", { key: a.key, body: { delivery_id: fromA.deliveryId }, vars: conversations });
    expect(conflict.status).toBe(409);
  });
});

describe("event catalogue", () => {
  it("lists every emitted event type with a JSON Schema of its data, behind the conversations switch", async () => {
    const t = await tenant();
    expect((await call("/api/v1/events/catalog", { key: t.key })).status).toBe(404);
    const catalog = await call("/api/v1/events/catalog", { key: t.key, vars: conversations });
    expect(catalog.status).toBe(200);
    const emitted = domains.flatMap((domain) => domain.events).map((definition) => definition.type);
    expect(catalog.json.data.map((entry: { type: string }) => entry.type).sort()).toEqual(emitted.sort());
    const created = catalog.json.data.find((entry: { type: string }) => entry.type === "budget.created");
    expect(created.schema).toMatchObject({ type: "object", properties: { budget_number: { type: "string" } } });
    expect(created.schema.required).toContain("total");
  });
});
