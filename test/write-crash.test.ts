import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { auditLog, idempotentAnswers } from "../src/data/schema";
import { databaseFor } from "../src/data/tenancy";
import { documents } from "../src/domains/budgets/schema";
import { CLAIM_LEASE_MS } from "../src/keys/claim-lease";
import { moveClock, resetClock } from "./clock";
import { dyingAt } from "./faults";
import { call, slug, tenant } from "./helpers";

/*
 * POST /budgets with an Idempotency-Key, its Worker dying at a point of its two round trips (the
 * key's object, then the D1 batch that writes the budget and marks the key; the answer kept after
 * the response). The death is made by the request's bindings (test/faults.ts): from that point on
 * its D1 calls and its call telling the key's object of the completion fail, as a Worker that died
 * there never makes them. The retries have the runtime's bindings. Each case ends with one budget.
 */

afterEach(resetClock);

const body = { client_name: "Ana López", items: [{ concept: "Installation", units: 2, unit_price: 50 }] };

async function written(companyId: string) {
  const store = databaseFor(env, companyId);
  const [budgets, audited, marks] = await Promise.all([
    store.select({ id: documents.id }).from(documents).where(eq(documents.companyId, companyId)),
    store
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.resourceType, "budget"))),
    store
      .select({ state: idempotentAnswers.state })
      .from(idempotentAnswers)
      .where(eq(idempotentAnswers.companyId, companyId)),
  ]);
  return { budgets: budgets.length, audited: audited.length, marks: marks.map((mark) => mark.state) };
}

async function firstRequestDiesAt(at: "after-batch" | "after-answer") {
  const t = await tenant();
  const idempotencyKey = crypto.randomUUID();
  const request = { key: t.key, body, headers: { "Idempotency-Key": idempotencyKey } };
  // The client got its answer (sent before the work that follows it), then the Worker died.
  const first = await call("/api/v1/budgets", { ...request, vars: { ...dyingAt(env, at, "reject") } });
  expect(first.status, first.text).toBe(201);
  return { t, request, first };
}

describe("POST /budgets whose Worker died after its batch, before the key's object heard of the completion", () => {
  it("its answer filled in: a retry while the object still shows the claim in flight replays it; one budget", async () => {
    const { t, request, first } = await firstRequestDiesAt("after-answer");
    expect(await written(t.companyId)).toEqual({ budgets: 1, audited: 1, marks: ["answered"] });

    const inFlight = await call("/api/v1/budgets", request);
    expect(inFlight.status).toBe(201);
    expect(inFlight.headers.get("Idempotent-Replayed")).toBe("true");
    expect(inFlight.json).toEqual(first.json);

    // Once the claim lapsed, the retry hands the answer to the object, which replays it from then on.
    await moveClock(CLAIM_LEASE_MS + 1_000);
    const lapsed = await call("/api/v1/budgets", request);
    expect(lapsed.status).toBe(201);
    expect(lapsed.json).toEqual(first.json);
    const again = await call("/api/v1/budgets", request);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.json).toEqual(first.json);

    expect(await written(t.companyId)).toEqual({ budgets: 1, audited: 1, marks: ["answered"] });
  });

  it("its answer never filled in (the death right after the batch): never run again, its answer read back from the budget", async () => {
    const { t, request, first } = await firstRequestDiesAt("after-batch");
    expect(await written(t.companyId)).toEqual({ budgets: 1, audited: 1, marks: ["committed"] });

    // The answer is computed from the batch's own results (the budget number it drew), so it is
    // kept after the batch, and a death in between loses it: in flight the key is in use ...
    const inFlight = await call("/api/v1/budgets", request);
    expect(inFlight.status).toBe(409);
    expect(slug(inFlight.json)).toBe("idempotency_key_in_use");
    // ... and once the claim lapsed the retry reads it back from the budget the batch wrote (its
    // mark names it), and the key keeps it: the same status and body, replayed.
    await moveClock(CLAIM_LEASE_MS + 1_000);
    const lapsed = await call("/api/v1/budgets", request);
    expect(lapsed.status, lapsed.text).toBe(201);
    expect(lapsed.headers.get("Idempotent-Replayed")).toBe("true");
    expect(lapsed.json).toEqual(first.json);
    const again = await call("/api/v1/budgets", request);
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.json).toEqual(first.json);

    expect(await written(t.companyId)).toEqual({ budgets: 1, audited: 1, marks: ["answered"] });
  });
});

describe("other writes that declare a replay, their Worker dead right after the batch", () => {
  // Each: what to set up first (a tenant's key), then the write, whose answer is rebuilt from the row it wrote.
  const cases: [string, (key: string) => Promise<{ path: string; method: string; body: object }>][] = [
    ["POST /contacts", async () => ({ path: "/api/v1/contacts", method: "POST", body: { phone: "+34612345678" } })],
    [
      "PATCH /contacts/{contact_id}",
      async (key) => {
        const created = await call("/api/v1/contacts", { key, body: { phone: "+34612345679" } });
        expect(created.status, created.text).toBe(201);
        return { path: `/api/v1/contacts/${created.json.id}`, method: "PATCH", body: { first_name: "Lucía" } };
      },
    ],
    ["POST /contact-lists", async () => ({ path: "/api/v1/contact-lists", method: "POST", body: { name: "Leads" } })],
    [
      "PATCH /sequences/{sequence_id}",
      async (key) => {
        const template = await call("/api/v1/email-templates", {
          key,
          body: { name: "Welcome", subject: "Hi {{first_name}}", body: "<p>Hello</p>" },
        });
        expect(template.status, template.text).toBe(201);
        const steps = [{ template_id: template.json.id, delay_days: 0 }];
        const created = await call("/api/v1/sequences", { key, body: { name: "Onboarding", steps } });
        expect(created.status, created.text).toBe(201);
        return { path: `/api/v1/sequences/${created.json.id}`, method: "PATCH", body: { name: "Welcome" } };
      },
    ],
    [
      "PATCH /contact-lists/{list_id}",
      async (key) => {
        const created = await call("/api/v1/contact-lists", { key, body: { name: "Leads" } });
        expect(created.status, created.text).toBe(201);
        return { path: `/api/v1/contact-lists/${created.json.id}`, method: "PATCH", body: { name: "Hot leads" } };
      },
    ],
  ];

  it.each(cases)(
    "%s: after the lease the retry gets the same status and body, replayed; one audit entry",
    async (_name, setUp) => {
      const t = await tenant({ capabilities: ["campaigns"] });
      const { path, method, body: sent } = await setUp(t.key);
      const request = { key: t.key, method, body: sent, headers: { "Idempotency-Key": crypto.randomUUID() } };
      const first = await call(path, { ...request, vars: { ...dyingAt(env, "after-batch", "reject") } });
      expect(first.status, first.text).toBeLessThan(300);
      const entries = async () =>
        (
          await databaseFor(env, t.companyId)
            .select({ id: auditLog.id })
            .from(auditLog)
            .where(eq(auditLog.companyId, t.companyId))
        ).length;
      const writes = await entries();

      await moveClock(CLAIM_LEASE_MS + 1_000);
      const retry = await call(path, request);
      expect(retry.status, retry.text).toBe(first.status);
      expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
      expect(retry.json).toEqual(first.json);
      expect(await entries()).toBe(writes);
    },
  );
});
