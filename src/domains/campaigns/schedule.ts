import { z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { clock } from "../../lib/clock";
import type { Database } from "../../data/client";
import { companies } from "../../data/schema";
import { versionedUpdate } from "../../data/versioned";
import { scheduleDue } from "../../work/due";
import { ApiError } from "../../lib/errors";
import { ProviderError } from "../../integrations";
import { defineJob, type JobOutcome } from "../../work/jobs";
import { pricedCompanyOf } from "../price-book";
import { IN_FLIGHT_DETAIL, planDispatch } from "./dispatch";
import { campaignFailed } from "./events";
import { BATCH_SIZE_MAX } from "./model";
import { findCampaign } from "./queries";
import { campaigns } from "./schema";

/** A scheduled campaign whose batch is still being sent looks again this much later. */
const NEXT_BATCH_AFTER_MS = 60_000;

type FailureReason = z.output<typeof campaignFailed.schema>["reason"];

/** The company as a dispatch needs it: its prices, and whether it may spend. */
async function spendingCompany(db: Database, companyId: string) {
  const [priced, row] = await Promise.all([
    pricedCompanyOf(db, companyId),
    db.select({ spendEnabled: companies.spendEnabled }).from(companies).where(eq(companies.id, companyId)).get(),
  ]);
  return priced && row ? { ...priced, spendEnabled: row.spendEnabled } : undefined;
}

/**
 * Due work of a `scheduled` campaign (scheduleDue at its scheduled_at; the due item's id is stored
 * on the campaign, so only its current schedule runs: an unscheduled or rescheduled campaign names
 * another item, or none). Each run dispatches the next batch with the rules of POST .../dispatch
 * (planDispatch, the same code) and schedules the next run, until every recipient has been sent
 * to. A refusal that waiting does not cure (not enough balance, the account not enabled for
 * spending, no verified sending identity) marks the campaign `failed` with the reason and the
 * event campaign.failed, in the batch that records the job's outcome: nothing is sent or charged.
 * The due item becomes one job, and a job's outcome commits once, so overlapping ticks and
 * retries dispatch each batch once.
 */
export const dispatchScheduledCampaign = defineJob({
  kind: "campaigns.dispatch_scheduled",
  payload: z.object({ campaignId: z.string() }),
  // biome-ignore lint/complexity/noExcessiveCognitiveComplexity: each reason a scheduled dispatch cannot go ends it with that reason, in order
  async run(job, { campaignId }): Promise<JobOutcome> {
    const { db, companyId } = job;
    const found = await findCampaign(db, companyId, campaignId);
    if (!found || found.row.scheduledDueId !== job.id) return { status: "done" };
    const { campaign, version } = found;
    if (campaign.status !== "scheduled" && campaign.status !== "sending") return { status: "done" };
    const previousStatus = campaign.status;

    const fail = (reason: FailureReason, detail: string): JobOutcome => ({
      status: "done",
      statements: versionedUpdate(
        db,
        campaigns,
        { companyId, id: campaign.id, version },
        { status: "failed", failureReason: detail, scheduledDueId: null, updatedAt: clock.iso() },
        "campaign",
      ),
      events: [campaignFailed.of({ campaign_id: campaign.id, reason, detail, previous_status: previousStatus })],
    });
    const nextRun = () => {
      const next = scheduleDue(
        dispatchScheduledCampaign,
        companyId,
        new Date(clock.now() + NEXT_BATCH_AFTER_MS).toISOString(),
        { campaignId },
      );
      return [next, db.update(campaigns).set({ scheduledDueId: next.id }).where(eq(campaigns.id, campaign.id))];
    };

    const company = await spendingCompany(db, companyId);
    if (!company) return { status: "done" };
    // The account's own enabling (what gate S checks per company); the deployment's switch gates the public operations only.
    if (!company.spendEnabled)
      return fail(
        "spend_not_enabled",
        "This account is not enabled for spending operations; the scheduled dispatch was not sent.",
      );
    try {
      const planned = await planDispatch(db, job.config, company, campaign.id, BATCH_SIZE_MAX);
      return { status: "done", statements: [...planned.statements, ...nextRun()], events: [planned.event] };
    } catch (error) {
      if (!(error instanceof ApiError) || error instanceof ProviderError) throw error;
      if (error.slug === "insufficient_balance") return fail("insufficient_balance", error.detail);
      if (error.slug === "integration_not_configured") return fail("no_sending_identity", error.detail);
      if (error.slug !== "conflict") throw error;
      if (error.detail.endsWith(IN_FLIGHT_DETAIL)) return { status: "done", statements: nextRun() };
      // Every recipient has been sent to: the schedule is over.
      if (campaign.enrolled_at !== null && error.detail.includes("every recipient")) {
        return {
          status: "done",
          statements: [db.update(campaigns).set({ scheduledDueId: null }).where(eq(campaigns.id, campaign.id))],
        };
      }
      return fail("not_dispatchable", error.detail);
    }
  },
  /**
   * Its deadline (docs/deadlines.md): a run that kept failing for the whole retry schedule
   * (about 30 h) ends a campaign still `scheduled` as `failed` with campaign.failed, rather than
   * leaving it scheduled for ever; nothing of it was sent or charged. One already sending keeps its
   * batches (each attempt has its own deadline) and is left to its next dispatch.
   */
  async exhausted(job, { campaignId }, reason) {
    const found = await findCampaign(job.db, job.companyId, campaignId);
    if (!found || found.row.scheduledDueId !== job.id || found.campaign.status !== "scheduled") return {};
    const detail = `The scheduled dispatch did not go out by its deadline (${reason}); nothing was sent or charged.`;
    return {
      statements: versionedUpdate(
        job.db,
        campaigns,
        { companyId: job.companyId, id: campaignId, version: found.version },
        { status: "failed", failureReason: detail, scheduledDueId: null, updatedAt: clock.iso() },
        "campaign",
      ),
      events: [
        campaignFailed.of({
          campaign_id: campaignId,
          reason: "not_dispatchable",
          detail,
          previous_status: "scheduled",
        }),
      ],
    };
  },
});
