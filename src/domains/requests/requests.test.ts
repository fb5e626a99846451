import {
  createExecutionContext,
  createMessageBatch,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { allOperations, call, operator, slug, tenant } from "../../../test/helpers";
import { walletWith } from "../../../test/wallet";
import { configOf } from "../../config";
import { metaSignature, twilioSignature } from "../../core/callbacks";
import { settleJobs } from "../../../test/jobs";
import { OPEN } from "../../../test/security/declarations";
import { db } from "../../../test/helpers";
import { findDialledCall } from "../dialer/queries";
import { dialCompany, uniqueMobile } from "../../../test/fixtures/dialer";
import { messageRow, setMode, whatsappCompany } from "../../../test/fixtures/conversations";
import { REQUEST_LOG_BODY_MAX_BYTES } from "../../data/request-log";
import worker from "../../index";
import { companyMessage } from "../../work/queue-message";
import { connect } from "../../../test/fixtures/mcp";
import { Client } from "../../../sdk/src/index";
import { storeBinding } from "../../data/tenancy";
import { requestEventsQuery } from "../webhooks";
import { callbacksAboutQuery, requestByIdQuery } from "./queries";

// Authentication, scopes and the generated cross-tenant cases of every operation: test/security.test.ts.

const loopback = { WEBHOOKS_ALLOW_LOOPBACK: "true" };
/** Nothing listens on port 9 of 127.0.0.1: a delivery attempt there fails at once. */
const UNREACHABLE = "http://127.0.0.1:9/hook";
const callbackBase = configOf(env).callbacks.baseUrl;

const rid = (what: string) => `rl-${what}-${crypto.randomUUID()}`;
const budgetExample = allOperations.find((op) => op.operationId === "createBudget")!.request!.example;

/** One logged request, by its X-Request-Id, as the company's key reads it. */
async function logged(key: string, requestId: string) {
  const response = await call(`/api/v1/requests/${encodeURIComponent(requestId)}`, { key });
  expect(response.status, response.text).toBe(200);
  return response.json;
}

/** Every page of the list with `query`, newest first. */
async function listed(key: string, query: string) {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page: { status: number; json: { data: { request_id: string }[]; page: { next_cursor: string | null } } } =
      await call(`/api/v1/requests?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { key });
    expect(page.status).toBe(200);
    ids.push(...page.json.data.map((entry) => entry.request_id));
    cursor = page.json.page.next_cursor;
  } while (cursor);
  return ids;
}

describe("the request log", () => {
  it("shows a write, its replay, a read and an error with their fields", async () => {
    const t = await tenant();
    const key = crypto.randomUUID();
    const write = rid("write");
    const created = await call("/api/v1/budgets", {
      key: t.key,
      body: budgetExample,
      headers: { "X-Request-Id": write, "Idempotency-Key": key },
    });
    expect(created.status, created.text).toBe(201);
    const replay = rid("replay");
    const again = await call("/api/v1/budgets", {
      key: t.key,
      body: budgetExample,
      headers: { "X-Request-Id": replay, "Idempotency-Key": key },
    });
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    const read = rid("read");
    const page = await call("/api/v1/budgets?limit=1", { key: t.key, headers: { "X-Request-Id": read } });
    expect(page.status).toBe(200);
    const error = rid("error");
    const missing = await call(`/api/v1/contacts/${crypto.randomUUID()}`, {
      key: t.key,
      headers: { "X-Request-Id": error },
    });
    expect(missing.status).toBe(404);

    const writeEntry = await logged(t.key, write);
    expect(writeEntry).toMatchObject({
      request_id: write,
      method: "POST",
      path: "/api/v1/budgets",
      operation: "createBudget",
      status: 201,
      key_id: t.keyId,
      idempotency_key: key,
      replayed: false,
      query: null,
      request_body: budgetExample,
      problem: null,
    });
    expect(writeEntry.duration_ms).toBeGreaterThanOrEqual(0);
    expect(writeEntry.response_body).toEqual(created.json);
    expect(writeEntry.request_bytes).toBe(new TextEncoder().encode(JSON.stringify(budgetExample)).byteLength);
    expect(writeEntry.caused.events.map((event: { type: string }) => event.type)).toEqual(["budget.created"]);
    expect(JSON.stringify(writeEntry)).not.toContain(t.key);

    const replayEntry = await logged(t.key, replay);
    expect(replayEntry).toMatchObject({
      status: 201,
      idempotency_key: key,
      replayed: true,
      response_body: created.json,
    });
    // The replay ran nothing: what the write caused is the first request's.
    expect(replayEntry.caused.events).toEqual([]);

    expect(await logged(t.key, read)).toMatchObject({
      method: "GET",
      path: "/api/v1/budgets",
      operation: "listBudgets",
      query: { limit: "1" },
      status: 200,
      idempotency_key: null,
      replayed: false,
      request_body: null,
      response_body: page.json,
      problem: null,
    });
    const errorEntry = await logged(t.key, error);
    expect(errorEntry).toMatchObject({ status: 404, problem: { status: 404, request_id: error } });
    expect(slug(errorEntry.problem)).toBe("not_found");
  });

  it("shows what an SMS send caused: its event with the delivery's attempts, its intent and the callback that came back", async () => {
    const t = await tenant({ capabilities: ["sms"] });
    expect(
      (
        await operator(`/companies/${t.companyId}/prices`, {
          method: "PUT",
          body: { kind: "sms", country: "ES", amount: 0.07 },
        })
      ).status,
    ).toBe(200);
    await walletWith(t.companyId, [{ kind: "top_up", amountMinor: 1000, at: "2026-01-01T00:00:00.000Z" }]);
    const subscribed = await call("/api/v1/webhooks", {
      key: t.key,
      body: { url: UNREACHABLE, events: ["sms.sent"] },
      vars: loopback,
    });
    expect(subscribed.status, subscribed.text).toBe(200);

    const send = rid("sms");
    const to = `+3461${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
    const sent = await call("/api/v1/sms/send", {
      key: t.key,
      body: { to, text: "Su cita es el martes" },
      headers: { "X-Request-Id": send, "Idempotency-Key": crypto.randomUUID() },
    });
    expect(sent.status, sent.text).toBe(200);

    // The delivery attempted by the Worker's own queue handler (the destination refuses: one failed attempt).
    const before = await logged(t.key, send);
    const [event] = before.caused.events;
    expect(event).toMatchObject({ type: "sms.sent" });
    const [delivery] = event.deliveries;
    const batch = createMessageBatch("public-api-webhooks", [
      {
        id: crypto.randomUUID(),
        timestamp: new Date(),
        attempts: 1,
        body: companyMessage({ id: delivery.id, companyId: t.companyId }),
      },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, { ...env, ...loopback }, ctx);
    await getQueueResult(batch, ctx);

    // Twilio's status callback for the message.
    const path = `/providers/twilio/message-status?company=${t.companyId}&message=${sent.json.id}`;
    const params = new URLSearchParams({
      AccountSid: env.TWILIO_ACCOUNT_SID,
      ApiVersion: "2010-04-01",
      MessageSid: sent.json.provider_message_id,
      MessageStatus: "delivered",
    });
    const signature = await twilioSignature(env.TWILIO_AUTH_TOKEN, `${callbackBase}${path}`, params);
    const callback = await call(path, {
      method: "POST",
      body: params.toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature },
    });
    expect(callback.status).toBe(200);

    const entry = await logged(t.key, send);
    expect(entry).toMatchObject({ method: "POST", path: "/api/v1/sms/send", status: 200 });
    // The recipient and the text are personal: redacted in both bodies.
    expect(entry.request_body).toEqual({ to: "[redacted]", text: "[redacted]" });
    expect(entry.response_body).toMatchObject({
      id: sent.json.id,
      to: "[redacted]",
      text: "[redacted]",
      status: "sent",
    });
    expect(JSON.stringify(entry)).not.toContain(to);
    const [logEvent] = entry.caused.events;
    expect(logEvent.deliveries).toHaveLength(1);
    expect(logEvent.deliveries[0].attempts.length).toBeGreaterThanOrEqual(1);
    expect(logEvent.deliveries[0].attempts[0]).toMatchObject({ attempt: 1, success: false });
    expect(entry.caused.intents).toEqual([
      expect.objectContaining({
        provider: "twilio",
        kind: "sms",
        state: "accepted",
        attempts: 1,
        provider_id: sent.json.provider_message_id,
        resource_id: sent.json.id,
      }),
    ]);
    expect(entry.caused.callbacks).toEqual([
      expect.objectContaining({
        provider: "twilio",
        topic: "message-status",
        event_id: `${sent.json.provider_message_id}:delivered`,
        resource_id: sent.json.id,
      }),
    ]);
  });

  it("lists a dialled call's intent, opened by its job, under the dial request", async () => {
    const t = await dialCompany({ balanceMinor: 1_000 });
    const dialRequest = rid("dial");
    const dialled = await call("/api/v1/calls/dial", {
      key: t.key,
      body: { to: uniqueMobile(), agent_id: t.agentId },
      vars: OPEN,
      headers: { "X-Request-Id": dialRequest, "Idempotency-Key": crypto.randomUUID() },
    });
    expect(dialled.status, dialled.text).toBe(201);
    await settleJobs(t.companyId);
    const callId = dialled.json.id as string;
    const sid = (await findDialledCall(db, callId, t.companyId))!.providerCallId!;
    const path = `/providers/twilio/call-status?company=${t.companyId}&call=${callId}`;
    const params = new URLSearchParams({ AccountSid: env.TWILIO_ACCOUNT_SID, CallSid: sid, CallStatus: "in-progress" });
    const callback = await call(path, {
      method: "POST",
      body: params.toString(),
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Twilio-Signature": await twilioSignature(env.TWILIO_AUTH_TOKEN, `${callbackBase}${path}`, params),
      },
    });
    expect(callback.status).toBe(200);
    await settleJobs(t.companyId);
    const entry = await logged(t.key, dialRequest);
    expect(entry.caused.intents).toEqual([
      expect.objectContaining({ provider: "twilio", kind: "call", state: "accepted", resource_id: callId }),
    ]);
    expect(entry.caused.callbacks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ provider: "twilio", topic: "call-status", resource_id: callId }),
      ]),
    );
  });

  it("links WhatsApp's status callbacks to the reply that sent the message", async () => {
    const company = await whatsappCompany();
    const { conversationId } = await company.inbound(uniqueMobile());
    await setMode(company.companyId, conversationId, "human");
    const replyRequest = rid("reply");
    const replied = await call(`/api/v1/conversations/${conversationId}/messages`, {
      key: company.key,
      vars: { CONVERSATIONS_API_ENABLED: "true" },
      body: { type: "text", text: "Le confirmo la cita" },
      headers: { "X-Request-Id": replyRequest },
    });
    expect(replied.status, replied.text).toBe(202);
    await settleJobs(company.companyId);
    const wamid = (await messageRow(replied.json.id))!.providerMessageId!;
    const body = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "102290129340398",
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: "15550000000", phone_number_id: company.phoneNumberId },
                statuses: [{ id: wamid, status: "delivered", timestamp: String(Math.floor(Date.now() / 1000)) }],
              },
            },
          ],
        },
      ],
    });
    const callback = await call("/providers/whatsapp/messages", {
      method: "POST",
      body,
      headers: {
        "Content-Type": "application/json",
        "X-Hub-Signature-256": await metaSignature(env.WHATSAPP_APP_SECRET, body),
      },
    });
    expect(callback.status).toBe(200);
    await settleJobs(company.companyId);
    const entry = await logged(company.key, replyRequest);
    expect(entry.caused.intents).toEqual([
      expect.objectContaining({ provider: "whatsapp", kind: "whatsapp", resource_id: replied.json.id }),
    ]);
    expect(entry.caused.callbacks).toEqual([
      expect.objectContaining({ provider: "whatsapp", topic: "messages", resource_id: replied.json.id }),
    ]);
  });

  it("shows only the company's own requests: another company's id is 404, as an unknown one", async () => {
    const a = await tenant();
    const b = await tenant();
    const ofA = rid("a");
    const ofB = rid("b");
    expect((await call("/api/v1/budgets", { key: a.key, headers: { "X-Request-Id": ofA } })).status).toBe(200);
    expect((await call("/api/v1/budgets", { key: b.key, headers: { "X-Request-Id": ofB } })).status).toBe(200);

    const foreign = await call(`/api/v1/requests/${ofA}`, { key: b.key });
    const unknown = await call(`/api/v1/requests/${rid("none")}`, { key: b.key });
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(slug(foreign.json)).toBe("not_found");
    expect(foreign.json.detail).toBe(unknown.json.detail);

    const seenByA = await listed(a.key, "limit=100");
    expect(seenByA).toContain(ofA);
    expect(seenByA).not.toContain(ofB);
    // The same X-Request-Id sent by both companies: each sees its own.
    const shared = rid("shared");
    await call("/api/v1/budgets", { key: a.key, headers: { "X-Request-Id": shared } });
    await call("/api/v1/budgets?limit=3", { key: b.key, headers: { "X-Request-Id": shared } });
    expect((await logged(a.key, shared)).query).toBeNull();
    expect((await logged(b.key, shared)).query).toEqual({ limit: "3" });
  });

  it("redacts every secret a response carries: a webhook secret issued or rotated, a rotated API key, a SIP password", async () => {
    const t = await tenant({ spendEnabled: true });
    const create = rid("webhook");
    const created = await call("/api/v1/webhooks", {
      key: t.key,
      body: { url: "https://hooks.example.com/api", events: ["*"] },
      headers: { "X-Request-Id": create },
    });
    expect(created.status, created.text).toBe(200);
    const issued = await logged(t.key, create);
    expect(issued.response_body.secret).toBe("[redacted]");
    expect(issued.response_body.url).toBe("https://hooks.example.com/api");
    expect(JSON.stringify(issued)).not.toContain(created.json.secret);

    const rotate = rid("rotate-secret");
    const rotated = await call("/api/v1/webhooks", {
      key: t.key,
      method: "PATCH",
      body: { rotate_secret: true },
      headers: { "X-Request-Id": rotate },
    });
    expect(rotated.status, rotated.text).toBe(200);
    const rotatedEntry = await logged(t.key, rotate);
    expect(rotatedEntry.response_body.secret).toBe("[redacted]");
    expect(JSON.stringify(rotatedEntry)).not.toContain(rotated.json.secret);

    const trunk = rid("trunk");
    const password = `Pw-1a-${crypto.randomUUID()}`;
    const trunkRequest = await call("/api/v1/sip-trunks", {
      key: t.key,
      vars: { PUBLIC_API_SPEND_ENABLED: "true" },
      body: {
        ...(allOperations.find((op) => op.operationId === "createSipTrunk")!.request!.example as object),
        password,
      },
      headers: { "X-Request-Id": trunk, "Idempotency-Key": crypto.randomUUID() },
    });
    const trunkEntry = await logged(t.key, trunk);
    expect(trunkEntry.status).toBe(trunkRequest.status);
    expect(trunkEntry.request_body.password).toBe("[redacted]");
    expect(JSON.stringify(trunkEntry)).not.toContain(password);

    const keyRotation = rid("rotate-key");
    const newKey = await call(`/api/v1/api-keys/${t.keyId}/rotate`, {
      key: t.key,
      method: "POST",
      headers: { "X-Request-Id": keyRotation },
    });
    expect(newKey.status, newKey.text).toBe(201);
    const keyEntry = await logged(newKey.json.api_key, keyRotation);
    expect(keyEntry.response_body.api_key).toBe("[redacted]");
    expect(keyEntry.response_body.key_id).toBe(newKey.json.key_id);
    expect(JSON.stringify(keyEntry)).not.toContain(newKey.json.api_key);
  });

  it("keeps a body over the cap by its size only", async () => {
    const t = await tenant();
    const large = rid("large");
    // Fewer characters than the cap's bytes, more bytes (two each): counted in UTF-8 bytes.
    const notes = "ñ".repeat(REQUEST_LOG_BODY_MAX_BYTES / 2 + 8);
    const body = { ...(budgetExample as object), notes };
    const response = await call("/api/v1/budgets", { key: t.key, body, headers: { "X-Request-Id": large } });
    const entry = await logged(t.key, large);
    expect(entry.status).toBe(response.status);
    expect(entry.request_body).toBeNull();
    expect(entry.request_bytes).toBe(new TextEncoder().encode(JSON.stringify(body)).byteLength);
    expect(entry.request_bytes).toBeGreaterThan(REQUEST_LOG_BODY_MAX_BYTES);
  });

  it("filters by status, method, path, Idempotency-Key and time, and pages with a cursor", async () => {
    const t = await tenant();
    const since = new Date().toISOString();
    const reads = Array.from({ length: 5 }, () => rid("page"));
    for (const id of reads) await call("/api/v1/budgets", { key: t.key, headers: { "X-Request-Id": id } });
    const missing = rid("missing");
    await call(`/api/v1/contacts/${crypto.randomUUID()}`, { key: t.key, headers: { "X-Request-Id": missing } });
    const key = crypto.randomUUID();
    const write = rid("write");
    const replay = rid("replay");
    for (const id of [write, replay])
      await call("/api/v1/budgets", {
        key: t.key,
        body: budgetExample,
        headers: { "X-Request-Id": id, "Idempotency-Key": key },
      });

    // Paged two at a time, every request once (requests of one millisecond are ordered by entry id).
    const paged = await listed(t.key, `limit=2&path=${encodeURIComponent("/api/v1/budgets")}&method=GET`);
    expect([...paged].sort()).toEqual([...reads].sort());
    expect(await listed(t.key, "status=404")).toEqual([missing]);
    expect(await listed(t.key, "status=4xx&method=GET")).toEqual([missing]);
    expect((await listed(t.key, `idempotency=${key}`)).sort()).toEqual([replay, write].sort());
    expect((await listed(t.key, "method=POST")).sort()).toEqual([replay, write].sort());
    expect(await listed(t.key, `method=GET&path=/api/v1/budgets&since=${encodeURIComponent(since)}`)).toHaveLength(5);
    expect(await listed(t.key, `path=/api/v1/budgets&until=${encodeURIComponent(since)}`)).toEqual([]);

    const list = await call("/api/v1/requests?limit=1", { key: t.key });
    expect(Object.keys(list.json.data[0]).sort()).toEqual(
      [
        "created_at",
        "duration_ms",
        "idempotency_key",
        "key_id",
        "method",
        "operation",
        "path",
        "replayed",
        "request_id",
        "status",
      ].sort(),
    );
    expect((await call("/api/v1/requests?status=abc", { key: t.key })).status).toBe(400);
    expect((await call("/api/v1/requests?cursor=forged.cursor", { key: t.key })).status).toBe(400);
  });

  it("is reached like any other operation: tools of the MCP server (its calls logged too) and methods of the SDK", async () => {
    const t = await tenant();
    const { client } = await connect(t.key, {}, { query: "toolsets=requests" });
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(["listRequests", "getRequest"]));
    const created = await client.callTool({ name: "createBudget", arguments: { body: budgetExample } });
    expect(created.isError).toBeFalsy();
    const listed = await client.callTool({ name: "listRequests", arguments: { method: "POST", limit: 5 } });
    expect(listed.isError).toBeFalsy();
    const [entry] = (listed.structuredContent as { data: { request_id: string; operation: string }[] }).data;
    expect(entry).toMatchObject({ operation: "createBudget" });
    const looked = await client.callTool({ name: "getRequest", arguments: { request_id: entry!.request_id } });
    expect(looked.structuredContent).toMatchObject({ operation: "createBudget", status: 201 });
    await client.close();

    const sdk = new Client({
      apiKey: t.key,
      baseUrl: "http://api.test",
      // The Worker's own fetch handler in the test runtime, for the SDK's requests.
      fetch: async (input, init) => {
        const ctx = createExecutionContext();
        const response = await worker.fetch(new Request(input, init), env, ctx);
        await waitOnExecutionContext(ctx);
        return response;
      },
    });
    const page = await sdk.requests.list({ method: "POST", limit: 5 });
    const first = page.data[0]!;
    expect(first.operation).toBe("createBudget");
    expect((await sdk.requests.get(first.request_id)).status).toBe(201);
  });

  it("looks a request up through the indexes of its own id and records, never by walking the company's newer entries", async () => {
    // Ordered by what the time index holds, SQLite's planner walked every entry newer than the one looked up.
    const plans = await Promise.all(
      [
        [requestByIdQuery(db, "c", "r"), "request_log_company_request_idx"],
        [requestEventsQuery(db, "c", "r"), "webhook_events_company_request_idx"],
        [callbacksAboutQuery(db, "c", ["a", "b"]), "provider_callbacks_company_resource_idx"],
      ].map(async ([query, index]) => {
        const { sql, params } = (query as { toSQL(): { sql: string; params: unknown[] } }).toSQL();
        const { results } = await storeBinding(env, 0)!
          .prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .bind(...params)
          .all<{ detail: string }>();
        return [results.map((row) => row.detail).join(" | "), index as string];
      }),
    );
    for (const [plan, index] of plans) expect(plan).toMatch(new RegExp(`^SEARCH \\S+ USING INDEX ${index} `));
  });
});
