import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { concurrently, raceRounds, statusCounts } from "../../../test/concurrency";
import { moveClock, resetClock } from "../../../test/clock";
import { jobsOf, settleJobs } from "../../../test/jobs";
import { call, db, slug } from "../../../test/helpers";
import { createApp } from "../../app";
import type { Env } from "../../env";
import { balanceOf, checkedLedgerSum, fund, ledgerOf } from "../../../test/wallet-operations";
import { webhookEvents } from "../webhooks/schema";
import { campaignAttempts, campaignEnrollments } from "./schema";
import {
  addLists,
  createCampaign,
  listOf,
  marketer,
  patch,
  people,
  type Marketer,
} from "../../../test/fixtures/campaigns";

// Gate S (switches, spend enabling, Idempotency-Key required), scopes and other companies' ids: test/security.test.ts.

const open = { PUBLIC_API_WRITE_ENABLED: "true", PUBLIC_API_SPEND_ENABLED: "true" };
const fakes = JSON.parse(env.FAKE_PROVIDERS) as Record<string, string>;

const dispatch = (
  m: Marketer,
  campaignId: string,
  body: unknown = {},
  key: string = crypto.randomUUID(),
  vars: Record<string, string> = {},
) =>
  call(`/api/v1/campaigns/${campaignId}/dispatch`, {
    key: m.key,
    body,
    vars: { ...open, ...vars },
    headers: { "Idempotency-Key": key },
  });

const app = createApp();

/** What the Postmark fake received for these addresses, as its JSON bodies. */
async function received(addresses: readonly string[]) {
  const bodies: Record<string, unknown>[] = [];
  for (const address of addresses) {
    const response = await fetch(`${fakes.postmark}/__fake/requests?match=${encodeURIComponent(address)}`);
    const { requests } = (await response.json()) as { requests: { path: string; body: string }[] };
    bodies.push(
      ...requests
        .filter((request) => request.path === "/email")
        .map((request) => JSON.parse(request.body) as Record<string, unknown>),
    );
  }
  return bodies;
}

const fakeControl = async (action: string, body: unknown) => {
  const response = await fetch(`${fakes.postmark}/__fake/${action}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json" },
  });
  expect(response.status).toBe(200);
};

const attemptsOf = (campaignId: string) =>
  db.select().from(campaignAttempts).where(eq(campaignAttempts.campaignId, campaignId));
const charges = async (companyId: string) => (await ledgerOf(companyId)).filter((entry) => entry.kind === "charge");

/** A funded company with a campaign whose audience is `count` contacts with an email. */
async function ready(count: number, balanceMinor = 10_000) {
  const m = await marketer({ spendEnabled: true });
  if (balanceMinor > 0) await fund(m.companyId, balanceMinor);
  const audience = people(count);
  const list = await listOf(m, audience);
  const campaign = await createCampaign(m);
  await addLists(m, campaign.id, [list.listId]);
  return { m, campaignId: campaign.id, emails: audience.map((person) => person.email) };
}

describe("POST /api/v1/campaigns/{campaign_id}/dispatch", () => {
  it("enrolls the audience once, sends rendered batches, charges each batch once, and completes with counts that agree", async () => {
    const m = await marketer({ spendEnabled: true });
    await fund(m.companyId, 1_000);
    const tag = crypto.randomUUID().slice(0, 8);
    const a = await listOf(
      m,
      [
        ...people(3, tag),
        { first_name: "NoMail", phone: `+3461${Math.floor(1_000_000 + Math.random() * 8_999_999)}` },
        { first_name: "Gone", email: `gone.${tag}@example.com`, tags: ["Unsubscribed"] },
      ],
      "A",
    );
    const b = await listOf(m, [{ first_name: "Extra", email: `extra.${tag}@example.com` }], "B");
    await call(`/api/v1/contact-lists/${b.listId}/members`, { key: m.key, body: { contact_ids: [a.contactIds[0]] } });
    const campaign = await createCampaign(m);
    await addLists(m, campaign.id, [a.listId, b.listId]);

    const first = await dispatch(m, campaign.id, { batch_size: 2 });
    expect(first.status).toBe(200);
    expect(first.json.batch).toMatchObject({
      recipients: 2,
      amount_minor: 2,
      currency: "EUR",
      unit_price_minor: 1,
      remaining: 2,
    });
    expect(first.json.campaign).toMatchObject({
      status: "sending",
      counts: { enrolled: 4, pending: 2, skipped_no_email: 1, skipped_unsubscribed: 1 },
    });
    const [charge] = await charges(m.companyId);
    expect(charge).toMatchObject({
      id: first.json.batch.id,
      amountMinor: -2,
      referenceType: "campaign",
      referenceId: campaign.id,
    });

    await settleJobs(m.companyId);
    const second = await dispatch(m, campaign.id, {});
    expect(second.json.batch).toMatchObject({ recipients: 2, amount_minor: 2, remaining: 0 });
    await settleJobs(m.companyId);

    const view = await call(`/api/v1/campaigns/${campaign.id}`, { key: m.key });
    expect(view.json).toMatchObject({
      status: "completed",
      counts: { enrolled: 4, pending: 0, queued: 0, sent: 4, failed: 0 },
    });
    const attempts = await call(`/api/v1/campaigns/${campaign.id}/attempts?status=sent`, { key: m.key });
    expect(attempts.json.data).toHaveLength(4);
    const enrollments = await call(`/api/v1/campaigns/${campaign.id}/enrollments`, { key: m.key });
    expect(enrollments.json.data.map((row: { status: string }) => row.status)).toEqual([
      "sent",
      "sent",
      "sent",
      "sent",
    ]);
    expect((await charges(m.companyId)).map((entry) => entry.amountMinor)).toEqual([-2, -2]);
    expect(await balanceOf(m.companyId)).toBe(996);

    const emails = [...people(3, tag).map((person) => person.email), `extra.${tag}@example.com`];
    const bodies = await received(emails);
    expect(bodies).toHaveLength(4);
    expect(bodies.find((body) => body.To === emails[1])).toMatchObject({
      Subject: "Person1, your offer",
      HtmlBody: expect.stringMatching(/^<p>Hello Person1<\/p><p>Plan pro<\/p>\n<p .*Unsubscribe<\/a>/),
      TextBody: expect.stringMatching(/^Hello Person1\n\nUnsubscribe: http.*\/u\/v1\.[\w-]+\.[\w-]+$/),
      From: m.from,
      MessageStream: "outbound",
      Headers: [
        { Name: "List-Unsubscribe", Value: expect.stringMatching(/^<http.*\/u\/v1\.[\w-]+\.[\w-]+>$/) },
        { Name: "List-Unsubscribe-Post", Value: "List-Unsubscribe=One-Click" },
      ],
    });
    expect(await received([`gone.${tag}@example.com`])).toEqual([]);
    const toFirst = await call(`/api/v1/campaigns/${campaign.id}/attempts?contact_id=${a.contactIds[0]}`, {
      key: m.key,
    });
    expect(toFirst.json.data.map((row: { contact_id: string }) => row.contact_id)).toEqual([a.contactIds[0]]);
    const dispatched = await db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.companyId, m.companyId), eq(webhookEvents.type, "campaign.dispatched")))
      .orderBy(webhookEvents.createdAt);
    expect(dispatched.map((event) => JSON.parse(event.data))).toEqual([
      {
        campaign_id: campaign.id,
        batch_id: first.json.batch.id,
        recipients: 2,
        amount_minor: 2,
        currency: "EUR",
        previous_status: expect.any(String),
        sequence: expect.any(Number),
      },
      {
        campaign_id: campaign.id,
        batch_id: second.json.batch.id,
        recipients: 2,
        amount_minor: 2,
        currency: "EUR",
        previous_status: expect.any(String),
        sequence: expect.any(Number),
      },
    ]);
    expect((await dispatch(m, campaign.id)).json).toMatchObject({ status: 409, current_status: "completed" });
  });

  it("answers a retry with the same Idempotency-Key with the first outcome, and sends and charges once", async () => {
    const { m, campaignId, emails } = await ready(3);
    const key = crypto.randomUUID();
    const first = await dispatch(m, campaignId, {}, key);
    const retry = await dispatch(m, campaignId, {}, key);
    expect(retry.status).toBe(200);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(retry.json).toEqual(first.json);
    await settleJobs(m.companyId);
    expect(await dispatch(m, campaignId, {}, key)).toMatchObject({ status: 200 });
    expect(await charges(m.companyId)).toHaveLength(1);
    expect(await received(emails)).toHaveLength(3);
    expect(await attemptsOf(campaignId)).toHaveLength(3);
  });

  it("lets one of concurrent dispatches through: one batch, one charge, the others 409", async () => {
    await raceRounds(
      3,
      // One batch takes the whole audience: a dispatch that comes after the Queue's background
      // consumer has sent it (a slow request on a loaded machine) is refused too, not a next batch.
      () => ready(2),
      ({ m, campaignId }) => concurrently(4, () => dispatch(m, campaignId, { batch_size: 2 })),
      async (outcomes, { m, campaignId }) => {
        expect(statusCounts(outcomes)).toEqual({ 200: 1, 409: 3 });
        for (const refused of outcomes.filter((o) => o.status === 409)) expect(slug(refused.json)).toBe("conflict");
        expect(await charges(m.companyId)).toHaveLength(1);
        expect(await attemptsOf(campaignId)).toHaveLength(2);
        expect(await checkedLedgerSum(m.companyId)).toBe(await balanceOf(m.companyId));
      },
    );
  });

  it("runs concurrent duplicates with the same Idempotency-Key once", async () => {
    const { m, campaignId } = await ready(2);
    const key = crypto.randomUUID();
    const outcomes = await concurrently(3, () => dispatch(m, campaignId, {}, key));
    expect(outcomes.filter((o) => o.status === 200 && o.headers.get("Idempotent-Replayed") !== "true")).toHaveLength(1);
    for (const o of outcomes) expect([200, 409]).toContain(o.status);
    expect(await charges(m.companyId)).toHaveLength(1);
    expect(await jobsOf(m.companyId)).toHaveLength(2);
  });

  it("refuses a batch the balance does not cover with 409 insufficient_balance, recording nothing", async () => {
    const { m, campaignId } = await ready(3, 2);
    const response = await dispatch(m, campaignId, {});
    expect(response.status).toBe(409);
    expect(slug(response.json)).toBe("insufficient_balance");
    expect(response.json).toMatchObject({ amount_minor: 3, balance_minor: 2, currency: "EUR" });
    expect(await charges(m.companyId)).toEqual([]);
    expect(await attemptsOf(campaignId)).toEqual([]);
    expect(await db.select().from(campaignEnrollments).where(eq(campaignEnrollments.campaignId, campaignId))).toEqual(
      [],
    );
    expect(await jobsOf(m.companyId)).toEqual([]);
    expect((await call(`/api/v1/campaigns/${campaignId}`, { key: m.key })).json).toMatchObject({
      status: "draft",
      enrolled_at: null,
    });
    // A smaller batch fits.
    expect((await dispatch(m, campaignId, { batch_size: 2 })).status).toBe(200);
    expect(await balanceOf(m.companyId)).toBe(0);
  });

  it("never takes the wallet below zero when campaigns race for the same money", async () => {
    const m = await marketer({ spendEnabled: true });
    await fund(m.companyId, 3);
    const campaignIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const list = await listOf(m, people(2));
      const campaign = await createCampaign(m);
      await addLists(m, campaign.id, [list.listId]);
      campaignIds.push(campaign.id);
    }
    const outcomes = await Promise.all(campaignIds.map((id) => dispatch(m, id, {})));
    expect(statusCounts(outcomes)).toEqual({ 200: 1, 409: 2 });
    for (const refused of outcomes.filter((o) => o.status === 409))
      expect(slug(refused.json)).toBe("insufficient_balance");
    expect(await balanceOf(m.companyId)).toBe(1);
    expect(await checkedLedgerSum(m.companyId)).toBe(1);
  });

  it("answers 409 while a batch is in flight, retries a provider error, and fails a refused recipient with its reason", async () => {
    const { m, campaignId, emails } = await ready(3);
    await fakeControl("script", { status: 500, match: emails[0] });
    await fakeControl("refuse", { recipient: emails[1] });
    // Held: its sends wait for this test, so the batch is in flight until the test runs them.
    expect((await dispatchHeld(m, campaignId, { batch_size: 3 })).status).toBe(200);
    const busy = await dispatch(m, campaignId, {});
    expect(busy.status).toBe(409);
    expect(busy.json.detail).toContain("still being sent");

    await settleJobs(m.companyId);
    // The first send failed with a 500 and its retry sent it; the refused one failed at once.
    const sends = (await jobsOf(m.companyId)).filter((job) => job.kind === "campaigns.send_email");
    expect(sends.map((job) => [job.status, job.attempts]).sort()).toEqual([
      ["done", 1],
      ["done", 2],
      ["failed", 1],
    ]);
    const attempts = (await call(`/api/v1/campaigns/${campaignId}/attempts`, { key: m.key })).json.data as {
      email: string;
      status: string;
      failure_reason: string | null;
    }[];
    expect(attempts.find((a) => a.email === emails[0])).toMatchObject({ status: "sent", failure_reason: null });
    expect(attempts.find((a) => a.email === emails[1])?.status).toBe("failed");
    expect(attempts.find((a) => a.email === emails[1])?.failure_reason).toContain("refused");
    expect((await call(`/api/v1/campaigns/${campaignId}`, { key: m.key })).json).toMatchObject({
      status: "completed",
      counts: { enrolled: 3, pending: 0, queued: 0, sent: 2, failed: 1 },
    });
    const failed = await call(`/api/v1/campaigns/${campaignId}/enrollments?status=failed`, { key: m.key });
    expect(failed.json.data.map((row: { email: string }) => row.email)).toEqual([emails[1]]);
  });

  it("answers 409 for a campaign without template or audience, or paused, naming why", async () => {
    const m = await marketer({ spendEnabled: true });
    await fund(m.companyId, 100);
    const bare = await createCampaign(m, { template_id: null });
    expect((await dispatch(m, bare.id)).json.detail).toContain("no template");
    await patch(m, bare.id, { template_id: m.templateId });
    expect((await dispatch(m, bare.id)).json.detail).toContain("no contact list");
    const list = await listOf(m, [{ phone: "+34699000111" }]);
    await addLists(m, bare.id, [list.listId]);
    const empty = await dispatch(m, bare.id);
    expect(empty.status).toBe(409);
    expect(empty.json.detail).toContain("1 without an email");

    const { m: other, campaignId } = await ready(2);
    await dispatch(other, campaignId, { batch_size: 1 });
    await settleJobs(other.companyId);
    expect((await patch(other, campaignId, { status: "paused" })).json.status).toBe("paused");
    expect((await dispatch(other, campaignId)).json).toMatchObject({ status: 409, current_status: "paused" });
    expect((await patch(other, campaignId, { status: "sending" })).status).toBe(200);
    expect((await dispatch(other, campaignId)).status).toBe(200);
  });

  it("answers 503 integration_not_configured without an email provider, recording nothing", async () => {
    const { m, campaignId } = await ready(2);
    const response = await dispatch(m, campaignId, {}, crypto.randomUUID(), { POSTMARK_BASE_URL: "" });
    expect(response.status).toBe(503);
    expect(slug(response.json)).toBe("integration_not_configured");
    expect(await charges(m.companyId)).toEqual([]);
    expect(await attemptsOf(campaignId)).toEqual([]);
  });

  it("builds the plain-text part from the HTML when the template has none (links kept, not only the unsubscribe line)", async () => {
    const { m, campaignId } = await ready(1);
    expect((await dispatchHeld(m, campaignId, { batch_size: 1 })).status).toBe(200);
    const [attempt] = await attemptsOf(campaignId);
    // An address of its own: the fake mail server is shared with the other tests of the file.
    const to = `plain.${crypto.randomUUID()}@example.com`;
    await db
      .update(campaignAttempts)
      .set({
        email: to,
        htmlBody:
          '<h1>Spring offer</h1><p>Hello <b>Ana</b>, see <a href="https://shop.example/offer">the offer</a>.</p><img src="https://shop.example/x.png">',
        textBody: null,
        mergeValues: null,
      })
      .where(eq(campaignAttempts.id, attempt!.id));
    await settleJobs(m.companyId);
    const [sent] = await received([to]);
    const text = sent!.TextBody as string;
    expect(text).toMatch(
      /^SPRING OFFER\n\nHello Ana, see the offer \[https:\/\/shop\.example\/offer\]\.\n\nUnsubscribe: /,
    );
    expect(text).not.toContain("<");
    expect(text).not.toContain("x.png");
  });

  it("keeps per recipient only the values its template names, and sends the template as it was at dispatch", async () => {
    const { m, campaignId, emails } = await ready(2);
    expect((await dispatchHeld(m, campaignId, { batch_size: 2 })).status).toBe(200);
    const attempts = await attemptsOf(campaignId);
    const [first, second] = emails.map((email) => attempts.find((attempt) => attempt.email === email)!);
    expect(first).toMatchObject({
      subject: "Person0, your offer",
      mergeValues: { first_name: "Person0", custom_fields: { plan: "basic" } },
      htmlBody: null,
      textBody: null,
    });
    // The template changes after the dispatch: the batch still sends what was dispatched.
    expect(
      (
        await call(`/api/v1/email-templates/${m.templateId}`, {
          key: m.key,
          method: "PATCH",
          body: { body: "<p>Changed</p>" },
        })
      ).status,
    ).toBe(200);
    // An attempt queued before batches kept their template holds its own bodies, and is sent with them.
    await db
      .update(campaignAttempts)
      .set({ htmlBody: "<p>Kept</p>", textBody: "Kept", mergeValues: null })
      .where(eq(campaignAttempts.id, second!.id));
    await settleJobs(m.companyId);
    const [sentFirst] = await received([emails[0]!]);
    expect(sentFirst).toMatchObject({
      Subject: "Person0, your offer",
      HtmlBody: expect.stringMatching(/^<p>Hello Person0<\/p><p>Plan basic<\/p>\n<p /),
      TextBody: expect.stringMatching(/^Hello Person0\n\nUnsubscribe: /),
    });
    const [sentSecond] = await received([emails[1]!]);
    expect(sentSecond).toMatchObject({
      Subject: "Person1, your offer",
      HtmlBody: expect.stringMatching(/^<p>Kept<\/p>\n<p /),
      TextBody: expect.stringMatching(/^Kept\n\nUnsubscribe: /),
    });
  });

  it("validates batch_size", async () => {
    const { m, campaignId } = await ready(1);
    for (const batch_size of [0, 501, 1.5, "10"])
      expect((await dispatch(m, campaignId, { batch_size })).status).toBe(400);
    expect(await charges(m.companyId)).toEqual([]);
    const audit = await db
      .select()
      .from(campaignAttempts)
      .where(and(eq(campaignAttempts.campaignId, campaignId)));
    expect(audit).toEqual([]);
  });
});

/**
 * Dispatches with its jobs due an hour from now: the Queue's consumer, which runs in the background
 * of this runtime, leaves them alone, so a test may change the attempts' rows first and then run the
 * jobs itself (settleJobs makes them due).
 */
async function dispatchHeld(m: Marketer, campaignId: string, body: unknown = {}) {
  moveClock(60 * 60 * 1000);
  // The clock is put back the moment the answer is made, before the request's waitUntil work
  // (the jobs' Queue messages, the request log) runs: the consumer never sees the moved clock.
  const held = {
    fetch: async (request: Request, environment: Env, ctx: ExecutionContext) => {
      try {
        return await app.fetch(request, environment, ctx);
      } finally {
        resetClock();
      }
    },
  };
  try {
    return await call(`/api/v1/campaigns/${campaignId}/dispatch`, {
      key: m.key,
      body,
      vars: open,
      headers: { "Idempotency-Key": crypto.randomUUID() },
      app: held,
    });
  } finally {
    resetClock();
  }
}
