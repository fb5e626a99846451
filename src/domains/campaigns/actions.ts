import type { z } from "@hono/zod-openapi";
import type { Config } from "../../config";
import type { Uses } from "../../core/action";
import type { Database } from "../../core/db/client";
import { retryOnConflict } from "../../core/db/precondition";
import { nowIso } from "../../core/db/schema";
import { ApiError, invalidField, notFound, orNotFound } from "../../core/errors";
import type { OffsetPage } from "../../core/pagination";
import { ProviderError } from "../../core/gateway";
import { enqueueJob } from "../../core/jobs";
import type { AuditTarget, WriteStatement } from "../../core/operation";
import type { EmittedEvent } from "../../core/events";
import { updateWithVersion } from "../../core/db/versioned";
import { debit, walletBalance } from "../billing";
import { messagePrice } from "../price-book";
import type { contacts } from "../contacts";
import { companyTemplates, renderTemplate, type MergeContact } from "../email-templates";
import { campaignAudienceChanged, campaignCreated, campaignDispatched, campaignUpdated } from "./events";
import { sendCampaignEmail } from "./jobs";
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
  audienceCounts,
  audienceListIds,
  batchInFlight,
  companyListIds,
  enrollAudienceStatement,
  enrolledExactly,
  findCampaign,
  insertAttempts,
  insertCampaign,
  isCompanyAgent,
  listAttempts,
  listAudience,
  listEnrollments,
  markDispatched,
  nextRecipients,
  pendingCount,
  queueEnrollments,
  readyToDispatch,
  removeAudienceStatements,
  touchCampaign,
  updateCampaign,
} from "./queries";
import type { campaignAttempts, CampaignStatus } from "./schema";

type Commit = (statements: readonly WriteStatement[], audit: AuditTarget, events?: readonly EmittedEvent[]) => Promise<unknown[]>;

const audit = (campaignId: string): AuditTarget => ({ resourceType: "campaign", resourceId: campaignId });

/** A write the campaign's state forbids: 400 naming the state. */
const stateRefusal = (path: string, status: CampaignStatus, message: string) =>
  new ApiError("validation_error", `${path}: ${message}`, { errors: [{ path, message }], current_status: status });

async function checkAgent(db: Database, companyId: string, agentId: string) {
  if (!(await isCompanyAgent(db, companyId, agentId))) throw invalidField("body.agent_id", "No agent of the company has this id.");
}

async function checkTemplate(db: Database, companyId: string, templateId: string) {
  if (!(await companyTemplates(db, companyId, [templateId])).has(templateId)) throw invalidField("body.template_id", "No email template of the company has this id.");
}

export async function createCampaign({ db, caller, commit }: Uses<"db" | "caller" | "commit">, body: z.output<typeof CreateCampaignInput>): Promise<CampaignView> {
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
        [...touchCampaign(db, companyId, campaign.id, version, now), ...addAudienceStatements(db, companyId, campaign.id, added, now)],
        audit(campaign.id),
        [campaignAudienceChanged.of({ campaign_id: campaign.id, added_list_ids: added, removed_list_ids: [] })],
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
        [...touchCampaign(db, companyId, campaign.id, version, nowIso()), ...removeAudienceStatements(db, companyId, campaign.id, removed)],
        audit(campaign.id),
        [campaignAudienceChanged.of({ campaign_id: campaign.id, added_list_ids: [], removed_list_ids: removed })],
      );
    }
    return { removed: removed.length, not_in_audience: lists.filter((id) => !present.has(id)), not_found: ids.filter((id) => !found.has(id)) };
  });
}

const cannotDispatch = (detail: string, extra: Record<string, unknown> = {}) => new ApiError("conflict", `The campaign cannot be dispatched: ${detail}`, extra);

function mergeContact(row: typeof contacts.$inferSelect): MergeContact {
  const name = [row.firstName, row.lastName].filter(Boolean).join(" ");
  return {
    name: name === "" ? null : name,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    company: row.companyName,
    custom_fields: row.customFields,
  };
}

/** 503 before anything is read or written when the deployment has no email provider (Postmark base URL, token and sender). */
function requireEmailProvider(config: Config) {
  const { baseUrl, serverToken, from } = config.providers.postmark;
  if (!baseUrl || !serverToken || !from) throw new ProviderError("postmark", "not_configured", "Postmark is not configured for this account.");
}

/**
 * The next batch of a campaign: enroll the audience (first dispatch), render the template for each
 * recipient of the batch, record the attempts, charge the wallet and queue the sends, all in one
 * D1 batch. The batch states that the campaign is still at the version read and has no batch in
 * flight, so of concurrent dispatches one commits and the others answer 409.
 */
export async function dispatchCampaign(
  { db, config, caller, commit }: Uses<"db" | "config" | "caller" | "commit">,
  { campaignId, batchSize }: { campaignId: string; batchSize: number },
): Promise<z.input<typeof DispatchResult>> {
  const companyId = caller.company.id;
  return retryOnConflict(async () => {
    const found = await findCampaign(db, companyId, campaignId);
    if (!found) throw notFound("campaign");
    const { campaign, version } = found;
    const current_status = campaign.status;
    if (campaign.status === "completed" || campaign.status === "archived") throw cannotDispatch(`it is ${campaign.status}.`, { current_status });
    if (campaign.status === "paused") throw cannotDispatch("it is paused; resume it first (PATCH status sending).", { current_status });
    if (campaign.template_id === null) throw cannotDispatch("it has no template (PATCH template_id).", { current_status });
    const enrolled = campaign.enrolled_at !== null;
    if (!enrolled && campaign.list_count === 0) throw cannotDispatch("its audience has no contact list (POST .../lists).", { current_status });
    if (await batchInFlight(db, campaign.id)) throw cannotDispatch("a batch is still being sent; dispatch the next one when it has finished.", { current_status });
    requireEmailProvider(config);

    const audience = enrolled ? undefined : await audienceCounts(db, companyId, campaign.id);
    if (audience && audience.eligible === 0) {
      throw cannotDispatch(`its audience has no contact to email (${audience.noEmail} without an email, ${audience.unsubscribed} unsubscribed).`, { current_status });
    }
    const recipients = await nextRecipients(db, companyId, campaign.id, enrolled, batchSize);
    if (recipients.length === 0) throw cannotDispatch("every recipient has been sent to.", { current_status });
    const template = (await companyTemplates(db, companyId, [campaign.template_id])).get(campaign.template_id);
    if (!template) throw cannotDispatch("its template no longer exists.", { current_status });

    const now = nowIso();
    const batchId = crypto.randomUUID();
    const attempts: (typeof campaignAttempts.$inferInsert)[] = recipients.map(({ contact, email }) => {
      const message = renderTemplate(template, mergeContact(contact));
      return {
        id: crypto.randomUUID(),
        campaignId: campaign.id,
        companyId,
        batchId,
        contactId: contact.id,
        email,
        subject: message.subject,
        htmlBody: message.html,
        textBody: message.text,
        status: "queued",
        createdAt: now,
        updatedAt: now,
      };
    });
    // The email price of the company's price book (its own, else its plan's), in the company's currency.
    const [wallet, price] = await Promise.all([walletBalance(db, companyId), messagePrice(db, caller.company, "email")]);
    const { amountMinor: unitPriceMinor, currency } = price;
    if (wallet && wallet.currency !== currency) throw cannotDispatch(`the email price is in ${currency}, but the wallet is in ${wallet.currency}.`);
    const amountMinor = unitPriceMinor * attempts.length;
    const charge = await debit(db, {
      companyId,
      amountMinor,
      currency,
      kind: "charge",
      reference: { type: "campaign", id: campaign.id },
      description: `Campaign "${campaign.name}": ${attempts.length} email${attempts.length === 1 ? "" : "s"}`,
      entryId: batchId,
      refuseAs: "insufficient_balance",
    });
    await commit(
      [
        readyToDispatch(db, companyId, campaign.id, version, () => cannotDispatch("another dispatch of it committed first.", { current_status })),
        ...(audience ? [enrollAudienceStatement(db, companyId, campaign.id, now), enrolledExactly(db, companyId, campaign.id, audience.eligible)] : []),
        ...insertAttempts(db, attempts),
        queueEnrollments(db, companyId, campaign.id, attempts.map((attempt) => attempt.contactId), now),
        markDispatched(db, companyId, campaign.id, version, now, audience),
        ...charge,
        ...attempts.map((attempt) => enqueueJob(sendCampaignEmail, companyId, { attemptId: attempt.id! })),
      ],
      { resourceType: "campaign", resourceId: campaign.id },
      [campaignDispatched.of({ campaign_id: campaign.id, batch_id: batchId, recipients: attempts.length, amount_minor: amountMinor, currency })],
    );
    const after = await findCampaign(db, companyId, campaign.id);
    return {
      campaign: after!.campaign,
      batch: { id: batchId, recipients: attempts.length, amount_minor: amountMinor, currency, unit_price_minor: unitPriceMinor, remaining: await pendingCount(db, companyId, campaign.id) },
    };
  });
}

/** One campaign of the company with its counts; any other id is 404. */
export async function requireCampaign({ db, caller }: Uses<"db" | "caller">, campaignId: string): Promise<CampaignView> {
  return (await orNotFound(findCampaign(db, caller.company.id, campaignId), "campaign")).campaign;
}

/** A page of one campaign's call attempts, filtered by status and contact. */
export async function attemptPage({ db, caller }: Uses<"db" | "caller">, { campaignId, query }: { campaignId: string; query: z.output<typeof ListAttemptsQuery> }) {
  const campaign = await requireCampaign({ db, caller }, campaignId);
  return listAttempts(db, caller.company.id, campaign.id, query, { status: query.status, contactId: query.contact_id });
}

/** A page of one campaign's enrollments, filtered by status. */
export async function enrollmentPage({ db, caller }: Uses<"db" | "caller">, { campaignId, query }: { campaignId: string; query: z.output<typeof ListEnrollmentsQuery> }) {
  const campaign = await requireCampaign({ db, caller }, campaignId);
  return listEnrollments(db, caller.company.id, campaign.id, query, query.status);
}

/** A page of the contact lists one campaign calls. */
export async function audiencePage({ db, caller }: Uses<"db" | "caller">, { campaignId, page }: { campaignId: string; page: OffsetPage }) {
  const campaign = await requireCampaign({ db, caller }, campaignId);
  return listAudience(db, caller.company.id, campaign.id, page);
}
