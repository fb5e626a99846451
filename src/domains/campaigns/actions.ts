import type { z } from "@hono/zod-openapi";
import type { Database } from "../../core/db/client";
import { retryOnConflict } from "../../core/db/precondition";
import { nowIso } from "../../core/db/schema";
import { ApiError, invalidField, notFound } from "../../core/errors";
import type { AuditTarget, WriteStatement } from "../../core/operation";
import type { EmittedEvent } from "../../core/events";
import { updateWithVersion } from "../../core/db/versioned";
import { companyTemplates } from "../email-templates";
import { campaignAudienceChanged, campaignCreated, campaignUpdated } from "./events";
import { allowedTransitions, closedStatuses, type AudienceAdded, type AudienceRemoved, type CampaignView, type CreateCampaignInput, type UpdateCampaignInput } from "./model";
import {
  addAudienceStatements,
  audienceListIds,
  companyListIds,
  findCampaign,
  insertCampaign,
  isCompanyAgent,
  removeAudienceStatements,
  touchCampaign,
  updateCampaign,
} from "./queries";
import type { CampaignStatus } from "./schema";

export type Commit = (statements: readonly WriteStatement[], audit: AuditTarget, events?: readonly EmittedEvent[]) => Promise<unknown[]>;

const audit = (campaignId: string): AuditTarget => ({ resourceType: "campaign", resourceId: campaignId });

/** A write the campaign's state forbids: 400 naming the state. */
export const stateRefusal = (path: string, status: CampaignStatus, message: string) =>
  new ApiError("validation_error", `${path}: ${message}`, { errors: [{ path, message }], current_status: status });

async function checkAgent(db: Database, companyId: string, agentId: string) {
  if (!(await isCompanyAgent(db, companyId, agentId))) throw invalidField("body.agent_id", "No agent of the company has this id.");
}

async function checkTemplate(db: Database, companyId: string, templateId: string) {
  if (!(await companyTemplates(db, companyId, [templateId])).has(templateId)) throw invalidField("body.template_id", "No email template of the company has this id.");
}

export async function createCampaign(db: Database, companyId: string, body: z.output<typeof CreateCampaignInput>, commit: Commit): Promise<CampaignView> {
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
    list_count: 0,
    counts: { enrolled: 0, pending: 0, queued: 0, sent: 0, failed: 0, skipped_no_email: 0, skipped_unsubscribed: 0 },
    enrolled_at: null,
    created_at: now,
    updated_at: now,
  };
  await commit([insertCampaign(db, companyId, campaign)], audit(campaign.id), [campaignCreated.of(campaign)]);
  return campaign;
}

/** Fields, then the status move, checked against the campaign as read; a compare-and-set on its version. */
export async function editCampaign(db: Database, companyId: string, campaignId: string, body: z.output<typeof UpdateCampaignInput>, commit: Commit): Promise<CampaignView> {
  const changedFields = (["name", "agent_id", "template_id", "scheduled_at", "status"] as const).filter((field) => body[field] !== undefined);
  return updateWithVersion("campaign", () => findCampaign(db, companyId, campaignId), async ({ campaign: current, version }) => {
    const edits = changedFields.filter((field) => field !== "status");
    if (closedStatuses.includes(current.status) && edits.length > 0) {
      throw stateRefusal(`body.${edits[0]}`, current.status, `The campaign is ${current.status}; a ${current.status} campaign cannot be edited.`);
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
        throw stateRefusal(`body.${field}`, current.status, `The campaign is ${current.status} and has recipients; ${field} can change only before the first dispatch.`);
      }
    }
    if (body.agent_id !== undefined) await checkAgent(db, companyId, body.agent_id);
    if (typeof body.template_id === "string") await checkTemplate(db, companyId, body.template_id);
    const scheduledAt = body.scheduled_at === undefined ? current.scheduled_at : body.scheduled_at === null ? null : new Date(body.scheduled_at).toISOString();
    if (body.scheduled_at && scheduledAt! <= nowIso()) throw invalidField("body.scheduled_at", "The campaign can be scheduled only in the future.");
    if (status === "scheduled" && current.status !== "scheduled" && scheduledAt === null) {
      throw invalidField("body.scheduled_at", "Scheduling a campaign needs scheduled_at (an instant in the future).");
    }
    const campaign: CampaignView = {
      ...current,
      name: body.name ?? current.name,
      agent_id: body.agent_id ?? current.agent_id,
      template_id: body.template_id === undefined ? current.template_id : body.template_id,
      scheduled_at: scheduledAt,
      status,
      updated_at: nowIso(),
    };
    await commit(updateCampaign(db, companyId, campaign, version), audit(current.id), [
      campaignUpdated.of({ campaign, changed_fields: changedFields, previous_status: current.status }),
    ]);
    return campaign;
  });
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

export async function addAudience(db: Database, companyId: string, campaignId: string, ids: readonly string[], commit: Commit): Promise<z.output<typeof AudienceAdded>> {
  return retryOnConflict(async () => {
    const { campaign, version } = await campaignForAudience(db, companyId, campaignId);
    const found = await companyListIds(db, companyId, ids);
    const lists = ids.filter((id) => found.has(id));
    const already = await audienceListIds(db, companyId, campaign.id, lists);
    const added = lists.filter((id) => !already.has(id));
    if (added.length > 0) {
      const now = nowIso();
      await commit(
        [...touchCampaign(db, companyId, campaign.id, version, now), ...addAudienceStatements(db, companyId, campaign.id, added, now)],
        audit(campaign.id),
        [campaignAudienceChanged.of({ campaign_id: campaign.id, added_list_ids: added, removed_list_ids: [] })],
      );
    }
    return { added: added.length, already_in_audience: already.size, not_found: ids.filter((id) => !found.has(id)) };
  });
}

export async function removeAudience(db: Database, companyId: string, campaignId: string, ids: readonly string[], commit: Commit): Promise<z.output<typeof AudienceRemoved>> {
  return retryOnConflict(async () => {
    const { campaign, version } = await campaignForAudience(db, companyId, campaignId);
    const found = await companyListIds(db, companyId, ids);
    const lists = ids.filter((id) => found.has(id));
    const present = await audienceListIds(db, companyId, campaign.id, lists);
    const removed = lists.filter((id) => present.has(id));
    if (removed.length > 0) {
      await commit(
        [...touchCampaign(db, companyId, campaign.id, version, nowIso()), ...removeAudienceStatements(db, companyId, campaign.id, removed)],
        audit(campaign.id),
        [campaignAudienceChanged.of({ campaign_id: campaign.id, added_list_ids: [], removed_list_ids: removed })],
      );
    }
    return { removed: removed.length, not_in_audience: lists.filter((id) => !present.has(id)), not_found: ids.filter((id) => !found.has(id)) };
  });
}
