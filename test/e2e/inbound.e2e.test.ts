import { beforeAll, describe, expect, it } from "vitest";
import { Client } from "../../sdk/src/index.js";
import { type DevServer, sharedDev } from "./harness";
import { idOf, until } from "./requests";

// A rented number answers under npm run dev: a company onboarded with the admin CLI rents a mobile
// number for its agent, and the fake Twilio, as Twilio would, places a call to it (asking the
// number's VoiceUrl for TwiML, then posting the call's final status to its StatusCallback) and
// delivers an SMS to it (its SmsUrl), each signed with X-Twilio-Signature. The call is seen through
// the API as an inbound call that connected to the agent's stream and settled by itself; the SMS
// as an SMS conversation holding the message.

let server: DevServer;
let companyId: string;
let key: string;
let agentId: string;
let number: string;
let numberId: string;
let api: Client;

beforeAll(async () => {
  server = await sharedDev();
}, 180_000);

// The admin CLI runs its own Worker per command: onboarding takes a while on a busy machine.
beforeAll(async () => {
  companyId = idOf(
    await server.admin([
      "tenant",
      "create",
      "--name",
      "Inbound SL",
      "--plan",
      "Business",
      "--spend-enabled",
      "--currency",
      "EUR",
      "--country",
      "ES",
    ]),
    "company_id",
  );
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
    await server.admin(["agent", "create", "--company", companyId, "--name", "Reception"]),
    "agent_id",
    "id",
    "agent.id",
  );
  const rented = await server.admin([
    "number",
    "add",
    "--company",
    companyId,
    "--agent",
    agentId,
    "--number-type",
    "mobile",
  ]);
  number = idOf(rented, "number");
  numberId = idOf(rented, "number_id");
  key = idOf(
    await server.admin(["key", "create", "--company", companyId, "--scopes", "all", "--name", "e2e"]),
    "api_key",
  );
  api = new Client({ apiKey: key, baseUrl: server.baseUrl });
  await api.billing.createTopUp({ amount: 20 });
  await until(
    "the top-up's credit",
    async () => (await api.billing.getBalance()).amount,
    (amount) => amount >= 20,
  );
}, 400_000);

const twilioFake = () => server.fakes.providers.twilio!;
const control = async (action: string, body: unknown) => {
  const response = await fetch(`${twilioFake()}/__fake/${action}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json" },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
};
const caller = () => `+346${String(Math.floor(Math.random() * 100_000_000)).padStart(8, "0")}`;

async function get(path: string): Promise<any> {
  const response = await server.fetch(path, { key });
  expect(response.status, path).toBe(200);
  return response.json();
}

describe("a rented number answers under npm run dev", () => {
  it("the rental gave Twilio the number's VoiceUrl, SmsUrl and StatusCallback", async () => {
    const response = await fetch(`${twilioFake()}/__fake/requests?match=${encodeURIComponent(number)}`);
    const { requests } = (await response.json()) as { requests: { method: string; path: string; body: string }[] };
    const rental = requests.find(
      (request) => request.method === "POST" && request.path.endsWith("/IncomingPhoneNumbers.json"),
    );
    const form = new URLSearchParams(rental?.body ?? "");
    for (const [field, topic] of [
      ["VoiceUrl", "inbound-call"],
      ["SmsUrl", "inbound-sms"],
      ["StatusCallback", "inbound-call-status"],
    ] as const)
      expect(form.get(field)).toBe(
        `${server.baseUrl}/providers/twilio/${topic}?company=${companyId}&number=${numberId}`,
      );
    expect([form.get("VoiceMethod"), form.get("SmsMethod"), form.get("StatusCallbackMethod")]).toEqual([
      "POST",
      "POST",
      "POST",
    ]);
  });

  it("an inbound call reaches the agent's stream, is recorded inbound and settles by itself", async () => {
    const from = caller();
    const placed = await control("inbound_call", { to: number, from, talk_ms: 3_000 });
    const sid = placed.call_sid as string;
    const seen = await until(
      "the VoiceUrl's answer at the fake",
      async () =>
        ((await control("inbound_calls", {})).calls as Record<string, unknown>[]).find((c) => c.call_sid === sid),
      (call) => call?.outcome !== null && call?.outcome !== undefined,
      60_000,
    );
    expect(seen).toMatchObject({ voice_url_status: 200, outcome: "connected" });
    expect(seen!.stream_url).toContain(`/agents/${agentId}/calls/`);

    const inbound = await until(
      "the inbound call, completed",
      async () => ((await get("/api/v1/calls?limit=100")).data as Record<string, any>[]).find((c) => c.from === from),
      (call) => call?.status === "completed",
      60_000,
    );
    expect(inbound).toMatchObject({ direction: "inbound", to: number, result: "answered", duration_seconds: 3 });
    expect(String(seen!.stream_url)).toContain(`/calls/${inbound!.id}`);
    // Billed as one minute at the company's rate for Spanish mobiles, the rest of the reservation back.
    expect(inbound!.cost).toBeGreaterThan(0);
    const ledger = (await api.billing.listTransactions({ limit: 100 })).data.filter(
      (entry) => entry.reference?.id === inbound!.id,
    );
    expect(ledger.map((entry) => entry.kind).sort()).toEqual(["charge", "refund"]);
    const net = ledger.reduce((sum, entry) => sum + Math.round(entry.amount * 100), 0);
    expect(net).toBe(-Math.round(inbound!.cost * 100));
  });

  it("an inbound SMS lands in an SMS conversation the API lists, with its message", async () => {
    const from = caller();
    await control("inbound_sms", { to: number, from, body: "¿Tienen hueco mañana?" });
    const conversation = await until(
      "the SMS conversation",
      async () =>
        ((await get("/api/v1/conversations?limit=100")).data as Record<string, any>[]).find(
          (c) => c.contact?.phone === from,
        ),
      (found) => found !== undefined,
      60_000,
    );
    expect(conversation).toMatchObject({
      channel: "sms",
      connection: { id: numberId, phone_number: number },
      status: "open",
      unread_count: 1,
    });
    const messages = await get(`/api/v1/conversations/${conversation!.id}/messages`);
    expect(messages.data).toEqual([
      expect.objectContaining({ direction: "inbound", text: "¿Tienen hueco mañana?", contact_phone: from }),
    ]);
  });
});
