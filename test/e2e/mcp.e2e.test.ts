import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult, ListToolsResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevServer, removeState, root, sharedDev, startDev } from "./harness";

// The MCP server (POST /mcp) under npm run dev, driven by the clients agents run in: the MCP SDK's
// own Client over Streamable HTTP, and the MCP Inspector's command-line mode. What they are
// checked against is the served OpenAPI document (each operation's tag, scope, gate and
// capability), not the server's own code. Each test makes its companies through the operator API.

/** The discovery tools, first in every list. */
const DISCOVERY = ["search_operations", "describe_operation", "call_operation"];
/** The operations declared as common tasks (listed by default); dialCall only where spending is open to the key. */
const COMMON_TASKS = [
  "listBudgets",
  "createBudget",
  "listContacts",
  "createContact",
  "getContact",
  "getBalance",
  "listCalls",
  "getCall",
];
const MAX_TOOLS = 80;

let server: DevServer;
/** The rate-limit test's own server (5 requests a minute), started beside the shared one to save its start. */
let limitedServer: Promise<DevServer>;
const clients: Client[] = [];

beforeAll(async () => {
  limitedServer = startDev({ vars: { RATE_LIMIT_PER_MINUTE: "5" } });
  // Awaited by its test; a failed start must not be an unhandled rejection meanwhile.
  limitedServer.catch(() => undefined);
  server = await sharedDev();
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  const limited = await limitedServer?.catch(() => undefined);
  if (limited) {
    await limited.stop();
    removeState(limited);
  }
});

/** The operator API of `target` (its secret is in server.json), as the panel calls it. */
async function operator(target: DevServer, method: string, path: string, body?: unknown): Promise<any> {
  const { adminSecret } = JSON.parse(readFileSync(join(target.persistTo, "server.json"), "utf8")) as {
    adminSecret: string;
  };
  const response = await fetch(`${target.baseUrl}/admin/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${adminSecret}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.ok, `${method} ${path}: ${response.status} ${text}`).toBe(true);
  return JSON.parse(text);
}

interface CompanyOptions {
  spendEnabled?: boolean;
  capabilities?: string[];
  scopes?: string[] | "all";
}

/** A new company on the Business plan (EUR, Spain) and a key of it. */
async function company(options: CompanyOptions = {}, target: DevServer = server) {
  const created = await operator(target, "POST", "/companies", {
    name: `MCP e2e ${crypto.randomUUID().slice(0, 8)}`,
    plan: "Business",
    spend_enabled: options.spendEnabled ?? false,
    capabilities: options.capabilities ?? [],
    currency: "EUR",
    country: "ES",
  });
  const companyId = created.company_id as string;
  const key = await mintKey(companyId, options.scopes ?? "all", target);
  return { companyId, key };
}

const mintKey = async (companyId: string, scopes: string[] | "all", target: DevServer = server): Promise<string> =>
  (await operator(target, "POST", `/companies/${companyId}/keys`, { scopes, name: "mcp e2e" })).api_key;

/** The MCP SDK's client connected to /mcp (with `query` on its URL, `headers` on every request), as an agent's host connects it. */
async function connect(
  key: string,
  options: {
    query?: string;
    headers?: Record<string, string>;
    fetch?: (url: string | URL, init?: RequestInit) => Promise<Response>;
  } = {},
  target = server,
) {
  const client = new Client({ name: "mcp-e2e", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(
    new URL(`${target.baseUrl}/mcp${options.query ? `?${options.query}` : ""}`),
    { fetch: options.fetch, requestInit: { headers: { Authorization: `Bearer ${key}`, ...options.headers } } },
  );
  await client.connect(transport);
  clients.push(client);
  return { client, transport };
}

/**
 * tools/list by one SDK client whose requests ask for the toolset last named, in the URL's query
 * (`?toolsets=`) or the X-MCP-Toolsets header: as hosts configured with each in turn would ask,
 * one request each instead of a new session per toolset (the server keeps no state between them).
 */
async function listerBy(key: string, where: "query" | "header") {
  let toolset: string | undefined;
  const { client } = await connect(key, {
    fetch: (url, init) => {
      const asked = new URL(url);
      const headers = new Headers(init?.headers);
      if (toolset && where === "query") asked.searchParams.set("toolsets", toolset);
      if (toolset && where === "header") headers.set("X-MCP-Toolsets", toolset);
      return fetch(asked, { ...init, headers });
    },
  });
  return (name: string) => {
    toolset = name;
    return client.listTools();
  };
}

const toolNames = (listed: ListToolsResult) => listed.tools.map((tool) => tool.name);

/** Calls a tool; a result (a tool error included), never a protocol error. */
const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

/** The structured result of a successful call, failing with the result's text otherwise. */
function ok<T = any>(result: CallToolResult): T {
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent as T;
}

/** Plain HTTP to the API with a key: what the company looks like from outside MCP. */
async function http(key: string, path: string): Promise<any> {
  const response = await server.fetch(`/api/v1${path}`, { key });
  expect(response.status, path).toBe(200);
  return response.json();
}

/** An operation as the served OpenAPI document declares it. */
interface Documented {
  operationId: string;
  toolset: string;
  scope: string;
  gate: string;
  capability: string;
  /** The plans that include it without a grant. */
  plans: string[];
}

/** The tag as a toolset name: `Contact lists` -> `contact-lists`. */
const slug = (tag: string) =>
  tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

let documented: Documented[] | undefined;
async function documentOperations(): Promise<Documented[]> {
  if (!documented) {
    const document = (await (await server.fetch("/api/v1/openapi.json")).json()) as {
      paths: Record<string, Record<string, Record<string, any>>>;
    };
    documented = Object.values(document.paths).flatMap((item) =>
      Object.entries(item)
        .filter(([method]) => ["get", "post", "put", "patch", "delete"].includes(method))
        .map(([, op]) => ({
          operationId: op.operationId,
          toolset: slug(op.tags[0]),
          scope: op["x-scope"],
          gate: op["x-gate"],
          capability: op["x-capability"],
          plans: op["x-plans-included"],
        })),
    );
  }
  return documented;
}

/**
 * What a key of a Business company may call by the document: an operation of its scopes that the
 * plan includes or whose capability was granted, and a spending one only when spending is on. (The
 * shared server opens every gate, so the document lists every operation.)
 */
function callableBy(
  ops: readonly Documented[],
  scopes: readonly string[] | "all",
  spendEnabled: boolean,
  granted: readonly string[] = [],
) {
  return ops.filter(
    (op) =>
      (scopes === "all" || scopes.includes(op.scope)) &&
      (op.plans.includes("Business") || granted.includes(op.capability)) &&
      (op.gate !== "S" || spendEnabled),
  );
}

const sorted = (names: readonly string[]) => [...names].sort();

describe("MCP through npm run dev, with the MCP SDK's client", () => {
  it("lists 11 tools by default (12 with spending on), each toolset by ?toolsets= and X-MCP-Toolsets, never over 80, fewer for a narrow key", async () => {
    const ops = await documentOperations();
    // Every capability an operation of the document needs, granted: the key may call every operation of its scopes.
    const everyCapability = [...new Set(ops.map((op) => op.capability))];
    const [plain, spending] = await Promise.all([
      company(),
      company({ spendEnabled: true, capabilities: everyCapability }),
    ]);

    const byDefault = await (await connect(plain.key)).client.listTools();
    expect(toolNames(byDefault)).toEqual([...DISCOVERY, ...COMMON_TASKS]);
    expect(byDefault.tools).toHaveLength(11);
    const { client: spender } = await connect(spending.key);
    const withSpending = await spender.listTools();
    expect(toolNames(withSpending)).toEqual([...DISCOVERY, ...COMMON_TASKS, "dialCall"]);
    expect(withSpending.tools).toHaveLength(12);
    for (const tool of withSpending.tools) {
      expect(tool.annotations, tool.name).toMatchObject({
        title: expect.any(String),
        readOnlyHint: expect.any(Boolean),
        destructiveHint: expect.any(Boolean),
        idempotentHint: expect.any(Boolean),
        openWorldHint: expect.any(Boolean),
      });
      expect(tool.outputSchema, tool.name).toMatchObject({ type: "object" });
    }
    const instructions = spender.getInstructions() ?? "";
    expect(instructions).toContain("?toolsets=");

    // Each toolset: the discovery tools and exactly the operations of its tag, by the URL and by the header.
    const callable = callableBy(ops, "all", true, everyCapability);
    expect(callable).toHaveLength(ops.length);
    const toolsets = [...new Set(ops.map((op) => op.toolset))];
    expect(toolsets.length).toBeGreaterThan(20);
    const listsBy = async (where: "query" | "header") => {
      const list = await listerBy(spending.key, where);
      const lists: ListToolsResult[] = [];
      for (const toolset of toolsets) lists.push(await list(toolset));
      return lists;
    };
    const [byQuery, byHeader] = await Promise.all([listsBy("query"), listsBy("header")]);
    toolsets.forEach((toolset, index) => {
      const expected = callable.filter((op) => op.toolset === toolset).map((op) => op.operationId);
      for (const listed of [byQuery[index]!, byHeader[index]!]) {
        const names = toolNames(listed);
        expect(names.slice(0, 3), toolset).toEqual(DISCOVERY);
        expect(sorted(names.slice(3)), toolset).toEqual(sorted(expected));
        expect(names.length).toBeLessThanOrEqual(MAX_TOOLS);
        expect(listed._meta, toolset).toEqual({ toolsets: { listed: [toolset], left_out: [] } });
      }
    });

    // Every toolset at once would be far over 80: whole toolsets while they fit, the others named.
    expect(callable.length + DISCOVERY.length).toBeGreaterThan(120);
    const all = await (await connect(spending.key, { query: "toolsets=all" })).client.listTools();
    const names = toolNames(all);
    expect(names.length).toBeLessThanOrEqual(MAX_TOOLS);
    expect(names.slice(0, 3)).toEqual(DISCOVERY);
    const { listed, left_out: leftOut } = (all._meta as { toolsets: { listed: string[]; left_out: any[] } }).toolsets;
    expect(leftOut.length).toBeGreaterThan(0);
    expect(sorted([...listed, ...leftOut.map((entry: { toolset: string }) => entry.toolset)])).toEqual(
      sorted(toolsets),
    );
    expect(sorted(names.slice(3))).toEqual(
      sorted(callable.filter((op) => listed.includes(op.toolset)).map((op) => op.operationId)),
    );
    for (const entry of leftOut as { toolset: string; tools: number }[])
      expect(names.length + entry.tools, entry.toolset).toBeGreaterThan(MAX_TOOLS);

    // A narrow key lists only what it may call.
    const scopes = ["budgets:read", "budgets:write", "contacts:read"];
    const narrowKey = await mintKey(plain.companyId, scopes);
    const narrow = await (await connect(narrowKey)).client.listTools();
    expect(toolNames(narrow)).toEqual([...DISCOVERY, "listBudgets", "createBudget", "listContacts", "getContact"]);
    expect(narrow.tools.length).toBeLessThan(byDefault.tools.length);
    const narrowAll = await (await connect(narrowKey, { query: "toolsets=all" })).client.listTools();
    expect(sorted(toolNames(narrowAll).slice(3))).toEqual(
      sorted(callableBy(ops, scopes, false).map((op) => op.operationId)),
    );
  });

  it("refuses a toolset that does not exist with a 400 problem naming those that do", async () => {
    const { key } = await company();
    const response = await server.fetch("/mcp?toolsets=budgets,nope", {
      key,
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        "Mcp-Protocol-Version": "2025-11-25",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("Content-Type")).toContain("application/problem+json");
    const problem = (await response.json()) as { status: number; detail: string; errors: { path: string }[] };
    expect(problem).toMatchObject({ status: 400, errors: [{ path: "query.toolsets" }] });
    expect(problem.detail).toContain("No toolset nope. The toolsets are default, ");
    // The SDK's client fails to connect to such a URL, with the problem's words.
    await expect(connect(key, { headers: { "X-MCP-Toolsets": "nope" } })).rejects.toThrow(/No toolset nope/);
  });

  it("lets an agent find, describe and call operations: a contact, then a call it previews, confirms once and reads", async () => {
    const { companyId, key } = await company({ spendEnabled: true });
    await operator(server, "PUT", `/companies/${companyId}/payment-method`, {
      payment_method_id: "pm_card_visa",
      customer_id: `cus_${companyId.replaceAll("-", "")}`,
      brand: "visa",
      last4: "4242",
    });
    const agentId = (await operator(server, "POST", `/companies/${companyId}/agents`, { name: "Outbound" })).agent
      .id as string;
    await operator(server, "POST", `/companies/${companyId}/numbers`, { agent_id: agentId });
    // Money in the wallet, over plain HTTP (a top-up through MCP would be a quote and a confirmation of its own).
    const topUp = await server.fetch("/api/v1/billing/topups", {
      key,
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
      body: JSON.stringify({ amount: 20 }),
    });
    expect(topUp.status, await topUp.clone().text()).toBeLessThan(300);
    const balance = async () => (await http(key, "/billing/balance")).amount as number;
    expect(await balance()).toBe(20);

    const { client } = await connect(key);
    // Search, describe, find, create: through the discovery tools only.
    const found = ok(await call(client, "search_operations", { query: "create contact" }));
    expect(found.operations[0]).toMatchObject({ operation_id: "createContact", read_only: false, spends_money: false });
    const described = ok(await call(client, "describe_operation", { operation_id: "createContact" }));
    expect(described).toMatchObject({ operation_id: "createContact", scope: "contacts:write", method: "POST" });
    expect(described.input_schema.required).toContain("body");
    const phone = `+346${String(Math.floor(Math.random() * 100_000_000)).padStart(8, "0")}`;
    const lookUp = () => call(client, "call_operation", { operation_id: "listContacts", arguments: { phone } });
    expect(ok(await lookUp()).data).toEqual([]);
    const contact = ok(
      await call(client, "call_operation", {
        operation_id: "createContact",
        arguments: { body: { first_name: "Lucía", phone } },
      }),
    );
    expect(contact).toMatchObject({ id: expect.any(String), phone });
    // The session reads its own write.
    expect(ok(await lookUp()).data.map((row: { id: string }) => row.id)).toEqual([contact.id]);

    // A call: found, described (it spends), then quoted. Nothing happens without the token.
    const dialFound = ok(await call(client, "search_operations", { query: "dial a call", limit: 3 }));
    expect(dialFound.operations[0]).toMatchObject({ operation_id: "dialCall", spends_money: true });
    const dialDescribed = ok(await call(client, "describe_operation", { operation_id: "dialCall" }));
    expect(dialDescribed.annotations).toMatchObject({ destructiveHint: true, openWorldHint: true });
    expect(dialDescribed.input_schema.properties).toHaveProperty("confirmation_token");
    const args = { body: { to: phone, agent_id: agentId } };
    const quoted = await call(client, "call_operation", { operation_id: "dialCall", arguments: args });
    const quote = ok(quoted);
    expect(quote).toMatchObject({
      confirmation_required: true,
      operation_id: "dialCall",
      arguments: args,
      quote: {
        charge: { amount: expect.any(Number), currency: "EUR" },
        sends: [{ channel: "call", to: [phone], count: 1 }],
        balance: { amount: 20, currency: "EUR" },
        notes: [],
      },
      confirmation_token: expect.any(String),
    });
    const reserved = quote.quote.charge.amount as number;
    expect(reserved).toBeGreaterThan(0);
    expect((quoted.content[0] as { text: string }).text).toContain("Nothing was done yet");
    expect(await balance()).toBe(20);
    expect((await http(key, "/calls?limit=10")).data).toEqual([]);
    const twilio = async () =>
      (
        (await (
          await fetch(`${server.fakes.providers.twilio}/__fake/requests?match=${encodeURIComponent(phone)}`)
        ).json()) as { requests: unknown[] }
      ).requests;
    expect(await twilio()).toEqual([]);

    // Confirmed: it runs, once; the same token again replays it.
    const confirm = () =>
      call(client, "call_operation", {
        operation_id: "dialCall",
        arguments: { ...args, confirmation_token: quote.confirmation_token },
      });
    const dialled = ok(await confirm());
    expect(dialled).toMatchObject({ id: expect.any(String), to: phone, reserved, currency: "EUR" });
    expect(await balance()).toBeCloseTo(20 - reserved, 2);
    const again = await confirm();
    expect(ok(again)).toEqual(dialled);
    expect(again._meta).toMatchObject({ idempotent_replayed: true });
    expect(await balance()).toBeCloseTo(20 - reserved, 2);
    expect((await http(key, "/calls?limit=10")).data.map((row: { id: string }) => row.id)).toEqual([dialled.id]);

    // The call, by its direct tool.
    expect(ok(await call(client, "getCall", { call_id: dialled.id }))).toMatchObject({ id: dialled.id, to: phone });
  });

  it("refuses a confirmation token presented with other arguments, and does nothing", async () => {
    const { companyId, key } = await company({ spendEnabled: true });
    const agentId = (await operator(server, "POST", `/companies/${companyId}/agents`, { name: "Outbound" })).agent
      .id as string;
    const { client } = await connect(key);
    const to = "+34612000001";
    const { confirmation_token: token } = ok(await call(client, "dialCall", { body: { to, agent_id: agentId } }));
    expect(token).toEqual(expect.any(String));
    const other = await call(client, "dialCall", {
      body: { to: "+34612000002", agent_id: agentId },
      confirmation_token: token,
    });
    expect(other.isError).toBe(true);
    expect(other.structuredContent).toMatchObject({ status: 400, errors: [{ path: "confirmation_token" }] });
    expect((other.structuredContent as { detail: string }).detail).toContain("other arguments");
    expect((await http(key, "/calls?limit=10")).data).toEqual([]);
  });

  it("answers an unknown tool with the JSON-RPC error -32602, and arguments of the wrong type with a tool error (not coerced)", async () => {
    const { key } = await company();
    const { client } = await connect(key);
    await expect(client.callTool({ name: "noSuchTool", arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining("Unknown tool: noSuchTool"),
    });

    const two = await call(client, "listBudgets", { limit: "two" });
    expect(two.isError).toBe(true);
    expect(two.structuredContent).toMatchObject({
      status: 400,
      type: expect.stringMatching(/validation_error$/),
      errors: [{ path: "limit", message: expect.stringContaining("integer") }],
    });
    // "2" is a string too: refused, not read as 2. The integer itself is taken.
    const quoted = await call(client, "listBudgets", { limit: "2" });
    expect(quoted.isError).toBe(true);
    expect(ok(await call(client, "listBudgets", { limit: 2 }))).toMatchObject({ limit: 2 });
  });

  it("never answers a write in one session with another session's result: the same first createBudget in two sessions makes two budgets", async () => {
    const { key } = await company();
    const body = { client_name: "MCP sessions", items: [{ concept: "Work", units: 1, unit_price: 100 }] };
    const sessions = [await connect(key), await connect(key)];
    expect(sessions[0]!.transport.sessionId).toEqual(expect.any(String));
    expect(sessions[1]!.transport.sessionId).not.toBe(sessions[0]!.transport.sessionId);
    const created = await Promise.all(sessions.map(({ client }) => call(client, "createBudget", { body })));
    for (const result of created) expect(result._meta).not.toHaveProperty("idempotent_replayed");
    const ids = created.map((result) => ok<{ id: string }>(result).id);
    expect(ids[0]).not.toBe(ids[1]);
    expect(sorted((await http(key, "/budgets?limit=10")).data.map((row: { id: string }) => row.id))).toEqual(
      sorted(ids),
    );

    // The same write retried with its own idempotency_key in one session: done once, and the retry says so.
    const { client } = sessions[0]!;
    const own = { body, idempotency_key: crypto.randomUUID() };
    const first = await call(client, "createBudget", own);
    const retry = await call(client, "createBudget", own);
    expect(ok(retry)).toEqual(ok(first));
    expect(retry._meta).toMatchObject({ idempotent_replayed: true });
    expect((await http(key, "/budgets?limit=10")).data).toHaveLength(3);
  });

  it("over the rate limit (5 a minute), answers the sixth request with a tool error that says how long to wait", async () => {
    const limited = await limitedServer;
    const { key } = await company({}, limited);
    // initialize and its notification are requests 1 and 2 of the key's window.
    const { client } = await connect(key, {}, limited);
    for (let request = 3; request <= 5; request++)
      expect((await call(client, "listBudgets", {})).isError, `request ${request}`).toBeFalsy();
    const refused = await call(client, "listBudgets", {});
    expect(refused.isError).toBe(true);
    const wait = (refused.structuredContent as { retry_after_seconds: number }).retry_after_seconds;
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.structuredContent).toMatchObject({ status: 429, type: expect.stringMatching(/rate_limited$/) });
    expect((refused.content[0] as { text: string }).text).toBe(
      `Rate limited: wait ${wait} second${wait === 1 ? "" : "s"}, then call again (nothing was done).`,
    );
  });
});

describe("MCP through npm run dev, with the MCP Inspector's CLI", () => {
  const home = mkdtempSync(join(tmpdir(), "mcp-inspector-"));
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  /**
   * `mcp-inspector --cli <url> --method ...`: its JSON answer and exit code (0, or 5 for a tool
   * error). HOME is a folder of its own: the Inspector keeps its state under ~/.mcp-inspector.
   */
  async function inspector(key: string, url: string, args: string[]): Promise<{ code: number; json: any }> {
    const run = await promisify(execFile)(
      join(root, "node_modules", ".bin", "mcp-inspector"),
      ["--cli", url, "--header", `Authorization: Bearer ${key}`, ...args],
      { cwd: root, env: { ...process.env, HOME: home, MCP_CATALOG_PATH: join(home, "mcp.json") } },
    ).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code?: number; stdout?: string; stderr?: string }) => {
        if (!error.stdout) throw new Error(`mcp-inspector failed (${error.code}): ${error.stderr}`);
        return { code: error.code ?? -1, stdout: error.stdout };
      },
    );
    return { code: run.code, json: JSON.parse(run.stdout) };
  }

  it("lists the default tools and toolsets (by the URL and the header), reads and writes, and is refused a string for an integer", async () => {
    const { key } = await company();
    const mcp = `${server.baseUrl}/mcp`;
    const names = (answer: { json: { tools: { name: string }[] } }) => answer.json.tools.map((tool) => tool.name);
    // A toolset by the URL and another by the header: both listed.
    const [byDefault, selected] = await Promise.all([
      inspector(key, mcp, ["--method", "tools/list"]),
      inspector(key, `${mcp}?toolsets=budgets`, ["--header", "X-MCP-Toolsets: contacts", "--method", "tools/list"]),
    ]);
    expect(names(byDefault)).toEqual([...DISCOVERY, ...COMMON_TASKS]);
    const ops = await documentOperations();
    const ofToolsets = ops.filter((op) => ["budgets", "contacts"].includes(op.toolset)).map((op) => op.operationId);
    expect(ofToolsets.length).toBeGreaterThan(5);
    expect(names(selected).slice(0, 3)).toEqual(DISCOVERY);
    expect(sorted(names(selected).slice(3))).toEqual(sorted(ofToolsets));

    const body = { client_name: "Inspector", items: [{ concept: "Work", units: 1, unit_price: 100 }] };
    const [created, balance, two] = await Promise.all([
      inspector(key, mcp, [
        "--method",
        "tools/call",
        "--tool-name",
        "createBudget",
        "--tool-arg",
        `body=${JSON.stringify(body)}`,
      ]),
      inspector(key, mcp, ["--method", "tools/call", "--tool-name", "getBalance"]),
      // The Inspector converts a tool's own arguments to their schema's types, so "two" is sent inside call_operation's arguments, as is.
      inspector(key, mcp, [
        "--method",
        "tools/call",
        "--tool-name",
        "call_operation",
        "--tool-arg",
        "operation_id=listBudgets",
        "--tool-arg",
        `arguments=${JSON.stringify({ limit: "two" })}`,
      ]),
    ]);
    expect(created.code).toBe(0);
    expect(created.json.structuredContent).toMatchObject({ id: expect.any(String), status: "draft" });
    expect((await http(key, "/budgets?limit=10")).data.map((row: { id: string }) => row.id)).toEqual([
      created.json.structuredContent.id,
    ]);
    expect(balance.code).toBe(0);
    expect(balance.json.structuredContent).toMatchObject({ amount: 0, currency: "EUR" });
    expect(two.code).toBe(5);
    expect(two.json).toMatchObject({
      isError: true,
      structuredContent: {
        status: 400,
        errors: [{ path: "arguments.limit", message: expect.stringContaining("integer") }],
      },
    });
  });
});
