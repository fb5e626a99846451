import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { allOperations, call, db, tenant } from "../../test/helpers";
import { connect, everyOperationTool, loadWorkerEntry, rawCall, remaining, text, texts } from "../../test/fixtures/mcp";
import { documents } from "../domains/budgets/schema";
import { auditLog } from "../data/schema";
import { schemaErrors } from "../lib/json-schema";
import { toolPath } from "./mcp/tools";

describe("/mcp: the API as tools", () => {
  beforeAll(loadWorkerEntry, 180_000);

  it("is named in the OpenAPI document and on the overview page", async () => {
    const document = (await call("/api/v1/openapi.json")).json as { info: { description: string } };
    expect(document.info.description).toContain("/mcp`");
    expect((await call("/docs/overview")).text).toContain("/mcp</code>");
  });

  it("calls a create and a list through the pipeline: audited, counted, idempotent", async () => {
    const { key, companyId } = await tenant();
    const { client, seen } = await connect(key, "worker");
    const createExample = allOperations.find((op) => op.operationId === "createBudget")!.request!.example;

    const before = remaining(seen.at(-1));
    const created = await client.callTool({ name: "createBudget", arguments: { body: createExample } });
    expect(created.isError).toBeFalsy();
    const budget = JSON.parse(text(created)) as { id: string; status: string };
    expect(budget.status).toBe("draft");
    expect(created.structuredContent).toMatchObject({ id: budget.id });
    expect(created._meta).toMatchObject({ status: 201 });
    // One tool call is one request of the key's window, as the operation's own request.
    expect(remaining(seen.at(-1))).toBe(before - 1);

    const listed = await client.callTool({ name: "listBudgets", arguments: { limit: 5 } });
    expect(listed.isError).toBeFalsy();
    expect((listed.structuredContent as { data: { id: string }[] }).data.map((row) => row.id)).toContain(budget.id);
    expect(remaining(seen.at(-1))).toBe(before - 2);

    // The write went through the pipeline: its audit entry names the operation.
    const audited = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.operation, "createBudget")))
      .all();
    expect(audited.map((entry) => entry.resourceId)).toEqual([budget.id]);

    // The same JSON-RPC message sent again in its session (a transport retry) is done once: the derived Idempotency-Key replays it.
    const message = {
      jsonrpc: "2.0",
      id: 4242,
      method: "tools/call",
      params: { name: "createBudget", arguments: { body: createExample } },
    };
    const session = crypto.randomUUID();
    const first = await rawCall(key, message, session);
    const again = await rawCall(key, message, session);
    expect(again.result.structuredContent).toEqual(first.result.structuredContent);
    expect(again.result._meta).toMatchObject({ idempotent_replayed: true });
    expect(texts(again.result)).toContain("Replayed");
    // The caller's own idempotency_key holds across calls (new JSON-RPC ids): the second is the first's answer.
    const own = { body: createExample, idempotency_key: crypto.randomUUID() };
    const once = await client.callTool({ name: "createBudget", arguments: own });
    const twice = await client.callTool({ name: "createBudget", arguments: own });
    expect(twice.structuredContent).toEqual(once.structuredContent);
    expect(twice._meta).toMatchObject({ idempotent_replayed: true });
    const rows = await db.select({ id: documents.id }).from(documents).where(eq(documents.companyId, companyId)).all();
    expect(rows).toHaveLength(3);
  });

  it("never answers a write with another call's result: a derived key is unique to its session and call, a replay says so", async () => {
    const { key, companyId } = await tenant();
    const body = allOperations.find((op) => op.operationId === "createBudget")!.request!.example;
    const budgetIds = async () =>
      (await db.select({ id: documents.id }).from(documents).where(eq(documents.companyId, companyId)).all()).map(
        (row) => row.id,
      );

    // Two sessions whose first tool call is the same createBudget (the same JSON-RPC id in each): two budgets.
    const sessions = [await connect(key), await connect(key)];
    const ids = sessions.map(({ seen }) =>
      seen.find((response) => response.headers.has("Mcp-Session-Id"))?.headers.get("Mcp-Session-Id"),
    );
    expect(ids[0]).toMatch(/^[\x21-\x7e]+$/);
    expect(ids[1]).not.toBe(ids[0]);
    const created = [];
    for (const { client } of sessions)
      created.push(await client.callTool({ name: "createBudget", arguments: { body } }));
    for (const result of created) {
      expect(result.isError).toBeFalsy();
      expect(result._meta).not.toHaveProperty("idempotent_replayed");
    }
    const [a, b] = created.map((result) => (result.structuredContent as { id: string }).id);
    expect(a).not.toBe(b);
    expect((await budgetIds()).sort()).toEqual([a, b].sort());

    // The same call retried with the same idempotency_key in one session: one budget, the retry says it was replayed.
    const { client } = sessions[0]!;
    const own = { body, idempotency_key: `retry-${crypto.randomUUID()}` };
    const first = (await client.callTool({ name: "createBudget", arguments: own })) as CallToolResult;
    const retry = (await client.callTool({ name: "createBudget", arguments: own })) as CallToolResult;
    expect(retry.structuredContent).toEqual(first.structuredContent);
    expect(first._meta).not.toHaveProperty("idempotent_replayed");
    expect(retry._meta).toMatchObject({ idempotent_replayed: true });
    expect(texts(retry)).toMatch(/Replayed: .*nothing was done again/);
    expect(await budgetIds()).toHaveLength(3);

    // The same message in two sessions is two calls; without a session every message is a call of its own.
    const message = {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "createBudget", arguments: { body } },
    };
    for (const session of [crypto.randomUUID(), crypto.randomUUID(), undefined, undefined]) {
      const answered = await rawCall(key, message, session);
      expect(answered.result._meta).not.toHaveProperty("idempotent_replayed");
    }
    expect(await budgetIds()).toHaveLength(7);
  });

  it("follows the specification: an unknown tool is a JSON-RPC error, arguments are checked as sent, results declare their schema", async () => {
    const { key } = await tenant();
    const { client, seen } = await connect(key);
    // Every tool declares what its structured result is (the SDK's client checks each result against it, as in every call below).
    for (const { tool } of (await everyOperationTool()).values())
      expect(tool.outputSchema, tool.name).toMatchObject({ type: "object", anyOf: expect.any(Array) });
    for (const tool of (await client.listTools()).tools)
      expect(tool.outputSchema, tool.name).toMatchObject({ type: "object" });

    // A tool this server does not have: -32602, not a tool result.
    await expect(client.callTool({ name: "noSuchTool", arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining("noSuchTool"),
    });
    const unknown = await rawCall(key, {
      jsonrpc: "2.0",
      id: 7,
      method: "tools/call",
      params: { name: "noSuchTool", arguments: {} },
    });
    expect(unknown.error).toMatchObject({ code: -32602 });
    expect(unknown).not.toHaveProperty("result");
    // A tool behind a closed gate is no tool at all, as its operation is no route (404).
    const closed = await rawCall(
      key,
      { jsonrpc: "2.0", id: 8, method: "tools/call", params: { name: "createBudget", arguments: { body: {} } } },
      undefined,
      { PUBLIC_API_WRITE_ENABLED: "false" },
    );
    expect(closed.error).toMatchObject({ code: -32602 });

    // Arguments are checked against the input schema as sent: "two" is not an integer, 500 is over the maximum; nothing reaches the API.
    const two = await client.callTool({ name: "listBudgets", arguments: { limit: "two" } });
    const afterTwo = remaining(seen.at(-1));
    expect(two.isError).toBe(true);
    expect(two.structuredContent).toMatchObject({
      status: 400,
      type: expect.stringMatching(/validation_error$/),
      errors: [{ path: "limit", message: expect.stringContaining("integer") }],
    });
    const over = await client.callTool({ name: "listBudgets", arguments: { limit: 500, offset: -1 } });
    expect((over.structuredContent as { errors: { path: string }[] }).errors.map((error) => error.path)).toEqual([
      "limit",
      "offset",
    ]);
    // Refused here, each is still one request of the key's window (the key was authenticated to answer it).
    expect(remaining(seen.at(-1))).toBe(afterTwo - 1);
    const fine = await client.callTool({ name: "listBudgets", arguments: { limit: 2 } });
    expect(fine.isError).toBeFalsy();
    expect(fine.structuredContent).toMatchObject({ limit: 2 });
    // A client of 2025-06-18 (before SEP-1303) gets invalid arguments as the JSON-RPC error its version specifies.
    const older = await rawCall(key, {
      jsonrpc: "2.0",
      id: 9,
      method: "tools/call",
      params: { name: "listBudgets", arguments: { limit: "two" } },
    });
    expect(older.error).toMatchObject({ code: -32602, data: { errors: [{ path: "limit" }] } });

    // A problem is a tool error whose structured result is the problem: the declared schema allows it, so the client returns it.
    const missing = await client.callTool({ name: "getContact", arguments: { contact_id: crypto.randomUUID() } });
    expect(missing).toMatchObject({ isError: true, structuredContent: { status: 404 } });
  });

  it("takes every operation's documented example as valid arguments of its tool", async () => {
    const tools = await everyOperationTool();
    let checked = 0;
    for (const op of allOperations) {
      const example = op.request?.example;
      const tool = tools.get(op.operationId)?.tool;
      if (example === undefined || !tool || op.request?.rawBody) continue;
      const args = Object.fromEntries(
        Object.keys(tool.inputSchema.properties ?? {})
          .filter((name) => (tool.inputSchema.required ?? []).includes(name) && name !== "body")
          .map((name) => [name, crypto.randomUUID()]),
      );
      expect(schemaErrors(tool.inputSchema, { ...args, body: example }), op.operationId).toEqual([]);
      checked++;
    }
    expect(checked).toBeGreaterThan(25);
  });

  it("sends a path argument as one segment of its own operation's path, never another operation's", async () => {
    const { key, companyId } = await tenant();
    const { client, seen } = await connect(key);
    const list = (await client.callTool({ name: "createContactList", arguments: { body: { name: "VIP" } } }))
      .structuredContent as { id: string };
    const answered = async (name: string, args: Record<string, unknown>) => {
      const before = seen.length;
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      return { result, dispatchedTo: seen.slice(before).map((response) => response.headers.get("X-Request-Id")) };
    };
    // `..` would resolve /contact-lists/../members to /members (the team's list), `.` and "" to the collection.
    for (const value of ["..", ".", ""]) {
      const { result } = await answered("listContactListMembers", { list_id: value });
      expect(result.structuredContent, JSON.stringify(value)).toMatchObject({
        status: 400,
        errors: [{ path: "list_id", message: expect.stringContaining("cannot be empty, . or ..") }],
      });
    }
    // A value with `/` stays one segment (%2F): its own operation answers it, as the id it is not.
    for (const value of ["../../members", `${list.id}/members`, "x/../..", "%2e%2e", "..%2F..%2Fmembers"]) {
      const { result } = await answered("listContactListMembers", { list_id: value });
      expect(result.isError, value).toBe(true);
      expect(result.structuredContent, value).toMatchObject({ status: expect.any(Number) });
      expect([400, 404], value).toContain((result.structuredContent as { status: number }).status);
    }
    // A value that makes the path another operation's (GET /agents/templates) is refused before it is sent.
    const templates = await answered("getAgent", { agent_id: "templates" });
    expect(templates.result.structuredContent).toMatchObject({
      status: 400,
      errors: [{ path: "agent_id", message: expect.stringContaining("listAgentTemplates") }],
    });
    // The audit log saw only the list's creation: nothing else was written, whatever the paths said.
    const audited = await db.select().from(auditLog).where(eq(auditLog.companyId, companyId)).all();
    expect(audited.map((entry) => entry.operation)).toEqual(["createContactList"]);
    // And the id itself reaches its own operation.
    expect((await answered("listContactListMembers", { list_id: list.id })).result).toMatchObject({
      structuredContent: { data: [] },
    });
  });

  it("finds no operation whose path, its parameters filled with ids, is another operation's", async () => {
    const tools = await everyOperationTool();
    const withPath = [...tools.values()].filter((tool) => tool.pathNames.length > 0);
    expect(withPath.length).toBeGreaterThan(30);
    for (const tool of withPath) {
      const target = toolPath(
        tool,
        Object.fromEntries(tool.pathNames.map((name) => [name, crypto.randomUUID()])),
        tools,
      );
      expect(target, tool.op.operationId).toHaveProperty("path");
    }
    expect(toolPath(tools.get("getAgent")!, { agent_id: "templates" }, tools)).toHaveProperty("errors");
  });

  it("returns a problem as a tool error", async () => {
    const { key } = await tenant({}, ["budgets:read", "budgets:write", "contacts:read"]);
    const { client } = await connect(key);
    const invalid = await client.callTool({ name: "createBudget", arguments: { body: { items: "none" } } });
    expect(invalid.isError).toBe(true);
    const problem = JSON.parse(text(invalid)) as { type: string; status: number; errors: { path: string }[] };
    expect(problem.type).toMatch(/\/problems\/validation_error$/);
    expect(problem.errors.length).toBeGreaterThan(0);

    const missing = await client.callTool({ name: "getContact", arguments: { contact_id: crypto.randomUUID() } });
    expect(missing.isError).toBe(true);
    expect((JSON.parse(text(missing)) as { status: number }).status).toBe(404);

    // A tool the key may not call is not listed; called anyway, the pipeline refuses it as it would any request.
    const refused = await client.callTool({ name: "createContact", arguments: { body: { name: "Ana" } } });
    expect(refused.isError).toBe(true);
    expect(JSON.parse(text(refused))).toMatchObject({ status: 403, required_scope: "contacts:write" });

    const unknownQuery = await client.callTool({ name: "listBudgets", arguments: { colour: "red" } });
    expect(unknownQuery.isError).toBe(true);
    expect(unknownQuery.structuredContent).toMatchObject({ status: 400, errors: [{ path: "colour" }] });
  });

  it("counts tool calls in the rate limit, and answers 429 as a tool error when the window is full", async () => {
    const { key } = await tenant();
    const vars = { RATE_LIMIT_PER_MINUTE: "6" };
    const { client, seen } = await connect(key, vars);
    // initialize and its notification (2 requests), then tools/list: 3 of 6 used.
    await client.listTools();
    expect(remaining(seen.at(-1))).toBe(3);
    await client.callTool({ name: "listBudgets", arguments: {} });
    expect(remaining(seen.at(-1))).toBe(2);
    await client.callTool({ name: "listBudgets", arguments: {} });
    await client.callTool({ name: "listBudgets", arguments: {} });
    expect(remaining(seen.at(-1))).toBe(0);
    const limited = (await client.callTool({ name: "listBudgets", arguments: {} })) as CallToolResult;
    expect(limited.isError).toBe(true);
    // How long to wait, in the text the model reads first and in the structured result; the same seconds as the API's Retry-After.
    const wait = (limited.structuredContent as { retry_after_seconds: number }).retry_after_seconds;
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(limited.structuredContent).toMatchObject({
      status: 429,
      type: expect.stringMatching(/rate_limited$/),
      retry_after_seconds: wait,
    });
    expect(text(limited)).toBe(
      `Rate limited: wait ${wait} second${wait === 1 ? "" : "s"}, then call again (nothing was done).`,
    );
    expect(JSON.parse((limited.content[1] as { text: string }).text)).toMatchObject({
      status: 429,
      retry_after_seconds: wait,
    });
    // A tool call answered here (its arguments refused before the API) is refused the same way over the limit.
    const invalid = (await client.callTool({ name: "listBudgets", arguments: { limit: "two" } })) as CallToolResult;
    expect(invalid.structuredContent).toMatchObject({ status: 429, retry_after_seconds: expect.any(Number) });
    expect(text(invalid)).toMatch(/^Rate limited: wait \d+ seconds?/);
    // An unknown tool too: nothing is looked at before the key is admitted.
    const unknown = (await client.callTool({ name: "noSuchTool", arguments: {} })) as CallToolResult;
    expect(unknown).toMatchObject({ isError: true, structuredContent: { status: 429 } });
  });

  it("refuses a request without a valid key with 401, and answers POST only", async () => {
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "x", version: "1" } },
    };
    const headers = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };
    const anonymous = await call("/mcp", { body: initialize, headers });
    expect(anonymous.status).toBe(401);
    const { key } = await tenant();
    const forged = `${key.slice(0, -4)}0000`;
    const toolCall = { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "listBudgets", arguments: {} } };
    const refused = await call("/mcp", {
      key: forged,
      body: toolCall,
      headers: { ...headers, "Mcp-Protocol-Version": "2025-06-18" },
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("WWW-Authenticate")).toContain("Bearer");
    // A tool call answered without the API (no such tool, a path parameter missing) is authenticated all the same.
    const unknownTool = { ...toolCall, params: { name: "noSuchTool", arguments: {} } };
    expect(
      (
        await call("/mcp", {
          key: forged,
          body: unknownTool,
          headers: { ...headers, "Mcp-Protocol-Version": "2025-06-18" },
        })
      ).status,
    ).toBe(401);
    const missingPath = { ...toolCall, params: { name: "getContact", arguments: {} } };
    expect(
      (
        await call("/mcp", {
          key: forged,
          body: missingPath,
          headers: { ...headers, "Mcp-Protocol-Version": "2025-06-18" },
        })
      ).status,
    ).toBe(401);
    const answered = await call("/mcp", {
      key,
      body: missingPath,
      headers: { ...headers, "Mcp-Protocol-Version": "2025-06-18" },
    });
    expect(answered.json.error).toMatchObject({ code: -32602, message: expect.stringContaining("contact_id") });
    expect((await call("/mcp", { key, method: "GET" })).status).toBe(405);
    expect((await call("/mcp", { key, body: initialize, headers, vars: { PUBLIC_API_ENABLED: "false" } })).status).toBe(
      404,
    );
  });
});
