import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, Client, type ClientOptions, type WebhookEvent, type WebhookEventType } from "../../sdk/src/index.js";
import { type DevServer, removeState, root, sharedDev, startDev, tsx } from "./harness";
import { until } from "./requests";

// The calls go through the SDK (sdk/), as an integrator's would: request/requestWithResponse where a
// test needs the raw response, fetch and node:http where it sends what no client would.

let server: DevServer;
/** The switched-off server of the last test (its own), started beside the shared one so that its start overlaps the other tests. */
let offServer: Promise<DevServer>;
beforeAll(async () => {
  offServer = startDev({ vars: { PUBLIC_API_ENABLED: "false" } });
  // Awaited by its test; a failed start must not be an unhandled rejection meanwhile.
  offServer.catch(() => undefined);
  // Loopback webhook URLs are allowed so that the receiver fake (a customer's receiver) can subscribe.
  server = await sharedDev();
});
afterAll(async () => {
  const off = await offServer?.catch(() => undefined);
  if (off) {
    await off.stop();
    removeState(off);
  }
});

const json = async (response: Response) => (await response.json()) as any;
/** The SDK's client of the dev server with this key. */
const sdk = (apiKey: string, options: Partial<ClientOptions> = {}) =>
  new Client({ apiKey, baseUrl: server.baseUrl, ...options });
/** What a rejected call threw. */
const thrown = (call: PromiseLike<unknown>) =>
  Promise.resolve(call).then(
    () => expect.fail("the call succeeded"),
    (error: unknown) => error,
  );

describe("npm run dev, over HTTP", () => {
  it("seeds a demo company whose printed key lists its budgets, clients and invoices", async () => {
    expect(server.output()).toContain(server.demo.api_key);
    expect(server.output()).toContain(`curl -s -H "Authorization: Bearer ${server.demo.api_key}"`);
    const api = sdk(server.demo.api_key);
    const budgets = await api.budgets.list({ limit: 3 });
    expect(budgets.data).toHaveLength(3);
    expect(budgets.data[0]!.document_type).toBe("budget");
    const raw = await api.requestWithResponse("GET", "/api/v1/budgets", { query: { limit: 3 } });
    expect(raw.response.status).toBe(200);
    expect(raw.response.headers.get("ratelimit-policy")).toBe('"default";q=120;w=60');
    expect(raw.data.data.map((budget) => budget.id)).toEqual(budgets.data.map((budget) => budget.id));
    expect((await api.invoices.list()).data.length).toBeGreaterThan(0);
    expect((await api.clients.list()).data.length).toBeGreaterThan(0);
  });

  it("keeps the second seeded company's data apart", async () => {
    // Every page of both lists (small pages, so that the iteration crosses pages).
    const mine = await sdk(server.demo.api_key).clients.list({ limit: 7 }).toArray();
    const theirs = await sdk(server.demo.other_company.api_key).clients.list({ limit: 7 }).toArray();
    const mineIds = new Set(mine.map((client) => client.id));
    expect(mineIds.size).toBe(mine.length);
    expect(mine.length).toBeGreaterThan(7);
    expect(theirs.length).toBeGreaterThan(0);
    for (const client of theirs) expect(mineIds.has(client.id)).toBe(false);
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

  it("creates a budget once per Idempotency-Key; the SDK gives each call its own, and reads its own writes", async () => {
    const api = sdk(server.demo.api_key);
    const body = { client_name: "E2E", items: [{ concept: "Visit", units: 1, unit_price: 60 }] };
    const idempotencyKey = crypto.randomUUID();
    const first = await api.budgets.create(body, { idempotencyKey });
    const second = await api.requestWithResponse("POST", "/api/v1/budgets", { body }, { idempotencyKey });
    expect(first).toMatchObject({ status: "draft", document_type: "budget", subtotal: 60 });
    expect(second.response.headers.get("idempotent-replayed")).toBe("true");
    expect(second.data.id).toBe(first.id);
    // Without a key of the caller's, two calls are two writes.
    const third = await api.budgets.create(body);
    expect(third.id).not.toBe(first.id);
    // The write's bookmark goes with the next read: the list has the new budget at once.
    expect(api.bookmark).toMatch(/^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/);
    const ids: string[] = [];
    for await (const budget of api.budgets.list({ limit: 2 })) if (ids.push(budget.id) >= 4) break;
    expect(ids).toContain(third.id);
  });

  it("lets the admin CLI mint and revoke keys on the same state while the server runs", async () => {
    const tenant = await server.admin(["tenant", "create", "--name", "Live CLI Co", "--plan", "Starter"]);
    expect(tenant.company_id).toMatch(/^[0-9a-f-]{36}$/);
    const key = await server.admin([
      "key",
      "create",
      "--company",
      tenant.company_id,
      "--scopes",
      "budgets:read,clients:read",
      "--name",
      "cli",
    ]);
    expect(key.api_key).toMatch(/^svc_test_[0-9a-f]{112}$/);
    const api = sdk(key.api_key);
    expect((await api.budgets.list()).data).toEqual([]);
    const refused = await thrown(api.invoices.list());
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({
      status: 403,
      code: "insufficient_scope",
      type: expect.stringMatching(/\/problems\/insufficient_scope$/),
      request_id: expect.any(String),
      errors: [],
    });
    await server.admin(["key", "revoke", "--key", key.key_id]);
    const revoked = (await thrown(api.budgets.list())) as ApiError;
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get("www-authenticate")).toContain("Bearer");
  });

  it("revokes a deployed Worker's key with --remote through its admin route (ADMIN_URL, ADMIN_SECRET)", async () => {
    const tenant = await server.admin(["tenant", "create", "--name", "Remote CLI Co", "--plan", "Starter"]);
    const key = await server.admin(["key", "create", "--company", tenant.company_id, "--scopes", "budgets:read"]);
    const api = sdk(key.api_key);
    expect((await api.budgets.list()).data).toEqual([]);
    // The running server stands in for the deployed Worker: its address and this run's admin secret.
    const { adminSecret } = JSON.parse(readFileSync(join(server.persistTo, "server.json"), "utf8")) as {
      adminSecret: string;
    };
    // The secret reached wrangler in a file, not on any process's command line (what `ps` shows everyone).
    expect(commandLines().some((line) => line.includes(adminSecret))).toBe(false);
    const { stdout } = await promisify(execFile)(
      ...tsx("scripts/admin.ts", ["key", "revoke", "--key", key.key_id, "--remote"]),
      {
        cwd: root,
        env: { ...process.env, ADMIN_URL: server.baseUrl, ADMIN_SECRET: adminSecret },
      },
    );
    expect(JSON.parse(stdout)).toMatchObject({ key_id: key.key_id, revoked_at: expect.any(String) });
    expect(await thrown(api.budgets.list())).toMatchObject({ status: 401 });
    // Another secret is refused like an unknown path, and changes nothing.
    const refused = await fetch(`${server.baseUrl}/admin/v1/keys/${key.key_id}/revoke`, {
      method: "POST",
      headers: { Authorization: "Bearer not-the-secret" },
    });
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
function chunkedPost(
  path: string,
  key: string,
  bytes: number,
  hangUpAfter?: number,
): Promise<{ status: number; body: string }> {
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

describe("webhooks through the SDK", () => {
  it("verifies a test event of every type of the catalogue that the receiver fake got, each typed by its type", async () => {
    // The other seeded company: its own key, so that its 80 calls leave the demo key's rate limit alone.
    const api = sdk(server.demo.other_company.api_key, { maxRetryDelayMs: 60_000 });
    const path = `/hooks/${crypto.randomUUID()}`;
    const { secret } = await api.webhooks.putSubscription({
      url: `${server.fakes.providers.receiver}${path}`,
      events: ["*"],
    });
    // The catalogue as the OpenAPI document's webhooks list it.
    const types = Object.keys((await json(await server.fetch("/api/v1/openapi.json"))).webhooks) as WebhookEventType[];
    expect(types.length).toBeGreaterThan(70);
    const sent = new Map<string, WebhookEventType>();
    for (const type of types) sent.set((await api.webhooks.sendTestEvent({ type })).event_id, type);

    const received = await until(
      "a delivery of every test event at the receiver fake",
      async () =>
        (
          (await (
            await fetch(`${server.fakes.providers.receiver}/__fake/requests?match=${encodeURIComponent(path)}`)
          ).json()) as { requests: { path: string; headers: Record<string, string>; body: string }[] }
        ).requests,
      (requests) => [...sent.keys()].every((id) => requests.some((request) => request.headers["webhook-id"] === id)),
      60_000,
    );
    const events: WebhookEvent[] = received.map((request) =>
      api.webhooks.verify(request.body, request.headers, secret),
    );
    // Every delivery verifies; besides the test events, a real one may come (the subscription is to "*").
    const tests = events.filter((event) => event.test === true);
    expect(new Map(tests.map((event) => [event.id, event.type]))).toEqual(sent);
    for (const event of events) expect(event.test === true).toBe(sent.has(event.id));
    // The union narrows by type: each member's data is that event's own.
    const budget = events.find((event) => event.type === "budget.created");
    if (budget?.type !== "budget.created") expect.fail("no budget.created");
    expect(budget.data.budget_number).toEqual(expect.any(String));
    // Another secret, or a body changed on the way, does not verify.
    expect(() =>
      api.webhooks.verify(
        received[0]!.body,
        received[0]!.headers,
        "whsec_dGhpcy1pcy1ub3QtdGhlLXNlY3JldC1vZi10aGUtaG9vaw==",
      ),
    ).toThrow();
    expect(() =>
      api.webhooks.verify(received[0]!.body.replace('"test":true', '"test":false'), received[0]!.headers, secret),
    ).toThrow();
  });
});

describe("hostile bodies over HTTP", () => {
  // No retry: the write after a hostile body must succeed at its first attempt.
  const write = () =>
    sdk(server.demo.api_key, { maxRetries: 0 }).budgets.create({
      client_name: "After",
      items: [{ concept: "x", units: 1, unit_price: 1 }],
    });

  it("answers an oversized chunked upload 413 and serves the next write normally", async () => {
    for (let round = 0; round < 5; round++) {
      const refused = await chunkedPost("/api/v1/budgets", server.demo.api_key, 2 * 1024 * 1024);
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body).type).toMatch(/\/problems\/payload_too_large$/);
      expect((await write()).status).toBe("draft");
    }
  });

  it("logs a client that hangs up mid-body as a client abort, not as a server error", async () => {
    const before = server.output().length;
    await chunkedPost("/api/v1/budgets", server.demo.api_key, 512 * 1024, 128 * 1024);
    expect((await write()).status).toBe("draft");
    await new Promise((settle) => setTimeout(settle, 500));
    const logged = server.output().slice(before);
    expect(logged).not.toContain("internal_error");
    // npm run dev's request line (scripts/lib/dev-log.ts): time, method, path, status.
    expect(logged).not.toMatch(/^\S+ [A-Z]+ +\S+ 500 /m);
  });

  it("shows each request as one readable line with its request id, and neither the local cron's calls nor a key", async () => {
    const requestId = `e2e-line-${crypto.randomUUID()}`;
    const response = await server.fetch("/api/v1/budgets?limit=1", {
      headers: { Authorization: `Bearer ${server.demo.api_key}`, "X-Request-Id": requestId },
    });
    expect(response.status).toBe(200);
    let line: string | undefined;
    for (let wait = 0; !line && wait < 120; wait++) {
      line = server
        .output()
        .split("\n")
        .find((text) => text.includes(requestId));
      if (!line) await new Promise((settle) => setTimeout(settle, 250));
    }
    expect(line).toMatch(
      new RegExp(`^\\d{2}:\\d{2}:\\d{2} GET +/api/v1/budgets 200 +\\d+(\\.\\d)? ms +${requestId}  \\(\\w+\\)$`),
    );
    const output = server.output();
    // The Worker's JSON line is shown in its readable form only; the cron (every 5 s) not at all.
    expect(output).not.toContain(`"request_id":"${requestId}"`);
    expect(output).not.toContain("/__scheduled");
    expect(output).not.toMatch(/\[wrangler:info\] GET \/api\/v1\/budgets 200/);
    expect(line).not.toContain(server.demo.api_key);
  });
});

describe("npm run dev -- --var", () => {
  it("applies switches: the API switched off is invisible", async () => {
    const off = await offServer;
    expect(await thrown(new Client({ apiKey: off.demo.api_key, baseUrl: off.baseUrl }).budgets.list())).toMatchObject({
      status: 404,
    });
    expect((await off.fetch("/docs")).status).toBe(404);
    expect((await off.fetch("/docs/assets/manifest.json")).status).toBe(404);
  });
});
