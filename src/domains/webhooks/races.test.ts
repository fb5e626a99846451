import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { concurrently, raceRounds, statusCounts } from "../../../test/concurrency";
import { call, db, slug, tenant, type CallOptions } from "../../../test/helpers";
import { webhookSubscriptions } from "./schema";
import { decryptSecret } from "./signing";

const loopback = { WEBHOOKS_ALLOW_LOOPBACK: "true" };
const URL = "http://127.0.0.1:9/hook";
const OTHER_URL = "http://127.0.0.1:10/hook";

async function subscribed() {
  const t = await tenant();
  const created = await call("/api/v1/webhooks", {
    key: t.key,
    body: { url: URL, events: ["budget.created"] },
    vars: loopback,
  });
  expect(created.status).toBe(200);
  return t;
}

/** A request tagged with its own request id, which its audit entry (if it commits) carries. */
async function tagged(options: CallOptions) {
  const requestId = crypto.randomUUID();
  const response = await call("/api/v1/webhooks", {
    vars: loopback,
    ...options,
    headers: { "X-Request-Id": requestId },
  });
  return { ...response, requestId };
}

const stored = async (companyId: string) =>
  (await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.companyId, companyId)))[0];
const signingSecret = async (companyId: string) => {
  const row = await stored(companyId);
  return row ? decryptSecret(env.WEBHOOK_SECRET_KEY, row.secretCiphertext, companyId) : undefined;
};

/** The request ids of the company's committed writes, in the order their batches committed (rowid order). */
async function commitOrder(companyId: string): Promise<string[]> {
  const rows = await db.all<{ request_id: string }>(
    sql`SELECT request_id FROM audit_log WHERE company_id = ${companyId} ORDER BY rowid`,
  );
  return rows.map((row) => row.request_id);
}

describe("webhook subscription writes under concurrency", () => {
  it("answers 200 to a rotation only when it applied: the last one committed holds the secret that signs, the others are 409", async () => {
    await raceRounds(
      4,
      subscribed,
      (t) => concurrently(10, () => tagged({ key: t.key, method: "PATCH", body: { rotate_secret: true } })),
      async (outcomes, t) => {
        const counts = statusCounts(outcomes);
        expect((counts[200] ?? 0) + (counts[409] ?? 0)).toBe(10);
        for (const outcome of outcomes.filter((o) => o.status === 409)) expect(slug(outcome.json)).toBe("conflict");
        const order = await commitOrder(t.companyId);
        const succeeded = outcomes.filter((o) => o.status === 200);
        // Every 200, and only they, committed: one version bump each.
        expect(order.slice(1).sort()).toEqual(succeeded.map((o) => o.requestId).sort());
        expect((await stored(t.companyId))!.version).toBe(succeeded.length);
        const last = succeeded.find((o) => o.requestId === order.at(-1));
        expect(await signingSecret(t.companyId)).toBe(last!.json.secret);
      },
    );
  });

  it("never loses a change it answered 200 for, when PATCHes of different fields race", async () => {
    await raceRounds(
      6,
      subscribed,
      (t) =>
        concurrently(6, (i) => {
          const body = [{ enabled: false }, { events: ["contact.created"] }, { url: OTHER_URL }][i % 3]!;
          return tagged({ key: t.key, method: "PATCH", body });
        }),
      async (outcomes, t) => {
        const row = await stored(t.companyId);
        for (const [i, outcome] of outcomes.entries()) {
          expect([200, 409]).toContain(outcome.status);
          if (outcome.status !== 200) continue;
          if (i % 3 === 0) expect(row!.enabled).toBe(false);
          if (i % 3 === 1) expect(row!.events).toEqual(["contact.created"]);
          if (i % 3 === 2) expect(row!.url).toBe(OTHER_URL);
        }
      },
    );
  });

  it("answers 409, not 200, to a PATCH whose subscription was replaced meanwhile", async () => {
    let round = 0;
    await raceRounds(
      6,
      subscribed,
      // The replacement reads nothing first, so it tends to commit before the PATCHes have read; started
      // a little later each round, it lands between their reads and their batches.
      (t) =>
        concurrently(6, async (i) => {
          if (i > 0) return tagged({ key: t.key, method: "PATCH", body: { rotate_secret: true } });
          await new Promise((resolve) => setTimeout(resolve, (round++ % 6) * 2));
          return tagged({ key: t.key, body: { url: URL, events: ["budget.created"] } });
        }),
      async (outcomes, t) => {
        expect(outcomes[0]!.status).toBe(200);
        for (const outcome of outcomes.slice(1)) expect([200, 409]).toContain(outcome.status);
        // The last committed write decides the secret that signs; a 200 that changed nothing would not be it.
        const lastCommitted = (await commitOrder(t.companyId)).at(-1);
        const last = outcomes.find((o) => o.requestId === lastCommitted);
        expect(last?.status).toBe(200);
        expect(await signingSecret(t.companyId)).toBe(last!.json.secret);
      },
    );
  });

  it("answers 404 or 409, not 200, to a PATCH whose subscription was removed meanwhile", async () => {
    await raceRounds(
      6,
      subscribed,
      (t) =>
        concurrently(6, (i) =>
          i === 0
            ? tagged({ key: t.key, method: "DELETE" })
            : tagged({ key: t.key, method: "PATCH", body: { enabled: false } }),
        ),
      async (outcomes, t) => {
        expect(outcomes[0]!.status).toBe(200);
        for (const outcome of outcomes.slice(1)) expect([200, 404, 409]).toContain(outcome.status);
        // Nothing committed after the removal: a PATCH after it changed nothing and may not have succeeded.
        expect((await commitOrder(t.companyId)).at(-1)).toBe(outcomes[0]!.requestId);
        expect(await stored(t.companyId)).toBeUndefined();
      },
    );
  });
});
