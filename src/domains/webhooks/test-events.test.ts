import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { settleDeliveries } from "../../../test/deliveries";
import { call, db, operator, slug, tenant } from "../../../test/helpers";
import { auditLog, operatorAuditLog } from "../../data/schema";
import { domains } from "../index";
import { exampleOf } from "./examples";
import { webhookAttempts, webhookDeliveries, webhookEvents } from "./schema";

// Authentication, scopes and gate W of POST /api/v1/webhooks/test: test/security.test.ts (generated for every operation).

const loopback = { WEBHOOKS_ALLOW_LOOPBACK: "true" };
const conversations = { CONVERSATIONS_API_ENABLED: "true" };
/** The customer's receiver (scripts/fakes/receiver.ts): answers 200 and records what it got. */
const receiver = (JSON.parse(env.FAKE_PROVIDERS) as Record<string, string>).receiver!;
const catalog = new Map(domains.flatMap((domain) => domain.events).map((definition) => [definition.type, definition]));
const types = [...catalog.keys()].sort();

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** What the receiver got at `path` (one path per test, so tests sharing the fake do not mix). */
async function receivedAt(path: string): Promise<Received[]> {
  const response = await fetch(`${receiver}/__fake/requests?match=${encodeURIComponent(path)}`);
  return ((await response.json()) as { requests: Received[] }).requests.filter((request) => request.path === path);
}

/** A subscription to `events` at a path of the receiver of its own; returns the path and the signing secret. */
async function subscribe(key: string, events: string[] = ["budget.created"]) {
  const path = `/hooks/${crypto.randomUUID()}`;
  const response = await call("/api/v1/webhooks", { key, body: { url: `${receiver}${path}`, events }, vars: loopback });
  expect(response.status).toBe(200);
  return { path, secret: (response.json as { secret: string }).secret };
}

/**
 * Delivers the deliveries through the Worker's real queue handler, with loopback destinations
 * allowed. Their messages also reach the consumer running in the background, with wrangler.toml's
 * variables, which refuse the receiver on 127.0.0.1 without any network call (a failed attempt,
 * retried in 5 s): settleDeliveries waits for an attempt it holds and never takes one from it, and
 * hands the rest over in batches of the subscription's cap.
 */
async function deliver(deliveryIds: readonly string[]) {
  const ended = await settleDeliveries(deliveryIds, { vars: loopback });
  expect(ended.filter((row) => row.status !== "succeeded")).toEqual([]);
}

/** Verifies a received delivery as a customer's receiver would (standardwebhooks throws on a bad signature). */
function verified(secret: string, request: Received) {
  return new Webhook(secret).verify(request.body, request.headers) as {
    id: string;
    type: string;
    timestamp: string;
    test?: boolean;
    data: unknown;
  };
}

describe("test event examples", () => {
  it("builds, for every type of the catalogue, data its own schema accepts", () => {
    expect(types.length).toBeGreaterThan(50);
    for (const [type, definition] of catalog) {
      const example = exampleOf(definition.schema, type);
      expect(definition.schema.safeParse(example).success, type).toBe(true);
      // The same data on every call: a test event of a type always carries the same example.
      expect(exampleOf(definition.schema, type)).toEqual(example);
    }
  });
});

describe("POST /api/v1/webhooks/test", () => {
  it("sends one signed test event of every catalogue type to the subscription, whatever types it subscribes to", async () => {
    const t = await tenant();
    // Subscribed to one type only: a test event is sent because it was asked for by name.
    const { path, secret } = await subscribe(t.key, ["budget.created"]);
    const queued = new Map<string, { type: string; delivery_id: string }>();
    for (const type of types) {
      const response = await call("/api/v1/webhooks/test", { key: t.key, body: { type } });
      expect(response.status, type).toBe(202);
      expect(response.json).toMatchObject({ type, test: true, status: "pending" });
      queued.set(response.json.event_id, { type, delivery_id: response.json.delivery_id });
    }
    await deliver([...queued.values()].map((entry) => entry.delivery_id));

    const received = await receivedAt(path);
    expect(received).toHaveLength(types.length);
    const seen = new Set<string>();
    for (const request of received) {
      const event = verified(secret, request);
      const expected = queued.get(event.id);
      expect(expected, event.id).toBeDefined();
      expect(event.type).toBe(expected!.type);
      expect(request.headers["webhook-id"]).toBe(event.id);
      expect(event.test).toBe(true);
      // The body's members, in order: test sits between the envelope and the data.
      expect(Object.keys(JSON.parse(request.body) as object)).toEqual(["id", "type", "timestamp", "test", "data"]);
      const parsed = catalog.get(event.type)!.schema.safeParse(event.data);
      expect(parsed.success, `${event.type}: ${parsed.error?.message}`).toBe(true);
      seen.add(event.type);
    }
    expect([...seen].sort()).toEqual(types);

    // Logged like any delivery (trigger manual), and audited as a write of the key.
    const log = await call("/api/v1/webhooks/deliveries?success=true&limit=1", { key: t.key });
    expect(log.json.data[0]).toMatchObject({ success: true, trigger: "manual", delivery_status: "succeeded" });
    const succeeded = await db
      .select()
      .from(webhookAttempts)
      .where(and(eq(webhookAttempts.companyId, t.companyId), eq(webhookAttempts.success, true)));
    expect(succeeded).toHaveLength(types.length);
    expect(
      succeeded.every(
        (attempt) => queued.get(attempt.eventId)?.type === attempt.eventType && attempt.trigger === "manual",
      ),
    ).toBe(true);
    const audited = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, t.companyId), eq(auditLog.operation, "sendTestWebhookEvent")));
    expect(audited).toHaveLength(types.length);
  });

  it("replays a test event as a test event, with the same id", async () => {
    const t = await tenant();
    const { path, secret } = await subscribe(t.key, ["*"]);
    const sent = await call("/api/v1/webhooks/test", { key: t.key, body: { type: "budget.created" } });
    expect(sent.status).toBe(202);
    await deliver([sent.json.delivery_id]);
    const replay = await call("/api/v1/events/replay", {
      key: t.key,
      body: { delivery_id: sent.json.delivery_id },
      vars: conversations,
    });
    expect(replay.status).toBe(200);
    await deliver([replay.json.delivery_id]);
    const received = (await receivedAt(path)).map((request) => verified(secret, request));
    expect(received).toHaveLength(2);
    expect(received.every((event) => event.id === sent.json.event_id && event.test === true)).toBe(true);
  });

  it("keeps the test member off real events", async () => {
    const t = await tenant();
    const { path, secret } = await subscribe(t.key, ["budget.created"]);
    const created = await call("/api/v1/budgets", {
      key: t.key,
      body: { client_name: "Ana", items: [{ concept: "Work", units: 2, unit_price: 10 }] },
    });
    expect(created.status).toBe(201);
    const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.companyId, t.companyId));
    await deliver([delivery!.id]);
    const [event] = (await receivedAt(path)).map((request) => verified(secret, request));
    expect(event!.type).toBe("budget.created");
    expect(event).not.toHaveProperty("test");
  });

  it("refuses an unknown type with the catalogue's types, and answers 409 without an enabled subscription", async () => {
    const t = await tenant();
    const unknown = await call("/api/v1/webhooks/test", { key: t.key, body: { type: "budget.exploded" } });
    expect(unknown.status).toBe(400);
    expect(slug(unknown.json)).toBe("validation_error");
    expect(unknown.json.errors[0].path).toBe("body.type");
    for (const type of types) expect(unknown.json.errors[0].message).toContain(type);

    const none = await call("/api/v1/webhooks/test", { key: t.key, body: { type: "budget.created" } });
    expect(none.status).toBe(409);
    expect(none.json.detail).toMatch(/no webhook subscription/);

    await subscribe(t.key);
    expect((await call("/api/v1/webhooks", { key: t.key, method: "PATCH", body: { enabled: false } })).status).toBe(
      200,
    );
    const disabled = await call("/api/v1/webhooks/test", { key: t.key, body: { type: "budget.created" } });
    expect(disabled.status).toBe(409);
    expect(disabled.json.detail).toMatch(/disabled/);
    // Nothing was stored for the refused requests.
    expect(await db.select().from(webhookEvents).where(eq(webhookEvents.companyId, t.companyId))).toEqual([]);
  });
});

describe("POST /admin/v1/companies/{company_id}/events/test", () => {
  it("sends the company a signed test event, audited as the operator's", async () => {
    const t = await tenant();
    const { path, secret } = await subscribe(t.key, ["contact.created"]);
    const sent = await operator(`/companies/${t.companyId}/events/test`, { body: { type: "call.settled" } });
    expect(sent.status).toBe(202);
    expect(sent.json).toMatchObject({ type: "call.settled", test: true, status: "pending" });
    await deliver([sent.json.delivery_id]);
    const [event] = (await receivedAt(path)).map((request) => verified(secret, request));
    expect(event).toMatchObject({ id: sent.json.event_id, type: "call.settled", test: true });
    expect(catalog.get("call.settled")!.schema.safeParse(event!.data).success).toBe(true);
    const audited = await db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.companyId, t.companyId), eq(operatorAuditLog.operation, "triggerTestEvent")));
    expect(audited).toHaveLength(1);

    const unknownType = await operator(`/companies/${t.companyId}/events/test`, { body: { type: "nope" } });
    expect(unknownType.status).toBe(400);
    expect(unknownType.json.errors[0].message).toContain("budget.created");
    expect((await operator(`/companies/no-such-company/events/test`, { body: { type: "call.settled" } })).status).toBe(
      404,
    );
    const other = await tenant();
    expect(
      (await operator(`/companies/${other.companyId}/events/test`, { body: { type: "call.settled" } })).status,
    ).toBe(409);
  });
});

describe("the document", () => {
  it("says the envelope may carry test: true, and shows each event type's curl line", async () => {
    const document = (await call("/api/v1/openapi.json")).json as {
      webhooks: Record<string, { post: { description: string } }>;
      components: {
        schemas: Record<
          string,
          { properties: Record<string, { type?: string; enum?: unknown[]; description?: string }>; required?: string[] }
        >;
      };
    };
    for (const type of types) {
      expect(document.webhooks[type]!.post.description).toContain(`/api/v1/webhooks/test`);
      expect(document.webhooks[type]!.post.description).toContain(`'{"type": "${type}"}'`);
    }
    const envelope = document.components.schemas.BudgetCreatedEvent!;
    expect(envelope.properties.test).toMatchObject({ type: "boolean", enum: [true] });
    expect(envelope.required).not.toContain("test");
  });
});
