import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { keyFor, tenant } from "../../../test/helpers";
import { moveClock, resetClock } from "../../../test/clock";
import { dialCompany, twilioCalls, uniqueMobile } from "../../../test/fixtures/dialer";
import { balanceOf, ledgerOf } from "../../../test/wallet-operations";
import { connect, everyOperationTool, texts } from "../../../test/fixtures/mcp";
import { CONFIRMATION_TTL_SECONDS } from "./spending";

const spendOpen = { PUBLIC_API_SPEND_ENABLED: "true" };

interface QuoteResult {
  confirmation_required: true;
  operation_id: string;
  arguments: Record<string, unknown>;
  quote: {
    charge: { amount: number; currency: string; description: string };
    sends: { channel: string; to: string[]; count: number }[];
    balance: { amount: number; currency: string };
    notes: string[];
  };
  confirmation_token: string;
  expires_at: string;
}

const call = async (
  client: Awaited<ReturnType<typeof connect>>["client"],
  name: string,
  args: Record<string, unknown>,
) => (await client.callTool({ name, arguments: args })) as CallToolResult;

afterEach(resetClock);

/** The talk time these dials ask for (max_duration_seconds): 5 minutes at 0.12 EUR a minute reserve 0.60 EUR. */
const FIVE_MINUTES = 300;

describe("/mcp spending: a quote first, then the confirmed call, once", () => {
  it("quotes a call (what it reserves, whom it calls), does nothing until confirmed, then dials once", async () => {
    const t = await dialCompany({ balanceMinor: 1_000 });
    const { client } = await connect(t.key, spendOpen);
    const to = uniqueMobile();
    const args = { body: { to, agent_id: t.agentId, max_duration_seconds: FIVE_MINUTES } };

    const asked = Date.now();
    const quoted = await call(client, "dialCall", args);
    const answered = Date.now();
    expect(quoted.isError, texts(quoted)).toBeFalsy();
    const result = quoted.structuredContent as unknown as QuoteResult;
    expect(result).toMatchObject({
      confirmation_required: true,
      operation_id: "dialCall",
      arguments: args,
      quote: {
        charge: {
          amount: 0.6,
          currency: "EUR",
          description: expect.stringContaining("5 min at 0.12 EUR a minute (ES)"),
        },
        sends: [{ channel: "call", to: [to], count: 1 }],
        balance: { amount: 10, currency: "EUR" },
        notes: [],
      },
    });
    // The token's life starts at the quote (a whole second, rounded down), however long the call took.
    const expires = Date.parse(result.expires_at);
    expect(expires).toBeGreaterThan(asked - 1_000 + CONFIRMATION_TTL_SECONDS * 1000);
    expect(expires).toBeLessThanOrEqual(answered + CONFIRMATION_TTL_SECONDS * 1000);
    expect(texts(quoted)).toContain(`Nothing was done yet. It would charge 0.6 EUR`);
    expect(texts(quoted)).toContain(result.confirmation_token);
    // Nothing reserved, nothing dialled, no call.
    expect(await balanceOf(t.companyId)).toBe(1_000);
    expect(await twilioCalls(to)).toEqual([]);
    const calls = await call(client, "listCalls", {});
    expect((calls.structuredContent as { data: unknown[] }).data).toEqual([]);

    const confirmed = await call(client, "dialCall", { ...args, confirmation_token: result.confirmation_token });
    expect(confirmed.isError, texts(confirmed)).toBeFalsy();
    expect(confirmed.structuredContent).toMatchObject({ status: "queued", to, reserved: 0.6, currency: "EUR" });
    expect(await balanceOf(t.companyId)).toBe(940);
    const callId = (confirmed.structuredContent as { id: string }).id;
    const seen = await call(client, "getCall", { call_id: callId });
    // The Queue's consumer runs beside the test and may already have placed the call.
    expect(seen.structuredContent).toMatchObject({
      id: callId,
      status: expect.stringMatching(/^(queued|ringing)$/),
      to,
    });

    // The same token again: the first call's answer, replayed; nothing reserved twice.
    const again = await call(client, "dialCall", { ...args, confirmation_token: result.confirmation_token });
    expect(again.structuredContent).toEqual(confirmed.structuredContent);
    expect(texts(again)).toContain("Replayed");
    expect(await balanceOf(t.companyId)).toBe(940);
    expect((await ledgerOf(t.companyId)).filter((row) => row.kind === "charge")).toHaveLength(1);
  });

  it("refuses a token for other arguments, another key, or past its time, saying why; and one altered", async () => {
    const t = await dialCompany({ balanceMinor: 1_000 });
    const { client } = await connect(t.key, spendOpen);
    const args = { body: { to: uniqueMobile(), agent_id: t.agentId, max_duration_seconds: FIVE_MINUTES } };
    const { confirmation_token: token } = (await call(client, "dialCall", args))
      .structuredContent as unknown as QuoteResult;
    const refusal = (result: CallToolResult) => {
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({ status: 400, errors: [{ path: "confirmation_token" }] });
      return (result.structuredContent as { detail: string }).detail;
    };

    // Other arguments: another number, or the same with an idempotency_key the quote did not have.
    expect(
      refusal(
        await call(client, "dialCall", { body: { ...args.body, to: uniqueMobile() }, confirmation_token: token }),
      ),
    ).toContain("other arguments");
    expect(
      refusal(await call(client, "dialCall", { ...args, idempotency_key: "mine", confirmation_token: token })),
    ).toContain("other arguments");
    // The same arguments in another order are the same call: confirmed below.
    // Another key of the same company.
    const other = await keyFor(t.companyId);
    const { client: otherClient } = await connect(other.key, spendOpen);
    expect(refusal(await call(otherClient, "dialCall", { ...args, confirmation_token: token }))).toContain(
      "another API key",
    );
    // Altered, or not a token at all.
    const altered = `${token.slice(0, -1)}${token.endsWith("0") ? "1" : "0"}`;
    expect(refusal(await call(client, "dialCall", { ...args, confirmation_token: altered }))).toContain(
      "not issued by this server",
    );
    expect(refusal(await call(client, "dialCall", { ...args, confirmation_token: "yes" }))).toContain(
      "not a confirmation token",
    );
    // Past its time.
    moveClock((CONFIRMATION_TTL_SECONDS + 1) * 1000);
    expect(refusal(await call(client, "dialCall", { ...args, confirmation_token: token }))).toContain("expired");
    resetClock();
    expect(await balanceOf(t.companyId)).toBe(1_000);

    // Within its time, the arguments reordered: it runs.
    const reordered = { body: { max_duration_seconds: FIVE_MINUTES, agent_id: t.agentId, to: args.body.to } };
    const confirmed = await call(client, "dialCall", { confirmation_token: token, ...reordered });
    expect(confirmed.isError, texts(confirmed)).toBeFalsy();
    expect(await balanceOf(t.companyId)).toBe(940);
  });

  it("quotes and confirms through call_operation as through the operation's own tool", async () => {
    const t = await dialCompany({ balanceMinor: 1_000 });
    const { client } = await connect(t.key, spendOpen);
    const args = { body: { to: uniqueMobile(), agent_id: t.agentId, max_duration_seconds: FIVE_MINUTES } };
    const quoted = await call(client, "call_operation", { operation_id: "dialCall", arguments: args });
    const result = quoted.structuredContent as unknown as QuoteResult;
    expect(result).toMatchObject({ confirmation_required: true, quote: { charge: { amount: 0.6 } } });
    expect(texts(quoted)).toContain("call_operation again with the same arguments and arguments.confirmation_token");
    const wrong = await call(client, "call_operation", {
      operation_id: "dialCall",
      arguments: { ...args, confirmation_token: "nope" },
    });
    expect(wrong.structuredContent).toMatchObject({ status: 400, errors: [{ path: "arguments.confirmation_token" }] });
    const confirmed = await call(client, "call_operation", {
      operation_id: "dialCall",
      arguments: { ...args, confirmation_token: result.confirmation_token },
    });
    expect(confirmed.structuredContent).toMatchObject({ status: "queued", reserved: 0.6 });
    // The token confirms the operation and its arguments, whichever tool carries it: the direct tool replays the same call.
    const direct = await call(client, "dialCall", { ...args, confirmation_token: result.confirmation_token });
    expect(direct.structuredContent).toEqual(confirmed.structuredContent);
    expect(await balanceOf(t.companyId)).toBe(940);
  });

  it("answers a quote the call would be refused with as that refusal, and says when the balance falls short", async () => {
    const t = await dialCompany({ balanceMinor: 10 });
    const { client } = await connect(t.key, spendOpen);
    const short = (
      await call(client, "dialCall", {
        body: { to: uniqueMobile(), agent_id: t.agentId, max_duration_seconds: FIVE_MINUTES },
      })
    ).structuredContent as unknown as QuoteResult;
    expect(short.quote.notes).toEqual([
      expect.stringContaining(
        "does not cover the reservation of 0.6 EUR: the call would be refused (402 insufficient_funds)",
      ),
    ]);
    const unknownAgent = await call(client, "dialCall", {
      body: { to: uniqueMobile(), agent_id: crypto.randomUUID() },
    });
    expect(unknownAgent).toMatchObject({
      isError: true,
      structuredContent: { status: 400, errors: [{ path: "body.agent_id" }] },
    });
    const notNumber = await call(client, "dialCall", {
      body: { to: "not a number", agent_id: t.agentId, max_duration_seconds: FIVE_MINUTES },
    });
    expect(notNumber).toMatchObject({ isError: true, structuredContent: { status: 400 } });
    // A company not enabled for spending is refused as over HTTP (403 spend_not_enabled), before any quote.
    const { client: notEnabled } = await connect((await tenant({ spendEnabled: false })).key, spendOpen);
    const refused = await call(notEnabled, "dialCall", {
      body: { to: uniqueMobile(), agent_id: t.agentId, max_duration_seconds: FIVE_MINUTES },
    });
    expect(refused).toMatchObject({
      isError: true,
      structuredContent: { status: 403, type: expect.stringMatching(/spend_not_enabled$/) },
    });
    // Behind the closed gate the tool is not there at all.
    const { client: closed } = await connect(t.key, {});
    const hidden = await closed
      .callTool({
        name: "dialCall",
        arguments: { body: { to: uniqueMobile(), agent_id: t.agentId, max_duration_seconds: FIVE_MINUTES } },
      })
      .catch((error: unknown) => error);
    expect(hidden).toMatchObject({ code: -32602 });
  });

  it("describes spending tools as such: a confirmation token argument, the quote among their results, destructive and open-world", async () => {
    const tools = await everyOperationTool();
    const dial = tools.get("dialCall")!.tool;
    expect(dial.inputSchema.properties).toHaveProperty("confirmation_token");
    expect(dial.inputSchema.required).not.toContain("confirmation_token");
    expect(JSON.stringify(dial.outputSchema)).toContain("confirmation_required");
    expect(dial.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, openWorldHint: true });
    expect(dial.description).toContain("Spends money");
    expect(dial.description).toContain("answers a quote");
    expect(tools.get("createContact")!.tool.inputSchema.properties).not.toHaveProperty("confirmation_token");
  });
});
