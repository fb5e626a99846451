import { z } from "@hono/zod-openapi";
import { defineEvent, defineResourceEvent, type EventDefinition } from "../../data/events";
import { eventSequenceField, int32, int64, uuid } from "../../lib/schemas";
import { AUDIENCE_MAX_IDS, BATCH_SIZE_MAX, Campaign } from "./model";
import { campaigns, campaignStatuses } from "./schema";

const ofCampaign = ({ campaign_id }: { campaign_id: string }) => ({ table: campaigns, id: campaign_id });

/** Every event about a campaign draws the campaign's next `sequence` (src/data/sequences.ts), as calls' and messages' do. */
export const campaignCreated = defineResourceEvent(
  "campaign.created",
  "A campaign was created (as a draft).",
  // Campaign's fields spread into an object of its own, so the document gives one flat schema (extend would be an allOf).
  z
    .object({
      ...Campaign.shape,
      previous_status: z.null().describe("The state the campaign leaves: none, it begins here"),
      sequence: eventSequenceField(),
    })
    .openapi("CampaignCreatedData", {
      description: "The campaign as created, with its place in the campaign's events",
    }),
  ({ id }) => ({ table: campaigns, id }),
);

export const campaignUpdated = defineResourceEvent(
  "campaign.updated",
  "A campaign was edited or moved to another status; `campaign` is the campaign after the change, `changed_fields` the fields the request sent, `previous_status` its status before.",
  z.object({
    campaign: Campaign,
    changed_fields: z
      .array(z.enum(["name", "agent_id", "template_id", "scheduled_at", "status"]))
      .max(5)
      .openapi({ description: "The fields the request sent" }),
    previous_status: z.enum(campaignStatuses).describe("The campaign's status before this change"),
    sequence: eventSequenceField(),
  }),
  ({ campaign }) => ({ table: campaigns, id: campaign.id }),
);

export const campaignAudienceChanged = defineResourceEvent(
  "campaign.audience_changed",
  "Contact lists were added to or removed from a campaign's audience (only those that changed).",
  z.object({
    campaign_id: uuid(),
    added_list_ids: z.array(uuid()).max(AUDIENCE_MAX_IDS),
    removed_list_ids: z.array(uuid()).max(AUDIENCE_MAX_IDS),
    previous_status: z
      .enum(campaignStatuses)
      .describe("The campaign's status, which a change of audience leaves as it is"),
    sequence: eventSequenceField(),
  }),
  ofCampaign,
);

export const campaignDispatched = defineResourceEvent(
  "campaign.dispatched",
  "A batch of a campaign was queued for sending and charged to the wallet.",
  z.object({
    campaign_id: uuid(),
    batch_id: uuid(),
    recipients: int32({ max: BATCH_SIZE_MAX }),
    amount_minor: int64({ min: 0 }),
    currency: z.string(),
    previous_status: z
      .enum(campaignStatuses)
      .describe("The campaign's status before this dispatch moved it to sending"),
    sequence: eventSequenceField(),
  }),
  ofCampaign,
);

export const campaignFailed = defineResourceEvent(
  "campaign.failed",
  "A scheduled campaign could not go out at its time (not enough balance, the account not enabled for spending, no verified sending identity): it is `failed` with the reason, and nothing of that dispatch was sent or charged.",
  z.object({
    campaign_id: uuid(),
    reason: z.enum(["insufficient_balance", "spend_not_enabled", "no_sending_identity", "not_dispatchable"]),
    detail: z.string().openapi({ description: "The refusal, as the campaign's failure_reason shows it" }),
    previous_status: z.enum(["scheduled", "sending"]).describe("The campaign's status before this event"),
    sequence: eventSequenceField(),
  }),
  ofCampaign,
);

const count = (description: string) => int32().openapi({ description });

export const campaignCompleted = defineResourceEvent(
  "campaign.completed",
  "A campaign finished sending: every enrolled recipient was attempted (`cause` `all_attempted`, at the first tick of the Cron Trigger after the last attempt was resolved, within a minute), " +
    "or a paused campaign was moved to `completed` (`cause` `marked_completed`). Emitted once per campaign, in the batch that moves its status to `completed` " +
    "(a compare-and-set on that status). The counts are those of its attempts at that moment: `sent` and `failed` are final; `delivered`, `bounced` " +
    "and `complained` are what the provider had reported so far (each attempt's later reports come as email.* events of source `campaign`).",
  z
    .object({
      campaign_id: uuid(),
      status: z.enum(["completed"]).openapi({ description: "The campaign's status after this event" }),
      previous_status: z
        .enum(["sending", "paused"])
        .describe("The campaign's `status` before this event: `sending`, or `paused` when it was marked completed"),
      cause: z.enum(["all_attempted", "marked_completed"]),
      counts: z
        .object({
          enrolled: count("Recipients enrolled (each contact once, across the audience's lists)"),
          sent: count("Attempts the email provider accepted"),
          failed: count(
            "Attempts that failed (refused by the provider, the identity gone, or closed at their deadline)",
          ),
          delivered: count("Attempts reported delivered so far"),
          bounced: count("Attempts reported bounced so far"),
          complained: count("Attempts reported as spam so far"),
          suppressed: count(
            "Audience contacts not sent to because they had unsubscribed or their address was suppressed (a hard bounce or a complaint): the campaign's skipped_unsubscribed",
          ),
          skipped_no_email: count("Audience contacts not sent to because they have no email"),
        })
        .openapi("CampaignCompletedCounts", {
          description: "What became of the campaign's audience when it completed",
        }),
      completed_at: z.string().openapi({ format: "date-time" }),
      sequence: eventSequenceField(),
    })
    .strict()
    .openapi("CampaignCompletedData", {
      description: "A campaign that completed: every recipient attempted, or marked completed",
    }),
  ({ campaign_id }) => ({ table: campaigns, id: campaign_id }),
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
  campaignCompleted,
  contactUnsubscribed,
];
