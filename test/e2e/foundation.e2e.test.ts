import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeState, startDev, type DevServer } from "./harness";

let server: DevServer;
beforeAll(async () => {
  server = await startDev();
});
afterAll(async () => {
  await server?.stop();
  if (server) removeState(server);
});

const json = async (response: Response) => (await response.json()) as any;

describe("npm run dev, over HTTP", () => {
  it("seeds a demo company whose printed key lists its budgets, clients and invoices", async () => {
    expect(server.output()).toContain(server.demo.api_key);
    expect(server.output()).toContain(`curl -s -H "Authorization: Bearer ${server.demo.api_key}"`);
    const response = await server.fetch("/api/v1/budgets?limit=3", { key: server.demo.api_key });
    expect(response.status).toBe(200);
    expect(response.headers.get("ratelimit-policy")).toBe('"default";q=120;w=60');
    expect((await json(response)).data).toHaveLength(3);
    const invoices = await json(await server.fetch("/api/v1/invoices", { key: server.demo.api_key }));
    expect(invoices.data.length).toBeGreaterThan(0);
    const clients = await json(await server.fetch("/api/v1/clients", { key: server.demo.api_key }));
    expect(clients.data.length).toBeGreaterThan(0);
  });

  it("keeps the second seeded company's data apart", async () => {
    const mine = await json(await server.fetch("/api/v1/clients?limit=100", { key: server.demo.api_key }));
    const theirs = await json(await server.fetch("/api/v1/clients?limit=100", { key: server.demo.other_company.api_key }));
    const mineIds = new Set(mine.data.map((client: { id: string }) => client.id));
    expect(theirs.data.length).toBeGreaterThan(0);
    for (const client of theirs.data) expect(mineIds.has(client.id)).toBe(false);
  });

  it("serves the OpenAPI document and the docs page", async () => {
    const document = await json(await server.fetch("/api/v1/openapi.json"));
    expect(document.openapi).toBe("3.1.0");
    expect(document.paths["/api/v1/budgets"].post["x-scope"]).toBe("budgets:write");
    const docs = await server.fetch("/docs");
    expect(docs.headers.get("content-type")).toContain("text/html");
    expect(await docs.text()).toContain('data-url="/api/v1/openapi.json"');
    expect((await server.fetch("/docs/assets/api-reference.js")).status).toBe(200);
    expect(await (await server.fetch("/docs/overview")).text()).toContain("/api/v1/budgets");
  });

  it("creates a budget once per Idempotency-Key", async () => {
    const init = {
      key: server.demo.api_key,
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
      body: JSON.stringify({ client_name: "E2E", items: [{ concept: "Visit", units: 1, unit_price: 60 }] }),
    };
    const first = await server.fetch("/api/v1/budgets", init);
    const second = await server.fetch("/api/v1/budgets", init);
    expect(first.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect((await json(second)).id).toBe((await json(first)).id);
  });

  it("lets the admin CLI mint and revoke keys on the same state while the server runs", async () => {
    const tenant = await server.admin(["tenant", "create", "--name", "Live CLI Co", "--plan", "Starter"]);
    expect(tenant.company_id).toMatch(/^[0-9a-f-]{36}$/);
    const key = await server.admin(["key", "create", "--company", tenant.company_id, "--scopes", "budgets:read,clients:read", "--name", "cli"]);
    expect(key.api_key).toMatch(/^svc_test_[0-9a-f]{64}$/);
    const listed = await server.fetch("/api/v1/budgets", { key: key.api_key });
    expect(listed.status).toBe(200);
    expect((await json(listed)).data).toEqual([]);
    expect((await server.fetch("/api/v1/invoices", { key: key.api_key })).status).toBe(403);
    await server.admin(["key", "revoke", "--key", key.key_id]);
    expect((await server.fetch("/api/v1/budgets", { key: key.api_key })).status).toBe(401);
  });
});

/** POSTs a chunked body of `bytes` (Transfer-Encoding: chunked, no Content-Length); `hangUpAfter` closes the socket mid-body. */
function chunkedPost(path: string, key: string, bytes: number, hangUpAfter?: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.baseUrl}${path}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", "Transfer-Encoding": "chunked" },
    });
    request.on("response", (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", (error) => (hangUpAfter === undefined ? reject(error) : resolve({ status: 0, body: "" })));
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        if (hangUpAfter !== undefined && sent >= hangUpAfter) {
          request.destroy();
          return;
        }
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      request.end();
    };
    request.write('{"client_name":"');
    pump();
  });
}

describe("hostile bodies over HTTP", () => {
  const budget = JSON.stringify({ client_name: "After", items: [{ concept: "x", units: 1, unit_price: 1 }] });
  const write = () =>
    server.fetch("/api/v1/budgets", { key: server.demo.api_key, method: "POST", headers: { "Content-Type": "application/json" }, body: budget });

  it("answers an oversized chunked upload 413 and serves the next write normally", async () => {
    for (let round = 0; round < 5; round++) {
      const refused = await chunkedPost("/api/v1/budgets", server.demo.api_key, 2 * 1024 * 1024);
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body).type).toMatch(/\/problems\/payload_too_large$/);
      const next = await write();
      expect(next.status, await next.clone().text()).toBe(201);
    }
  });

  it("logs a client that hangs up mid-body as a client abort, not as a server error", async () => {
    const before = server.output().length;
    await chunkedPost("/api/v1/budgets", server.demo.api_key, 512 * 1024, 128 * 1024);
    expect((await write()).status).toBe(201);
    await new Promise((settle) => setTimeout(settle, 500));
    const logged = server.output().slice(before);
    expect(logged).not.toContain("internal_error");
    expect(logged).not.toContain('"status":500');
  });
});

describe("npm run dev -- --var", () => {
  it("applies switches: the API switched off is invisible", async () => {
    const off = await startDev({ vars: { PUBLIC_API_ENABLED: "false" } });
    try {
      expect((await off.fetch("/api/v1/budgets", { key: off.demo.api_key })).status).toBe(404);
      expect((await off.fetch("/docs")).status).toBe(404);
      expect((await off.fetch("/docs/assets/api-reference.js")).status).toBe(404);
    } finally {
      await off.stop();
      removeState(off);
    }
  });
});
