import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, tenant } from "../../../test/helpers";
import { callable, connect, everyCapability, everyGate, everyOperationTool } from "../../../test/fixtures/mcp";
import { auditLog } from "../../data/schema";

interface Found {
  operations: { operation_id: string; spends_money: boolean; read_only: boolean; scope: string }[];
  total_matches: number;
}

const structured = <T>(result: unknown) => (result as CallToolResult).structuredContent as T;

describe("/mcp discovery tools: every operation the key may call, through three tools", () => {
  it("finds an operation by the words of a task, describes its arguments and cost, and calls it through the pipeline", async () => {
    const { key, companyId } = await tenant();
    const { client } = await connect(key);
    const search = async (query: string) =>
      structured<Found>(await client.callTool({ name: "search_operations", arguments: { query } }));

    const found = await search("create a contact");
    expect(found.operations[0]).toMatchObject({
      operation_id: "createContact",
      scope: "contacts:write",
      read_only: false,
      spends_money: false,
    });
    expect(found.total_matches).toBeGreaterThan(1);

    const described = structured<Record<string, unknown>>(
      await client.callTool({ name: "describe_operation", arguments: { operation_id: "createContact" } }),
    );
    const direct = (await everyOperationTool()).get("createContact")!.tool;
    expect(described).toMatchObject({
      operation_id: "createContact",
      method: "POST",
      path: "/api/v1/contacts",
      scope: "contacts:write",
      gate: "W",
      toolset: "contacts",
    });
    expect(described.input_schema).toEqual(direct.inputSchema);
    expect(described.annotations).toEqual(direct.annotations);
    expect(described.cost).toMatch(/^Costs no money/);
    expect(described.description).toBe(direct.description);

    const created = (await client.callTool({
      name: "call_operation",
      arguments: {
        operation_id: "createContact",
        arguments: { body: { first_name: "Ana", last_name: "Díaz", phone: "+34612345678" } },
      },
    })) as CallToolResult;
    expect(created.isError, JSON.stringify(created.content)).toBeFalsy();
    expect(created._meta).toMatchObject({ status: 201 });
    const contact = structured<{ id: string; first_name: string }>(created);
    expect(contact.first_name).toBe("Ana");
    const audited = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.operation, "createContact")))
      .all();
    expect(audited.map((entry) => entry.resourceId)).toEqual([contact.id]);

    const listed = await client.callTool({
      name: "call_operation",
      arguments: { operation_id: "getContact", arguments: { contact_id: contact.id } },
    });
    expect(structured<{ id: string }>(listed).id).toBe(contact.id);
  });

  it("ranks the operation a task names first", async () => {
    const { key } = await tenant({ spendEnabled: true, capabilities: everyCapability });
    const { client } = await connect(key, everyGate);
    const cases: [string, string][] = [
      ["send an sms", "sendSms"],
      ["wallet balance", "getBalance"],
      ["dial a call", "dialCall"],
      ["top up the wallet", "createTopUp"],
      ["list budgets", "listBudgets"],
      ["rotate my api key", "rotateApiKey"],
      ["whatsapp templates", "listWhatsAppTemplates"],
      ["reply in a conversation", "replyInConversation"],
      ["contact lists", "listContactLists"],
      ["view a call", "getCall"],
    ];
    for (const [query, expected] of cases) {
      const found = structured<Found>(
        await client.callTool({ name: "search_operations", arguments: { query, limit: 3 } }),
      );
      expect(found.operations[0]?.operation_id, query).toBe(expected);
      expect(found.operations.length).toBeLessThanOrEqual(3);
    }
    const spend = structured<Found>(await client.callTool({ name: "search_operations", arguments: { query: "dial" } }));
    expect(spend.operations.find((op) => op.operation_id === "dialCall")).toMatchObject({ spends_money: true });
    expect(
      structured<Found>(await client.callTool({ name: "search_operations", arguments: { query: "zzqx" } })),
    ).toEqual({ operations: [], total_matches: 0 });
  });

  it("reaches only what the key may call: a narrow key finds, describes and calls nothing beyond its scopes", async () => {
    const scopes = ["budgets:read", "contacts:read"];
    const { key } = await tenant({}, scopes);
    const { client } = await connect(key);
    const found = structured<Found>(
      await client.callTool({
        name: "search_operations",
        arguments: { query: "create contact budget list", limit: 20 },
      }),
    );
    const mayCall = callable(scopes, "Business", false).map((op) => op.operationId);
    expect(found.operations.length).toBeGreaterThan(2);
    for (const op of found.operations) expect(mayCall, op.operation_id).toContain(op.operation_id);
    expect(found.operations.map((op) => op.operation_id)).not.toContain("createContact");
    const refused = (await client.callTool({
      name: "describe_operation",
      arguments: { operation_id: "createContact" },
    })) as CallToolResult;
    expect(refused).toMatchObject({
      isError: true,
      structuredContent: { status: 403, required_scope: "contacts:write" },
    });
    const called = (await client.callTool({
      name: "call_operation",
      arguments: { operation_id: "createBudget", arguments: { body: {} } },
    })) as CallToolResult;
    expect(called).toMatchObject({
      isError: true,
      structuredContent: { status: 403, required_scope: "budgets:write" },
    });
    // Behind a closed gate (conversations, by default) an operation is not there at all.
    for (const name of ["describe_operation", "call_operation"]) {
      const hidden = (await client.callTool({
        name,
        arguments: { operation_id: "listConversations" },
      })) as CallToolResult;
      expect(hidden, name).toMatchObject({ isError: true, structuredContent: { status: 404 } });
    }
  });

  it("checks call_operation's arguments against the operation's input schema, naming them from `arguments`", async () => {
    const { key } = await tenant();
    const { client } = await connect(key);
    const invalid = (await client.callTool({
      name: "call_operation",
      arguments: { operation_id: "listBudgets", arguments: { limit: "two", colour: "red" } },
    })) as CallToolResult;
    expect(invalid).toMatchObject({
      isError: true,
      structuredContent: { status: 400, errors: [{ path: "arguments.limit" }, { path: "arguments.colour" }] },
    });
    const unknown = (await client.callTool({
      name: "call_operation",
      arguments: { operation_id: "noSuchOperation", arguments: {} },
    })) as CallToolResult;
    expect(unknown).toMatchObject({
      isError: true,
      structuredContent: { status: 404, detail: expect.stringContaining("search_operations") },
    });
    const missing = (await client.callTool({ name: "call_operation", arguments: { arguments: {} } })) as CallToolResult;
    expect(missing).toMatchObject({
      isError: true,
      structuredContent: { errors: [{ path: "operation_id", message: "Required." }] },
    });
    const path = (await client.callTool({
      name: "call_operation",
      arguments: { operation_id: "getContact", arguments: { contact_id: ".." } },
    })) as CallToolResult;
    expect(path).toMatchObject({ isError: true, structuredContent: { errors: [{ path: "arguments.contact_id" }] } });
    // Without `arguments` an operation is called with none.
    const none = (await client.callTool({
      name: "call_operation",
      arguments: { operation_id: "listBudgets" },
    })) as CallToolResult;
    expect(none).toMatchObject({ structuredContent: { data: [], limit: 50, offset: 0 } });
  });
});
