import { z } from "@hono/zod-openapi";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/errors";
import type { Caller } from "../../keys/caller";
import { defineOperation } from "../operation";
import { call, slug, tenant, testApp } from "../../../test/helpers";
import { flowOf, passed, refusal } from "../../../test/fixtures/stages";
import { placement } from "./placement";

const BOOKMARK = "00000000-0000001d-00000000-0123456789abcdef0123456789abcdef";

/** A flow as the stages before placement leave it: the company (its store, whether it moves) and where the session started. */
function flowAt(method: "get" | "post", company: { store: number; moving?: boolean }, bookmark?: string) {
  const flow = flowOf({ method });
  flow.admitted = { caller: { company } as Caller, input: {} as never, guard: {} as never, idempotency: undefined };
  flow.session = { bookmark, latestBookmark: () => null };
  return flow;
}

describe("the placement stage", () => {
  it("refuses a bookmark of another store than the company's: 400 naming the header", async () => {
    const next = vi.fn(passed);
    const refused = await refusal(placement(flowAt("get", { store: 1 }, BOOKMARK), next));
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ slug: "validation_error", extra: { errors: [{ path: "header.X-D1-Bookmark" }] } });
    expect(next).not.toHaveBeenCalled();
    for (const bookmark of [undefined, `s1.${BOOKMARK}`])
      expect(await placement(flowAt("get", { store: 1 }, bookmark), next)).toEqual(await passed());
  });

  it("refuses a write while the company's data moves between stores (503 company_moving with Retry-After); its reads go on", async () => {
    const next = vi.fn(passed);
    const refused = await refusal(placement(flowAt("post", { store: 0, moving: true }), next));
    expect(refused).toMatchObject({ slug: "company_moving", extra: { headers: { "Retry-After": "10" } } });
    expect(next).not.toHaveBeenCalled();
    expect(await placement(flowAt("get", { store: 0, moving: true }), next)).toEqual(await passed());
    expect(await placement(flowAt("post", { store: 0, moving: false }), next)).toEqual(await passed());
  });

  it("refuses inside the claim of an Idempotency-Key: the key keeps the 400, and a retry gets it again", async () => {
    const write = defineOperation({
      operationId: "testPlacementWrite",
      method: "post",
      path: "/api/v1/test/placement",
      summary: "Write (test)",
      scope: "budgets:write",
      gate: "A",
      codes: [201, 400, 401, 403, 409, 429],
      request: { body: z.object({ name: z.string() }) },
      responses: { 201: { description: "Written", schema: z.object({ ok: z.boolean() }) } },
      handler: async () => ({ status: 201, body: { ok: true } }),
    });
    const t = await tenant();
    // A store no test layout has: never the company's.
    const headers = { "Idempotency-Key": crypto.randomUUID(), "X-D1-Bookmark": `s9.${BOOKMARK}` };
    const request = { app: testApp([write]), key: t.key, body: { name: "a" }, headers };
    const refused = await call("/api/v1/test/placement", request);
    expect(refused.status).toBe(400);
    expect(slug(refused.json)).toBe("validation_error");
    const retry = await call("/api/v1/test/placement", request);
    expect(retry.status).toBe(400);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
  });
});
