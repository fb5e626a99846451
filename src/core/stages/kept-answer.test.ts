import { z } from "@hono/zod-openapi";
import { env, runInDurableObject } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { defineOperation } from "../operation";
import { call, slug, tenant, testApp } from "../../../test/helpers";
import { moveClock, resetClock } from "../../../test/clock";
import { presentedKey, sha256Hex } from "../../keys/auth";
import { CLAIM_LEASE_MS } from "../../keys/claim-lease";
import { guardOf } from "../../keys/key-changes";
import { auditLog, idempotentAnswers } from "../../data/schema";
import { databaseFor } from "../../data/tenancy";

/*
 * An idempotent write is two round trips: the key's object claims, the D1 batch writes and marks the
 * key; its answer is kept (in D1, then by the object) after the response is sent. What a Worker that
 * dies in between leaves is simulated by putting the object's record (and D1's mark) back as it then
 * would be: the object never told of the completion, the answer never filled in, or no batch at all.
 */

const runs = new Map<string, number>();
const ran = (companyId: string) => runs.get(companyId) ?? 0;

const PATH = "/api/v1/test/marked-writes";
const RESUMED_PATH = "/api/v1/test/resumed-writes";
const REPLAYED_PATH = "/api/v1/test/replayed-writes";

/** The audit entry of a replayable write: what its batch wrote, and what its replay reads back. */
const replayedEntry = (companyId: string, id: string) =>
  databaseFor(env, companyId)
    .select({ id: auditLog.resourceId, at: auditLog.createdAt })
    .from(auditLog)
    .where(
      and(eq(auditLog.companyId, companyId), eq(auditLog.resourceType, "test_replayed"), eq(auditLog.resourceId, id)),
    );
const app = testApp([
  defineOperation({
    operationId: "testMarkedWrite",
    method: "post",
    path: PATH,
    summary: "A write (test)",
    scope: "budgets:write",
    gate: "A",
    codes: [201, 400, 401, 403, 409, 429],
    request: { body: z.object({ name: z.string() }) },
    responses: { 201: { description: "Written", schema: z.object({ run: z.number(), id: z.string() }) } },
    handler: async ({ caller, commit }) => {
      const run = ran(caller.company.id) + 1;
      runs.set(caller.company.id, run);
      const id = crypto.randomUUID();
      // The audit entry is the write: one per batch that landed.
      await commit([], { resourceType: "test_write", resourceId: id });
      return { status: 201, body: { run, id } };
    },
  }),
  // A write built to resume (as sends are, through their provider intents): it adopts what its first attempt wrote.
  defineOperation({
    operationId: "testResumedWrite",
    method: "post",
    path: RESUMED_PATH,
    summary: "A resumable write (test)",
    scope: "budgets:write",
    gate: "A",
    codes: [201, 400, 401, 403, 409, 429],
    resumesAfterCrash: true,
    request: { body: z.object({ name: z.string() }) },
    responses: { 201: { description: "Written", schema: z.object({ run: z.number(), id: z.string() }) } },
    handler: async ({ db, caller, commit }) => {
      const run = ran(caller.company.id) + 1;
      runs.set(caller.company.id, run);
      const [earlier] = await db
        .select({ id: auditLog.resourceId })
        .from(auditLog)
        .where(and(eq(auditLog.companyId, caller.company.id), eq(auditLog.resourceType, "test_resumed")));
      const id = earlier?.id ?? crypto.randomUUID();
      // Its second batch, as a send's status update: the first attempt's write is adopted, not written again.
      await commit([], { resourceType: earlier ? "test_resumed_again" : "test_resumed", resourceId: id });
      return { status: 201, body: { run, id } };
    },
  }),
  // A write that declares its replay: its answer is read back from the row its batch wrote.
  defineOperation({
    operationId: "testReplayedWrite",
    method: "post",
    path: REPLAYED_PATH,
    summary: "A replayable write (test)",
    scope: "budgets:write",
    gate: "A",
    codes: [201, 400, 401, 403, 409, 429],
    request: { body: z.object({ name: z.string() }) },
    responses: {
      201: { description: "Written", schema: z.object({ id: z.string(), name: z.string(), at: z.string() }) },
    },
    handler: async ({ caller, body, commit }) => {
      runs.set(caller.company.id, ran(caller.company.id) + 1);
      const id = crypto.randomUUID();
      await commit([], { resourceType: "test_replayed", resourceId: id });
      // What only the batch decided (as a budget's number): the time its audit entry was written.
      const [entry] = await replayedEntry(caller.company.id, id);
      return { status: 201, body: { id, name: body.name, at: entry!.at } };
    },
    replay: async ({ caller, body }, { resourceId }) => {
      const [entry] = await replayedEntry(caller.company.id, resourceId ?? "");
      return entry && { status: 201, body: { id: entry.id!, name: body.name, at: entry.at } };
    },
  }),
]);

const body = { name: "a" };
const writesOf = async (companyId: string) =>
  (
    await databaseFor(env, companyId)
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.resourceType, "test_write")))
  ).length;

/** The key's object as if it never heard of the request's completion: its claim still in progress, from now. */
async function completionLost(key: string, idempotencyKey: string): Promise<void> {
  await runInDurableObject(guardOf(env, presentedKey(`Bearer ${key}`, "test").lineageId), async (_instance, state) => {
    state.storage.sql.exec(
      "UPDATE idempotency SET state = 'in_progress', status = NULL, headers = NULL, body = NULL, created_at = ? WHERE key = ?",
      Date.now(),
      idempotencyKey,
    );
  });
}

/** D1's mark as if the answer was never filled in (the Worker died right after its batch). */
async function answerLost(companyId: string, idempotencyKey: string): Promise<void> {
  await databaseFor(env, companyId)
    .update(idempotentAnswers)
    .set({ state: "committed", status: null, headers: null, body: null })
    .where(and(eq(idempotentAnswers.companyId, companyId), eq(idempotentAnswers.idempotencyKey, idempotencyKey)));
}

/** The object's claim of a request whose Worker died before its batch: in progress, never completed, no mark in D1. */
async function claimedThenDied(key: string, idempotencyKey: string): Promise<void> {
  // Any request first, so that the object has its tables.
  expect((await call("/api/v1/budgets?limit=1", { key })).status).toBe(200);
  const fingerprint = await sha256Hex(`POST ${PATH}\n${JSON.stringify(body)}`);
  await runInDurableObject(guardOf(env, presentedKey(`Bearer ${key}`, "test").lineageId), async (_instance, state) => {
    state.storage.sql.exec(
      "INSERT INTO idempotency (key, fingerprint, state, created_at) VALUES (?, ?, 'in_progress', ?)",
      idempotencyKey,
      fingerprint,
      Date.now(),
    );
  });
}

afterEach(resetClock);

describe("an idempotent write whose Worker died after its batch", () => {
  it("the object never told: a retry in flight, then after the lease, replays D1's answer; the handler runs once", async () => {
    const t = await tenant();
    const idempotencyKey = crypto.randomUUID();
    const request = { app, key: t.key, body, headers: { "Idempotency-Key": idempotencyKey } };
    const first = await call(PATH, request);
    expect(first.status).toBe(201);
    await completionLost(t.key, idempotencyKey);

    // The object still shows the claim in flight: D1 has the answer.
    const inFlight = await call(PATH, request);
    expect(inFlight.status).toBe(201);
    expect(inFlight.text).toBe(first.text);
    expect(inFlight.headers.get("Idempotent-Replayed")).toBe("true");

    // The claim lapsed (its Worker is gone): the retry takes it over and finds the answer.
    await moveClock(CLAIM_LEASE_MS + 1_000);
    const lapsed = await call(PATH, request);
    expect(lapsed.status).toBe(201);
    expect(lapsed.text).toBe(first.text);
    expect(lapsed.headers.get("Idempotent-Replayed")).toBe("true");
    // The object keeps it now: the next retry is its replay.
    const again = await call(PATH, request);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");

    expect(ran(t.companyId)).toBe(1);
    expect(await writesOf(t.companyId)).toBe(1);
  });

  it("a write that resumes (resumesAfterCrash), its answer never kept: after the lease the retry runs again and adopts; one write", async () => {
    const t = await tenant();
    const idempotencyKey = crypto.randomUUID();
    const request = { app, key: t.key, body, headers: { "Idempotency-Key": idempotencyKey } };
    const first = await call(RESUMED_PATH, request);
    expect(first.status).toBe(201);
    await completionLost(t.key, idempotencyKey);
    await answerLost(t.companyId, idempotencyKey);

    // In flight, its first request may still be running: in use, never run twice at once.
    expect(slug((await call(RESUMED_PATH, request)).json)).toBe("idempotency_key_in_use");
    await moveClock(CLAIM_LEASE_MS + 1_000);
    const resumed = await call(RESUMED_PATH, request);
    expect(resumed.status, resumed.text).toBe(201);
    expect(resumed.json).toMatchObject({ run: 2, id: first.json.id });
    const again = await call(RESUMED_PATH, request);
    expect(again.text).toBe(resumed.text);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");

    expect(ran(t.companyId)).toBe(2);
    const rows = await databaseFor(env, t.companyId)
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, t.companyId), eq(auditLog.resourceType, "test_resumed")));
    expect(rows).toHaveLength(1);
  });

  it("the answer never filled in either, no replay declared: in flight 409 in use, after the lease a conflict; never run again", async () => {
    const t = await tenant();
    const idempotencyKey = crypto.randomUUID();
    const request = { app, key: t.key, body, headers: { "Idempotency-Key": idempotencyKey } };
    expect((await call(PATH, request)).status).toBe(201);
    await completionLost(t.key, idempotencyKey);
    await answerLost(t.companyId, idempotencyKey);

    const inFlight = await call(PATH, request);
    expect(inFlight.status).toBe(409);
    expect(slug(inFlight.json)).toBe("idempotency_key_in_use");

    await moveClock(CLAIM_LEASE_MS + 1_000);
    const lapsed = await call(PATH, request);
    expect(lapsed.status).toBe(409);
    expect(slug(lapsed.json)).toBe("conflict");
    const again = await call(PATH, request);
    expect(again.status).toBe(409);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");

    expect(ran(t.companyId)).toBe(1);
    expect(await writesOf(t.companyId)).toBe(1);
  });

  it("the answer never filled in, the operation replays: in flight 409 in use, after the lease the answer read back; never run again", async () => {
    const t = await tenant();
    const idempotencyKey = crypto.randomUUID();
    const request = { app, key: t.key, body, headers: { "Idempotency-Key": idempotencyKey } };
    const first = await call(REPLAYED_PATH, request);
    expect(first.status).toBe(201);
    await completionLost(t.key, idempotencyKey);
    await answerLost(t.companyId, idempotencyKey);

    // Its first request may still be running (about to fill the answer in): in use.
    expect(slug((await call(REPLAYED_PATH, request)).json)).toBe("idempotency_key_in_use");
    await moveClock(CLAIM_LEASE_MS + 1_000);
    const lapsed = await call(REPLAYED_PATH, request);
    expect(lapsed.status, lapsed.text).toBe(201);
    expect(lapsed.json).toEqual(first.json);
    expect(lapsed.headers.get("Idempotent-Replayed")).toBe("true");
    // The rebuilt answer is kept (D1 and the object): the next retry replays it without reading back.
    await databaseFor(env, t.companyId)
      .delete(auditLog)
      .where(and(eq(auditLog.companyId, t.companyId), eq(auditLog.resourceType, "test_replayed")));
    const again = await call(REPLAYED_PATH, request);
    expect(again.text).toBe(lapsed.text);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    const [mark] = await databaseFor(env, t.companyId)
      .select({ state: idempotentAnswers.state, body: idempotentAnswers.body })
      .from(idempotentAnswers)
      .where(and(eq(idempotentAnswers.companyId, t.companyId), eq(idempotentAnswers.idempotencyKey, idempotencyKey)));
    expect(mark).toEqual({ state: "answered", body: first.text });

    expect(ran(t.companyId)).toBe(1);
  });

  it("the answer never filled in and what it wrote gone since: after the lease a conflict; never run again", async () => {
    const t = await tenant();
    const idempotencyKey = crypto.randomUUID();
    const request = { app, key: t.key, body, headers: { "Idempotency-Key": idempotencyKey } };
    expect((await call(REPLAYED_PATH, request)).status).toBe(201);
    await completionLost(t.key, idempotencyKey);
    await answerLost(t.companyId, idempotencyKey);
    await databaseFor(env, t.companyId)
      .delete(auditLog)
      .where(and(eq(auditLog.companyId, t.companyId), eq(auditLog.resourceType, "test_replayed")));

    await moveClock(CLAIM_LEASE_MS + 1_000);
    const lapsed = await call(REPLAYED_PATH, request);
    expect(lapsed.status).toBe(409);
    expect(slug(lapsed.json)).toBe("conflict");
    expect(ran(t.companyId)).toBe(1);
  });

  it("the same key with another body is still refused: 400 idempotency_key_reused", async () => {
    const t = await tenant();
    const idempotencyKey = crypto.randomUUID();
    const headers = { "Idempotency-Key": idempotencyKey };
    expect((await call(PATH, { app, key: t.key, body, headers })).status).toBe(201);
    await completionLost(t.key, idempotencyKey);
    const reused = await call(PATH, { app, key: t.key, body: { name: "b" }, headers });
    expect(reused.status).toBe(400);
    expect(slug(reused.json)).toBe("idempotency_key_reused");
    expect(ran(t.companyId)).toBe(1);
  });
});

describe("an idempotent write whose Worker died before its batch", () => {
  it("in flight: 409 in use; after the lease the retry runs, once", async () => {
    const t = await tenant();
    const idempotencyKey = crypto.randomUUID();
    const request = { app, key: t.key, body, headers: { "Idempotency-Key": idempotencyKey } };
    await claimedThenDied(t.key, idempotencyKey);

    const inFlight = await call(PATH, request);
    expect(inFlight.status).toBe(409);
    expect(slug(inFlight.json)).toBe("idempotency_key_in_use");
    expect(ran(t.companyId)).toBe(0);

    await moveClock(CLAIM_LEASE_MS + 1_000);
    const retried = await call(PATH, request);
    expect(retried.status).toBe(201);
    expect(retried.json.run).toBe(1);
    const replay = await call(PATH, request);
    expect(replay.text).toBe(retried.text);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");

    expect(ran(t.companyId)).toBe(1);
    expect(await writesOf(t.companyId)).toBe(1);
  });
});

describe("D1's mark keeps one write per key whatever the object says", () => {
  it("the object lost its record of a completed key: the retry's batch is refused whole, and the answer replayed", async () => {
    const t = await tenant();
    const idempotencyKey = crypto.randomUUID();
    const request = { app, key: t.key, body, headers: { "Idempotency-Key": idempotencyKey } };
    const first = await call(PATH, request);
    expect(first.status).toBe(201);
    await runInDurableObject(guardOf(env, presentedKey(`Bearer ${t.key}`, "test").lineageId), async (_i, state) => {
      state.storage.sql.exec("DELETE FROM idempotency WHERE key = ?", idempotencyKey);
    });
    const retry = await call(PATH, request);
    expect(retry.status).toBe(201);
    expect(retry.text).toBe(first.text);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    // The handler ran again up to its batch, which D1 refused: one write.
    expect(await writesOf(t.companyId)).toBe(1);
  });
});
