import { env } from "cloudflare:test";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db } from "../../../test/helpers";
import { settleJobs } from "../../../test/jobs";
import {
  eventsOf,
  fake,
  setMode,
  uniqueMobile,
  whatsappCompany,
  type WhatsAppCompany,
} from "../../../test/fixtures/conversations";
import { metaSignature } from "../../core/callbacks";
import { providerCallbacks } from "../../data/schema";
import { conversations, messages } from "./schema";

const fakeOrigin = (JSON.parse(env.FAKE_PROVIDERS) as Record<string, string>).whatsapp!;

/** What the WhatsApp fake builds for a customer's message: the webhook's exact body. */
async function customerWrites(
  company: WhatsAppCompany,
  from: string,
  content: { text?: string; name?: string; media?: Record<string, string> },
): Promise<{ body: string; messageId: string }> {
  const response = await fetch(`${fakeOrigin}/__fake/inbound`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ phone_number_id: company.phoneNumberId, from, ...content }),
  });
  expect(response.status).toBe(200);
  const answer = (await response.json()) as { body: string; message_id: string };
  return { body: answer.body, messageId: answer.message_id };
}

/** Meta's POST of the webhook, signed with the app secret (or another secret, to forge it). */
const deliver = async (body: string, secret = env.WHATSAPP_APP_SECRET) =>
  call("/providers/whatsapp/messages", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", "X-Hub-Signature-256": await metaSignature(secret, body) },
  });

const inboundRows = (companyId: string) =>
  db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.direction, "inbound")))
    .orderBy(asc(messages.seq));

type Poll = { data: { id: string; text: string | null; direction: string }[]; next_since: string };

describe("Inbound WhatsApp messages over Meta's webhook", () => {
  it("a text from a new number opens its conversation, advances the poll and emits whatsapp.message.received", async () => {
    const company = await whatsappCompany();
    const before: Poll = (await company.api("/api/v1/whatsapp/messages")).json;
    const from = uniqueMobile();
    const written = await customerWrites(company, from, { text: "¿Tienen cita el jueves?", name: "Lucía" });
    expect((await deliver(written.body)).status).toBe(200);
    // Meta retries a webhook it thinks was lost: recorded once.
    expect((await deliver(written.body)).status).toBe(200);
    await settleJobs(company.companyId);

    const rows = await inboundRows(company.companyId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: "text",
      text: "¿Tienen cita el jueves?",
      author: "contact",
      status: "delivered",
      providerMessageId: written.messageId,
    });
    const conversation = await db
      .select()
      .from(conversations)
      .where(eq(conversations.id, rows[0]!.conversationId))
      .get();
    expect(conversation).toMatchObject({
      contactPhone: from,
      contactName: "Lucía",
      mode: "ai",
      status: "open",
      unreadCount: 1,
    });
    expect(conversation!.lastInboundAt).not.toBeNull();

    const after: Poll = (await company.api(`/api/v1/whatsapp/messages?since=${encodeURIComponent(before.next_since)}`))
      .json;
    expect(after.data.map((message) => message.id)).toEqual([rows[0]!.id]);
    expect(after.next_since).not.toBe(before.next_since);

    const received = (await eventsOf(company.companyId)).filter((event) => event.type === "whatsapp.message.received");
    expect(received).toHaveLength(1);
    expect(received[0]!.data).toMatchObject({
      id: rows[0]!.id,
      conversation_id: conversation!.id,
      contact_phone: from,
      text: "¿Tienen cita el jueves?",
      answered_by: "ai",
      // The message's first event, drawn beside the fills of its conversation and who answers it.
      previous_status: null,
      sequence: 1,
    });
  });

  it("a message in an existing conversation taken over by a human lands there and stays with the team", async () => {
    const company = await whatsappCompany();
    const from = uniqueMobile();
    const { conversationId } = await company.inbound(from, { text: "primero" });
    await setMode(company.companyId, conversationId, "human");
    const written = await customerWrites(company, from, { text: "segundo" });
    expect((await deliver(written.body)).status).toBe(200);
    await settleJobs(company.companyId);

    const rows = await inboundRows(company.companyId);
    expect(rows.map((row) => [row.conversationId, row.text])).toEqual([
      [conversationId, "primero"],
      [conversationId, "segundo"],
    ]);
    expect(
      await db
        .select({ mode: conversations.mode, unread: conversations.unreadCount })
        .from(conversations)
        .where(eq(conversations.id, conversationId))
        .get(),
    ).toEqual({ mode: "human", unread: 2 });
    const received = (await eventsOf(company.companyId)).filter((event) => event.type === "whatsapp.message.received");
    expect(received.map((event) => event.data.answered_by)).toEqual(["team"]);
  });

  it("media is fetched from the Graph API, kept in R2 and referenced, never inlined", async () => {
    const company = await whatsappCompany();
    const bytes = crypto.getRandomValues(new Uint8Array(2048));
    const written = await customerWrites(company, uniqueMobile(), {
      media: {
        type: "image",
        mime_type: "image/jpeg",
        content_base64: btoa(String.fromCharCode(...bytes)),
        caption: "la factura",
      },
    });
    expect((await deliver(written.body)).status).toBe(200);
    await settleJobs(company.companyId);

    const [row] = await inboundRows(company.companyId);
    expect(row).toMatchObject({ type: "image", text: "la factura", mediaMimeType: "image/jpeg" });
    expect(row!.mediaId).toMatch(/^\d+$/);
    expect(row!.mediaObjectKey).toBe(`whatsapp/${company.companyId}/${company.connection.id}/${row!.mediaId}`);
    const stored = await env.ATTACHMENTS.get(row!.mediaObjectKey!);
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(bytes);
    expect(stored!.httpMetadata?.contentType).toBe("image/jpeg");
    // The company's own token fetched it (the media URL the Graph API named, then the bytes).
    const fetched = await fake.requests(row!.mediaId!);
    expect(fetched.map((request) => request.path)).toEqual([
      `/v21.0/${row!.mediaId}`,
      `/whatsapp-media/${row!.mediaId}`,
    ]);
    expect(
      fetched.every((request) => request.authorized && request.headers.authorization === `Bearer ${company.token}`),
    ).toBe(true);

    const listed = await company.api(`/api/v1/conversations/${row!.conversationId}/messages`);
    expect(listed.json.data[0]).toMatchObject({
      type: "image",
      media: { id: row!.mediaId, mime_type: "image/jpeg" },
      text: "la factura",
    });
    expect(JSON.stringify(listed.json)).not.toContain(btoa(String.fromCharCode(...bytes.slice(0, 30))));
  });

  it("a forged webhook is refused and records nothing; one for a number of no company is acknowledged and ignored", async () => {
    const company = await whatsappCompany();
    const written = await customerWrites(company, uniqueMobile(), { text: "forged" });
    expect((await deliver(written.body, "not-the-app-secret")).status).toBe(403);
    expect(
      (
        await call("/providers/whatsapp/messages", {
          method: "POST",
          body: written.body,
          headers: { "Content-Type": "application/json" },
        })
      ).status,
    ).toBe(401);
    const tampered = written.body.replace("forged", "tampered");
    expect(
      (
        await call("/providers/whatsapp/messages", {
          method: "POST",
          body: tampered,
          headers: {
            "Content-Type": "application/json",
            "X-Hub-Signature-256": await metaSignature(env.WHATSAPP_APP_SECRET, written.body),
          },
        })
      ).status,
    ).toBe(403);
    await settleJobs(company.companyId);
    expect(await inboundRows(company.companyId)).toHaveLength(0);
    expect(
      await db.select().from(providerCallbacks).where(eq(providerCallbacks.companyId, company.companyId)),
    ).toHaveLength(0);

    const unknown = written.body.replaceAll(company.phoneNumberId, "999999999999999");
    expect((await deliver(unknown)).status).toBe(200);
    await settleJobs(company.companyId);
    expect(await inboundRows(company.companyId)).toHaveLength(0);
  });
});
