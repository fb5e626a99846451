import type { ListToolsResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { allOperations, tenant } from "../../../test/helpers";
import { callable, connect, everyCapability, everyGate, runtimeFetch } from "../../../test/fixtures/mcp";
import { knownScopes } from "../../keys/scopes";
import type { Env } from "../../env";
import type { Operation } from "../operation";
import { toolsetOf } from "./tools";

/** The discovery tools, listed first in every selection. */
const DISCOVERY = ["search_operations", "describe_operation", "call_operation"];

/** tools/list as a client configured with `/mcp?<query>` sends it (no initialize needed: the server is stateless). */
async function listFor(key: string, query: string, vars: Partial<Env> = {}, headers: Record<string, string> = {}) {
  const response = await runtimeFetch(vars, [])(`http://api.test/mcp${query ? `?${query}` : ""}`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${key}`,
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      "Mcp-Protocol-Version": "2025-11-25",
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
  const body = (await response.json()) as {
    result?: ListToolsResult & {
      _meta: { toolsets: { listed: string[]; left_out: { toolset: string; tools: number }[] } };
    };
  };
  return {
    status: response.status,
    body,
    names: body.result?.tools.map((tool) => tool.name) ?? [],
    toolsets: body.result?._meta.toolsets,
  };
}

const names = (ops: readonly Operation[]) => ops.map((op) => op.operationId);
const tags = [...new Set(allOperations.map((op) => toolsetOf(op.tag)))];
/** Enough requests for a test that lists every toolset with one key. */
const roomy = { RATE_LIMIT_PER_MINUTE: "1000" } satisfies Partial<Env>;

describe("/mcp tools/list: a small list in every configuration", () => {
  it("lists by default the three discovery tools and the common tasks: at most 20 tools, each annotated and saying what it changes and costs", async () => {
    const { key } = await tenant();
    const { client } = await connect(key);
    const listed = await client.listTools();
    const expected = [
      ...DISCOVERY,
      ...names(callable(knownScopes, "Business", false).filter((op) => op.mcp?.listedByDefault)),
    ];
    expect(listed.tools.map((tool) => tool.name)).toEqual(expected);
    // 11 on the default gates (the README says so); dialCall makes it 12 for a company enabled for spending with the spend gate open.
    expect(listed.tools).toHaveLength(11);
    const { tools: withSpending } = await (
      await connect((await tenant({ spendEnabled: true })).key, everyGate)
    ).client.listTools();
    expect(withSpending.map((tool) => tool.name)).toEqual([...expected, "dialCall"]);
    expect(withSpending).toHaveLength(12);
    expect(listed._meta).toEqual({ toolsets: { listed: ["default"], left_out: [] } });
    for (const tool of listed.tools) {
      expect(Object.keys(tool.annotations ?? {}).sort(), tool.name).toEqual([
        "destructiveHint",
        "idempotentHint",
        "openWorldHint",
        "readOnlyHint",
        "title",
      ]);
      expect(tool.title, tool.name).toBeTruthy();
    }
    const byName = new Map(listed.tools.map((tool) => [tool.name, tool]));
    const operationTool = (name: string) => byName.get(name) as Tool;
    expect(operationTool("getContact").annotations).toEqual({
      title: "View a contact",
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(operationTool("createContact").annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
    });
    expect(operationTool("getContact").description).toContain("Reads only: it changes nothing. Costs no money");
    expect(operationTool("createBudget").description).toMatch(
      /Writes: .* Costs no money: .* Requires the scope budgets:write\./,
    );
    // The initialize answer says how to reach the rest, and which toolsets there are.
    const instructions = client.getInstructions() ?? "";
    expect(instructions).toContain("search_operations");
    expect(instructions).toContain("?toolsets=");
    for (const toolset of tags) expect(instructions).toContain(toolset);
  });

  it("lists each toolset's direct tools: the operations of its tag the key may call, beside the discovery tools", async () => {
    const { key } = await tenant();
    const ops = callable(knownScopes, "Business", false, roomy);
    for (const toolset of tags) {
      const { names: listed, toolsets } = await listFor(key, `toolsets=${toolset}`, roomy);
      expect(listed, toolset).toEqual([...DISCOVERY, ...names(ops.filter((op) => toolsetOf(op.tag) === toolset))]);
      expect(listed.length).toBeLessThanOrEqual(80);
      expect(toolsets).toEqual({ listed: [toolset], left_out: [] });
    }
    // Two toolsets, and the default beside one; the header reads as the parameter.
    const two = await listFor(key, "toolsets=budgets,contacts", roomy);
    expect(two.names).toEqual([...DISCOVERY, ...names(ops.filter((op) => ["Budgets", "Contacts"].includes(op.tag)))]);
    const header = await listFor(key, "", roomy, { "X-MCP-Toolsets": "budgets, contacts" });
    expect(header.names).toEqual(two.names);
    const withDefault = await listFor(key, "toolsets=default,sms", roomy);
    expect(withDefault.names).toEqual([
      ...DISCOVERY,
      ...names(ops.filter((op) => op.mcp?.listedByDefault)),
      ...names(ops.filter((op) => op.tag === "SMS")),
    ]);
  });

  it("never lists more than 80: asked for all, it lists whole toolsets in order while they fit and names those left out", async () => {
    for (const [vars, spendEnabled] of [
      [roomy, false],
      [{ ...everyGate, ...roomy }, true],
    ] as const) {
      // A key of every scope, its account granted every capability: every operation of an open gate.
      const { key } = await tenant({ spendEnabled, capabilities: everyCapability });
      const ops = callable(knownScopes, "Business", spendEnabled, vars, everyCapability);
      // Without the cap the list would be far over it (123 tools on default gates, 135 with every gate open).
      expect(ops.length + DISCOVERY.length).toBeGreaterThan(120);
      const all = await listFor(key, "toolsets=all", vars);
      expect(all.names.length).toBeLessThanOrEqual(80);
      expect(all.names.slice(0, 3)).toEqual(DISCOVERY);
      const { listed, left_out } = all.toolsets!;
      expect(left_out.length).toBeGreaterThan(0);
      expect([...listed, ...left_out.map((entry) => entry.toolset)].sort()).toEqual([...tags].sort());
      // Exactly the callable operations of the toolsets listed; each left out would not have fitted.
      expect(all.names.slice(3)).toEqual(
        listed.flatMap((toolset) => names(ops.filter((op) => toolsetOf(op.tag) === toolset))),
      );
      for (const entry of left_out) {
        expect(entry.tools).toBe(ops.filter((op) => toolsetOf(op.tag) === entry.toolset).length);
        expect(all.names.length + entry.tools).toBeGreaterThan(80);
      }
      // Naming every toolset is the same selection.
      expect((await listFor(key, `toolsets=${tags.join(",")}`, vars)).names).toEqual(all.names);
    }
  });

  it("lists for a narrow key only what it may call, whatever the selection", async () => {
    const scopes = ["budgets:read", "budgets:write", "contacts:read"];
    const { key } = await tenant({}, scopes);
    const ops = callable(scopes, "Business", false, roomy);
    expect((await listFor(key, "", roomy)).names).toEqual([
      ...DISCOVERY,
      ...names(ops.filter((op) => op.mcp?.listedByDefault)),
    ]);
    expect((await listFor(key, "", roomy)).names).toEqual([
      ...DISCOVERY,
      "listBudgets",
      "createBudget",
      "listContacts",
      "getContact",
    ]);
    const all = await listFor(key, "toolsets=all", roomy);
    expect(all.names).toEqual([...DISCOVERY, ...names(ops)]);
    expect(all.toolsets?.left_out).toEqual([]);
    expect((await listFor(key, "toolsets=calls", roomy)).names).toEqual(DISCOVERY);
  });

  it("refuses a toolset that does not exist, naming those that do", async () => {
    const { key } = await tenant();
    const refused = await listFor(key, "toolsets=budgets,budget");
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ status: 400, errors: [{ path: "query.toolsets" }] });
    expect((refused.body as unknown as { detail: string }).detail).toContain(
      "No toolset budget. The toolsets are default, ",
    );
    await expect(connect(key, {}, { query: "toolsets=nope" })).rejects.toThrow(/No toolset nope/);
  });
});
