import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, db, tenant } from "../test/helpers";
import { budgetPageQuery, seedBulkBudgets } from "../src/domains/budgets";
import { bulkCalls } from "../src/domains/calls";
import { inboxCompany, mailbox, message } from "../test/fixtures/inbox";
import { configOf } from "../src/config";
import { connectArchive } from "../src/domains/documents/queries";
import { CAPTURE_HEADER, CREDENTIAL_PLACEHOLDER, isLongText, type CapturedCall } from "./captured";
import benchWorker from "./worker";

/** The Worker as the bench's floors run it (bench/worker.ts with SQL_CAPTURE): each API response carries the SQL its request ran. */
const capturing = { app: benchWorker, vars: { SQL_CAPTURE: "true" } };
const everyCall = (response: { headers: Headers }): CapturedCall[] =>
  JSON.parse(response.headers.get(CAPTURE_HEADER) ?? "null");
/** The calls on the request's path (what Server-Timing counts), without its waitUntil work. */
const captured = (response: { headers: Headers }): CapturedCall[] =>
  everyCall(response).filter((entry) => !entry.afterResponse);
const timing = { ...capturing.vars, SERVER_TIMING: "true" };
const d1Calls = (response: { headers: Headers }) =>
  Number(/d1;desc="(\d+)"/.exec(response.headers.get("Server-Timing") ?? "")?.[1]);

describe("SQL capture (the bench's floors replay what an operation ran), at the Worker's bindings", () => {
  it("GET /budgets: the captured statement is the list's own page query, with this request's parameters", async () => {
    const t = await tenant();
    await seedBulkBudgets(db, t.companyId, 60);
    const response = await call("/api/v1/budgets?limit=20&offset=5", { key: t.key, ...capturing });
    expect(response.status).toBe(200);
    const page = budgetPageQuery(db);
    const named: Record<string, unknown> = { companyId: t.companyId, limit: 20, offset: 5 };
    const params = page.params.map((param: unknown) =>
      typeof param === "object" && param !== null && "name" in param ? named[(param as { name: string }).name] : param,
    );
    expect(captured(response)).toEqual([{ wave: 1, method: "raw", statements: [{ sql: page.sql, params }] }]);
  });

  it("GET /budgets: the request log's entry, written in waitUntil after the answer, is captured after the path's calls, marked so", async () => {
    const t = await tenant();
    await seedBulkBudgets(db, t.companyId, 20);
    const response = await call("/api/v1/budgets?limit=20", { key: t.key, ...capturing });
    expect(response.status).toBe(200);
    const calls = everyCall(response);
    const after = calls.filter((entry) => entry.afterResponse);
    // The entry inserted into the company's store (after looking that store up, unless this isolate knows it), after the list's own wave.
    const sqlOf = (entry: CapturedCall) =>
      entry.method === "batch" || entry.method === "first" ? entry.statements[0]!.sql : "";
    expect(sqlOf(after.at(-1)!)).toMatch(/^insert into "request_log"/);
    for (const lookup of after.slice(0, -1)) expect(sqlOf(lookup)).toMatch(/FROM companies WHERE id = \?$/);
    // Its response body (20 budgets) travels by length only: the calls go in a header.
    const insert = after.at(-1)!;
    expect(insert.method === "batch" && insert.statements[0]!.params.some(isLongText)).toBe(true);
    expect(Math.min(...after.map((entry) => entry.wave))).toBeGreaterThan(
      Math.max(...calls.filter((entry) => !entry.afterResponse).map((entry) => entry.wave)),
    );
  });

  it("records every D1 call the request made, those begun together in one wave (GET /calls: its queries at once)", async () => {
    const t = await tenant({ capabilities: ["calls"] });
    await bulkCalls(db, t.companyId, { count: "30", days: "3" });
    const response = await call("/api/v1/calls?limit=10", { key: t.key, app: benchWorker, vars: timing });
    expect(response.status).toBe(200);
    const calls = captured(response);
    expect(calls).toHaveLength(d1Calls(response));
    expect(calls.length).toBeGreaterThan(1);
    expect(new Set(calls.map((entry) => entry.wave))).toEqual(new Set([1]));
    // Every query of the company's calls is scoped to it, so each carries its id among its parameters.
    for (const entry of calls)
      for (const statement of "statements" in entry ? entry.statements : [])
        expect(statement.params).toContain(t.companyId);
    expect(calls.every((entry) => entry.method !== "r2-get")).toBe(true);
  });

  it("records the R2 objects a request read beside its D1 calls: an attachment's content, by bucket and key, after the queries that found it", async () => {
    const t = await inboxCompany();
    const box = await mailbox(t.companyId);
    const stored = await message(t.companyId, box.id, {
      receivedAt: "2026-03-01T00:00:00.000Z",
      folderId: box.folders.inbox!,
      attachments: [{ fileName: "quote.pdf", contentType: "application/pdf", content: new Uint8Array(300).fill(7) }],
    });
    const response = await call(
      `/api/v1/inbox/${box.id}/messages/${stored.messageId}/attachments/${stored.attachmentIds[0]}`,
      { key: t.key, app: benchWorker, vars: timing },
    );
    expect(response.status).toBe(200);
    const calls = captured(response);
    const reads = calls.filter((entry) => entry.method === "r2-get");
    expect(reads).toHaveLength(1);
    const [read] = reads;
    if (read?.method !== "r2-get") throw new Error("no object read captured");
    expect(read.binding).toBe("ATTACHMENTS");
    expect(read.key).toContain(t.companyId);
    expect((await env.ATTACHMENTS.get(read.key))?.size).toBe(300);
    // Read once the D1 calls that found it had answered: a wave of its own, the last.
    expect(read.wave).toBeGreaterThan(Math.max(...calls.filter((entry) => entry !== read).map((entry) => entry.wave)));
    expect(calls.length - 1).toBe(d1Calls(response));
  });

  it("records a provider's requests as the floor sends them again, without their credentials (GET /documents: three at once)", async () => {
    const t = await tenant({ capabilities: ["documents"] });
    await connectArchive(db, {
      companyId: t.companyId,
      sealedProviderSettings: null,
      connectedAt: "2026-01-01T00:00:00.000Z",
    });
    const response = await call("/api/v1/documents", { key: t.key, app: benchWorker, vars: timing });
    expect(response.status).toBe(200);
    const calls = captured(response);
    const requests = calls.flatMap((entry) => (entry.method === "fetch" ? [entry] : []));
    expect(requests).toHaveLength(3);
    const { baseUrl, token } = configOf(env).providers.paperless;
    expect(token).toBeTruthy();
    expect(requests.map((entry) => new URL(entry.request.url).pathname).sort()).toEqual([
      "/api/document_types/",
      "/api/documents/",
      "/api/tags/",
    ]);
    for (const entry of requests) {
      expect(entry.request.url.startsWith(baseUrl!)).toBe(true);
      expect(entry.request).toMatchObject({
        method: "GET",
        bodyChars: 0,
        headers: { Authorization: `Token ${CREDENTIAL_PLACEHOLDER}`, Accept: "application/json; version=5" },
      });
    }
    // Begun together, after the D1 calls that found the archive; the token is nowhere in the header.
    expect(new Set(requests.map((entry) => entry.wave)).size).toBe(1);
    expect(requests[0]!.wave).toBeGreaterThan(
      Math.max(...calls.filter((entry) => entry.method !== "fetch").map((entry) => entry.wave)),
    );
    expect(response.headers.get(CAPTURE_HEADER)).not.toContain(token);
    expect(calls.length - 3).toBe(d1Calls(response));
  });

  it("is off unless SQL_CAPTURE is set: no header, and a refused request captures nothing", async () => {
    const t = await tenant({}, ["calls:read"]);
    expect((await call("/api/v1/budgets", { key: t.key })).headers.get(CAPTURE_HEADER)).toBeNull();
    expect((await call("/api/v1/budgets", { key: t.key, app: benchWorker })).headers.get(CAPTURE_HEADER)).toBeNull();
    const forbidden = await call("/api/v1/budgets", { key: t.key, ...capturing });
    expect(forbidden.status).toBe(403);
    expect(captured(forbidden)).toEqual([]);
  });
});
