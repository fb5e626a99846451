import { z } from "@hono/zod-openapi";
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { mintKey } from "../../keys/auth";
import { defineOperation } from "../operation";
import { call, slug, tenant, testApp } from "../../../test/helpers";
import { tripsOf } from "../../../test/fixtures/stages";

const timing = { SERVER_TIMING: "true" };

describe("the key form stage", () => {
  it("answers a missing key 401 with WWW-Authenticate, with no round trip at all", async () => {
    const response = await call("/api/v1/budgets", { vars: timing });
    expect(response.status).toBe(401);
    expect(slug(response.json)).toBe("unauthorized");
    expect(response.headers.get("WWW-Authenticate")).toBe('Bearer realm="api"');
    expect(tripsOf(response)).toEqual({ keyguard: 0, d1: 0, trips: 0 });
  });

  it("answers a malformed, foreign-environment or forged key 401 invalid_token before any Durable Object trip", async () => {
    const forged = (await mintKey("another-secret-than-this-deployment-s-0123456789", "test")).value;
    const otherEnvironment = (await mintKey(env.API_KEY_CHECK_SECRET, "live")).value;
    for (const authorization of [
      "Bearer nope",
      "Basic dXNlcjpwYXNz",
      `Bearer ${otherEnvironment}`,
      `Bearer ${forged}`,
    ]) {
      const response = await call("/api/v1/budgets", { headers: { Authorization: authorization }, vars: timing });
      expect(response.status, authorization).toBe(401);
      expect(response.headers.get("WWW-Authenticate"), authorization).toBe('Bearer realm="api", error="invalid_token"');
      expect(tripsOf(response), authorization).toEqual({ keyguard: 0, d1: 0, trips: 0 });
    }
  });

  it("decides before the body is read: a malformed key's body is never pulled, a good key's is", async () => {
    const app = testApp([
      defineOperation({
        operationId: "testKeyFormWrite",
        method: "post",
        path: "/api/v1/test/key-form",
        summary: "Write (test)",
        scope: "budgets:write",
        gate: "A",
        codes: [201, 400, 401, 403, 409, 429],
        request: { body: z.object({ name: z.string() }) },
        responses: { 201: { description: "Written", schema: z.object({ ok: z.boolean() }) } },
        handler: async () => ({ status: 201, body: { ok: true } }),
      }),
    ]);
    const t = await tenant();
    const send = async (authorization: string) => {
      let pulls = 0;
      // highWaterMark 0: the stream is pulled only when the body is read.
      const body = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            pulls++;
            controller.enqueue(new TextEncoder().encode('{"name":"a"}'));
            controller.close();
          },
        },
        { highWaterMark: 0 },
      );
      const headers = { Authorization: authorization, "Content-Type": "application/json" };
      const request = new Request("http://api.test/api/v1/test/key-form", { method: "POST", headers, body });
      const ctx = createExecutionContext();
      const response = await app.fetch(request, env, ctx);
      await waitOnExecutionContext(ctx);
      return { status: response.status, pulls };
    };
    expect(await send("Bearer nope")).toEqual({ status: 401, pulls: 0 });
    expect(await send(`Bearer ${t.key}`)).toEqual({ status: 201, pulls: 1 });
  });

  it("passes a key of the right form on to its object: one trip there", async () => {
    const t = await tenant();
    const response = await call("/api/v1/budgets", { key: t.key, vars: timing });
    expect(response.status).toBe(200);
    expect(tripsOf(response)).toMatchObject({ keyguard: 1 });
  });
});
