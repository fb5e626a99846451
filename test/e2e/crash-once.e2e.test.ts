import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFake, type RunningFake } from "../../scripts/fakes/server";
import { twilioFake } from "../../scripts/fakes/twilio";
import { removeState, startDev, type DevServer } from "./harness";
import { idOf, jsonRequests, until } from "./requests";

// A crash never sends twice (src/work/intents.ts), under npm run dev: Twilio accepts an SMS and
// holds its answer, the whole dev process is killed (SIGKILL, its process group), npm run dev
// starts again on the same state and port, and the request retried with its Idempotency-Key (free
// again once the dead Worker's short claim lapses) finds the message in Twilio's list and answers
// it as sent. The Twilio fake runs in this test's process so that its log outlives the kill: it
// shows one send for the one intent.

const sid = `AC${randomBytes(16).toString("hex")}`;
const token = randomBytes(16).toString("hex");
let twilio: RunningFake;
let server: DevServer;
let key: string;
let vars: Record<string, string>;

const requests = jsonRequests({ fetch: (path, init) => server.fetch(path, init) });

interface Logged {
  method: string;
  path: string;
  body: string;
}
const twilioLog = async (match: string) =>
  (
    (await (await fetch(`${twilio.origin}/__fake/requests?match=${encodeURIComponent(match)}`)).json()) as {
      requests: Logged[];
    }
  ).requests;
const sends = async (to: string) =>
  (await twilioLog(to)).filter((request) => request.method === "POST" && request.path.endsWith("/Messages.json"));

beforeAll(async () => {
  twilio = await startFake(twilioFake(token), [`${sid}:${token}`]);
  vars = {
    PUBLIC_API_SPEND_ENABLED: "true",
    // Longer than the test takes to see the send and kill the process: the Worker is still waiting when it dies.
    PROVIDER_TIMEOUT_MS: "60000",
    TWILIO_BASE_URL: twilio.origin,
    TWILIO_LOOKUP_BASE_URL: twilio.origin,
    TWILIO_TRUNKING_BASE_URL: twilio.origin,
    TWILIO_ACCOUNT_SID: sid,
    TWILIO_AUTH_TOKEN: token,
    TWILIO_FROM_NUMBER: "+15005550006",
  };
  server = await startDev({ vars });
  const company = await server.admin([
    "tenant",
    "create",
    "--name",
    "Crash SL",
    "--plan",
    "Business",
    "--spend-enabled",
    "--capabilities",
    "sms",
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
  await server.admin(["price", "set", "--company", companyId, "--kind", "sms", "--country", "ES", "--amount", "0.07"]);
  key = idOf(
    await server.admin(["key", "create", "--company", companyId, "--scopes", "all", "--name", "e2e"]),
    "api_key",
  );
  await requests.ok(key, "POST", "/billing/topups", { amount: 20 });
  await until(
    "the top-up's credit",
    async () => (await requests.ok(key, "GET", "/billing/balance")).amount,
    (amount) => amount >= 20,
  );
}, 400_000);

afterAll(async () => {
  await server?.stop();
  if (server) removeState(server);
  await twilio?.close();
});

describe("a crash between the provider's acceptance and its answer", () => {
  it("is followed by one send only: the retry after the restart adopts the message Twilio accepted", async () => {
    const to = `+3461${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
    const idempotencyKey = crypto.randomUUID();
    const send = () =>
      server.fetch("/api/v1/sms/send", {
        key,
        method: "POST",
        headers: { "Idempotency-Key": idempotencyKey, "Content-Type": "application/json" },
        body: JSON.stringify({ to, text: "Su cita es mañana" }),
      });

    // Twilio takes the message and never answers; the request waits on it until the process dies.
    const scripted = await fetch(`${twilio.origin}/__fake/script`, {
      method: "POST",
      body: JSON.stringify({ hold: true, match: to }),
    });
    expect(scripted.status).toBe(200);
    const lost = send().catch(() => undefined);
    await until(
      "Twilio's receipt of the message",
      () => sends(to),
      (received) => received.length === 1,
      60_000,
    );
    await server.kill();
    expect(await lost).toBeUndefined();

    server = await startDev({ vars, persistTo: server.persistTo, port: server.port });
    // The dead Worker's claim of the key lapses within its short lease; until then the key is in use.
    const retried = await until(
      "the retried request",
      async () => {
        const response = await send();
        return { status: response.status, json: (await response.json()) as Record<string, unknown> };
      },
      (response) => !(response.status === 409 && String(response.json.type).endsWith("/idempotency_key_in_use")),
      60_000,
    );
    expect(retried.status, JSON.stringify(retried.json)).toBe(200);
    const listed = (await (
      await fetch(`${twilio.origin}/2010-04-01/Accounts/${sid}/Messages.json?To=${encodeURIComponent(to)}`, {
        headers: { Authorization: `Basic ${btoa(`${sid}:${token}`)}` },
      })
    ).json()) as { messages: { sid: string }[] };
    expect(listed.messages).toHaveLength(1);
    expect(retried.json).toMatchObject({ status: "sent", provider_message_id: listed.messages[0]!.sid });
    expect(await sends(to)).toHaveLength(1);
  }, 240_000);
});
