import { z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../data/schema";
import { defineOperation } from "../operation";
import { call, db, tenant, testApp } from "../../../test/helpers";

const Params = z.object({ thing_id: z.string() });
const Body = z.object({ commit: z.boolean() });
const app = testApp([
  defineOperation({
    operationId: "testCommitThing",
    method: "post",
    path: "/api/v1/test/commits/{thing_id}",
    summary: "Change a thing (test)",
    scope: "budgets:write",
    gate: "A",
    codes: [200, 400, 401, 403, 409, 429],
    request: { params: Params, body: Body },
    responses: { 200: { description: "Changed", schema: z.object({ committed: z.boolean() }) } },
    handler: async ({ params, body, commit }) => {
      if (body.commit) await commit([], { resourceType: "thing", resourceId: params.thing_id });
      return { status: 200, body: { committed: body.commit } };
    },
  }),
]);
const entriesOf = (companyId: string) => db.select().from(auditLog).where(eq(auditLog.companyId, companyId));

describe("the commit stage", () => {
  it("gives the handler a commit that writes this request's audit entry: key, operation, method, path as sent, resource, request id", async () => {
    const t = await tenant();
    const response = await call("/api/v1/test/commits/th%20ing", {
      app,
      key: t.key,
      body: { commit: true },
      headers: { "X-Request-Id": "commit-audit-1" },
    });
    expect(response.status).toBe(200);
    expect(await entriesOf(t.companyId)).toEqual([
      {
        id: expect.any(String),
        companyId: t.companyId,
        keyId: t.keyId,
        operation: "testCommitThing",
        method: "POST",
        path: "/api/v1/test/commits/th%20ing",
        resourceType: "thing",
        resourceId: "th ing",
        requestId: "commit-audit-1",
        createdAt: expect.any(String),
      },
    ]);
  });

  it("writes no entry for a request whose handler committed nothing", async () => {
    const t = await tenant();
    expect((await call("/api/v1/test/commits/x", { app, key: t.key, body: { commit: false } })).status).toBe(200);
    expect(await entriesOf(t.companyId)).toEqual([]);
  });
});
