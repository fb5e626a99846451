import { env } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tick } from "../../test/clock";
import { call, db, slug, tenant } from "../../test/helpers";
import { webhookAttempts, webhookDeliveries, webhookEvents, webhookSubscriptions } from "../domains/webhooks/schema";
import { encryptSecret, newSigningSecret } from "../domains/webhooks/signing";
import { auditArchiveKey, readArchive } from "./audit-archive";
import { clock } from "../lib/clock";
import { auditLog, jobs, operatorAuditLog } from "../data/schema";

const DAY = 86_400_000;
const ago = (days: number, ms = 0) => new Date(clock.now() - days * DAY - ms).toISOString();

function job(companyId: string, status: "pending" | "done" | "failed", finishedDaysAgo: number) {
  const at = ago(finishedDaysAgo);
  return {
    id: crypto.randomUUID(),
    companyId,
    kind: "test.kept",
    payload: {},
    status,
    nextAttemptAt: at,
    createdAt: at,
    updatedAt: at,
  };
}
function audit(companyId: string, createdAt: string) {
  return {
    id: crypto.randomUUID(),
    companyId,
    keyId: "key_x",
    operation: "test",
    method: "POST",
    path: "/x",
    resourceType: "x",
    resourceId: null,
    requestId: "r",
    createdAt,
  };
}

/** A subscription with one event, delivery and attempt written `daysAgo` days ago. */
async function loggedDelivery(companyId: string, subscriptionId: string, daysAgo: number) {
  const at = ago(daysAgo);
  const eventId = crypto.randomUUID();
  const deliveryId = crypto.randomUUID();
  await db.batch([
    db.insert(webhookEvents).values({ id: eventId, companyId, type: "budget.created", data: "{}", createdAt: at }),
    db.insert(webhookDeliveries).values({
      id: deliveryId,
      companyId,
      eventId,
      subscriptionId,
      trigger: "scheduled",
      status: "succeeded",
      attempts: 1,
      createdAt: at,
      updatedAt: at,
    }),
    db.insert(webhookAttempts).values({
      id: crypto.randomUUID(),
      companyId,
      deliveryId,
      eventId,
      eventType: "budget.created",
      attempt: 1,
      trigger: "scheduled",
      url: "https://example.com/hook",
      success: true,
      statusCode: 200,
      durationMs: 5,
      createdAt: at,
    }),
  ]);
  return { eventId, deliveryId };
}

async function subscribe(companyId: string) {
  const id = crypto.randomUUID();
  const now = clock.iso();
  const secretCiphertext = await encryptSecret(env.WEBHOOK_SECRET_KEY, newSigningSecret(), companyId);
  await db.insert(webhookSubscriptions).values({
    id,
    companyId,
    url: "https://example.com/hook",
    events: ["*"],
    secretCiphertext,
    enabled: true,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

const ids = (rows: readonly { id: string }[]) => rows.map((row) => row.id).sort();

describe("retention", () => {
  it("finished jobs go after 7 days, failed ones after 30, pending ones stay", async () => {
    const t = await tenant();
    const kept = [job(t.companyId, "done", 6), job(t.companyId, "failed", 29), job(t.companyId, "pending", 60)];
    const gone = [job(t.companyId, "done", 8), job(t.companyId, "failed", 31)];
    await db.insert(jobs).values([...kept, ...gone]);
    await tick();
    expect(ids(await db.select().from(jobs).where(eq(jobs.companyId, t.companyId)))).toEqual(ids(kept));
  });

  it("operators' actions stay 400 days, then go", async () => {
    const t = await tenant();
    const entry = (daysAgo: number) => ({
      id: crypto.randomUUID(),
      companyId: t.companyId,
      operation: "test",
      method: "POST",
      path: "/admin/v1/x",
      resourceType: "x",
      resourceId: null,
      requestId: "r",
      createdAt: ago(daysAgo),
    });
    const kept = [entry(399), entry(30)];
    await db.insert(operatorAuditLog).values([...kept, entry(401)]);
    await tick();
    expect(ids(await db.select().from(operatorAuditLog).where(eq(operatorAuditLog.companyId, t.companyId)))).toEqual(
      ids(kept),
    );
  });

  it("the webhook log goes after 30 days; the audit log after 90, archived to R2 first, every removed entry in its company's day", async () => {
    const [a, b] = [await tenant(), await tenant()];
    const subscription = await subscribe(a.companyId);
    const old = await loggedDelivery(a.companyId, subscription, 31);
    const recent = await loggedDelivery(a.companyId, subscription, 29);
    // 600 old entries of one company and day (more than one batch), a few of another company on two days.
    const day = ago(120).slice(0, 10);
    const archivedA = Array.from({ length: 600 }, (_, index) =>
      audit(a.companyId, `${day}T10:00:00.${String(index % 1000).padStart(3, "0")}Z`),
    );
    const archivedB = [audit(b.companyId, ago(95)), audit(b.companyId, ago(100)), audit(b.companyId, ago(100, 1))];
    const keptAudit = [audit(a.companyId, ago(89)), audit(b.companyId, ago(1))];
    for (let start = 0; start < archivedA.length; start += 10)
      await db.insert(auditLog).values(archivedA.slice(start, start + 10));
    // One insert per company: each company's rows go to its own store.
    await db.insert(auditLog).values([...archivedB, keptAudit[1]!]);
    await db.insert(auditLog).values([keptAudit[0]!]);

    // A tick's work is bounded: ticks until nothing past a window is left.
    for (let round = 0; round < 3; round++) await tick();

    expect(ids(await db.select().from(webhookEvents).where(eq(webhookEvents.companyId, a.companyId)))).toEqual([
      recent.eventId,
    ]);
    expect(ids(await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.companyId, a.companyId)))).toEqual([
      recent.deliveryId,
    ]);
    expect(
      (await db.select().from(webhookAttempts).where(eq(webhookAttempts.companyId, a.companyId))).map(
        (row) => row.deliveryId,
      ),
    ).toEqual([recent.deliveryId]);
    const left = await db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.companyId, [a.companyId, b.companyId]));
    expect(ids(left.filter((row) => row.operation === "test"))).toEqual(ids(keptAudit));

    const archived = new Map<string, string[]>();
    for (const entry of [...archivedA, ...archivedB]) {
      const key = auditArchiveKey(entry.companyId, entry.createdAt.slice(0, 10));
      archived.set(key, [...(archived.get(key) ?? []), entry.id]);
    }
    for (const [key, entries] of archived) {
      const object = await env.ARCHIVE.get(key);
      expect(object, key).not.toBeNull();
      const lines = (await readArchive(object!)).map(
        (line) => JSON.parse(line) as { id: string; company_id: string; created_at: string },
      );
      expect(lines.map((line) => line.id).sort()).toEqual([...entries].sort());
      expect(lines.every((line) => key === auditArchiveKey(line.company_id, line.created_at.slice(0, 10)))).toBe(true);
    }

    // Replays: a delivery past the retention and removed is 404, saying why; a recent one is queued.
    const conversations = { CONVERSATIONS_API_ENABLED: "true" };
    const removed = await call("/api/v1/events/replay", {
      key: a.key,
      body: { delivery_id: old.deliveryId },
      vars: conversations,
    });
    expect(removed.status).toBe(404);
    expect(removed.json.detail).toMatch(/kept 30 days/);
    const replayed = await call("/api/v1/events/replay", {
      key: a.key,
      body: { delivery_id: recent.deliveryId },
      vars: conversations,
    });
    expect(replayed.status).toBe(200);
  });

  it("a replay of a delivery past the retention that retention has not removed yet is 409, saying why", async () => {
    const t = await tenant();
    const subscription = await subscribe(t.companyId);
    const expired = await loggedDelivery(t.companyId, subscription, 30.5);
    const response = await call("/api/v1/events/replay", {
      key: t.key,
      body: { delivery_id: expired.deliveryId },
      vars: { CONVERSATIONS_API_ENABLED: "true" },
    });
    expect(response.status).toBe(409);
    expect(slug(response.json)).toBe("conflict");
    expect(response.json.detail).toMatch(/30-day retention/);
  });
});
