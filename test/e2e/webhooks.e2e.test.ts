import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SWEEP_GRACE_MS } from "../../src/domains/webhooks/delivery";
import { removeState, startDev, type DevServer } from "./harness";

/** A webhook receiver on 127.0.0.1, as a customer would run one, answering what `answer` says. */
interface Received {
  headers: Record<string, string>;
  body: string;
  status: number;
  at: number;
}
let answer: (request: Received) => { status: number; headers?: Record<string, string> } = () => ({ status: 200 });
const received: Received[] = [];
let receiver: Server;
let hookUrl: string;

const vars = {
  WEBHOOKS_ALLOW_LOOPBACK: "true",
  CONVERSATIONS_API_ENABLED: "true",
  // Retries after 1 s instead of 5 s, 5 min, ... so that a few failures fit in a test.
  WEBHOOK_RETRY_SCHEDULE: "1,1,1,1,1,1,1",
};

let server: DevServer;
let key: string;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const entry: Received = {
        headers: flatten(request.headers),
        body: Buffer.concat(chunks).toString("utf8"),
        status: 0,
        at: Date.now(),
      };
      const reply = answer(entry);
      entry.status = reply.status;
      received.push(entry);
      response.writeHead(reply.status, reply.headers).end();
    });
  });
  await new Promise<void>((listening) => receiver.listen(0, "127.0.0.1", listening));
  const address = receiver.address();
  hookUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/hook`;
  server = await startDev({ vars });
  key = server.demo.api_key;
});

afterAll(async () => {
  await server?.stop();
  if (server) removeState(server);
  await new Promise((closed) => receiver?.close(closed));
});

function flatten(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : (value ?? "")]),
  );
}

/** The typed API client (openapi-fetch, the committed types of the OpenAPI document) with the demo key. */
const api = () => server.client(key);

async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(
        `Timed out waiting for ${what}; received: ${JSON.stringify(received.map((r) => [r.status, r.body.slice(0, 80)]))}`,
      );
    await new Promise((wait) => setTimeout(wait, 100));
  }
}

async function createBudget(): Promise<string> {
  const created = await api().POST("/api/v1/budgets", {
    body: { client_name: "Webhook test", items: [{ concept: "Work", units: 1, unit_price: 100 }] },
  });
  expect(created.response.status).toBe(201);
  return created.data!.id;
}

/** Requests the receiver got for the budget.created event of one budget. */
const requestsFor = (budgetId: string) =>
  received.filter((entry) => (JSON.parse(entry.body) as { data: { id: string } }).data.id === budgetId);

let secret: string;
let firstDelivery: { budgetId: string; eventId: string; deliveryId: string };

describe("webhooks through wrangler dev, verified with the standardwebhooks package", () => {
  it("retries a failing receiver until it answers 2xx, with the same webhook-id, and logs every attempt", async () => {
    const subscribed = await api().POST("/api/v1/webhooks", { body: { url: hookUrl, events: ["budget.created"] } });
    expect(subscribed.response.status).toBe(200);
    secret = subscribed.data!.secret;
    expect(secret).toMatch(/^whsec_/);

    // Down for the first two attempts, then up.
    let calls = 0;
    answer = () => ({ status: ++calls <= 2 ? 500 : 200 });
    const budgetId = await createBudget();
    await waitFor("a successful delivery", () => requestsFor(budgetId).find((entry) => entry.status === 200));

    const requests = requestsFor(budgetId);
    expect(requests.map((entry) => entry.status)).toEqual([500, 500, 200]);
    const eventId = requests[0]!.headers["webhook-id"]!;
    for (const request of requests) {
      expect(request.headers["webhook-id"]).toBe(eventId);
      const payload = new Webhook(secret).verify(request.body, request.headers) as {
        id: string;
        type: string;
        timestamp: string;
        data: { id: string; budget_number: string };
      };
      expect(payload).toMatchObject({ id: eventId, type: "budget.created", data: { id: budgetId } });
      expect(payload.data.budget_number).toMatch(/^B-\d{4}-\d{4}$/);
    }

    const log = await api().GET("/api/v1/webhooks/deliveries", { params: { query: { limit: 100 } } });
    expect(log.response.status).toBe(200);
    const attempts = log.data!.data.filter((entry) => entry.event_id === eventId).reverse();
    expect(attempts.map((entry) => [entry.attempt, entry.success, entry.status_code, entry.trigger])).toEqual([
      [1, false, 500, "scheduled"],
      [2, false, 500, "scheduled"],
      [3, true, 200, "scheduled"],
    ]);
    expect(attempts[0]!.created_at < attempts[2]!.created_at).toBe(true);
    expect(attempts[0]!.next_retry_at).toEqual(expect.any(String));
    expect(attempts[2]).toMatchObject({ next_retry_at: null, delivery_status: "succeeded" });
    const failed = await api().GET("/api/v1/webhooks/deliveries", {
      params: { query: { success: false, limit: 100 } },
    });
    expect(failed.data!.data.every((entry) => !entry.success)).toBe(true);
    firstDelivery = { budgetId, eventId, deliveryId: attempts[0]!.delivery_id };
  });

  it("after rotate_secret, signs with the new secret only; a replay keeps the webhook-id", async () => {
    answer = () => ({ status: 200 });
    const rotated = await api().PATCH("/api/v1/webhooks", { body: { rotate_secret: true } });
    expect(rotated.response.status).toBe(200);
    const newSecret = rotated.data!.secret!;
    expect(newSecret).not.toBe(secret);
    expect((await api().GET("/api/v1/webhooks")).data).toMatchObject({ has_secret: true, url: hookUrl });

    const budgetId = await createBudget();
    const request = await waitFor("the delivery after rotation", () =>
      requestsFor(budgetId).find((entry) => entry.status === 200),
    );
    expect(() => new Webhook(newSecret).verify(request.body, request.headers)).not.toThrow();
    expect(() => new Webhook(secret).verify(request.body, request.headers)).toThrow();

    const replay = await api().POST("/api/v1/events/replay", { body: { delivery_id: firstDelivery.deliveryId } });
    expect(replay.response.status).toBe(200);
    expect(replay.data!.event_id).toBe(firstDelivery.eventId);
    const replayed = await waitFor("the replay", () => {
      const requests = requestsFor(firstDelivery.budgetId);
      return requests.length > 3 ? requests[3] : undefined;
    });
    expect(replayed.headers["webhook-id"]).toBe(firstDelivery.eventId);
    expect(() => new Webhook(newSecret).verify(replayed.body, replayed.headers)).not.toThrow();
    expect(() => new Webhook(secret).verify(replayed.body, replayed.headers)).toThrow();
    secret = newSecret;
  });

  // A restart of the server inside: as long as its start may take (test/e2e/harness.ts) and the wait after it.
  it("delivers an event whose queue message died with wrangler dev, once it is running again", {
    timeout: 300_000,
  }, async () => {
    // The receiver asks for a pause of two minutes; wrangler dev stops well within it, even on a busy
    // machine, taking the in-memory queue with it (the pause passes in the state below, not in real time).
    const pauseMs = 120_000;
    answer = () => ({ status: 429, headers: { "Retry-After": String(pauseMs / 1_000) } });
    const budgetId = await createBudget();
    const first = await waitFor("the first attempt", () => requestsFor(budgetId)[0]);
    const eventId = first.headers["webhook-id"]!;
    // Stopped once the attempt is on record with its retry due (the queue message for it is in memory).
    for (let tries = 0; ; tries++) {
      const log = await api().GET("/api/v1/webhooks/deliveries", { params: { query: { limit: 100 } } });
      const attempt = log.data!.data.find((entry) => entry.event_id === eventId);
      if (attempt?.next_retry_at) break;
      if (tries === 600) throw new Error(`The first attempt is not on record: ${JSON.stringify(attempt)}`);
      await new Promise((wait) => setTimeout(wait, 100));
    }
    await server.stop();
    // The pause and the sweep's grace period pass while the server is down: the delivery's due time,
    // in the stopped server's state, moves back by both, as if that long had gone by. (That the sweep
    // leaves a delivery alone within the grace period is src/domains/webhooks/delivery.test.ts's.)
    const due = async () =>
      String(await server.value(`SELECT next_attempt_at FROM webhook_deliveries WHERE event_id = '${eventId}'`));
    const retryDue = await due();
    expect(Date.parse(retryDue) - first.at).toBeGreaterThanOrEqual(pauseMs - 1_000);
    const passed = (pauseMs + SWEEP_GRACE_MS) / 1_000;
    await server.rows(
      `UPDATE webhook_deliveries SET next_attempt_at = strftime('%Y-%m-%dT%H:%M:%fZ', next_attempt_at, '-${passed} seconds') WHERE event_id = '${eventId}' AND status = 'pending'`,
    );
    expect(Date.parse(await due())).toBe(Date.parse(retryDue) - passed * 1_000);

    answer = () => ({ status: 200 });
    const restarted = Date.now();
    server = await startDev({ vars, persistTo: server.persistTo });
    // The sweep (cron stand-in, every 5 s) re-enqueues it: it is overdue by the grace period.
    const delivered = await waitFor(
      "the delivery after the restart",
      () => requestsFor(budgetId).find((entry) => entry.status === 200),
      60_000,
    );
    const requests = requestsFor(budgetId);
    expect(requests.map((entry) => entry.status)).toEqual([429, 200]);
    expect(delivered.headers["webhook-id"]).toBe(eventId);
    expect(() => new Webhook(secret).verify(delivered.body, delivered.headers)).not.toThrow();
    // Delivered by the restarted server, from its state: the first one's queue message died with it.
    expect(delivered.at).toBeGreaterThanOrEqual(restarted);
  });

  it("disables the subscription when the receiver answers 410 Gone", async () => {
    answer = () => ({ status: 410 });
    const budgetId = await createBudget();
    await waitFor("the 410 attempt", () => requestsFor(budgetId)[0]);
    let subscription = (await api().GET("/api/v1/webhooks")).data!;
    for (let tries = 0; subscription.enabled && tries < 300; tries++) {
      await new Promise((wait) => setTimeout(wait, 200));
      subscription = (await api().GET("/api/v1/webhooks")).data!;
    }
    expect(subscription).toMatchObject({ enabled: false, disabled_reason: expect.stringContaining("410") });
  });
});
