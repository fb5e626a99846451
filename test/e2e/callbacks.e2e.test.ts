import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeState, startDev, type DevServer } from "./harness";
import { until as untilWithin } from "./requests";

// Provider callbacks under npm run dev: the fake providers call the API back, signed, at the
// address npm run dev gave them (PROVIDER_CALLBACK_BASE_URL), although PUBLIC_BASE_URL names a public
// host nothing serves here. A dialled call reaches `completed` and settles by itself; the SMS and
// email delivery callbacks arrive, are answered 200 and are recorded on the messages; a WhatsApp
// reply's statuses (Meta's signed webhooks) move it to `delivered`; a top-up's charge is followed by
// Stripe's signed payment_intent.succeeded event, answered 200 and recorded once.

let server: DevServer;
/** Callbacks may take a while on a loaded machine: a minute by default. */
const until = <T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000) =>
  untilWithin(what, read, done, timeoutMs);

beforeAll(async () => {
  server = await startDev({
    vars: {
      PUBLIC_API_SPEND_ENABLED: "true",
      CONVERSATIONS_API_ENABLED: "true",
      PUBLIC_BASE_URL: "https://api.example.test",
    },
  });
});

afterAll(async () => {
  await server?.stop();
  if (server) removeState(server);
});

const api = async (path: string, init: RequestInit = {}) => {
  const response = await server.fetch(path, {
    ...init,
    key: server.demo.api_key,
    headers: { "Content-Type": "application/json", ...init.headers },
  });
  return { status: response.status, json: (await response.json()) as any };
};
const write = (path: string, body: unknown, method = "POST") =>
  api(path, { method, body: JSON.stringify(body), headers: { "Idempotency-Key": crypto.randomUUID() } });

/** The operator API of this server (its secret is in server.json), as the panel calls it. */
async function operator(path: string, body: unknown, method = "PATCH") {
  const { adminSecret } = JSON.parse(readFileSync(join(server.persistTo, "server.json"), "utf8")) as {
    adminSecret: string;
  };
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${adminSecret}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

interface SentCallback {
  url: string;
  event: string;
  status: number | null;
}

/** The callbacks a fake sent so far, with the API's answers. */
async function sentBy(fake: "twilio" | "postmark" | "whatsapp" | "stripe"): Promise<SentCallback[]> {
  const response = await fetch(`${server.fakes.providers[fake]}/__fake/callbacks`, { method: "POST", body: "{}" });
  return ((await response.json()) as { callbacks: SentCallback[] }).callbacks;
}

describe("provider callbacks through npm run dev", () => {
  it("a dialled call placed through the fake Twilio rings, is answered and completes by itself, and settles", async () => {
    await operator(`/admin/v1/companies/${server.demo.company_id}`, { spend_enabled: true });
    // An agent that can talk: one with a published version.
    const agents = await api("/api/v1/agents?limit=100");
    expect(agents.status).toBe(200);
    const talking = agents.json.data.find(
      (agent: { published_version: number | null }) => agent.published_version !== null,
    );
    expect(talking, "the demo has an agent with a published version").toBeDefined();
    const to = `+346${String(Math.floor(Math.random() * 100_000_000)).padStart(8, "0")}`;
    const dialled = await write("/api/v1/calls/dial", { to, agent_id: talking.id });
    expect(dialled.status, JSON.stringify(dialled.json)).toBe(201);

    const ended = await until(
      "the dialled call",
      async () => (await api(`/api/v1/calls/${dialled.json.id}`)).json,
      (callNow) => callNow.status === "completed",
    );
    // The fake's default timeline: rings 1 s, answered, 5 s of talk.
    expect(ended).toMatchObject({ status: "completed", result: "answered", duration_seconds: 5 });
    expect(ended.cost).toBeGreaterThan(0);
    const callbacks = (await sentBy("twilio")).filter((sent) => sent.url.includes(dialled.json.id));
    expect(callbacks.map((sent) => sent.event)).toEqual(["initiated", "ringing", "in-progress", "completed"]);
    expect(
      callbacks.every(
        (sent) => sent.url.startsWith(`${server.baseUrl}/providers/twilio/call-status?`) && sent.status === 200,
      ),
    ).toBe(true);
    expect((await api("/api/v1/billing/concurrency")).json).toMatchObject({ in_progress: 0 });
  });

  it("an SMS's delivery callback arrives and is recorded", async () => {
    const sent = await write("/api/v1/sms/send", {
      to: "+34655123987",
      text: `Su visita es el martes (${crypto.randomUUID()})`,
    });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    const delivered = await until(
      "the SMS status callbacks",
      async () => (await sentBy("twilio")).filter((callback) => callback.url.includes(sent.json.id)),
      (callbacks) => callbacks.some((callback) => callback.event === "delivered" && callback.status !== null),
    );
    expect(delivered.map((callback) => [callback.event, callback.status])).toEqual([
      ["sent", 200],
      ["delivered", 200],
    ]);
    await until(
      "the SMS delivery status",
      () => server.value(`SELECT delivery_status FROM sms_messages WHERE id = '${sent.json.id}'`),
      (status) => status === "delivered",
      60_000,
    );
  });

  it("an email's Postmark Delivery webhook arrives and is recorded", async () => {
    const sent = await write("/api/v1/email/send", {
      to: "lucia.fernandez@example.com",
      subject: "Su presupuesto",
      body: "Adjuntamos el presupuesto.",
    });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    const delivery = await until(
      "the Postmark webhook",
      async () => (await sentBy("postmark")).filter((callback) => callback.event === "Delivery"),
      (callbacks) => callbacks.some((callback) => callback.status !== null),
    );
    expect(delivery[0]).toMatchObject({ url: `${server.baseUrl}/providers/postmark/email-events`, status: 200 });
    await until(
      "the email delivery status",
      () => server.value(`SELECT delivery_status FROM email_messages WHERE id = '${sent.json.id}'`),
      (status) => status === "delivered",
      60_000,
    );
  });

  it("a WhatsApp reply's status webhooks arrive, signed, and move it to delivered", async () => {
    const listed = await api("/api/v1/conversations?status=open&limit=100");
    expect(listed.status).toBe(200);
    const conversation = (listed.json.data as { id: string; mode: string; window_open: boolean }[]).find(
      (candidate) => candidate.mode === "ai" && candidate.window_open,
    );
    expect(conversation, "a seeded open conversation in ai mode with an open window").toBeDefined();
    expect((await api(`/api/v1/conversations/${conversation!.id}/takeover`, { method: "POST" })).status).toBe(200);
    const reply = await write(`/api/v1/conversations/${conversation!.id}/messages`, {
      type: "text",
      text: `Le llamamos enseguida (${crypto.randomUUID()})`,
    });
    expect(reply.status, JSON.stringify(reply.json)).toBe(202);

    const message = await until(
      "the WhatsApp reply",
      async () =>
        (
          (await api(`/api/v1/conversations/${conversation!.id}/messages?limit=5`)).json.data as {
            id: string;
            status: string;
            provider_message_id: string | null;
            delivered_at: string | null;
          }[]
        ).find((candidate) => candidate.id === reply.json.id),
      (candidate) => candidate?.status === "delivered",
    );
    expect(message!.provider_message_id).toMatch(/^wamid\./);
    expect(message!.delivered_at).not.toBeNull();
    const statuses = await until(
      "the Meta status webhooks",
      async () => (await sentBy("whatsapp")).filter((callback) => callback.status !== null),
      (callbacks) => callbacks.filter((callback) => callback.event === "delivered").length > 0,
    );
    expect(statuses.map((callback) => [callback.event, callback.status])).toEqual([
      ["sent", 200],
      ["delivered", 200],
    ]);
    expect(statuses.every((callback) => callback.url === `${server.baseUrl}/providers/whatsapp/messages`)).toBe(true);
  });

  it("a top-up's charge is followed by Stripe's signed payment_intent.succeeded event, recorded once and credited once", async () => {
    await operator(
      `/admin/v1/companies/${server.demo.company_id}/payment-method`,
      { payment_method_id: "pm_card_visa" },
      "PUT",
    );
    const topUp = await write("/api/v1/billing/topups", { amount: 25 });
    expect(topUp.status, JSON.stringify(topUp.json)).toBe(201);
    const paymentIntentId = topUp.json.top_up.payment_reference as string;

    const events = await until(
      "Stripe's payment event",
      async () => (await sentBy("stripe")).filter((callback) => callback.event === "payment_intent.succeeded"),
      (callbacks) => callbacks.some((callback) => callback.status !== null),
    );
    expect(events[0]).toMatchObject({ url: `${server.baseUrl}/providers/stripe/events`, status: 200 });
    await until(
      "the recorded Stripe event and its job",
      () =>
        server.value(
          `SELECT j.status FROM provider_callbacks c JOIN jobs j ON j.id = c.job_id WHERE c.provider = 'stripe' AND c.company_id = '${server.demo.company_id}' AND j.payload LIKE '%${paymentIntentId}%'`,
        ),
      (status) => status === "done",
      60_000,
    );
    expect(await server.value(`SELECT count(*) FROM wallet_ledger WHERE reference_id = '${paymentIntentId}'`)).toBe(1);
  });
});
