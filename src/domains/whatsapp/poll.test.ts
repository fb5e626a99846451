import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../test/helpers";
import { uniqueMobile, whatsappCompany, type WhatsAppCompany } from "../../../test/fixtures/conversations";
import { messages } from "../conversations/schema";

type Poll = {
  data: { id: string; direction: string; type: string }[];
  next_since: string;
  has_more: boolean;
  restarted: boolean;
};

const poll = async (company: WhatsAppCompany, query: string): Promise<Poll> => {
  const response = await company.api(`/api/v1/whatsapp/messages?${query}`);
  expect(response.status).toBe(200);
  return response.json;
};

const recordedOrder = async (companyId: string) =>
  (
    await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.companyId, companyId)))
      .orderBy(asc(messages.seq))
  ).map((row) => row.id);

describe("GET /api/v1/whatsapp/messages", () => {
  it("never misses or repeats a message while messages are recorded during the polls", async () => {
    const company = await whatsappCompany();
    for (let index = 0; index < 4; index++) await company.inbound(uniqueMobile(), { text: `before ${index}` });
    const phones = Array.from({ length: 6 }, () => uniqueMobile());
    // Writers: 6 contacts write 5 messages each, at once, while the poller reads 3 at a time.
    let writing = true;
    const writers = Promise.all(
      phones.map(async (phone) => {
        for (let index = 0; index < 5; index++) await company.inbound(phone, { text: `during ${index}` });
      }),
    ).finally(() => (writing = false));
    const seen: string[] = [];
    let since: string | undefined;
    for (let polls = 0; polls < 500; polls++) {
      const wasWriting = writing;
      const page = await poll(company, `limit=3${since ? `&since=${encodeURIComponent(since)}` : ""}`);
      seen.push(...page.data.map((message) => message.id));
      since = page.next_since;
      // Done once a poll that began after the writers finished found nothing more.
      if (!wasWriting && !page.has_more) break;
    }
    await writers;
    const recorded = await recordedOrder(company.companyId);
    expect(recorded).toHaveLength(34);
    expect(seen).toEqual(recorded);
    const idle = await poll(company, `since=${encodeURIComponent(since!)}`);
    expect(idle).toMatchObject({ data: [], has_more: false, restarted: false, next_since: since });
  });

  it("reads from the oldest message without since, and again (restarted) for a since it did not give out", async () => {
    const company = await whatsappCompany();
    const first = await company.inbound(uniqueMobile(), { text: "uno" });
    await company.inbound(uniqueMobile(), { text: "dos" });
    await company.api(`/api/v1/conversations/${first.conversationId}/messages`, {
      method: "POST",
      body: { type: "note", text: "nota" },
    });
    const all = await poll(company, "");
    expect(all.data.map((message) => message.id)[0]).toBe(first.messageId);
    expect(all.data.map((message) => message.type)).toEqual(["text", "text"]);
    expect(all.restarted).toBe(false);
    const other = await whatsappCompany();
    const foreign = (await poll(other, "")).next_since;
    for (const since of ["garbage", foreign, `${all.next_since}x`, "x".repeat(600)]) {
      const restarted = await poll(company, `since=${encodeURIComponent(since)}`);
      expect(restarted.restarted, since).toBe(true);
      expect(restarted.data).toHaveLength(2);
    }
    const one = await poll(company, "limit=1");
    expect(one.data).toHaveLength(1);
    expect(one.has_more).toBe(true);
    expect((await poll(company, "limit=abc")).data).toHaveLength(2);
    expect((await poll(company, "limit=0")).data).toHaveLength(1);
  });
});
