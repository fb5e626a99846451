import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { providerIntents } from "../src/data/schema";
import { findDialledCall } from "../src/domains/dialer/queries";
import { smsMessages } from "../src/domains/sms/schema";
import { send } from "./fixtures/billing";
import { dialCompany, uniqueMobile as uniqueCallee } from "./fixtures/dialer";
import { fake } from "./fixtures/gateway";
import { call, db, operator, tenant } from "./helpers";
import { consumeJob, holdingJobs, jobsOf, makeDue, settleJobs } from "./jobs";
import { walletWith } from "./wallet";
import { ledgerOf } from "./wallet-operations";

/*
 * The lookup that adopts an earlier attempt whose answer was lost (src/work/intents.ts) is exact:
 * it reads every page of the provider's list over the attempt's window, however many messages or
 * calls went to the same number between the lost answer and the retry, and skips what another
 * intent already holds. Twilio's list is newest first, so the lost attempt's message is on the
 * last page; one missed would be sent a second time.
 */

const SHORT = { PROVIDER_TIMEOUT_MS: "300" };
const twilio = (JSON.parse(env.FAKE_PROVIDERS) as Record<string, string>).twilio!;
const account = `/2010-04-01/Accounts/${env.TWILIO_ACCOUNT_SID}`;
const authorization = `Basic ${btoa(`${env.TWILIO_ACCOUNT_SID}:${env.TWILIO_AUTH_TOKEN}`)}`;
const mobile = () => `+3461${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;

/** Creates a message or call on the fake account from elsewhere (another system of the same account): no intent of ours holds it. */
async function createAtTwilio(resource: "Messages" | "Calls", fields: Record<string, string>): Promise<string> {
  const response = await fetch(`${twilio}${account}/${resource}.json`, {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: authorization },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { sid: string }).sid;
}

/** Every sid the fake's list has for `to`, newest first, read with the largest page. */
async function listedTo(resource: "Messages" | "Calls", to: string): Promise<string[]> {
  const response = await fetch(`${twilio}${account}/${resource}.json?To=${encodeURIComponent(to)}&PageSize=1000`, {
    headers: { Authorization: authorization },
  });
  const page = (await response.json()) as {
    messages?: { sid: string }[];
    calls?: { sid: string }[];
    next_page_uri: string | null;
  };
  expect(page.next_page_uri).toBeNull();
  return (page.messages ?? page.calls ?? []).map((item) => item.sid);
}

const requestsTo = async (to: string, method: string, resource: "Messages" | "Calls") =>
  (await fake.requests("twilio", to)).filter(
    (request) => request.method === method && request.path === `${account}/${resource}.json`,
  );

describe("the Twilio Messages lookup", () => {
  it("pages past 200 messages to the same number since the lost answer, skips the one another intent holds, and adopts the lost one: one send", async () => {
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
    const to = mobile();
    const text = "Le recordamos su cita de mañana";
    const sendSms = (idempotencyKey: string, vars: Record<string, string> = {}) =>
      call("/api/v1/sms/send", {
        key: t.key,
        body: { to, text },
        headers: { "Idempotency-Key": idempotencyKey },
        vars,
      });

    // Within the attempt's window but before it: the same text to the same number, another intent's.
    const before = await sendSms(crypto.randomUUID());
    expect(before.status).toBe(200);
    await fake.control("twilio", "script", { hold: true, match: to });
    const idempotencyKey = crypto.randomUUID();
    expect((await sendSms(idempotencyKey, SHORT)).status).toBe(502);

    // Between the lost answer and the retry, 200 more with the same text: 60 sent through the API
    // (each its own intent) and 140 from elsewhere on the account.
    const ours = [before.json.provider_message_id as string];
    for (let sent = 0; sent < 60; sent++) {
      const response = await sendSms(crypto.randomUUID());
      expect(response.status).toBe(200);
      ours.push(response.json.provider_message_id as string);
    }
    const elsewhere: string[] = [];
    for (let sent = 0; sent < 140; sent++)
      elsewhere.push(await createAtTwilio("Messages", { To: to, From: env.TWILIO_FROM_NUMBER!, Body: text }));
    const listed = await listedTo("Messages", to);
    expect(listed).toHaveLength(202);
    const lost = listed.filter((sid) => !ours.includes(sid) && !elsewhere.includes(sid));
    expect(lost).toHaveLength(1);
    const searchesBefore = (await requestsTo(to, "GET", "Messages")).length;

    const retry = await sendSms(idempotencyKey);
    expect(retry.status, retry.text).toBe(200);
    expect(retry.json).toMatchObject({ status: "sent", provider_message_id: lost[0] });
    const searches = (await requestsTo(to, "GET", "Messages")).slice(searchesBefore);
    // Nothing was sent again: the account still has 202 messages to the number, 62 of them ours.
    expect(await listedTo("Messages", to)).toHaveLength(202);
    expect(await requestsTo(to, "POST", "Messages")).toHaveLength(202);
    expect(await db.select().from(smsMessages).where(eq(smsMessages.companyId, t.companyId))).toHaveLength(62);
    expect((await ledgerOf(t.companyId)).filter((entry) => entry.kind === "charge")).toHaveLength(62);
    expect((await ledgerOf(t.companyId)).filter((entry) => entry.kind === "refund")).toHaveLength(0);

    // The retry's search: the window in Twilio's DateSent> filter, then every page by next_page_uri.
    expect(searches.length).toBeGreaterThanOrEqual(3);
    const [intent] = await db
      .select()
      .from(providerIntents)
      .where(eq(providerIntents.subject, (await intentSubjectOf(t.companyId, retry.json.id))!));
    for (const search of searches) {
      expect(Date.parse(search.query["DateSent>"]!)).toBeLessThanOrEqual(Date.parse(intent!.attemptedAt));
      expect(search.query).toMatchObject({ To: to, From: env.TWILIO_FROM_NUMBER });
    }
    expect(searches.slice(1).every((search) => search.query.PageToken?.startsWith("PA"))).toBe(true);
    expect(intent).toMatchObject({ state: "accepted", providerId: lost[0], attempts: 1, resourceId: retry.json.id });
  });
});

/** The subject of the intent a record is for. */
async function intentSubjectOf(companyId: string, resourceId: string) {
  return (await db.select().from(providerIntents).where(eq(providerIntents.companyId, companyId))).find(
    (intent) => intent.resourceId === resourceId,
  )?.subject;
}

describe("the Twilio Calls lookup", () => {
  it("pages past 150 calls to the same number since the lost answer and keeps the lost one: one call placed", async () => {
    const t = await dialCompany({ balanceMinor: 1_000 });
    const to = uniqueCallee();
    await fake.control("twilio", "script", { hold: true, match: to });
    // Held: only the test's run (with its short provider timeout) takes the placement, not the Queue's background consumer.
    const dialled = await send("POST", "/api/v1/calls/dial", t.key, { to, agent_id: t.agentId }, { app: holdingJobs });
    expect(dialled.status, dialled.text).toBe(201);
    const [job] = (await jobsOf(t.companyId)).filter((row) => row.kind === "dialer.place_call");
    await makeDue(t.companyId);
    await consumeJob(job!.id, SHORT);
    expect((await findDialledCall(db, dialled.json.id))?.providerCallId).toBeNull();
    const [placed] = await requestsTo(to, "POST", "Calls");
    const from = new URLSearchParams(placed!.body).get("From")!;

    const elsewhere: string[] = [];
    for (let placedElsewhere = 0; placedElsewhere < 150; placedElsewhere++)
      elsewhere.push(await createAtTwilio("Calls", { To: to, From: from, Twiml: "<Response/>" }));
    const lost = (await listedTo("Calls", to)).filter((sid) => !elsewhere.includes(sid));
    expect(lost).toHaveLength(1);

    await settleJobs(t.companyId);
    expect(await findDialledCall(db, dialled.json.id)).toMatchObject({ providerCallId: lost[0] });
    expect(await requestsTo(to, "POST", "Calls")).toHaveLength(151);
    expect((await requestsTo(to, "GET", "Calls")).length).toBeGreaterThanOrEqual(2);
  });
});
