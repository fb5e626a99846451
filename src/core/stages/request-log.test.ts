import { z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, keyFor, tenant, testApp } from "../../../test/helpers";
import { requestLog } from "../../data/schema";
import { ApiError } from "../../lib/errors";
import { defineOperation } from "../operation";
import { createApp } from "../../app";
import { operationStages } from "../pipeline";
import { requestLog as requestLogStage } from "./request-log";

// What a logged request shows, and what it caused: src/domains/requests/requests.test.ts.

const entries = (requestId: string) => db.select().from(requestLog).where(eq(requestLog.requestId, requestId));
const rid = () => `stage-${crypto.randomUUID()}`;

/** Test-only operations: one that fails with a problem and one that throws something that is not one. */
const app = testApp([
  defineOperation({
    operationId: "refusesWithConflict",
    method: "post",
    path: "/api/v1/test-request-log/conflict",
    summary: "Answers 409",
    scope: "budgets:write",
    gate: "A",
    codes: [200, 400, 401, 403, 409, 429, 500],
    request: { body: z.object({ name: z.string().max(10) }) },
    responses: { 200: { description: "Never", schema: z.object({}) } },
    handler: async () => {
      throw new ApiError("conflict", "Always a conflict.");
    },
  }),
  defineOperation({
    operationId: "breaks",
    method: "get",
    path: "/api/v1/test-request-log/broken",
    summary: "Throws",
    scope: "budgets:read",
    gate: "A",
    codes: [200, 401, 403, 429, 500],
    responses: { 200: { description: "Never", schema: z.object({}) } },
    handler: async () => {
      throw new Error("not a problem: SELECT secret FROM somewhere");
    },
  }),
]);

describe("requestLog", () => {
  it("keeps a refusal of the key's object (403) and a problem thrown by the handler, as the client got them", async () => {
    const t = await tenant();
    const narrow = await keyFor(t.companyId, ["contacts:read"]);
    const forbidden = rid();
    const refused = await call("/api/v1/budgets", { key: narrow.key, headers: { "X-Request-Id": forbidden } });
    expect(refused.status).toBe(403);
    const [entry] = await entries(forbidden);
    expect(entry).toMatchObject({ companyId: t.companyId, keyId: narrow.keyId, status: 403, operation: "listBudgets" });
    expect(JSON.parse(entry!.responseBody!)).toEqual(refused.json);

    const conflict = rid();
    const answered = await call("/api/v1/test-request-log/conflict", {
      app,
      key: t.key,
      body: { name: "x" },
      headers: { "X-Request-Id": conflict },
    });
    expect(answered.status).toBe(409);
    const [kept] = await entries(conflict);
    expect(kept).toMatchObject({ status: 409, method: "POST", requestBody: JSON.stringify({ name: "x" }) });
    expect(JSON.parse(kept!.responseBody!)).toEqual(answered.json);
  });

  it("keeps a body whose schema marks nothing as it was sent, and rewrites one that holds a mark", async () => {
    const t = await tenant();
    const plain = rid();
    const sent = '{ "name" :  "x" }';
    expect(
      (
        await call("/api/v1/test-request-log/conflict", {
          app,
          key: t.key,
          body: sent,
          headers: { "X-Request-Id": plain },
        })
      ).status,
    ).toBe(409);
    expect((await entries(plain))[0]!.requestBody).toBe(sent);

    const marked = rid();
    const contact = '{ "phone" : "+34600000001" }';
    const created = await call("/api/v1/contacts", { key: t.key, body: contact, headers: { "X-Request-Id": marked } });
    expect(created.status, created.text).toBe(201);
    const [entry] = await entries(marked);
    expect(JSON.parse(entry!.requestBody!)).toEqual({ phone: "[redacted]" });
    expect(entry!.requestBody).not.toContain("+34600000001");
    expect(entry!.responseBody).not.toContain("+34600000001");
  });

  it("keeps a 500 as the client got it, with nothing of the error", async () => {
    const t = await tenant();
    const broken = rid();
    const answered = await call("/api/v1/test-request-log/broken", {
      app,
      key: t.key,
      headers: { "X-Request-Id": broken },
    });
    expect(answered.status).toBe(500);
    const [kept] = await entries(broken);
    expect(kept!.status).toBe(500);
    expect(JSON.parse(kept!.responseBody!)).toEqual(answered.json);
    expect(kept!.responseBody).not.toContain("SELECT");
  });

  it("keeps nothing of a request without a company: a missing or forged key", async () => {
    const t = await tenant();
    const anonymous = rid();
    expect((await call("/api/v1/budgets", { headers: { "X-Request-Id": anonymous } })).status).toBe(401);
    const forged = rid();
    const forgedKey = `${t.key.slice(0, -4)}0000`;
    expect((await call("/api/v1/budgets", { key: forgedKey, headers: { "X-Request-Id": forged } })).status).toBe(401);
    // The same company's valid request is kept (so the table is read where the others would be).
    const valid = rid();
    expect((await call("/api/v1/budgets", { key: t.key, headers: { "X-Request-Id": valid } })).status).toBe(200);
    expect(await entries(valid)).toHaveLength(1);
    expect(await entries(anonymous)).toEqual([]);
    expect(await entries(forged)).toEqual([]);
  });

  it("is a stage of the app's request path: an app built without it answers alike and keeps nothing", async () => {
    // What the log costs a request is then measured against this app, which does all else alike.
    const without = createApp(undefined, { stages: operationStages.filter((stage) => stage !== requestLogStage) });
    const t = await tenant();
    const [kept, unkept] = [rid(), rid()];
    const logged = await call("/api/v1/budgets", { key: t.key, headers: { "X-Request-Id": kept } });
    const unlogged = await call("/api/v1/budgets", { app: without, key: t.key, headers: { "X-Request-Id": unkept } });
    expect([logged.status, unlogged.status]).toEqual([200, 200]);
    expect(unlogged.json).toEqual(logged.json);
    expect(await entries(kept)).toHaveLength(1);
    expect(await entries(unkept)).toEqual([]);
  });
});
