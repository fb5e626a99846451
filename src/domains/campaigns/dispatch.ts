import type { Config } from "../../config";
import type { Database } from "../../data/client";
import { nowIso } from "../../data/schema";
import { ApiError, notFound } from "../../lib/errors";
import type { EmittedEvent } from "../../data/events";
import { ProviderError } from "../../integrations";
import { enqueueJob } from "../../work/jobs";
import type { WriteStatement } from "../../core/operation";
import { debit, walletBalance } from "../billing";
import { companyTemplates, renderTemplate } from "../email-templates";
import { messagePrice, type PricedCompany } from "../price-book";
import { campaignDispatched } from "./events";
import { sendCampaignEmail } from "./jobs";
import { mergeContact, mergeContactOf, mergeValues, requireMarketingSender } from "./marketing";
import type { CampaignView } from "./model";
import {
  audienceCounts,
  batchInFlight,
  enrollAudienceStatement,
  enrolledExactly,
  findCampaign,
  insertAttempts,
  insertBatch,
  markDispatched,
  nextRecipients,
  queueEnrollments,
  readyToDispatch,
} from "./queries";
import type { campaignAttempts } from "./schema";

/*
 * A dispatch, shared by POST /campaigns/{id}/dispatch and the due work of a scheduled campaign: the
 * checks, then the statements of one D1 batch that enrolls the audience (first dispatch), stores
 * the template once for the batch, records an attempt per recipient (its subject and the values its
 * message is rendered with when it is sent), charges the wallet and queues the sends. The batch
 * states that the campaign is still at the version read and has no batch in flight, so of
 * concurrent dispatches one commits and the others are refused (409).
 */

const cannotDispatch = (detail: string, extra: Record<string, unknown> = {}) =>
  new ApiError("conflict", `The campaign cannot be dispatched: ${detail}`, extra);

export const IN_FLIGHT_DETAIL = "a batch is still being sent; dispatch the next one when it has finished.";

/** 503 before anything is read or written when the deployment has no email provider (Postmark base URL and token). */
function requireEmailProvider(config: Config, identity: { sealedProviderSettings: string | null }) {
  const { baseUrl, serverToken } = config.providers.postmark;
  if (!baseUrl || (!serverToken && !identity.sealedProviderSettings))
    throw new ProviderError("postmark", "not_configured", "Postmark is not configured for this account.");
}

export interface PlannedDispatch {
  campaign: CampaignView;
  statements: WriteStatement[];
  event: EmittedEvent;
  batch: { id: string; recipients: number; amount_minor: number; currency: string; unit_price_minor: number };
  /** The batch's recipients' addresses, in the order they are sent to. */
  emails: string[];
  /** The wallet's balance when the batch was planned. */
  balanceMinor: number | undefined;
}

/**
 * The next batch of the campaign, planned for one commit. Throws the refusal (404, 409 conflict or
 * insufficient_balance, 503 without a provider or a verified sending identity) before anything is written.
 */
export async function planDispatch(
  db: Database,
  config: Config,
  company: PricedCompany,
  campaignId: string,
  batchSize: number,
): Promise<PlannedDispatch> {
  const companyId = company.id;
  const found = await findCampaign(db, companyId, campaignId);
  if (!found) throw notFound("campaign");
  const { campaign, version } = found;
  const current_status = campaign.status;
  if (campaign.status === "completed" || campaign.status === "archived")
    throw cannotDispatch(`it is ${campaign.status}.`, { current_status });
  if (campaign.status === "paused")
    throw cannotDispatch("it is paused; resume it first (PATCH status sending).", { current_status });
  if (campaign.template_id === null)
    throw cannotDispatch("it has no template (PATCH template_id).", { current_status });
  const enrolled = campaign.enrolled_at !== null;
  if (!enrolled && campaign.list_count === 0)
    throw cannotDispatch("its audience has no contact list (POST .../lists).", { current_status });
  if (await batchInFlight(db, campaign.id)) throw cannotDispatch(IN_FLIGHT_DETAIL, { current_status });
  const identity = await requireMarketingSender(db, config, companyId);
  requireEmailProvider(config, identity);

  const audience = enrolled ? undefined : await audienceCounts(db, companyId, campaign.id);
  if (audience && audience.eligible === 0) {
    throw cannotDispatch(
      `its audience has no contact to email (${audience.noEmail} without an email, ${audience.unsubscribed} unsubscribed).`,
      { current_status },
    );
  }
  const recipients = await nextRecipients(db, companyId, campaign.id, enrolled, batchSize);
  if (recipients.length === 0) throw cannotDispatch("every recipient has been sent to.", { current_status });
  const template = (await companyTemplates(db, companyId, [campaign.template_id])).get(campaign.template_id);
  if (!template) throw cannotDispatch("its template no longer exists.", { current_status });

  const now = nowIso();
  const batchId = crypto.randomUUID();
  // The template is stored once, in the batch; each attempt keeps its rendered subject and the
  // values its body is rendered with when it is sent (the send job), so a dispatch writes the
  // template's size once and not once per recipient.
  const subjectOnly = { subject: template.subject, body: "", text_body: null };
  const attempts: (typeof campaignAttempts.$inferInsert)[] = recipients.map(({ contact, email }) => {
    const values = mergeValues(mergeContact(contact), template.placeholders);
    return {
      id: crypto.randomUUID(),
      campaignId: campaign.id,
      companyId,
      batchId,
      contactId: contact.id,
      email,
      subject: renderTemplate(subjectOnly, mergeContactOf(values)).subject,
      mergeValues: values,
      status: "queued",
      createdAt: now,
      updatedAt: now,
    };
  });
  // The email price of the company's price book (its own, else its plan's), in the company's currency.
  const [wallet, price] = await Promise.all([walletBalance(db, companyId), messagePrice(db, company, "email")]);
  const { amountMinor: unitPriceMinor, currency } = price;
  if (wallet && wallet.currency !== currency)
    throw cannotDispatch(`the email price is in ${currency}, but the wallet is in ${wallet.currency}.`);
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
    usage: { kind: "email", quantity: attempts.length },
  });
  return {
    campaign,
    statements: [
      readyToDispatch(db, companyId, campaign.id, version, () =>
        cannotDispatch("another dispatch of it committed first.", { current_status }),
      ),
      ...(audience
        ? [
            enrollAudienceStatement(db, companyId, campaign.id, now),
            enrolledExactly(db, companyId, campaign.id, audience.eligible),
          ]
        : []),
      insertBatch(db, {
        id: batchId,
        companyId,
        campaignId: campaign.id,
        templateId: template.id,
        subject: template.subject,
        body: template.body,
        textBody: template.text_body,
        createdAt: now,
      }),
      ...insertAttempts(db, attempts),
      queueEnrollments(
        db,
        companyId,
        campaign.id,
        attempts.map((attempt) => attempt.contactId),
        now,
      ),
      markDispatched(db, companyId, campaign.id, version, now, audience),
      ...charge,
      ...attempts.map((attempt) => enqueueJob(sendCampaignEmail, companyId, { attemptId: attempt.id! })),
    ],
    event: campaignDispatched.of({
      campaign_id: campaign.id,
      batch_id: batchId,
      recipients: attempts.length,
      amount_minor: amountMinor,
      currency,
      previous_status: campaign.status,
    }),
    batch: {
      id: batchId,
      recipients: attempts.length,
      amount_minor: amountMinor,
      currency,
      unit_price_minor: unitPriceMinor,
    },
    emails: attempts.map((attempt) => attempt.email),
    balanceMinor: wallet?.balanceMinor,
  };
}
