import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_WHATSAPP_ACCESS_TOKEN } from "../../src/domains/conversations/demo";
import { type DevServer, sharedDev } from "./harness";

// A reply posted to a taken-over conversation of the seeded demo company goes through the outbox,
// the jobs Queue and the WhatsApp adapter to the fake provider npm run dev started, as the demo
// company's own number (its sealed token), and its status becomes `sent` (then `delivered`, by the
// fake's status webhooks).

let server: DevServer;

beforeAll(async () => {
  server = await sharedDev();
});

interface Conversation {
  id: string;
  mode: "ai" | "human";
  status: "open" | "closed";
  window_open: boolean;
  contact: { phone: string };
}

const api = async (path: string, init: RequestInit = {}) => {
  const response = await server.fetch(path, {
    ...init,
    key: server.demo.api_key,
    headers: { "Content-Type": "application/json", ...init.headers },
  });
  return { status: response.status, json: (await response.json()) as any };
};

describe("a reply in a taken-over conversation, through npm run dev", () => {
  it("reaches the fake WhatsApp provider as the company's number and becomes sent", async () => {
    const listed = await api("/api/v1/conversations?status=open&limit=100");
    expect(listed.status).toBe(200);
    // The seed has open conversations with the automation whose contact wrote in the last 24 hours.
    const conversation = (listed.json.data as Conversation[]).find(
      (candidate) => candidate.mode === "ai" && candidate.window_open,
    );
    expect(conversation, "a seeded open conversation in ai mode with an open window").toBeDefined();

    const takeover = await api(`/api/v1/conversations/${conversation!.id}/takeover`, { method: "POST" });
    expect(takeover.status).toBe(200);
    expect(takeover.json.mode).toBe("human");

    const text = `Le llamamos en cinco minutos (${crypto.randomUUID()})`;
    const reply = await api(`/api/v1/conversations/${conversation!.id}/messages`, {
      method: "POST",
      body: JSON.stringify({ type: "text", text }),
      headers: { "Idempotency-Key": crypto.randomUUID() },
    });
    expect(reply.status).toBe(202);
    expect(reply.json).toMatchObject({ status: "queued", text });

    // The jobs Queue's consumer sends it in the background; wait for the status to change.
    let message: { id: string; status: string; provider_message_id: string | null } | undefined;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      const messages = await api(`/api/v1/conversations/${conversation!.id}/messages?limit=5`);
      message = messages.json.data.find((candidate: { id: string }) => candidate.id === reply.json.id);
      if (message?.status !== "queued") break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // The fake's status webhooks may already have moved it on to delivered.
    expect(["sent", "delivered"]).toContain(message?.status);
    expect(message!.provider_message_id).toMatch(/^wamid\./);

    const origin = server.fakes.providers.whatsapp!;
    const received = (await (await fetch(`${origin}/__fake/requests?match=${encodeURIComponent(text)}`)).json()) as {
      requests: { body: string; headers: Record<string, string>; authorized: boolean }[];
    };
    expect(received.requests).toHaveLength(1);
    const [request] = received.requests;
    expect(request!.authorized).toBe(true);
    expect(request!.headers.authorization).toBe(`Bearer ${DEMO_WHATSAPP_ACCESS_TOKEN}`);
    expect(JSON.parse(request!.body)).toMatchObject({
      messaging_product: "whatsapp",
      to: conversation!.contact.phone,
      type: "text",
      text: { body: text },
    });
  });
});

describe("an inbound WhatsApp message, through npm run dev", () => {
  it("is posted by the fake to the API's webhook, signed, and appears in a new conversation", async () => {
    const phoneNumberId = String(
      await server.value(
        `SELECT phone_number_id FROM whatsapp_connections WHERE company_id = '${server.demo.company_id}' AND status = 'connected' ORDER BY seq LIMIT 1`,
      ),
    );
    const from = `+346${String(Math.floor(Math.random() * 100_000_000)).padStart(8, "0")}`;
    const text = `¿Tienen hueco mañana? (${crypto.randomUUID()})`;
    const sent = await fetch(`${server.fakes.providers.whatsapp!}/__fake/inbound`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ phone_number_id: phoneNumberId, from, text, name: "Cliente" }),
    });
    expect(sent.status).toBe(200);

    let conversation: Conversation | undefined;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline && !conversation; ) {
      const listed = await api("/api/v1/conversations?limit=100");
      conversation = (listed.json.data as Conversation[]).find((candidate) => candidate.contact.phone === from);
      if (!conversation) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(conversation, "the conversation of the new number").toBeDefined();
    expect(conversation).toMatchObject({ mode: "ai", status: "open", window_open: true });
    const messages = await api(`/api/v1/conversations/${conversation!.id}/messages?limit=5`);
    expect(messages.json.data).toMatchObject([
      { direction: "inbound", author: "contact", type: "text", text, status: "delivered" },
    ]);
  });
});
