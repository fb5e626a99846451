import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, type EventOf } from "../../sdk/src/index.js";
import { type DevServer, sharedDev } from "./harness";
import { flattenHeaders, idOf, until } from "./requests";

// A dialled call from dial to settlement under npm run dev, with no operator in between: the fake
// Twilio plays its signed status callbacks (its timeline decides the outcome), the call settles by
// itself, `call.settled` reaches a customer's receiver that verifies it with standardwebhooks, and
// the ledger, the call and GET /calls aggregates agree to the cent. A fresh company onboarded with
// the admin CLI, so that no seeded call is in its totals. The calls go through the SDK (sdk/), which
// also verifies the deliveries.

interface Received {
  headers: Record<string, string>;
  body: string;
}
const received: Received[] = [];
let receiver: Server;
let hookUrl: string;
let server: DevServer;
let key: string;
let agentId: string;
let secret: string;
let api: Client;

/** An amount in cents; a cost still null (the call not settled) fails the test. */
const cents = (amount: number | null) => {
  expect(amount).not.toBeNull();
  return Math.round(amount! * 100);
};

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: flattenHeaders(request.headers), body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((listening) => receiver.listen(0, "127.0.0.1", listening));
  const address = receiver.address();
  hookUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/hook`;
  server = await sharedDev();
}, 180_000);

// The admin CLI runs its own Worker per command: onboarding takes a while on a busy machine.
beforeAll(async () => {
  const company = await server.admin([
    "tenant",
    "create",
    "--name",
    "Dialler SL",
    "--plan",
    "Business",
    "--spend-enabled",
    "--currency",
    "EUR",
    "--country",
    "ES",
  ]);
  const companyId = idOf(company, "company_id");
  await server.admin([
    "billing",
    "payment-method",
    "--company",
    companyId,
    "--payment-method",
    "pm_card_visa",
    "--customer",
    `cus_${companyId.replaceAll("-", "")}`,
    "--brand",
    "visa",
    "--last4",
    "4242",
  ]);
  agentId = idOf(
    await server.admin(["agent", "create", "--company", companyId, "--name", "Outbound"]),
    "agent_id",
    "id",
    "agent.id",
  );
  await server.admin(["number", "add", "--company", companyId, "--agent", agentId]);
  key = idOf(
    await server.admin(["key", "create", "--company", companyId, "--scopes", "all", "--name", "e2e"]),
    "api_key",
  );
  api = new Client({ apiKey: key, baseUrl: server.baseUrl });
  await api.billing.createTopUp({ amount: 50 });
  await until(
    "the top-up's credit",
    async () => (await api.billing.getBalance()).amount,
    (amount) => amount >= 50,
  );
  const subscribed = await api.webhooks.putSubscription({
    url: hookUrl,
    events: ["call.settled", "call.status_changed"],
  });
  secret = subscribed.secret;
}, 400_000);

afterAll(async () => {
  await new Promise((closed) => receiver?.close(closed));
});

type CallEvent = EventOf<"call.settled"> | EventOf<"call.status_changed">;

/** The receiver's verified events of one call, as the SDK reads them (standardwebhooks; a bad signature throws). */
const eventsOf = (callId: string) =>
  received
    .map((request) => api.webhooks.verify(request.body, request.headers, secret))
    .filter(
      (event): event is CallEvent =>
        (event.type === "call.settled" || event.type === "call.status_changed") && event.data.id === callId,
    );
const settledOf = (callId: string) =>
  eventsOf(callId).filter((event): event is EventOf<"call.settled"> => event.type === "call.settled");

/** Dials with the fake's timeline set to `timeline`; the call settles by itself. */
async function dialAndSettle(timeline: Record<string, unknown>) {
  await fetch(`${server.fakes.providers.twilio}/__fake/timeline`, {
    method: "POST",
    body: JSON.stringify({ callbacks: true, ring_ms: 500, talk_ms: 4_000, ...timeline }),
    headers: { "Content-Type": "application/json" },
  });
  const to = `+346${String(Math.floor(Math.random() * 100_000_000)).padStart(8, "0")}`;
  const dialled = await api.calls.dial({ to, agent_id: agentId });
  const ended = await until(
    "the dialled call",
    () => api.calls.get(dialled.id),
    (call) => call.status === "completed",
    60_000,
  );
  const settled = await until(
    "call.settled at the receiver",
    async () => settledOf(dialled.id),
    (events) => events.length > 0,
    60_000,
  );
  return { dialled, ended, settled: settled[0]! };
}

describe("a dialled call settles by itself under npm run dev", () => {
  const outcomes: { id: string; result: string; cost: number }[] = [];

  it("answered: completed by itself, call.settled verified, the ledger holds the reservation and its settlement", async () => {
    const { dialled, ended, settled } = await dialAndSettle({ answer: true });
    expect(ended).toMatchObject({ status: "completed", result: "answered", duration_seconds: 4 });
    expect(settled.data).toMatchObject({
      id: dialled.id,
      status: "completed",
      result: "answered",
      duration_seconds: 4,
      currency: "EUR",
    });
    expect(cents(settled.data.cost)).toBe(cents(ended.cost));
    expect(cents(settled.data.cost) + cents(settled.data.refunded)).toBe(cents(dialled.reserved));
    const changes = eventsOf(dialled.id)
      .filter((event) => event.type === "call.status_changed")
      .map((event) => event.data.status);
    expect(changes).toEqual(expect.arrayContaining(["ringing", "in_progress", "completed"]));
    expect(new Set(changes).size).toBe(changes.length);

    const ledger = (await api.billing.listTransactions({ limit: 100 })).data.filter(
      (entry) => entry.reference?.id === dialled.id,
    );
    expect(ledger.map((entry) => [entry.kind, cents(entry.amount)]).sort()).toEqual(
      [
        ["charge", -cents(dialled.reserved)],
        ["refund", cents(settled.data.refunded)],
      ].sort(),
    );
    outcomes.push({ id: dialled.id, result: "answered", cost: cents(ended.cost) });
  });

  for (const [answer, result] of [
    [false, "no_answer"],
    ["busy", "busy"],
  ] as const) {
    it(`${result}: completed by itself, nothing charged (the whole reservation back)`, async () => {
      const { dialled, ended, settled } = await dialAndSettle({ answer });
      expect(ended).toMatchObject({ status: "completed", result, duration_seconds: 0 });
      expect(cents(ended.cost)).toBe(0);
      expect(settled.data).toMatchObject({ id: dialled.id, result, cost: 0 });
      expect(cents(settled.data.refunded)).toBe(cents(dialled.reserved));
      const ledger = (await api.billing.listTransactions({ limit: 100 })).data.filter(
        (entry) => entry.reference?.id === dialled.id,
      );
      expect(ledger.reduce((sum, entry) => sum + cents(entry.amount), 0)).toBe(0);
      outcomes.push({ id: dialled.id, result, cost: 0 });
    });
  }

  it("GET /calls aggregates agree to the cent with the ledger's call movements and with the wallet", async () => {
    expect(outcomes).toHaveLength(3);
    const page = await api.calls.list({ limit: 100 });
    // Every movement of the ledger, whatever its length: the SDK reads every page.
    const ledger = await api.billing.listTransactions({ limit: 100 }).toArray();
    const spentOnCalls = -ledger
      .filter((entry) => entry.reference?.type === "call")
      .reduce((sum, entry) => sum + cents(entry.amount), 0);
    expect(page.aggregates).toMatchObject({
      count: 3,
      currency: "EUR",
      by_result: expect.objectContaining({ answered: 1, no_answer: 1, busy: 1 }),
    });
    expect(cents(page.aggregates.total_cost)).toBe(spentOnCalls);
    expect(cents(page.aggregates.total_cost)).toBe(outcomes.reduce((sum, outcome) => sum + outcome.cost, 0));
    const balance = await api.billing.getBalance();
    const everything = ledger.reduce((sum, entry) => sum + cents(entry.amount), 0);
    expect(cents(balance.amount)).toBe(everything);
  });

  it("a SIP trunk is made at the fake Twilio when created, and removed there when deleted", async () => {
    const created = await api.sipTrunks.create({
      name: "Carrier",
      host: "sip.carrier.example",
      transport: "tls",
      username: "dialler-sip",
      password: "Dialler-s3cret-pass",
      channels: 2,
    });
    const account = async () =>
      (
        (await (
          await fetch(`${server.fakes.providers.twilio}/__fake/trunks`, { method: "POST", body: "{}" })
        ).json()) as {
          trunks: {
            friendly_name: string;
            origination_urls: { sip_url: string }[];
            credential_lists: { usernames: string[] }[];
          }[];
        }
      ).trunks.filter((trunk) => trunk.friendly_name === created.id);
    expect(await account()).toMatchObject([
      {
        origination_urls: [{ sip_url: "sip:sip.carrier.example:5061;transport=tls" }],
        credential_lists: [{ usernames: ["dialler-sip"] }],
      },
    ]);
    await api.sipTrunks.delete(created.id);
    expect(await account()).toEqual([]);
  });
});
