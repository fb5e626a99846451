import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, tenant } from "../../../test/helpers";
import { auditLog } from "../../data/schema";
import { domains } from "../index";
import { webhookDeliveries, webhookEvents, webhookSubscriptions } from "./schema";

// Authentication, scopes, gates and other companies' ids: test/security.test.ts (generated for every operation).

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

describe("subscription lifecycle", () => {
  it("creates, reads without the secret, rotates, changes, deletes; every write is audited", async () => {
    const t = await tenant();
    const empty = await call("/api/v1/webhooks", { key: t.key });
    expect(empty.status).toBe(200);
    expect(empty.json).toMatchObject({ id: null, url: null, has_secret: false, enabled: false });

    const created = await call("/api/v1/webhooks", {
      key: t.key,
      body: { url: "https://hooks.example.com/a", events: ["budget.created", "budget.created"] },
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({
      url: "https://hooks.example.com/a",
      events: ["budget.created"],
      enabled: true,
      has_secret: true,
    });
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

    const replaced = await call("/api/v1/webhooks", {
      key: t.key,
      body: { url: "https://hooks.example.com/b", events: ["budget.created"] },
    });
    expect(replaced.json.id).not.toBe(created.json.id);
    expect(
      await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.companyId, t.companyId)),
    ).toHaveLength(1);

    const deleted = await call("/api/v1/webhooks", { key: t.key, method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ id: replaced.json.id, deleted: true });
    expect((await call("/api/v1/webhooks", { key: t.key, method: "DELETE" })).status).toBe(404);
    expect((await call("/api/v1/webhooks", { key: t.key, method: "PATCH", body: { enabled: true } })).status).toBe(404);

    const audited = await db.select().from(auditLog).where(eq(auditLog.companyId, t.companyId));
    expect(audited.map((entry) => entry.operation).sort()).toEqual(
      [
        "deleteWebhookSubscription",
        "putWebhookSubscription",
        "putWebhookSubscription",
        "updateWebhookSubscription",
        "updateWebhookSubscription",
      ].sort(),
    );
  });

  it("without the at-rest key (WEBHOOK_SECRET_KEY) the signing secret cannot be sealed: 500 (the operation declares no 503), nothing stored", async () => {
    const t = await tenant();
    const response = await call("/api/v1/webhooks", {
      key: t.key,
      body: { url: UNREACHABLE, events: ["budget.created"] },
      vars: { ...loopback, WEBHOOK_SECRET_KEY: undefined },
    });
    expect([response.status, response.json.type.split("/problems/")[1]]).toEqual([500, "internal_error"]);
    expect(await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.companyId, t.companyId))).toEqual(
      [],
    );
  });

  it("validates bodies", async () => {
    const t = await tenant();
    const unknownType = await call("/api/v1/webhooks", {
      key: t.key,
      body: { url: "https://hooks.example.com/a", events: ["budget.exploded"] },
    });
    expect(unknownType.status).toBe(400);
    expect(unknownType.json.errors[0].path).toBe("body.events.0");
    expect(
      (await call("/api/v1/webhooks", { key: t.key, body: { url: "https://hooks.example.com/a", events: [] } })).status,
    ).toBe(400);
    await call("/api/v1/webhooks", { key: t.key, body: { url: "https://hooks.example.com/a", events: ["*"] } });
    expect((await call("/api/v1/webhooks", { key: t.key, method: "PATCH", body: {} })).status).toBe(400);
    const badUrl = await call("/api/v1/webhooks", { key: t.key, method: "PATCH", body: { url: "https://10.1.2.3/" } });
    expect(badUrl.status).toBe(400);
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
    expect(await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.companyId, t.companyId))).toHaveLength(
      0,
    );

    await call("/api/v1/webhooks", { key: t.key, method: "PATCH", body: { events: ["budget.created"] } });
    const created = await call("/api/v1/budgets", { key: t.key, body: budget });
    const deliveries = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.companyId, t.companyId));
    expect(deliveries).toHaveLength(1);
    const [delivered] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, deliveries[0]!.eventId));
    // `fill`: the budget number drawn inside the batch is in the event data.
    expect(JSON.parse(delivered!.data)).toMatchObject({
      id: created.json.id,
      budget_number: created.json.budget_number,
      total: 24.2,
    });
    expect(deliveries[0]).toMatchObject({ trigger: "scheduled", eventId: delivered!.id });
  });

  it("sends events only to the subscription of the company that caused them, and not to a disabled one", async () => {
    const a = await tenant();
    const b = await tenant();
    await subscribe(a.key, ["*"]);
    await subscribe(b.key, ["*"]);
    await call("/api/v1/budgets", { key: b.key, body: budget });
    expect(await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.companyId, a.companyId))).toHaveLength(
      0,
    );
    expect(await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.companyId, b.companyId))).toHaveLength(
      1,
    );

    await call("/api/v1/webhooks", { key: a.key, method: "PATCH", body: { enabled: false } });
    await call("/api/v1/budgets", { key: a.key, body: budget });
    expect(await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.companyId, a.companyId))).toHaveLength(
      0,
    );
  });
});

describe("event catalogue", () => {
  it("lists every emitted event type with a JSON Schema of its data", async () => {
    const t = await tenant();
    const catalog = await call("/api/v1/events/catalog", { key: t.key, vars: conversations });
    expect(catalog.status).toBe(200);
    const emitted = domains.flatMap((domain) => domain.events).map((definition) => definition.type);
    expect(catalog.json.data.map((entry: { type: string }) => entry.type).sort()).toEqual(emitted.sort());
    const created = catalog.json.data.find((entry: { type: string }) => entry.type === "budget.created");
    expect(created.schema).toMatchObject({ type: "object", properties: { budget_number: { type: "string" } } });
    expect(created.schema.required).toContain("total");
  });
});
