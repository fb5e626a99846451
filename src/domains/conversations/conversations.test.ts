import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { concurrently, raceRounds, statusCounts } from "../../../test/concurrency";
import { db, slug } from "../../../test/helpers";
import { companyRows } from "../../data/lists";
import { conversationKeys, messageKeys } from "./queries";
import { conversations, messages } from "./schema";
import { eventsOf, hoursAgo, setMode, uniqueMobile, whatsappCompany } from "../../../test/fixtures/conversations";

// Authentication, scopes, gate C, plans and other companies' ids: test/security.test.ts (generated for every operation).

type Page = {
  data: { id: string; [field: string]: unknown }[];
  page: { has_more: boolean; next_cursor: string | null };
};

/** Every item of a cursor list, page by page, with the pages' sizes. */
async function walk(fetchPage: (cursor: string | null) => Promise<Page>) {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const page: Page = await fetchPage(cursor);
    ids.push(...page.data.map((item) => item.id));
    if (!page.page.has_more) {
      expect(page.page.next_cursor).toBeNull();
      return ids;
    }
    cursor = page.page.next_cursor;
  }
  throw new Error("too many pages");
}

describe("GET /api/v1/conversations", () => {
  it("lists the company's conversations newest first by cursor, filters by status, and refuses a bad status or cursor", async () => {
    const company = await whatsappCompany();
    const phones = [uniqueMobile(), uniqueMobile(), uniqueMobile()];
    const started = [];
    for (const phone of phones) started.push(await company.inbound(phone, { contactName: "Ana" }));
    await setMode(company.companyId, started[0]!.conversationId, "ai", "closed");

    const first = await company.api("/api/v1/conversations?limit=2");
    expect(first.status).toBe(200);
    expect(first.json.data.map((c: { id: string }) => c.id)).toEqual([
      started[2]!.conversationId,
      started[1]!.conversationId,
    ]);
    expect(first.json.page.has_more).toBe(true);
    const second = await company.api(
      `/api/v1/conversations?limit=2&cursor=${encodeURIComponent(first.json.page.next_cursor)}`,
    );
    expect(second.json).toMatchObject({
      data: [{ id: started[0]!.conversationId, status: "closed" }],
      page: { has_more: false, next_cursor: null },
    });

    const open = await company.api("/api/v1/conversations?status=open");
    expect(open.json.data.map((c: { id: string }) => c.id)).toEqual([
      started[2]!.conversationId,
      started[1]!.conversationId,
    ]);
    const conversation = open.json.data[0];
    expect(conversation).toMatchObject({
      connection: { id: company.connection.id, phone_number: "+34911234567" },
      contact: { phone: phones[2], name: "Ana", contact_id: null },
      status: "open",
      mode: "ai",
      taken_over_by: null,
      window_open: true,
      last_message_preview: "Hola",
      unread_count: 1,
      reserved_for_external_bot: false,
    });

    const badStatus = await company.api("/api/v1/conversations?status=archived");
    expect(badStatus.status).toBe(400);
    expect(badStatus.json.errors[0].path).toBe("query.status");
    const badCursor = await company.api("/api/v1/conversations?cursor=abc.def");
    expect(badCursor.status).toBe(400);
    expect(badCursor.json.errors[0].path).toBe("query.cursor");
    // A cursor of another list (messages) is refused too.
    const other = await whatsappCompany();
    const foreign = await other.api(`/api/v1/conversations?cursor=${encodeURIComponent(first.json.page.next_cursor)}`);
    expect(foreign.status).toBe(400);
  });

  it("neither misses nor repeats a conversation while others begin during the walk", async () => {
    const company = await whatsappCompany();
    const before = [];
    for (let index = 0; index < 7; index++) before.push((await company.inbound(uniqueMobile())).conversationId);
    let arrivals: Promise<unknown>[] = [];
    const seen = await walk(async (cursor) => {
      // Each page is read while new conversations (and messages to old ones) are being recorded.
      arrivals.push(company.inbound(uniqueMobile()), company.inbound(uniqueMobile()));
      const response = await company.api(
        `/api/v1/conversations?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      expect(response.status).toBe(200);
      return response.json;
    });
    await Promise.all(arrivals);
    arrivals = [];
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of before) expect(seen).toContain(id);
  });
});

describe("GET /api/v1/conversations/{conversation_uuid} and its messages", () => {
  it("shows one conversation; a malformed id is 400 and an unknown one 404", async () => {
    const company = await whatsappCompany();
    const { conversationId } = await company.inbound(uniqueMobile(), { at: hoursAgo(30) });
    const found = await company.api(`/api/v1/conversations/${conversationId}`);
    expect(found.status).toBe(200);
    expect(found.json).toMatchObject({ id: conversationId, window_open: false, unread_count: 1 });
    expect((await company.api("/api/v1/conversations/not-a-uuid")).status).toBe(400);
    expect((await company.api("/api/v1/conversations/not-a-uuid/messages")).status).toBe(400);
    const unknown = await company.api(`/api/v1/conversations/${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(slug(unknown.json)).toBe("not_found");
    expect((await company.api(`/api/v1/conversations/${crypto.randomUUID()}/messages`)).status).toBe(404);
  });

  it("pages a conversation's messages newest first, without missing or repeating one while messages arrive", async () => {
    const company = await whatsappCompany();
    const phone = uniqueMobile();
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) ids.push((await company.inbound(phone, { text: `m${index}` })).messageId);
    const { conversationId } = await company.inbound(uniqueMobile());
    const conversation = (await company.api(`/api/v1/conversations?limit=100`)).json.data.find(
      (c: { contact: { phone: string } }) => c.contact.phone === phone,
    );
    const arrivals: Promise<unknown>[] = [];
    const seen = await walk(async (cursor) => {
      arrivals.push(company.inbound(phone, { text: "during" }));
      const response = await company.api(
        `/api/v1/conversations/${conversation.id}/messages?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      expect(response.status).toBe(200);
      return response.json;
    });
    await Promise.all(arrivals);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => ids.includes(id))).toEqual([...ids].reverse());
    const single = await company.api(`/api/v1/conversations/${conversationId}/messages`);
    expect(single.json.data).toHaveLength(1);
    expect(single.json.data[0]).toMatchObject({
      direction: "inbound",
      type: "text",
      author: "contact",
      status: "delivered",
      text: "Hola",
    });
    // A cursor of one conversation's messages is not one of another's.
    const first = await company.api(`/api/v1/conversations/${conversation.id}/messages?limit=1`);
    const crossed = await company.api(
      `/api/v1/conversations/${conversationId}/messages?cursor=${encodeURIComponent(first.json.page.next_cursor)}`,
    );
    expect(crossed.status).toBe(400);
  });
});

describe("POST .../takeover and .../resume", () => {
  it("hands the conversation to a human and back, 409 when it is already there, with an event each time", async () => {
    const company = await whatsappCompany();
    const { conversationId } = await company.inbound(uniqueMobile());
    const takeover = await company.api(`/api/v1/conversations/${conversationId}/takeover`, { method: "POST" });
    expect(takeover.status).toBe(200);
    expect(takeover.json).toMatchObject({ mode: "human", taken_over_by: { key_id: company.keyId, name: "test key" } });
    expect(Date.parse(takeover.json.taken_over_at)).toBeGreaterThan(Date.now() - 60_000);
    const again = await company.api(`/api/v1/conversations/${conversationId}/takeover`, { method: "POST" });
    expect(again.status).toBe(409);
    expect(slug(again.json)).toBe("conflict");

    const resumed = await company.api(`/api/v1/conversations/${conversationId}/resume`, { method: "POST" });
    expect(resumed.status).toBe(200);
    expect(resumed.json).toMatchObject({ mode: "ai", taken_over_by: null, taken_over_at: null });
    expect((await company.api(`/api/v1/conversations/${conversationId}/resume`, { method: "POST" })).status).toBe(409);
    expect(
      (await company.api(`/api/v1/conversations/${crypto.randomUUID()}/takeover`, { method: "POST" })).status,
    ).toBe(404);
    const events = await eventsOf(company.companyId);
    expect(events.map((event) => event.type)).toEqual(["conversation.taken_over", "conversation.resumed"]);
    expect(events[0]!.data).toEqual({
      conversation_id: conversationId,
      taken_over_by: { key_id: company.keyId, name: "test key" },
      taken_over_at: takeover.json.taken_over_at,
    });
  });

  it("lets exactly one of two concurrent takeovers (and resumes) win: one 200, one 409", async () => {
    const company = await whatsappCompany();
    await raceRounds(
      4,
      async () => (await company.inbound(uniqueMobile())).conversationId,
      (conversationId) =>
        concurrently(2, () => company.api(`/api/v1/conversations/${conversationId}/takeover`, { method: "POST" })),
      (outcomes) => expect(statusCounts(outcomes)).toEqual({ 200: 1, 409: 1 }),
    );
    await raceRounds(
      4,
      async () => {
        const { conversationId } = await company.inbound(uniqueMobile());
        await setMode(company.companyId, conversationId, "human");
        return conversationId;
      },
      (conversationId) =>
        concurrently(2, () => company.api(`/api/v1/conversations/${conversationId}/resume`, { method: "POST" })),
      (outcomes) => expect(statusCounts(outcomes)).toEqual({ 200: 1, 409: 1 }),
    );
  });
});

describe("GET /api/v1/whatsapp/connections", () => {
  it("lists the company's numbers by cursor and never their token", async () => {
    const company = await whatsappCompany();
    const response = await company.api("/api/v1/whatsapp/connections?limit=1");
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      data: [
        {
          id: company.connection.id,
          phone_number: "+34911234567",
          display_name: "Test SL",
          status: "connected",
          connected_at: company.connection.connectedAt,
          created_at: company.connection.createdAt,
        },
      ],
      page: { has_more: false, next_cursor: null },
    });
    expect(response.text).not.toContain(company.token);
    expect(response.text).not.toContain(company.connection.credentials);
    // The stored credentials are sealed: the token is not in them as text.
    expect(company.connection.credentials).toMatch(/^v1\./);
    expect(company.connection.credentials).not.toContain(company.token);
  });

  it("answers 404 while gate C is closed", async () => {
    const company = await whatsappCompany();
    const closed = await company.api("/api/v1/whatsapp/connections", { vars: { CONVERSATIONS_API_ENABLED: "false" } });
    expect(closed.status).toBe(404);
  });
});

describe("the lists' query plans", () => {
  /** EXPLAIN QUERY PLAN of a query, its steps joined. */
  const planOf = async (query: { toSQL(): { sql: string; params: unknown[] } }) => {
    const { sql, params } = query.toSQL();
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    return results.map((row) => row.detail).join(" | ");
  };

  it("read a conversation's messages, and conversations by status, through the filter's own index, not the company's whole sequence", async () => {
    const ofConversation = companyRows(
      db.select({ seq: messages.seq }).from(messages).$dynamic(),
      messageKeys,
      "company",
      eq(messages.conversationId, "conversation"),
    ).limit(51);
    expect(await planOf(ofConversation)).toMatch(
      /^SEARCH whatsapp_messages USING (COVERING )?INDEX whatsapp_messages_company_conversation_seq_idx \(company_id=\? AND conversation_id=\?\)$/,
    );
    const byStatus = companyRows(
      db.select({ seq: conversations.seq }).from(conversations).$dynamic(),
      conversationKeys,
      "company",
      eq(conversations.status, "open"),
    ).limit(51);
    expect(await planOf(byStatus)).toMatch(
      /^SEARCH conversations USING (COVERING )?INDEX conversations_company_status_seq_idx \(company_id=\? AND status=\?\)$/,
    );
  });
});
