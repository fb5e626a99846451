import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { and, eq, inArray } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { moveClock, resetClock } from "../../../test/clock";
import { call, db, slug, tenant } from "../../../test/helpers";
import { settleDeliveries } from "../../../test/deliveries";
import { clock } from "../../lib/clock";
import worker from "../../index";
import { companyMessage } from "../../work/queue-message";
import { DEFER_SECONDS, MAX_IN_FLIGHT } from "./delivery";
import { webhookAttempts, webhookDeliveries, webhookEvents, webhookSubscriptions } from "./schema";
import { encryptSecret, newSigningSecret } from "./signing";

// What a receiver's answers do to deliveries (Standard Webhooks' "receiver signals"): 410 disables,
// 429/503 with Retry-After delay, 5 days of failures disable, a cap on attempts in flight per
// subscription, and recovering the failed ones. The receiver is the fake of scripts/fakes/receiver.ts,
// scripted per test path; the consumer is the Worker's real queue handler, driven by the tests.

afterEach(resetClock);

const loopback = { WEBHOOKS_ALLOW_LOOPBACK: "true" };
const receiver = (JSON.parse(env.FAKE_PROVIDERS) as Record<string, string>).receiver!;
const DAY = 24 * 60 * 60 * 1000;

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

async function receivedAt(path: string): Promise<Received[]> {
  const response = await fetch(`${receiver}/__fake/requests?match=${encodeURIComponent(path)}`);
  return ((await response.json()) as { requests: Received[] }).requests.filter((request) => request.path === path);
}

/** The receiver's next request at `path` gets this answer instead of its 200 (`times` requests in a row). */
async function script(path: string, answer: Record<string, unknown>, times = 1) {
  for (let i = 0; i < times; i++) {
    const response = await fetch(`${receiver}/__fake/script`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...answer, match: path }),
    });
    expect(response.status).toBe(200);
  }
}

/**
 * A subscription at a path of the receiver of its own, written directly (as its deliveries are),
 * so no queue message exists and only the test's batches drive the consumer.
 */
async function subscription(companyId: string) {
  const path = `/hooks/${crypto.randomUUID()}`;
  const secret = newSigningSecret();
  const id = crypto.randomUUID();
  const now = clock.iso();
  await db.insert(webhookSubscriptions).values({
    id,
    companyId,
    url: `${receiver}${path}`,
    events: ["*"],
    secretCiphertext: await encryptSecret(env.WEBHOOK_SECRET_KEY, secret, companyId),
    enabled: true,
    createdAt: now,
    updatedAt: now,
  });
  return { id, companyId, path, secret };
}

type Subscription = Awaited<ReturnType<typeof subscription>>;

/** An event and its delivery to `sub`, due now unless told otherwise. */
async function delivery(
  sub: Pick<Subscription, "id" | "companyId">,
  options: { status?: "pending" | "succeeded" | "failed"; updatedAt?: string; leaseUntil?: string } = {},
) {
  const now = clock.iso();
  const eventId = crypto.randomUUID();
  const deliveryId = crypto.randomUUID();
  const status = options.status ?? "pending";
  await db.batch([
    db.insert(webhookEvents).values({
      id: eventId,
      companyId: sub.companyId,
      type: "budget.created",
      data: JSON.stringify({ id: eventId }),
      createdAt: now,
    }),
    db.insert(webhookDeliveries).values({
      id: deliveryId,
      companyId: sub.companyId,
      eventId,
      subscriptionId: sub.id,
      trigger: "scheduled",
      status,
      attempts: status === "pending" ? 0 : 1,
      nextAttemptAt: status === "pending" ? now : null,
      leaseUntil: options.leaseUntil ?? null,
      createdAt: now,
      updatedAt: options.updatedAt ?? now,
    }),
  ]);
  return { deliveryId, eventId, companyId: sub.companyId };
}

/** One batch of the Worker's real queue handler over these deliveries, their messages handled at once. */
async function consume(deliveries: readonly { deliveryId: string; companyId: string }[]) {
  const batch = createMessageBatch<string>(
    "public-api-webhooks",
    deliveries.map((entry) => ({
      id: crypto.randomUUID(),
      timestamp: new Date(),
      attempts: 1,
      body: companyMessage({ id: entry.deliveryId, companyId: entry.companyId }),
    })),
  );
  const retries = batch.messages.map((message) => vi.spyOn(message, "retry"));
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...env, ...loopback }, ctx);
  const result = await getQueueResult(batch, ctx);
  return { ...result, retryDelays: retries.flatMap((spy) => spy.mock.calls.map(([options]) => options?.delaySeconds)) };
}

const deliveryRow = async (id: string) =>
  (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!;
const subscriptionRow = async (id: string) =>
  (await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id)))[0]!;
const disabledEvents = (companyId: string) =>
  db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.companyId, companyId), eq(webhookEvents.type, "webhook_subscription.disabled")));
const attemptsOf = (deliveryIds: readonly string[]) =>
  db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, [...deliveryIds]));

/**
 * Delivers deliveries an operation queued, through the Worker's real queue handler with loopback
 * allowed. Their messages also reach the consumer running in the background, whose variables refuse
 * the receiver on 127.0.0.1 without a request (a failed attempt, retried in 5 s): settleDeliveries
 * waits for an attempt it holds and never takes one from it.
 */
async function deliverQueued(deliveryIds: readonly string[]) {
  const ended = await settleDeliveries(deliveryIds, { vars: loopback });
  expect(ended.filter((row) => row.status !== "succeeded")).toEqual([]);
}

function verified(secret: string, request: Received) {
  return new Webhook(secret).verify(request.body, request.headers) as { id: string; type: string; data: unknown };
}

describe("410 Gone", () => {
  it("disables the subscription at once, with its reason and one webhook_subscription.disabled, however many attempts see it", async () => {
    const t = await tenant();
    const sub = await subscription(t.companyId);
    const deliveries = [await delivery(sub), await delivery(sub), await delivery(sub)];
    await script(sub.path, { status: 410 }, 3);

    const result = await consume(deliveries);
    // Nothing retried: the one that got the 410 is failed, the others failed or abandoned.
    expect(result.retryDelays).toEqual([]);
    const received = await receivedAt(sub.path);
    expect(received.length).toBeGreaterThanOrEqual(1);
    for (const { deliveryId } of deliveries) expect((await deliveryRow(deliveryId)).status).toBe("failed");

    const read = await call("/api/v1/webhooks", { key: t.key });
    expect(read.json).toMatchObject({
      id: sub.id,
      enabled: false,
      disabled_reason: "The destination answered 410 Gone.",
      disabled_at: expect.any(String),
    });
    const events = await disabledEvents(t.companyId);
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.data)).toMatchObject({
      id: sub.id,
      url: `${receiver}${sub.path}`,
      cause: "gone",
      disabled_reason: "The destination answered 410 Gone.",
      disabled_at: read.json.disabled_at,
    });

    // The event has a delivery of its own, which fails while the subscription is disabled, with no request made.
    const [eventDelivery] = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventId, events[0]!.id));
    expect(eventDelivery).toBeDefined();
    await consume([{ deliveryId: eventDelivery!.id, companyId: t.companyId }]);
    expect(await deliveryRow(eventDelivery!.id)).toMatchObject({
      status: "failed",
      attempts: 0,
      lastError: "The webhook subscription is disabled.",
    });
    expect(await receivedAt(sub.path)).toHaveLength(received.length);

    // Enabled again by the company: the reason and the failure record go.
    const enabled = await call("/api/v1/webhooks", { key: t.key, method: "PATCH", body: { enabled: true } });
    expect(enabled.status).toBe(200);
    expect(enabled.json).toMatchObject({
      enabled: true,
      disabled_reason: null,
      disabled_at: null,
      failing_since: null,
    });
  });
});

describe("Retry-After", () => {
  it("on a 429 delays the next attempt to at least then, and a message before then makes none", async () => {
    const t = await tenant();
    const sub = await subscription(t.companyId);
    const d = await delivery(sub);
    await script(sub.path, { status: 429, headers: { "Retry-After": "120" } });

    const first = await consume([d]);
    // The schedule's first step is 5 s; the receiver asked for 120.
    expect(first.retryDelays).toEqual([120]);
    let row = await deliveryRow(d.deliveryId);
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 429 });
    expect(Date.parse(row.nextAttemptAt!) - Date.parse(row.updatedAt)).toBe(120_000);
    const [logged] = await attemptsOf([d.deliveryId]);
    expect(logged).toMatchObject({ statusCode: 429, nextRetryAt: row.nextAttemptAt });

    // A minute later (a duplicate message, or the sweep): too early, no attempt.
    moveClock(60_000);
    await consume([d]);
    expect((await deliveryRow(d.deliveryId)).attempts).toBe(1);
    expect(await receivedAt(sub.path)).toHaveLength(1);

    // Past the time asked for: attempted, and delivered.
    moveClock(121_000);
    await consume([d]);
    row = await deliveryRow(d.deliveryId);
    expect(row).toMatchObject({ status: "succeeded", attempts: 2 });
    const received = await receivedAt(sub.path);
    expect(received).toHaveLength(2);
    expect(verified(sub.secret, received[1]!).id).toBe(d.eventId);
  });

  it("takes an HTTP date too, and caps what it honours at one hour", async () => {
    const t = await tenant();
    const sub = await subscription(t.companyId);
    const dated = await delivery(sub);
    const until = new Date(clock.now() + 600_000).toUTCString();
    await script(sub.path, { status: 429, headers: { "Retry-After": until } });
    const first = await consume([dated]);
    expect(first.retryDelays).toHaveLength(1);
    expect(first.retryDelays[0]).toBeGreaterThan(500);
    expect(first.retryDelays[0]).toBeLessThanOrEqual(600);
    // Not before the date the receiver gave.
    expect(Date.parse((await deliveryRow(dated.deliveryId)).nextAttemptAt!)).toBeGreaterThanOrEqual(Date.parse(until));

    const far = await delivery(sub);
    await script(sub.path, { status: 429, headers: { "Retry-After": String(2 * 24 * 3600) } });
    expect((await consume([far])).retryDelays).toEqual([3600]);
  });

  it("on a 503 delays the same way; a 503 without it follows the schedule", async () => {
    const t = await tenant();
    const sub = await subscription(t.companyId);
    const asked = await delivery(sub);
    await script(sub.path, { status: 503, headers: { "Retry-After": "300" } });
    expect((await consume([asked])).retryDelays).toEqual([300]);
    const row = await deliveryRow(asked.deliveryId);
    expect(Date.parse(row.nextAttemptAt!) - Date.parse(row.updatedAt)).toBe(300_000);

    const plain = await delivery(sub);
    await script(sub.path, { status: 503 });
    expect((await consume([plain])).retryDelays).toEqual([5]);
    // A Retry-After on another status (500) is not a receiver signal: the schedule applies.
    const other = await delivery(sub);
    await script(sub.path, { status: 500, headers: { "Retry-After": "300" } });
    expect((await consume([other])).retryDelays).toEqual([5]);
  });
});

describe("a destination failing for 5 days", () => {
  it("is disabled at its first failure 5 days after the first one with no success between, with one event", async () => {
    const t = await tenant();
    const sub = await subscription(t.companyId);
    const start = clock.now();
    await script(sub.path, { status: 500 });
    await consume([await delivery(sub)]);
    const failingSince = (await subscriptionRow(sub.id)).failingSince;
    expect(failingSince).not.toBeNull();
    expect((await call("/api/v1/webhooks", { key: t.key })).json).toMatchObject({
      enabled: true,
      failing_since: failingSince,
    });

    // Three days on, still failing: still enabled, still failing since the first failure.
    moveClock(3 * DAY);
    await script(sub.path, { status: 500 });
    await consume([await delivery(sub)]);
    expect(await subscriptionRow(sub.id)).toMatchObject({ enabled: true, failingSince });

    // Five days after the first failure: the next failure disables it.
    moveClock(5 * DAY + 60_000);
    await script(sub.path, { status: 500 });
    await consume([await delivery(sub)]);
    const disabled = await subscriptionRow(sub.id);
    expect(disabled).toMatchObject({ enabled: false, failingSince });
    expect(disabled.disabledReason).toMatch(/failed without a success for 5 days/);
    expect(Date.parse(disabled.disabledAt!)).toBeGreaterThanOrEqual(start + 5 * DAY);
    const events = await disabledEvents(t.companyId);
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.data)).toMatchObject({ id: sub.id, cause: "failing", failing_since: failingSince });
  });

  it("starts counting again after a success", async () => {
    const t = await tenant();
    const sub = await subscription(t.companyId);
    await script(sub.path, { status: 500 });
    await consume([await delivery(sub)]);
    expect((await subscriptionRow(sub.id)).failingSince).not.toBeNull();

    moveClock(3 * DAY);
    await consume([await delivery(sub)]);
    expect((await subscriptionRow(sub.id)).failingSince).toBeNull();

    moveClock(5 * DAY + 60_000);
    await script(sub.path, { status: 500 });
    await consume([await delivery(sub)]);
    const row = await subscriptionRow(sub.id);
    expect(row).toMatchObject({ enabled: true, disabledReason: null });
    expect(Date.parse(row.failingSince!)).toBeGreaterThanOrEqual(Date.now() + 5 * DAY);
    expect(await disabledEvents(t.companyId)).toHaveLength(0);
  });
});

describe("the concurrency cap per subscription", () => {
  it(`defers a delivery while ${MAX_IN_FLIGHT} of its subscription's are held; an expired hold does not count`, async () => {
    const t = await tenant();
    const sub = await subscription(t.companyId);
    const heldUntil = new Date(clock.now() + 30_000).toISOString();
    const held = [];
    for (let i = 0; i < MAX_IN_FLIGHT; i++) held.push(await delivery(sub, { leaseUntil: heldUntil }));
    // Another company's attempts in flight take nothing from this one's.
    const other = await tenant();
    const otherSub = await subscription(other.companyId);
    for (let i = 0; i < MAX_IN_FLIGHT; i++) await delivery(otherSub, { leaseUntil: heldUntil });
    const otherDelivery = await delivery(otherSub);

    const waiting = await delivery(sub);
    const result = await consume([waiting]);
    // Not attempted, not retried (a retry would count against the Queue's max_retries): a new message comes later.
    expect(result.retryDelays).toEqual([]);
    expect(result.explicitAcks).toHaveLength(1);
    const row = await deliveryRow(waiting.deliveryId);
    expect(row).toMatchObject({ status: "pending", attempts: 0, leaseUntil: null });
    const deferredBy = Date.parse(row.nextAttemptAt!) - Date.parse(row.updatedAt);
    expect(deferredBy).toBeGreaterThanOrEqual(DEFER_SECONDS * 1000);
    expect(deferredBy).toBeLessThanOrEqual(2 * DEFER_SECONDS * 1000);
    expect(await receivedAt(sub.path)).toHaveLength(0);
    expect(await attemptsOf([waiting.deliveryId])).toHaveLength(0);

    // The consumers holding them died: their leases expire, and the slots are free again.
    await db
      .update(webhookDeliveries)
      .set({ leaseUntil: new Date(clock.now() - 1000).toISOString() })
      .where(
        inArray(
          webhookDeliveries.id,
          held.map((entry) => entry.deliveryId),
        ),
      );
    const next = await delivery(sub);
    await consume([next]);
    expect(await deliveryRow(next.deliveryId)).toMatchObject({ status: "succeeded", attempts: 1 });
    const received = await receivedAt(sub.path);
    expect(received.map((request) => verified(sub.secret, request).id)).toEqual([next.eventId]);

    await consume([otherDelivery]);
    expect((await deliveryRow(otherDelivery.deliveryId)).status).toBe("pending");
  });

  it("never lets a slow destination have more attempts in flight at once than the cap", async () => {
    const t = await tenant();
    const sub = await subscription(t.companyId);
    const count = MAX_IN_FLIGHT + 4;
    const deliveries = [];
    for (let i = 0; i < count; i++) deliveries.push(await delivery(sub));
    // Each answer takes 1.5 s: the attempts of one batch overlap.
    await script(sub.path, { delayMs: 1500 }, count);

    await consume(deliveries);
    const ids = deliveries.map((entry) => entry.deliveryId);
    const attempts = await attemptsOf(ids);
    const rows = await db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.id, ids));
    const deferred = rows.filter((row) => row.attempts === 0);
    // Every message was either attempted (and delivered) or deferred without an attempt.
    expect(attempts.length + deferred.length).toBe(count);
    expect(rows.filter((row) => row.attempts === 1).every((row) => row.status === "succeeded")).toBe(true);
    expect(deferred.every((row) => row.status === "pending" && Date.parse(row.nextAttemptAt!) > clock.now())).toBe(
      true,
    );
    // The most attempts in flight at any instant, from each attempt's start and end.
    const edges = attempts
      .flatMap((attempt) => {
        const end = Date.parse(attempt.createdAt);
        return [
          { at: end - attempt.durationMs, change: 1 },
          { at: end, change: -1 },
        ];
      })
      // An end before a start at the same instant: touching is not overlapping.
      .sort((a, b) => a.at - b.at || a.change - b.change);
    let inFlight = 0;
    let most = 0;
    for (const edge of edges) {
      inFlight += edge.change;
      most = Math.max(most, inFlight);
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(MAX_IN_FLIGHT);
  });
});

describe("POST /api/v1/webhooks/{id}/recover", () => {
  it("re-sends each delivery that failed since the time, once, however many recovers run", async () => {
    const t = await tenant();
    const sub = await subscription(t.companyId);
    const since = new Date(clock.now() - 60 * 60_000).toISOString();
    const before = new Date(clock.now() - 2 * 60 * 60_000).toISOString();
    const failed = [await delivery(sub, { status: "failed" }), await delivery(sub, { status: "failed" })];
    const failedBefore = await delivery(sub, { status: "failed", updatedAt: before });
    const succeeded = await delivery(sub, { status: "succeeded" });
    const pending = await delivery(sub, { status: "pending" });
    // A failure of the subscription this one replaced.
    const replaced = await delivery({ id: crypto.randomUUID(), companyId: t.companyId }, { status: "failed" });

    const recover = () => call(`/api/v1/webhooks/${sub.id}/recover`, { key: t.key, body: { since } });
    // Two at once: between them, each failure is re-sent once.
    const [a, b] = await Promise.all([recover(), recover()]);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(a.json).toMatchObject({ id: sub.id, since, has_more: false });
    expect(a.json.queued + b.json.queued).toBe(2);
    // Their copies are still pending: a third sends nothing.
    expect((await recover()).json.queued).toBe(0);

    const copies = await db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.companyId, t.companyId), eq(webhookDeliveries.trigger, "manual")));
    expect(copies.map((copy) => copy.replayOf).sort()).toEqual(failed.map((entry) => entry.deliveryId).sort());
    expect(copies.every((copy) => copy.status === "pending" && copy.subscriptionId === sub.id)).toBe(true);
    for (const untouched of [failedBefore, succeeded, pending, replaced])
      expect((await deliveryRow(untouched.deliveryId)).recoveredBy).toBeNull();

    // Delivered: the receiver gets each failed event once, with its own webhook-id.
    await deliverQueued(copies.map((copy) => copy.id));
    const received = await receivedAt(sub.path);
    const ids = received.map((request) => verified(sub.secret, request).id);
    expect(ids.sort()).toEqual(failed.map((entry) => entry.eventId).sort());
    expect(received.every((request) => ids.includes(request.headers["webhook-id"]!))).toBe(true);

    // A copy that fails in its turn is a failure of its own: the next recover sends it, once.
    await db.update(webhookDeliveries).set({ status: "failed" }).where(eq(webhookDeliveries.id, copies[0]!.id));
    const again = await recover();
    expect(again.json.queued).toBe(1);
    const [copyOfCopy] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.replayOf, copies[0]!.id));
    expect(copyOfCopy).toMatchObject({ eventId: copies[0]!.eventId, status: "pending" });
    expect((await recover()).json.queued).toBe(0);
  });

  it("is an idempotent write: the same Idempotency-Key answers the first outcome and queues nothing more", async () => {
    const t = await tenant();
    const sub = await subscription(t.companyId);
    const failed = await delivery(sub, { status: "failed" });
    const since = new Date(clock.now() - 60_000).toISOString();
    const recover = () =>
      call(`/api/v1/webhooks/${sub.id}/recover`, {
        key: t.key,
        body: { since },
        headers: { "Idempotency-Key": `recover-${sub.id}` },
      });
    const first = await recover();
    expect(first.status).toBe(202);
    expect(first.json.queued).toBe(1);
    const second = await recover();
    expect(second.status).toBe(202);
    expect(second.headers.get("Idempotent-Replayed")).toBe("true");
    expect(second.json).toEqual(first.json);
    const copies = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.replayOf, failed.deliveryId));
    expect(copies).toHaveLength(1);
  });

  it("answers 404 for another company's subscription or an unknown id, 409 when disabled, 400 without a valid since", async () => {
    const a = await tenant();
    const b = await tenant();
    const subA = await subscription(a.companyId);
    await subscription(b.companyId);
    const since = new Date(clock.now() - 60_000).toISOString();
    const foreign = await call(`/api/v1/webhooks/${subA.id}/recover`, { key: b.key, body: { since } });
    expect(foreign.status).toBe(404);
    expect(slug(foreign.json)).toBe("not_found");
    expect(
      (await call(`/api/v1/webhooks/${crypto.randomUUID()}/recover`, { key: a.key, body: { since } })).status,
    ).toBe(404);
    const invalid = await call(`/api/v1/webhooks/${subA.id}/recover`, { key: a.key, body: { since: "yesterday" } });
    expect(invalid.status).toBe(400);
    expect(slug(invalid.json)).toBe("validation_error");

    await db.update(webhookSubscriptions).set({ enabled: false }).where(eq(webhookSubscriptions.id, subA.id));
    const disabled = await call(`/api/v1/webhooks/${subA.id}/recover`, { key: a.key, body: { since } });
    expect(disabled.status).toBe(409);
    expect(slug(disabled.json)).toBe("conflict");
  });
});
