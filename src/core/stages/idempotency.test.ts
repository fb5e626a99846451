import { z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { defineOperation } from "../operation";
import { call, slug, tenant, testApp } from "../../../test/helpers";

/** Runs of each company's requests, so that a test sees whether a retry ran again. */
const runs = new Map<string, number>();
const ran = (companyId: string) => runs.get(companyId) ?? 0;
const count = (companyId: string) => runs.set(companyId, ran(companyId) + 1).get(companyId)!;

/** The slow operation's request waits here until the test lets it end. */
let started: () => void = () => {};
let finish: () => void = () => {};

const Body = z.object({ name: z.string() });
const Result = z.object({ run: z.number() });
const operation = (
  operationId: string,
  path: string,
  handler: (companyId: string) => Promise<number>,
  storeIdempotentResponse?: boolean,
) =>
  defineOperation({
    operationId,
    method: "post",
    path,
    summary: `${operationId} (test)`,
    scope: "budgets:write",
    gate: "A",
    codes: [201, 400, 401, 403, 409, 429],
    storeIdempotentResponse,
    request: { body: Body },
    responses: { 201: { description: "Ran", schema: Result } },
    handler: async ({ caller }) => ({
      status: 201,
      body: { run: await handler(caller.company.id) },
      headers: { "X-Test-Run": "yes" },
    }),
  });
const app = testApp([
  operation("testRun", "/api/v1/test/runs", async (companyId) => count(companyId)),
  operation("testOtherRun", "/api/v1/test/other-runs", async (companyId) => count(companyId)),
  operation("testSlowRun", "/api/v1/test/slow-runs", async (companyId) => {
    started();
    await new Promise<void>((resolve) => {
      finish = resolve;
    });
    return count(companyId);
  }),
  operation("testSecretRun", "/api/v1/test/secret-runs", async (companyId) => count(companyId), false),
]);

describe("the idempotency stage", () => {
  it("replays a completed request's kept answer, Idempotent-Replayed: true, and runs nothing again", async () => {
    const t = await tenant();
    const request = { app, key: t.key, body: { name: "a" }, headers: { "Idempotency-Key": crypto.randomUUID() } };
    const first = await call("/api/v1/test/runs", request);
    expect(first.status).toBe(201);
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    const replay = await call("/api/v1/test/runs", request);
    expect(replay.status).toBe(201);
    expect(replay.text).toBe(first.text);
    expect(replay.headers.get("X-Test-Run")).toBe("yes");
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(ran(t.companyId)).toBe(1);
  });

  it("refuses the key with another body, or on another operation: 400 idempotency_key_reused", async () => {
    const t = await tenant();
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    expect((await call("/api/v1/test/runs", { app, key: t.key, body: { name: "a" }, headers })).status).toBe(201);
    for (const [path, body] of [
      ["/api/v1/test/runs", { name: "b" }],
      ["/api/v1/test/other-runs", { name: "a" }],
    ] as const) {
      const reused = await call(path, { app, key: t.key, body, headers });
      expect(reused.status, path).toBe(400);
      expect(slug(reused.json), path).toBe("idempotency_key_reused");
    }
    expect(ran(t.companyId)).toBe(1);
  });

  it("refuses the key while its first request still runs: 409 idempotency_key_in_use", async () => {
    const t = await tenant();
    const request = { app, key: t.key, body: { name: "a" }, headers: { "Idempotency-Key": crypto.randomUUID() } };
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const first = call("/api/v1/test/slow-runs", request);
    await running;
    const second = await call("/api/v1/test/slow-runs", request);
    expect(second.status).toBe(409);
    expect(slug(second.json)).toBe("idempotency_key_in_use");
    finish();
    expect((await first).status).toBe(201);
    expect((await call("/api/v1/test/slow-runs", request)).headers.get("Idempotent-Replayed")).toBe("true");
    expect(ran(t.companyId)).toBe(1);
  });

  it("refuses a retry of a request whose answer is not kept (it carried a secret): 409 conflict, nothing run again", async () => {
    const t = await tenant();
    const request = { app, key: t.key, body: { name: "a" }, headers: { "Idempotency-Key": crypto.randomUUID() } };
    expect((await call("/api/v1/test/secret-runs", request)).status).toBe(201);
    const retry = await call("/api/v1/test/secret-runs", request);
    expect(retry.status).toBe(409);
    expect(slug(retry.json)).toBe("conflict");
    expect(ran(t.companyId)).toBe(1);
  });

  it("lets every request without a key run", async () => {
    const t = await tenant();
    for (let i = 0; i < 2; i++)
      expect((await call("/api/v1/test/runs", { app, key: t.key, body: { name: "a" } })).status).toBe(201);
    expect(ran(t.companyId)).toBe(2);
  });
});
