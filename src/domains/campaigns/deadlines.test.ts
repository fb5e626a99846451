import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db } from "../../../test/helpers";
import { addLists, createCampaign, listOf, marketer, patch, people } from "../../../test/fixtures/campaigns";
import { balanceOf, fund } from "../../../test/wallet-operations";
import { dueWork, jobs } from "../../data/schema";
import type { JobDefinition } from "../../work/jobs";
import { exhaust, jobsOf, settleJobs } from "../../../test/jobs";
import { moveClock, resetClock } from "../../../test/clock";
import { sendCampaignEmail } from "./jobs";
import { dispatchScheduledCampaign } from "./schedule";
import { campaigns } from "./schema";
import { eventDataOf } from "../../../test/events";

describe("a campaign's deadlines", () => {
  it("a scheduled dispatch that keeps failing ends the campaign failed, with one campaign.failed, nothing charged", async () => {
    const m = await marketer({ spendEnabled: true });
    await fund(m.companyId, 1_000);
    const list = await listOf(m, people(2));
    const campaign = await createCampaign(m);
    await addLists(m, campaign.id, [list.listId]);
    const at = new Date(Date.now() + 60_000).toISOString();
    expect((await patch(m, campaign.id, { status: "scheduled", scheduled_at: at })).status).toBe(200);
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    // Its due item, come due: a job of the same id (what the tick makes), kept from the Queue's consumer.
    const [due] = await db.select().from(dueWork).where(eq(dueWork.id, row!.scheduledDueId!));
    await db.delete(dueWork).where(eq(dueWork.id, due!.id));
    const now = new Date().toISOString();
    await db.insert(jobs).values({
      id: due!.id,
      companyId: m.companyId,
      kind: due!.kind,
      payload: due!.payload,
      status: "pending",
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    });

    expect(await exhaust(dispatchScheduledCampaign as JobDefinition, due!.id)).toMatchObject({ status: "failed" });
    const view = (await call(`/api/v1/campaigns/${campaign.id}`, { key: m.key })).json;
    expect(view).toMatchObject({ status: "failed", failure_reason: expect.stringContaining("deadline") });
    expect(await eventDataOf(m.companyId, "campaign.failed")).toEqual([
      expect.objectContaining({ campaign_id: campaign.id, reason: "not_dispatchable" }),
    ]);
    expect(await balanceOf(m.companyId)).toBe(1_000);
  });

  it("a send that never gets an outcome fails its attempt at the end of its retries, and the campaign completes once", async () => {
    const m = await marketer({ spendEnabled: true });
    await fund(m.companyId, 1_000);
    const list = await listOf(m, people(2));
    const campaign = await createCampaign(m);
    await addLists(m, campaign.id, [list.listId]);
    // Its send jobs due an hour ahead: the Queue's background consumer leaves them to this test.
    moveClock(60 * 60 * 1000);
    try {
      const dispatched = await call(`/api/v1/campaigns/${campaign.id}/dispatch`, {
        key: m.key,
        body: {},
        vars: { PUBLIC_API_WRITE_ENABLED: "true", PUBLIC_API_SPEND_ENABLED: "true" },
        headers: { "Idempotency-Key": crypto.randomUUID() },
      });
      expect(dispatched.status).toBe(200);
    } finally {
      resetClock();
    }
    const sends = (await jobsOf(m.companyId)).filter((job) => job.kind === sendCampaignEmail.kind);
    expect(sends).toHaveLength(2);
    for (const send of sends)
      expect(await exhaust(sendCampaignEmail as JobDefinition, send.id)).toMatchObject({ status: "failed" });
    await settleJobs(m.companyId);
    expect((await call(`/api/v1/campaigns/${campaign.id}`, { key: m.key })).json).toMatchObject({
      status: "completed",
      counts: { failed: 2, queued: 0, sent: 0 },
    });
    expect(await eventDataOf(m.companyId, "campaign.completed")).toEqual([
      expect.objectContaining({ campaign_id: campaign.id, counts: expect.objectContaining({ failed: 2, sent: 0 }) }),
    ]);
  });
});
