import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../src/data/schema";
import type { Operation } from "../src/core/operation";
import { walletBalance } from "../src/domains/billing";
import { walletLedger } from "../src/domains/billing/schema";
import { allOperations, db } from "./helpers";
import { connect, texts } from "./fixtures/mcp";
import { label, OPEN } from "./security/declarations";
import { spendFixtures, type SpendCase } from "./security/spend-fixtures";

/**
 * Generated from the declarations: for EVERY gate S operation, a call through MCP without a
 * confirmation token does nothing and answers a quote with a token; the same call with the token
 * runs once, and again with it is the first outcome replayed. Each operation's request comes from
 * test/security/spend-fixtures.ts, as for the HTTP idempotency tests (test/spend-idempotency.test.ts).
 */

const spending = allOperations.filter((op) => op.gate === "S");

/** What a call may have changed of a company's money and record: ledger rows, balance, audit entries. */
async function footprint(companyId: string) {
  const [ledger] = await db.select({ n: count() }).from(walletLedger).where(eq(walletLedger.companyId, companyId));
  const [audit] = await db.select({ n: count() }).from(auditLog).where(eq(auditLog.companyId, companyId));
  return {
    ledgerRows: ledger!.n,
    balanceMinor: (await walletBalance(db, companyId))?.balanceMinor ?? 0,
    auditEntries: audit!.n,
  };
}

/** The fixture's request as the tool's arguments: the path's parameters by name, the body as `body`. */
function argumentsOf(op: Operation, request: SpendCase): Record<string, unknown> {
  const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  const pattern = new RegExp(`^${op.path.replace(/\{[^}]+\}/g, "([^/]+)")}$`);
  const values = pattern.exec(request.path)?.slice(1) ?? [];
  if (values.length !== names.length)
    throw new Error(`${op.operationId}: the fixture's path ${request.path} is not of ${op.path}`);
  return {
    ...Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(values[index]!)])),
    ...(request.body === undefined ? {} : { body: request.body }),
  };
}

describe("gate S operations through MCP: a quote first, the call once it is confirmed", () => {
  for (const op of spending) {
    it(`${label(op)} (${op.operationId})`, async () => {
      const fixture = spendFixtures[op.operationId];
      if (!fixture) throw new Error(`No fixture for ${op.operationId} in test/security/spend-fixtures.ts`);
      const request = await fixture();
      const args = argumentsOf(op, request);
      const { client } = await connect(request.company.key, OPEN);
      const before = await footprint(request.company.companyId);

      const quoted = (await client.callTool({ name: op.operationId, arguments: args })) as CallToolResult;
      expect(quoted.isError, texts(quoted)).toBeFalsy();
      const quote = quoted.structuredContent as {
        confirmation_required: boolean;
        confirmation_token: string;
        operation_id: string;
        arguments: unknown;
        quote: { charge: unknown };
      };
      expect(quote).toMatchObject({ confirmation_required: true, operation_id: op.operationId, arguments: args });
      // Every spending operation declares its quote: what it would charge, in the account's currency (0 when nothing).
      expect(op.quote, `${op.operationId} declares no quote`).toBeDefined();
      expect(quote.quote.charge).toMatchObject({
        amount: expect.any(Number),
        currency: expect.stringMatching(/^[A-Z]{3}$/),
        description: expect.any(String),
      });
      expect(texts(quoted)).toMatch(/^Nothing was done yet\./);
      expect(await footprint(request.company.companyId), "a quote changes nothing").toEqual(before);

      const confirmed = (await client.callTool({
        name: op.operationId,
        arguments: { ...args, confirmation_token: quote.confirmation_token },
      })) as CallToolResult;
      expect(confirmed.isError, texts(confirmed)).toBeFalsy();
      expect((confirmed._meta as { status: number }).status).toBeLessThan(300);
      const after = await footprint(request.company.companyId);
      expect(after.auditEntries, "the confirmed call ran, once").toBe(before.auditEntries + 1);

      const again = (await client.callTool({
        name: op.operationId,
        arguments: { ...args, confirmation_token: quote.confirmation_token },
      })) as CallToolResult;
      expect(again.structuredContent).toEqual(confirmed.structuredContent);
      expect(again._meta).toMatchObject({ idempotent_replayed: true });
      expect(await footprint(request.company.companyId), "the token runs its call once").toEqual(after);
    });
  }
});
