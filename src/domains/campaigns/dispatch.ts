import type { z } from "@hono/zod-openapi";
import type { Config } from "../../config";
import type { Database } from "../../core/db/client";
import { retryOnConflict } from "../../core/db/precondition";
import { nowIso } from "../../core/db/schema";
import { ApiError, notFound } from "../../core/errors";
import { ProviderError } from "../../core/gateway";
import { enqueueJob } from "../../core/jobs";
import type { Caller } from "../../core/operation";
import { debit, walletBalance } from "../billing";
import { contacts } from "../contacts";
import { companyTemplates, renderTemplate, type MergeContact } from "../email-templates";
import type { Commit } from "./actions";
import { campaignDispatched } from "./events";
import type { DispatchResult } from "./model";
import {
  audienceCounts,
  batchInFlight,
  enrollAudienceStatement,
  enrolledExactly,
  findCampaign,
  insertAttempts,
  markDispatched,
  nextRecipients,
  pendingCount,
  queueEnrollments,
  readyToDispatch,
} from "./queries";
import type { campaignAttempts } from "./schema";
import { sendCampaignEmail } from "./send";

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
  context: { db: Database; config: Config; caller: Caller; commit: Commit },
  campaignId: string,
  batchSize: number,
): Promise<z.input<typeof DispatchResult>> {
  const { db, config, caller, commit } = context;
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
    const unitPriceMinor = config.campaigns.emailPriceMinor;
    const wallet = await walletBalance(db, companyId);
    const currency = wallet?.currency ?? caller.company.defaultCurrency ?? "EUR";
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
