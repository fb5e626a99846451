import { z } from "@hono/zod-openapi";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/errors";
import { BOOKMARK_PATTERN } from "../../data/session";
import { defineOperation } from "../operation";
import { call, slug, tenant, testApp } from "../../../test/helpers";
import { tripsOf } from "../../../test/fixtures/stages";

/** Runs of each company's requests, so that a test sees whether a retry ran again. */
const runs = new Map<string, number>();
const ran = (companyId: string) => runs.get(companyId) ?? 0;

/** What the operation does on its nth run: answer, refuse (409) or fail (500). */
const Body = z.object({ runs: z.array(z.enum(["answer", "refuse", "fail"])) });
const act = defineOperation({
  operationId: "testStoreAnswer",
  method: "post",
  path: "/api/v1/test/store-answer",
  summary: "Act (test)",
  scope: "budgets:write",
  gate: "A",
  codes: [201, 400, 401, 403, 409, 429, 500],
  request: { body: Body },
  responses: { 201: { description: "Answered", schema: z.object({ run: z.number() }) } },
  handler: async ({ caller, body, commit }) => {
    const run = ran(caller.company.id) + 1;
    runs.set(caller.company.id, run);
    const what = body.runs[run - 1];
    if (what === "refuse") throw new ApiError("conflict", `Refused on run ${run}.`);
    if (what === "fail") throw new Error(`Failed on run ${run}.`);
    // A write, so that the answer carries the bookmark its session reached.
    await commit([], { resourceType: "test", resourceId: String(run) });
    return { status: 201, body: { run }, headers: { "X-Test-Run": String(run) } };
  },
});
const app = testApp([act]);
const timing = { SERVER_TIMING: "true" };
const claimed = (key: string, runs: string[]) => ({
  app,
  key,
  body: { runs },
  headers: { "Idempotency-Key": crypto.randomUUID() },
  vars: timing,
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the store answer stage", () => {
  it("keeps the answer of a claimed request, its headers and bookmark included, after the response: no trip more", async () => {
    const t = await tenant();
    const request = claimed(t.key, ["answer"]);
    const first = await call("/api/v1/test/store-answer", request);
    expect(first.status).toBe(201);
    // The object's call, then the batch that marks the key; the answer is kept once the response is sent.
    expect(tripsOf(first)).toMatchObject({ keyguard: 1, d1: 1, trips: 2 });
    expect(first.headers.get("X-D1-Bookmark")).toMatch(BOOKMARK_PATTERN);
    const replay = await call("/api/v1/test/store-answer", request);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replay.text).toBe(first.text);
    for (const header of ["Content-Type", "X-Test-Run", "X-D1-Bookmark"])
      expect(replay.headers.get(header), header).toBe(first.headers.get(header));
    expect(ran(t.companyId)).toBe(1);
  });

  it("keeps a refusal as the request's answer: the retry gets the same problem, nothing run again", async () => {
    const t = await tenant();
    const request = claimed(t.key, ["refuse", "answer"]);
    const refused = await call("/api/v1/test/store-answer", request);
    expect(refused.status).toBe(409);
    expect(refused.headers.get("Content-Type")).toBe("application/problem+json");
    const replay = await call("/api/v1/test/store-answer", request);
    expect(replay.status).toBe(409);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replay.json).toEqual(refused.json);
    expect(ran(t.companyId)).toBe(1);
  });

  it("frees the key of a failure: the retry runs again", async () => {
    const t = await tenant();
    vi.spyOn(console, "error").mockImplementation(() => {});
    const request = claimed(t.key, ["fail", "answer"]);
    const failed = await call("/api/v1/test/store-answer", request);
    expect(failed.status).toBe(500);
    expect(slug(failed.json)).toBe("internal_error");
    // The admission, then the release.
    expect(tripsOf(failed)).toMatchObject({ keyguard: 2 });
    const retry = await call("/api/v1/test/store-answer", request);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("Idempotent-Replayed")).toBeNull();
    expect(ran(t.companyId)).toBe(2);
  });

  it("keeps nothing of a request without a key: its object is called once", async () => {
    const t = await tenant();
    const response = await call("/api/v1/test/store-answer", {
      app,
      key: t.key,
      body: { runs: ["answer"] },
      vars: timing,
    });
    expect(response.status).toBe(201);
    expect(tripsOf(response)).toMatchObject({ keyguard: 1 });
  });
});
