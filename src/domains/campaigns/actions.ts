import type { z } from "@hono/zod-openapi";
import type { Uses } from "../../core/action";
import type { Database } from "../../data/client";
import { retryOnConflict } from "../../data/precondition";
import { nowIso } from "../../data/schema";
import { ApiError, invalidField, notFound, orNotFound } from "../../lib/errors";
import type { OffsetPage } from "../../lib/pagination";
import type { AuditTarget, Quote, WriteStatement } from "../../core/operation";
import type { EmittedEvent } from "../../data/events";
import { updateWithVersion } from "../../data/versioned";
import { cancelDue, scheduleDue } from "../../work/due";
import { companyTemplates } from "../email-templates";
import { major } from "../billing";
import { campaignAudienceChanged, campaignCreated, campaignUpdated } from "./events";
import { completedEvent } from "./jobs";
import { planDispatch } from "./dispatch";
import { dispatchScheduledCampaign } from "./schedule";
import {
  allowedTransitions,
  closedStatuses,
  type AudienceAdded,
  type AudienceRemoved,
  type CampaignView,
  type CreateCampaignInput,
  type DispatchResult,
  type ListAttemptsQuery,
  type ListEnrollmentsQuery,
  type UpdateCampaignInput,
} from "./model";
import {
  addAudienceStatements,
  audienceListIds,
  companyListIds,
  completionCheck,
  findCampaign,
  insertCampaign,
  isCompanyAgent,
  listAttempts,
  listAudience,
  listEnrollments,
  pendingCount,
  removeAudienceStatements,
  touchCampaign,
  updateCampaign,
} from "./queries";
import type { CampaignStatus } from "./schema";

type Commit = (
  statements: readonly WriteStatement[],
  audit: AuditTarget,
  events?: readonly EmittedEvent[],
) => Promise<unknown[]>;

const audit = (campaignId: string): AuditTarget => ({ resourceType: "campaign", resourceId: campaignId });

/** A write the campaign's state forbids: 400 naming the state. */
const stateRefusal = (path: string, status: CampaignStatus, message: string) =>
  new ApiError("validation_error", `${path}: ${message}`, { errors: [{ path, message }], current_status: status });

async function checkAgent(db: Database, companyId: string, agentId: string) {
  if (!(await isCompanyAgent(db, companyId, agentId)))
    throw invalidField("body.agent_id", "No agent of the company has this id.");
}

async function checkTemplate(db: Database, companyId: string, templateId: string) {
  if (!(await companyTemplates(db, companyId, [templateId])).has(templateId))
    throw invalidField("body.template_id", "No email template of the company has this id.");
}

export async function createCampaign(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  body: z.output<typeof CreateCampaignInput>,
): Promise<CampaignView> {
  const companyId = caller.company.id;
  await checkAgent(db, companyId, body.agent_id);
  if (body.template_id !== undefined) await checkTemplate(db, companyId, body.template_id);
  const now = nowIso();
  const campaign: CampaignView = {
    id: crypto.randomUUID(),
    name: body.name,
    agent_id: body.agent_id,
    template_id: body.template_id ?? null,
    status: "draft",
    scheduled_at: null,
    failure_reason: null,
    list_count: 0,
    counts: { enrolled: 0, pending: 0, queued: 0, sent: 0, failed: 0, skipped_no_email: 0, skipped_unsubscribed: 0 },
    enrolled_at: null,
    created_at: now,
    updated_at: now,
  };
  await commit([insertCampaign(db, companyId, campaign)], audit(campaign.id), [
    campaignCreated.of({ ...campaign, previous_status: null }),
  ]);
  return campaign;
}

/** Fields, then the status move, checked against the campaign as read; a compare-and-set on its version. */
export async function editCampaign(
  db: Database,
  companyId: string,
  campaignId: string,
  body: z.output<typeof UpdateCampaignInput>,
  commit: Commit,
): Promise<CampaignView> {
  const changedFields = (["name", "agent_id", "template_id", "scheduled_at", "status"] as const).filter(
    (field) => body[field] !== undefined,
  );
  return updateWithVersion(
    "campaign",
    () => findCampaign(db, companyId, campaignId),
    // biome-ignore lint/complexity/noExcessiveCognitiveComplexity: a PATCH whose fields each have a rule of their own
    async ({ campaign: current, row, version }) => {
      const edits = changedFields.filter((field) => field !== "status");
      if (closedStatuses.includes(current.status) && edits.length > 0) {
        throw stateRefusal(
          `body.${edits[0]}`,
          current.status,
          `The campaign is ${current.status}; a ${current.status} campaign cannot be edited.`,
        );
      }
      const status = body.status ?? current.status;
      if (status !== current.status && !allowedTransitions[current.status].includes(status)) {
        const allowed = allowedTransitions[current.status];
        throw stateRefusal(
          "body.status",
          current.status,
          `The campaign is ${current.status}; it cannot move to ${status}${allowed.length > 0 ? ` (from ${current.status}: ${allowed.join(", ")})` : ` (a ${current.status} campaign does not move)`}.`,
        );
      }
      for (const field of ["agent_id", "template_id"] as const) {
        if (body[field] !== undefined && current.enrolled_at !== null) {
          throw stateRefusal(
            `body.${field}`,
            current.status,
            `The campaign is ${current.status} and has recipients; ${field} can change only before the first dispatch.`,
          );
        }
      }
      if (body.agent_id !== undefined) await checkAgent(db, companyId, body.agent_id);
      if (typeof body.template_id === "string") await checkTemplate(db, companyId, body.template_id);
      const scheduledAt =
        body.scheduled_at === undefined
          ? current.scheduled_at
          : body.scheduled_at === null
            ? null
            : new Date(body.scheduled_at).toISOString();
      if (body.scheduled_at && scheduledAt! <= nowIso())
        throw invalidField("body.scheduled_at", "The campaign can be scheduled only in the future.");
      if (status === "scheduled" && scheduledAt === null) {
        throw invalidField(
          "body.scheduled_at",
          "A scheduled campaign needs scheduled_at (an instant in the future); move it to draft to unschedule it.",
        );
      }
      if (status === "scheduled" && current.status !== "scheduled" && scheduledAt! <= nowIso()) {
        throw invalidField("body.scheduled_at", "Scheduling a campaign needs scheduled_at in the future.");
      }
      const campaign: CampaignView = {
        ...current,
        name: body.name ?? current.name,
        agent_id: body.agent_id ?? current.agent_id,
        template_id: body.template_id === undefined ? current.template_id : body.template_id,
        scheduled_at: scheduledAt,
        status,
        failure_reason: status === "failed" ? current.failure_reason : null,
        updated_at: nowIso(),
      };
      await commit(
        [
          ...updateCampaign(
            db,
            companyId,
            campaign,
            version,
            scheduleStatements(db, companyId, current, row.scheduledDueId, campaign),
          ),
          // Resumed with nothing left to send (its last attempts resolved while it was paused): it completes.
          ...(status === "sending" && current.status === "paused"
            ? [completionCheck(db, companyId, current.id, campaign.updated_at)]
            : []),
        ],
        audit(current.id),
        [
          campaignUpdated.of({ campaign, changed_fields: changedFields, previous_status: current.status }),
          // A paused campaign marked completed is finished too: the same compare-and-set (its version) emits it once.
          ...(status === "completed" && current.status === "paused"
            ? [await completedEvent(db, companyId, current, "paused", "marked_completed", campaign.updated_at)]
            : []),
        ],
      );
      return campaign;
    },
  );
}

/**
 * The due work of the campaign's schedule, as the edit leaves it: a campaign that becomes
 * scheduled, or whose time moves while scheduled, gets a new due item (its id stored on the
 * campaign, so only that one runs), and the item it had is cancelled; one unscheduled loses it.
 */
function scheduleStatements(
  db: Database,
  companyId: string,
  current: CampaignView,
  dueId: string | null,
  next: CampaignView,
) {
  const rescheduled =
    next.status === "scheduled" && (current.status !== "scheduled" || current.scheduled_at !== next.scheduled_at);
  const unscheduled = current.status === "scheduled" && next.status !== "scheduled";
  if (!rescheduled && !unscheduled) return { statements: [], scheduledDueId: dueId };
  const cancelled = dueId ? [cancelDue(db, companyId, dueId)] : [];
  if (!rescheduled) return { statements: cancelled, scheduledDueId: null };
  const due = scheduleDue(dispatchScheduledCampaign, companyId, next.scheduled_at!, { campaignId: next.id });
  return { statements: [...cancelled, due], scheduledDueId: due.id };
}

/** The audience changes only before the first dispatch: then its recipients are enrolled once. */
async function campaignForAudience(db: Database, companyId: string, campaignId: string) {
  const found = await findCampaign(db, companyId, campaignId);
  if (!found) throw notFound("campaign");
  if (found.campaign.enrolled_at !== null || closedStatuses.includes(found.campaign.status)) {
    throw stateRefusal(
      "body.list_ids",
      found.campaign.status,
      `The campaign is ${found.campaign.status}${found.campaign.enrolled_at ? " and its audience was enrolled at its first dispatch" : ""}; its audience can no longer change.`,
    );
  }
  return found;
}

export async function addAudience(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  { campaignId, ids }: { campaignId: string; ids: readonly string[] },
): Promise<z.output<typeof AudienceAdded>> {
  const companyId = caller.company.id;
  return retryOnConflict(async () => {
    const { campaign, version } = await campaignForAudience(db, companyId, campaignId);
    const found = await companyListIds(db, companyId, ids);
    const lists = ids.filter((id) => found.has(id));
    const already = await audienceListIds(db, companyId, campaign.id, lists);
    const added = lists.filter((id) => !already.has(id));
    if (added.length > 0) {
      const now = nowIso();
      await commit(
        [
          ...touchCampaign(db, companyId, campaign.id, version, now),
          ...addAudienceStatements(db, companyId, campaign.id, added, now),
        ],
        audit(campaign.id),
        [
          campaignAudienceChanged.of({
            campaign_id: campaign.id,
            added_list_ids: added,
            removed_list_ids: [],
            previous_status: campaign.status,
          }),
        ],
      );
    }
    return { added: added.length, already_in_audience: already.size, not_found: ids.filter((id) => !found.has(id)) };
  });
}

export async function removeAudience(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  { campaignId, ids }: { campaignId: string; ids: readonly string[] },
): Promise<z.output<typeof AudienceRemoved>> {
  const companyId = caller.company.id;
  return retryOnConflict(async () => {
    const { campaign, version } = await campaignForAudience(db, companyId, campaignId);
    const found = await companyListIds(db, companyId, ids);
    const lists = ids.filter((id) => found.has(id));
    const present = await audienceListIds(db, companyId, campaign.id, lists);
    const removed = lists.filter((id) => present.has(id));
    if (removed.length > 0) {
      await commit(
        [
          ...touchCampaign(db, companyId, campaign.id, version, nowIso()),
          ...removeAudienceStatements(db, companyId, campaign.id, removed),
        ],
        audit(campaign.id),
        [
          campaignAudienceChanged.of({
            campaign_id: campaign.id,
            added_list_ids: [],
            removed_list_ids: removed,
            previous_status: campaign.status,
          }),
        ],
      );
    }
    return {
      removed: removed.length,
      not_in_audience: lists.filter((id) => !present.has(id)),
      not_found: ids.filter((id) => !found.has(id)),
    };
  });
}

/**
 * The next batch of a campaign (dispatch.ts), committed with its audit entry and event; of
 * concurrent dispatches one commits and the others answer 409.
 */
export async function dispatchCampaign(
  { db, config, caller, commit }: Uses<"db" | "config" | "caller" | "commit">,
  { campaignId, batchSize }: { campaignId: string; batchSize: number },
): Promise<z.input<typeof DispatchResult>> {
  const companyId = caller.company.id;
  return retryOnConflict(async () => {
    const planned = await planDispatch(db, config, caller.company, campaignId, batchSize);
    await commit(planned.statements, audit(planned.campaign.id), [planned.event]);
    const after = await findCampaign(db, companyId, planned.campaign.id);
    return {
      campaign: after!.campaign,
      batch: { ...planned.batch, remaining: await pendingCount(db, companyId, planned.campaign.id) },
    };
  });
}

/** How many of a batch's addresses a quote names. */
const QUOTED_RECIPIENTS = 10;

/** What the next batch of a campaign would charge and to whom it would send, for a preview before it is confirmed (the MCP server's quote). */
export async function quoteDispatch(
  { db, config, caller }: Uses<"db" | "config" | "caller">,
  { campaignId, batchSize }: { campaignId: string; batchSize: number },
): Promise<Quote> {
  const planned = await planDispatch(db, config, caller.company, campaignId, batchSize);
  const { recipients, amount_minor, unit_price_minor, currency } = planned.batch;
  const amount = major(amount_minor, currency);
  const covered = amount_minor === 0 || (planned.balanceMinor ?? 0) >= amount_minor;
  return {
    charge: {
      amount,
      currency,
      description: `${recipients} email${recipients === 1 ? "" : "s"} of the campaign "${planned.campaign.name}" at ${major(unit_price_minor, currency)} ${currency} each, taken from the wallet.`,
    },
    sends: [
      {
        channel: "email",
        to: planned.emails.slice(0, QUOTED_RECIPIENTS),
        count: recipients,
        what: `The campaign's template, rendered for each recipient (subject and body with their fields).`,
      },
    ],
    ...(planned.balanceMinor === undefined
      ? {}
      : { balance: { amount: major(planned.balanceMinor, currency), currency } }),
    notes: covered
      ? []
      : [
          `The wallet's balance does not cover ${amount} ${currency}: the dispatch would be refused (409 insufficient_balance).`,
        ],
  };
}

/** One campaign of the company with its counts; any other id is 404. */
export async function requireCampaign(
  { db, caller }: Uses<"db" | "caller">,
  campaignId: string,
): Promise<CampaignView> {
  return (await orNotFound(findCampaign(db, caller.company.id, campaignId), "campaign")).campaign;
}

/** A page of one campaign's call attempts, filtered by status and contact. */
export async function attemptPage(
  { db, caller }: Uses<"db" | "caller">,
  { campaignId, query }: { campaignId: string; query: z.output<typeof ListAttemptsQuery> },
) {
  const campaign = await requireCampaign({ db, caller }, campaignId);
  return listAttempts(db, caller.company.id, campaign.id, query, { status: query.status, contactId: query.contact_id });
}

/** A page of one campaign's enrollments, filtered by status. */
export async function enrollmentPage(
  { db, caller }: Uses<"db" | "caller">,
  { campaignId, query }: { campaignId: string; query: z.output<typeof ListEnrollmentsQuery> },
) {
  const campaign = await requireCampaign({ db, caller }, campaignId);
  return listEnrollments(db, caller.company.id, campaign.id, query, query.status);
}

/** A page of the contact lists one campaign calls. */
export async function audiencePage(
  { db, caller }: Uses<"db" | "caller">,
  { campaignId, page }: { campaignId: string; page: OffsetPage },
) {
  const campaign = await requireCampaign({ db, caller }, campaignId);
  return listAudience(db, caller.company.id, campaign.id, page);
}
