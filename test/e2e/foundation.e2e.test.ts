import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeState, root, startDev, tsx, type DevServer } from "./harness";

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
    const api = server.client(server.demo.api_key);
    const budgets = await api.GET("/api/v1/budgets", { params: { query: { limit: 3 } } });
    expect(budgets.response.status).toBe(200);
    expect(budgets.response.headers.get("ratelimit-policy")).toBe('"default";q=120;w=60');
    expect(budgets.data!.data).toHaveLength(3);
    expect(budgets.data!.data[0]!.document_type).toBe("budget");
    const invoices = await api.GET("/api/v1/invoices");
    expect(invoices.data!.data.length).toBeGreaterThan(0);
    const clients = await api.GET("/api/v1/clients");
    expect(clients.data!.data.length).toBeGreaterThan(0);
  });

  it("keeps the second seeded company's data apart", async () => {
    const mine = await server.client(server.demo.api_key).GET("/api/v1/clients", { params: { query: { limit: 100 } } });
    const theirs = await server.client(server.demo.other_company.api_key).GET("/api/v1/clients", { params: { query: { limit: 100 } } });
    const mineIds = new Set(mine.data!.data.map((client) => client.id));
    expect(theirs.data!.data.length).toBeGreaterThan(0);
    for (const client of theirs.data!.data) expect(mineIds.has(client.id)).toBe(false);
  });

  it("serves the OpenAPI document and the docs page", async () => {
    const document = await json(await server.fetch("/api/v1/openapi.json"));
    expect(document.openapi).toBe("3.1.0");
    expect(document.paths["/api/v1/budgets"].post["x-scope"]).toBe("budgets:write");
    const docs = await server.fetch("/docs");
    expect(docs.headers.get("content-type")).toContain("text/html");
    const page = await docs.text();
    expect(page).toContain('data-url="/api/v1/openapi.json"');
    // The bundle is named by its content and cached for good; the page is revalidated.
    const bundle = /<script src="(\/docs\/assets\/api-reference\.[0-9a-f]{16}\.js)"><\/script>/.exec(page)?.[1];
    expect(bundle).toBeTruthy();
    const asset = await server.fetch(bundle!);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(docs.headers.get("cache-control")).toBe("no-cache");
    expect(await (await server.fetch("/docs/overview")).text()).toContain("/api/v1/budgets");
  });

  it("creates a budget once per Idempotency-Key", async () => {
    const api = server.client(server.demo.api_key);
    const request = {
      params: { header: { "Idempotency-Key": crypto.randomUUID() } },
      body: { client_name: "E2E", items: [{ concept: "Visit", units: 1, unit_price: 60 }] },
    };
    const first = await api.POST("/api/v1/budgets", request);
    const second = await api.POST("/api/v1/budgets", request);
    expect(first.response.status).toBe(201);
    expect(first.data).toMatchObject({ status: "draft", document_type: "budget", subtotal: 60 });
    expect(second.response.headers.get("idempotent-replayed")).toBe("true");
    expect(second.data!.id).toBe(first.data!.id);
  });

  it("lets the admin CLI mint and revoke keys on the same state while the server runs", async () => {
    const tenant = await server.admin(["tenant", "create", "--name", "Live CLI Co", "--plan", "Starter"]);
    expect(tenant.company_id).toMatch(/^[0-9a-f-]{36}$/);
    const key = await server.admin(["key", "create", "--company", tenant.company_id, "--scopes", "budgets:read,clients:read", "--name", "cli"]);
    expect(key.api_key).toMatch(/^svc_test_[0-9a-f]{96}$/);
    const api = server.client(key.api_key);
    const listed = await api.GET("/api/v1/budgets");
    expect(listed.response.status).toBe(200);
    expect(listed.data!.data).toEqual([]);
    const refused = await api.GET("/api/v1/invoices");
    expect(refused.response.status).toBe(403);
    expect(refused.error).toMatchObject({ status: 403, type: expect.stringMatching(/\/problems\/insufficient_scope$/) });
    await server.admin(["key", "revoke", "--key", key.key_id]);
    const revoked = await api.GET("/api/v1/budgets");
    expect(revoked.response.status).toBe(401);
    expect(revoked.response.headers.get("www-authenticate")).toContain("Bearer");
  });

  it("revokes a deployed Worker's key with --remote through its admin route (ADMIN_URL, ADMIN_SECRET)", async () => {
    const tenant = await server.admin(["tenant", "create", "--name", "Remote CLI Co", "--plan", "Starter"]);
    const key = await server.admin(["key", "create", "--company", tenant.company_id, "--scopes", "budgets:read"]);
    const api = server.client(key.api_key);
    expect((await api.GET("/api/v1/budgets")).response.status).toBe(200);
    // The running server stands in for the deployed Worker: its address and this run's admin secret.
    const { adminSecret } = JSON.parse(readFileSync(join(server.persistTo, "server.json"), "utf8")) as { adminSecret: string };
    // The secret reached wrangler in a file, not on any process's command line (what `ps` shows everyone).
    expect(commandLines().some((line) => line.includes(adminSecret))).toBe(false);
    const { stdout } = await promisify(execFile)(tsx, ["scripts/admin.ts", "key", "revoke", "--key", key.key_id, "--remote"], {
      cwd: root,
      env: { ...process.env, ADMIN_URL: server.baseUrl, ADMIN_SECRET: adminSecret },
    });
    expect(JSON.parse(stdout)).toMatchObject({ key_id: key.key_id, revoked_at: expect.any(String) });
    expect((await api.GET("/api/v1/budgets")).response.status).toBe(401);
    // Another secret is refused like an unknown path, and changes nothing.
    const refused = await fetch(`${server.baseUrl}/admin/v1/keys/${key.key_id}/revoke`, { method: "POST", headers: { Authorization: "Bearer not-the-secret" } });
    expect(refused.status).toBe(404);
  });
});

/** Every process's command line, from /proc (Linux; what `ps -eo args` prints). */
function commandLines(): string[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        return [readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ")];
      } catch {
        return []; // the process ended meanwhile
      }
    });
}

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
  const write = () => server.client(server.demo.api_key).POST("/api/v1/budgets", { body: { client_name: "After", items: [{ concept: "x", units: 1, unit_price: 1 }] } });

  it("answers an oversized chunked upload 413 and serves the next write normally", async () => {
    for (let round = 0; round < 5; round++) {
      const refused = await chunkedPost("/api/v1/budgets", server.demo.api_key, 2 * 1024 * 1024);
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body).type).toMatch(/\/problems\/payload_too_large$/);
      const next = await write();
      expect(next.response.status, JSON.stringify(next.error ?? null)).toBe(201);
    }
  });

  it("logs a client that hangs up mid-body as a client abort, not as a server error", async () => {
    const before = server.output().length;
    await chunkedPost("/api/v1/budgets", server.demo.api_key, 512 * 1024, 128 * 1024);
    expect((await write()).response.status).toBe(201);
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
      expect((await off.client(off.demo.api_key).GET("/api/v1/budgets")).response.status).toBe(404);
      expect((await off.fetch("/docs")).status).toBe(404);
      expect((await off.fetch("/docs/assets/manifest.json")).status).toBe(404);
    } finally {
      await off.stop();
      removeState(off);
    }
  });
});
