import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../../sdk/src/index.js";
import { type DevServer, SHARED_VARS, startDev } from "./harness";
import { flattenHeaders, idOf, until } from "./requests";

// Marketing mail under npm run dev, as an integrator sees it: a sequence's step and a scheduled
// campaign go out by themselves at the ticks (the dev loop's every 5 s, or one fired through
// /__scheduled), through the fake Postmark, from the tenant's verified identity with one-click
// unsubscribe headers; Postmark's webhooks come back and reach a customer's receiver as email.*
// events verified with standardwebhooks; the unsubscribe link and a hard bounce each keep an
// address out of the next send. A fresh company onboarded with the admin CLI, on a server of the
// file's own. The calls go through the SDK (sdk/), which also verifies the deliveries.

interface Received {
  headers: Record<string, string>;
  body: string;
}
interface Mail {
  From: string;
  To: string;
  Subject: string;
  Tag: string;
  Metadata: Record<string, string>;
  Headers: { Name: string; Value: string }[];
}
interface EmailEvent {
  type: string;
  data: Record<string, any>;
}

const received: Received[] = [];
let receiver: Server;
let hookUrl: string;
let server: DevServer;
let key: string;
let companyId: string;
let agentId: string;
let templateId: string;
let secret: string;
let api: Client;
const identityAddress = `news-${crypto.randomUUID().slice(0, 8)}@mailer.example`;

/** A tick of the Cron Trigger, as the dev loop fires it. */
const tick = async () => {
  const response = await server.fetch(`/__scheduled?cron=${encodeURIComponent("* * * * *")}`);
  await response.text();
};

/** What the fake Postmark received for this address. */
async function mailTo(address: string): Promise<Mail[]> {
  const response = await fetch(
    `${server.fakes.providers.postmark}/__fake/requests?match=${encodeURIComponent(address)}`,
  );
  const { requests } = (await response.json()) as { requests: { path: string; body: string }[] };
  return requests.filter((request) => request.path === "/email").map((request) => JSON.parse(request.body) as Mail);
}

const postmarkTimeline = (timeline: { email: "delivered" | "bounced" | "complained"; email_ms: number }) =>
  fetch(`${server.fakes.providers.postmark}/__fake/timeline`, {
    method: "POST",
    body: JSON.stringify(timeline),
    headers: { "Content-Type": "application/json" },
  }).then((response) => response.text());

/** The receiver's events, verified as the SDK reads them (standardwebhooks; a bad signature throws). */
const events = (): EmailEvent[] =>
  received.map((request) => api.webhooks.verify(request.body, request.headers, secret));
const emailEventsTo = (address: string) =>
  events().filter((event) => event.type.startsWith("email.") && event.data.to === address);

/** A list of new contacts, one per address. */
async function listOf(addresses: readonly string[]) {
  const list = await api.contactLists.create({ name: `Audience ${crypto.randomUUID().slice(0, 6)}` });
  const ids: string[] = [];
  for (const [i, email] of addresses.entries())
    ids.push((await api.contacts.create({ first_name: `Person${i}`, email })).id);
  await api.contactLists.addMembers(list.id, { contact_ids: ids });
  return { listId: list.id, contactIds: ids };
}

async function campaignOver(listId: string) {
  const campaign = await api.campaigns.create({
    name: `Spring ${crypto.randomUUID().slice(0, 6)}`,
    agent_id: agentId,
    template_id: templateId,
  });
  await api.campaigns.addLists(campaign.id, { list_ids: [listId] });
  return campaign.id;
}

const unsubscribeLink = (mail: Mail) =>
  mail.Headers.find((header) => header.Name === "List-Unsubscribe")!.Value.slice(1, -1);
const unique = () => crypto.randomUUID().slice(0, 8);

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
  // A server of its own: the test writes its database directly (a sequence's next step brought
  // forward), and a write from another process beside the server's own makes one of the server's
  // writes fail with SQLITE_BUSY (workerd sets no busy timeout): another file's request would get a 500.
  server = await startDev({ vars: SHARED_VARS });
}, 240_000);

// The admin CLI runs its own Worker per command: onboarding takes a while on a busy machine.
beforeAll(async () => {
  const company = await server.admin([
    "tenant",
    "create",
    "--name",
    "Mailer SL",
    "--plan",
    "Business",
    "--spend-enabled",
    "--capabilities",
    "email,campaigns",
    "--currency",
    "EUR",
    "--country",
    "ES",
  ]);
  companyId = idOf(company, "company_id");
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
    await server.admin(["agent", "create", "--company", companyId, "--name", "Marketing"]),
    "agent_id",
    "id",
    "agent.id",
  );
  let identity = await server.admin([
    "email",
    "identity",
    "add",
    "--company",
    companyId,
    "--email",
    identityAddress,
    "--name",
    "Mailer SL",
  ]);
  const identityId = idOf(identity, "identity_id");
  // Against the fake provider the DNS records are confirmed within seconds.
  for (let attempt = 0; identity.status !== "verified" && attempt < 20; attempt++) {
    await new Promise((wait) => setTimeout(wait, 500));
    identity = await server.admin(["email", "identity", "verify", "--identity", identityId]);
  }
  expect(identity.status).toBe("verified");
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
  secret = (
    await api.webhooks.putSubscription({
      url: hookUrl,
      events: ["email.sent", "email.delivered", "email.bounced", "contact.unsubscribed"],
    })
  ).secret;
  templateId = (
    await api.emailTemplates.create({
      name: "Offer",
      subject: "{{first_name}}, your offer",
      body: "<p>Hello {{first_name}}</p>",
      text_body: "Hello {{first_name}}",
    })
  ).id;
  await postmarkTimeline({ email: "delivered", email_ms: 1_500 });
}, 400_000);

afterAll(async () => {
  await new Promise((closed) => receiver?.close(closed));
  await server?.stop();
});

describe("marketing mail under npm run dev", () => {
  it("a sequence's step goes out at the tick from the tenant's identity with one-click unsubscribe, reports sent then delivered, once; the unsubscribe link stops the next step", async () => {
    const [ana, bea] = [`ana.${unique()}@example.com`, `bea.${unique()}@example.com`];
    const list = await listOf([ana, bea]);
    const sequence = await api.sequences.create({
      name: "Welcome",
      steps: [
        { template_id: templateId, delay_days: 0 },
        { template_id: templateId, delay_days: 1 },
      ],
    });
    expect(await api.sequences.enrollContacts(sequence.id, { list_id: list.listId })).toMatchObject({ enrolled: 2 });
    await tick();

    const [first] = await until(
      "the first step's mail",
      () => mailTo(ana),
      (mails) => mails.length > 0,
    );
    expect(first!.From).toContain(identityAddress);
    expect(first).toMatchObject({
      To: ana,
      Subject: "Person0, your offer",
      Tag: "sequence",
      Metadata: { sequence_id: sequence.id, company_id: companyId, position: "1" },
    });
    expect(first!.Headers).toEqual([
      { Name: "List-Unsubscribe", Value: expect.stringMatching(/^<http.*\/u\/v1\.[\w-]+\.[\w-]+>$/) },
      { Name: "List-Unsubscribe-Post", Value: "List-Unsubscribe=One-Click" },
    ]);
    const reported = await until(
      "email.sent and email.delivered at the receiver",
      async () => emailEventsTo(ana),
      (found) => found.some((event) => event.type === "email.delivered"),
    );
    const sent = reported.filter((event) => event.type === "email.sent");
    const delivered = reported.filter((event) => event.type === "email.delivered");
    expect(sent).toHaveLength(1);
    expect(delivered).toHaveLength(1);
    expect(sent[0]!.data).toMatchObject({
      source: "sequence",
      sequence_id: sequence.id,
      contact_id: list.contactIds[0],
      email_id: first!.Metadata.send_id,
      status: "sent",
    });
    expect(delivered[0]!.data).toMatchObject({
      source: "sequence",
      email_id: first!.Metadata.send_id,
      delivery_status: "delivered",
    });
    expect(sent[0]!.data.occurred_at <= delivered[0]!.data.occurred_at).toBe(true);

    // A second tick (and the dev loop's own) sends nothing more: the next step is a day away.
    await tick();
    await new Promise((wait) => setTimeout(wait, 6_000));
    expect(await mailTo(ana)).toHaveLength(1);
    expect(await mailTo(bea)).toHaveLength(1);

    // Ana follows the link the one-click way (a mail client's POST); the contact is tagged, an event says so.
    const link = unsubscribeLink(first!);
    const unsubscribing = await fetch(link, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(unsubscribing.status).toBe(200);
    expect((await api.contacts.get(list.contactIds[0]!)).tags).toContain("unsubscribed");
    await until(
      "contact.unsubscribed at the receiver",
      async () => events().filter((event) => event.type === "contact.unsubscribed" && event.data.email === ana),
      (found) => found.length === 1,
    );

    // A day passes for the next step (its due time brought forward in the local state): Bea gets it, Ana does not.
    await server.rows(
      `UPDATE due_work SET due_at = '${new Date(Date.now() - 1_000).toISOString()}' WHERE company_id = '${companyId}' AND kind = 'sequences.prepare_step'`,
      companyId,
    );
    await tick();
    await until(
      "the second step to Bea",
      () => mailTo(bea),
      (mails) => mails.length === 2,
    );
    const enrollments = await until(
      "Ana's enrollment stopped",
      () =>
        server.rows(
          `SELECT contact_id, status, stop_reason FROM email_sequence_enrollments WHERE sequence_id = '${sequence.id}' ORDER BY contact_id`,
          companyId,
        ),
      (rows) => rows.every((row) => row.status !== "active"),
    );
    expect(Object.fromEntries(enrollments.map((row) => [row.contact_id, [row.status, row.stop_reason]]))).toEqual({
      [list.contactIds[0]!]: ["stopped", "unsubscribed"],
      [list.contactIds[1]!]: ["completed", null],
    });
    expect(await mailTo(ana)).toHaveLength(1);
  }, 120_000);

  it("a campaign scheduled a few seconds ahead goes out at the first tick after its time, once, and reports email.sent", async () => {
    const cara = `cara.${unique()}@example.com`;
    const list = await listOf([cara]);
    const campaignId = await campaignOver(list.listId);
    // Seconds ahead, but far enough that the update reaches the API before that time on a busy machine
    // (a time already past is refused with a 400).
    const scheduledAt = new Date(Date.now() + 10_000).toISOString();
    await api.campaigns.update(campaignId, { status: "scheduled", scheduled_at: scheduledAt });
    // A tick before its time sends nothing: the attempt's sent_at is checked against scheduled_at
    // below (asserting "no mail yet" here would race a slow machine, whose tick may come after it).
    await tick();

    const [mail] = await until(
      "the scheduled campaign's mail",
      () => mailTo(cara),
      (mails) => mails.length > 0,
      60_000,
    );
    expect(mail).toMatchObject({ Tag: "campaign", Metadata: { campaign_id: campaignId, company_id: companyId } });
    expect(mail!.From).toContain(identityAddress);
    const attempts = (await api.campaigns.listAttempts(campaignId)).data;
    expect(attempts).toHaveLength(1);
    expect(attempts[0]!.sent_at! >= scheduledAt).toBe(true);
    await until(
      "the campaign completed",
      async () => (await api.campaigns.get(campaignId)).status,
      (status) => status === "completed",
    );
    const sent = await until(
      "email.sent at the receiver",
      async () => emailEventsTo(cara).filter((event) => event.type === "email.sent"),
      (found) => found.length > 0,
    );
    expect(sent[0]!.data).toMatchObject({
      source: "campaign",
      campaign_id: campaignId,
      email_id: mail!.Metadata.attempt_id,
    });
    await tick();
    await new Promise((wait) => setTimeout(wait, 3_000));
    expect(await mailTo(cara)).toHaveLength(1);
  }, 90_000);

  it("a hard-bounced address is suppressed: email.bounced, its contact tagged unsubscribed, and the next campaign skips it", async () => {
    const dan = `dan.${unique()}@example.com`;
    const fay = `fay.${unique()}@example.com`;
    const first = await listOf([dan]);
    await postmarkTimeline({ email: "bounced", email_ms: 1_500 });
    try {
      await api.campaigns.dispatch(await campaignOver(first.listId), {});
      await until(
        "dan's mail",
        () => mailTo(dan),
        (mails) => mails.length === 1,
      );
    } finally {
      await postmarkTimeline({ email: "delivered", email_ms: 1_500 });
    }
    const [bounced] = await until(
      "email.bounced at the receiver",
      async () => emailEventsTo(dan).filter((event) => event.type === "email.bounced"),
      (found) => found.length > 0,
    );
    expect(bounced!.data).toMatchObject({
      source: "campaign",
      contact_id: first.contactIds[0],
      bounce_reason: "HardBounce",
      suppressed: true,
      delivery_status: "bounced",
    });
    expect((await api.contacts.get(first.contactIds[0]!)).tags).toEqual(["unsubscribed"]);

    // Dan and Fay in a new list: the next campaign goes to Fay only.
    const second = await api.contactLists.create({ name: `Second ${unique()}` });
    const fayId = (await api.contacts.create({ first_name: "Fay", email: fay })).id;
    await api.contactLists.addMembers(second.id, { contact_ids: [first.contactIds[0]!, fayId] });
    const next = await campaignOver(second.id);
    await api.campaigns.dispatch(next, {});
    await until(
      "fay's mail",
      () => mailTo(fay),
      (mails) => mails.length === 1,
    );
    const campaign = await until(
      "the next campaign completed",
      () => api.campaigns.get(next),
      (answer) => answer.status === "completed",
    );
    expect(campaign.counts).toMatchObject({ sent: 1, skipped_unsubscribed: 1 });
    expect(await mailTo(dan)).toHaveLength(1);
  }, 90_000);
});
