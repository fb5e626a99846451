import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { moveClock, resetClock } from "../../../test/clock";
import { consumeJob, jobsOf, settleJobs } from "../../../test/jobs";
import { call, db } from "../../../test/helpers";
import { addLists, createCampaign, listOf, marketer, patch, people } from "../../../test/fixtures/campaigns";
import { fund } from "../../../test/wallet-operations";
import { jobs } from "../../data/schema";
import { campaigns } from "./schema";
import { eventDataOf, eventRowsOf } from "../../../test/events";

const open = { PUBLIC_API_WRITE_ENABLED: "true", PUBLIC_API_SPEND_ENABLED: "true" };

/** A funded company with a campaign over `count` people with an email, one unsubscribed and one without an email. */
async function ready(count: number) {
  const m = await marketer({ spendEnabled: true });
  await fund(m.companyId, 1_000);
  const tag = crypto.randomUUID().slice(0, 8);
  const list = await listOf(m, [
    ...people(count, tag),
    { first_name: "Gone", email: `gone.${tag}@example.com`, tags: ["unsubscribed"] },
    { first_name: "NoMail", phone: `+3461${Math.floor(1_000_000 + Math.random() * 8_999_999)}` },
  ]);
  const campaign = await createCampaign(m);
  await addLists(m, campaign.id, [list.listId]);
  return { m, campaignId: campaign.id as string };
}

const dispatch = (m: { key: string }, campaignId: string, body: unknown = {}) =>
  call(`/api/v1/campaigns/${campaignId}/dispatch`, {
    key: m.key,
    body,
    vars: open,
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });

/** A dispatch whose send jobs are due an hour from now: the Queue's background consumer leaves them to the test. */
async function dispatchHeld(m: { key: string }, campaignId: string, body: unknown = {}) {
  moveClock(60 * 60 * 1000);
  try {
    return await dispatch(m, campaignId, body);
  } finally {
    resetClock();
  }
}

/** Another completion check of the campaign, as a batch of its last attempt would queue. */
async function queueCheck(companyId: string, campaignId: string) {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await db.insert(jobs).values({
    id,
    companyId,
    kind: "campaigns.complete",
    payload: { campaignId },
    status: "pending",
    nextAttemptAt: now,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

/** The numbers the company's campaign events carry (one campaign per company here): 1, 2, 3… each once. */
async function expectNumberedEvents(companyId: string) {
  const numbers = (await eventRowsOf(companyId))
    .filter((row) => row.type.startsWith("campaign."))
    .map((row) => (JSON.parse(row.data) as { sequence: number }).sequence)
    .sort((a, b) => a - b);
  expect(numbers).toEqual(numbers.map((_, index) => index + 1));
}

describe("campaign.completed", () => {
  it("is emitted once when the last attempt is resolved, with the counts and the campaign's sequence", async () => {
    const { m, campaignId } = await ready(3);
    expect((await dispatch(m, campaignId, { batch_size: 2 })).status).toBe(200);
    await settleJobs(m.companyId);
    // One batch of two out of three: not finished, nothing emitted.
    expect((await call(`/api/v1/campaigns/${campaignId}`, { key: m.key })).json.status).toBe("sending");
    expect(await eventDataOf(m.companyId, "campaign.completed")).toEqual([]);

    expect((await dispatch(m, campaignId)).status).toBe(200);
    await settleJobs(m.companyId);
    expect((await call(`/api/v1/campaigns/${campaignId}`, { key: m.key })).json).toMatchObject({
      status: "completed",
      counts: { sent: 3, failed: 0 },
    });
    const [event, ...more] = await eventDataOf(m.companyId, "campaign.completed");
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      campaign_id: campaignId,
      status: "completed",
      previous_status: "sending",
      cause: "all_attempted",
      counts: { enrolled: 3, sent: 3, failed: 0, suppressed: 1, skipped_no_email: 1 },
    });
    // Only the batch of the very last attempt queued a check.
    expect((await jobsOf(m.companyId)).filter((job) => job.kind === "campaigns.complete")).toHaveLength(1);
    // The campaign's last change: the campaign shows its number.
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(row?.sequence).toBe(event!.sequence);
    await expectNumberedEvents(m.companyId);

    // Checks that run again, even together, find it completed: nothing more.
    const again = [await queueCheck(m.companyId, campaignId), await queueCheck(m.companyId, campaignId)];
    await Promise.all(again.map((id) => consumeJob(id)));
    await settleJobs(m.companyId);
    expect(await eventDataOf(m.companyId, "campaign.completed")).toHaveLength(1);
  });

  it("is emitted once by concurrent checks of a campaign that has just finished", async () => {
    const { m, campaignId } = await ready(2);
    expect((await dispatchHeld(m, campaignId)).status).toBe(200);
    // The sends, to their end, whoever runs them (the background consumer may still take one).
    const sends = (await jobsOf(m.companyId)).map((job) => job.id);
    await settleJobs(m.companyId, { only: sends });
    // The last outcome queued one check; two more race it. The Queue's consumer may run that one in
    // the background a second after it was queued: then consumeJob does nothing for it.
    const checks = (await jobsOf(m.companyId)).filter((job) => job.kind === "campaigns.complete");
    expect(checks).toHaveLength(1);
    const racing = [
      checks[0]!.id,
      await queueCheck(m.companyId, campaignId),
      await queueCheck(m.companyId, campaignId),
    ];
    await Promise.all(racing.map((id) => consumeJob(id)));
    await settleJobs(m.companyId);
    expect(await eventDataOf(m.companyId, "campaign.completed")).toEqual([
      expect.objectContaining({ campaign_id: campaignId, counts: expect.objectContaining({ sent: 2 }) }),
    ]);
    await expectNumberedEvents(m.companyId);
  });

  it("is emitted when a paused campaign is marked completed, and once when a paused one that finished is resumed", async () => {
    const marked = await ready(3);
    expect((await dispatch(marked.m, marked.campaignId, { batch_size: 1 })).status).toBe(200);
    await settleJobs(marked.m.companyId);
    expect((await patch(marked.m, marked.campaignId, { status: "paused" })).status).toBe(200);
    expect((await patch(marked.m, marked.campaignId, { status: "completed" })).status).toBe(200);
    expect(await eventDataOf(marked.m.companyId, "campaign.completed")).toEqual([
      expect.objectContaining({
        previous_status: "paused",
        cause: "marked_completed",
        counts: expect.objectContaining({ enrolled: 3, sent: 1 }),
      }),
    ]);
    await expectNumberedEvents(marked.m.companyId);

    // Paused while its last batch was in flight: resuming it completes it.
    const resumed = await ready(2);
    expect((await dispatchHeld(resumed.m, resumed.campaignId)).status).toBe(200);
    expect((await patch(resumed.m, resumed.campaignId, { status: "paused" })).status).toBe(200);
    await settleJobs(resumed.m.companyId);
    expect((await call(`/api/v1/campaigns/${resumed.campaignId}`, { key: resumed.m.key })).json.status).toBe("paused");
    expect(await eventDataOf(resumed.m.companyId, "campaign.completed")).toEqual([]);
    expect((await patch(resumed.m, resumed.campaignId, { status: "sending" })).status).toBe(200);
    await settleJobs(resumed.m.companyId);
    expect((await call(`/api/v1/campaigns/${resumed.campaignId}`, { key: resumed.m.key })).json.status).toBe(
      "completed",
    );
    expect(await eventDataOf(resumed.m.companyId, "campaign.completed")).toEqual([
      expect.objectContaining({ previous_status: "sending", cause: "all_attempted" }),
    ]);
    await expectNumberedEvents(resumed.m.companyId);
  });
});
