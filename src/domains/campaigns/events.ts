import { z } from "@hono/zod-openapi";
import { defineEvent, type EventDefinition } from "../../data/events";
import { int32, int64, uuid } from "../../lib/schemas";
import { AUDIENCE_MAX_IDS, BATCH_SIZE_MAX, Campaign } from "./model";
import { campaignStatuses } from "./schema";

export const campaignCreated = defineEvent("campaign.created", "A campaign was created (as a draft).", Campaign);

export const campaignUpdated = defineEvent(
  "campaign.updated",
  "A campaign was edited or moved to another status; `campaign` is the campaign after the change, `changed_fields` the fields the request sent, `previous_status` its status before.",
  z.object({
    campaign: Campaign,
    changed_fields: z
      .array(z.enum(["name", "agent_id", "template_id", "scheduled_at", "status"]))
      .max(5)
      .openapi({ description: "The fields the request sent" }),
    previous_status: z.enum(campaignStatuses),
  }),
);

export const campaignAudienceChanged = defineEvent(
  "campaign.audience_changed",
  "Contact lists were added to or removed from a campaign's audience (only those that changed).",
  z.object({
    campaign_id: uuid(),
    added_list_ids: z.array(uuid()).max(AUDIENCE_MAX_IDS),
    removed_list_ids: z.array(uuid()).max(AUDIENCE_MAX_IDS),
  }),
);

export const campaignDispatched = defineEvent(
  "campaign.dispatched",
  "A batch of a campaign was queued for sending and charged to the wallet.",
  z.object({
    campaign_id: uuid(),
    batch_id: uuid(),
    recipients: int32({ max: BATCH_SIZE_MAX }),
    amount_minor: int64({ min: 0 }),
    currency: z.string(),
  }),
);

export const campaignFailed = defineEvent(
  "campaign.failed",
  "A scheduled campaign could not go out at its time (not enough balance, the account not enabled for spending, no verified sending identity): it is `failed` with the reason, and nothing of that dispatch was sent or charged.",
  z.object({
    campaign_id: uuid(),
    reason: z.enum(["insufficient_balance", "spend_not_enabled", "no_sending_identity", "not_dispatchable"]),
    detail: z.string().openapi({ description: "The refusal, as the campaign's failure_reason shows it" }),
  }),
);

export const contactUnsubscribed = defineEvent(
  "contact.unsubscribed",
  "A contact followed the unsubscribe link of a marketing email (a campaign's or a sequence's) and is now tagged `unsubscribed`: campaigns and sequences send it nothing more. Sent once; following the link again changes nothing.",
  z.object({
    contact_id: uuid(),
    email: z.string().nullable(),
    source: z.enum(["unsubscribe_link"]),
    unsubscribed_at: z.string().openapi({ format: "date-time" }),
  }),
);

export const campaignEvents: EventDefinition[] = [
  campaignCreated,
  campaignUpdated,
  campaignAudienceChanged,
  campaignDispatched,
  campaignFailed,
  contactUnsubscribed,
];
