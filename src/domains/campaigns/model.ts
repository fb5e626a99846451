import { z } from "@hono/zod-openapi";
import { OffsetPageQuery } from "../../lib/pagination";
import { int32, int64, optional, requireSome, timestamp, uuid } from "../../lib/schemas";
import { attemptStatuses, campaignStatuses, enrollmentStatuses, type CampaignStatus } from "./schema";
import { emailDeliveryStatuses } from "../email";
import { exampleAgentId } from "../agents";
import { exampleTemplateIds } from "../email-templates";
import { exampleListId } from "../contact-lists";
import { exampleContactIds } from "../contacts";

const CAMPAIGN_NAME_MAX = 200;
export const AUDIENCE_MAX_IDS = 100;
export const BATCH_SIZE_DEFAULT = 100;
export const BATCH_SIZE_MAX = 500;
/** The tag that marks a contact as unsubscribed from campaigns (compared in lower case). */
export const UNSUBSCRIBED_TAG = "unsubscribed";

/**
 * The moves a PATCH may make. `sending` is entered by a dispatch (or by resuming a paused
 * campaign); `completed` is reached when every enrolled recipient has been attempted.
 */
export const allowedTransitions: Record<CampaignStatus, readonly CampaignStatus[]> = {
  draft: ["scheduled", "archived"],
  scheduled: ["draft", "archived"],
  sending: ["paused"],
  paused: ["sending", "completed", "archived"],
  completed: ["archived"],
  failed: ["scheduled", "archived"],
  archived: [],
};

/** Statuses whose campaign can no longer be edited. */
export const closedStatuses: readonly CampaignStatus[] = ["completed", "archived"];

const countField = (description: string) => int32().openapi({ description });

const CampaignCounts = z
  .object({
    enrolled: countField("Recipients enrolled (each contact once, across the audience's lists)"),
    pending: countField("Enrolled recipients not yet in a batch"),
    queued: countField("Attempts handed to the email provider and not yet resolved"),
    sent: countField("Attempts the provider accepted"),
    failed: countField("Attempts that failed (see each attempt's failure_reason)"),
    skipped_no_email: countField("Audience contacts skipped at enrollment: no email"),
    skipped_unsubscribed: countField(`Audience contacts skipped at enrollment: tagged \`${UNSUBSCRIBED_TAG}\``),
  })
  .openapi("CampaignCounts", {
    description:
      "Counts of the campaign's recipients; enrolled = pending + queued + sent + failed, and they agree with the enrollments and attempts lists.",
  });

export const Campaign = z
  .object({
    id: uuid(),
    name: z.string(),
    agent_id: uuid().openapi({ description: "The agent the campaign speaks for (its sender identity)" }),
    template_id: uuid().nullable().openapi({ description: "The email template sent; null until one is chosen" }),
    status: z.enum(campaignStatuses),
    scheduled_at: timestamp().nullable().openapi({
      description:
        "When a `scheduled` campaign goes out: due work dispatches it at the first tick at or after this time, with the rules of POST .../dispatch",
    }),
    failure_reason: z.string().nullable().openapi({
      description:
        "Why a `failed` campaign's scheduled dispatch was refused (balance, spending, sending identity); null otherwise",
    }),
    list_count: int32().openapi({ description: "Contact lists in the audience" }),
    counts: CampaignCounts,
    enrolled_at: timestamp()
      .nullable()
      .openapi({ description: "When the audience was enrolled (at the first dispatch); null before" }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .openapi("Campaign", {
    description: "An email campaign: its agent, template, audience size, state and recipient counts.",
  });

export type CampaignView = z.output<typeof Campaign>;

const name = z.string().trim().min(1).max(CAMPAIGN_NAME_MAX);
const idText = (description: string) => z.string().min(1).max(36).openapi({ format: "uuid", description });
const instant = z.iso.datetime({ offset: true }).max(40).openapi({ description: "ISO 8601 instant with an offset" });

export const CreateCampaignInput = z
  .object({
    name,
    agent_id: idText("An agent of the company"),
    template_id: optional(idText("An email template of the company")),
  })
  .openapi("CreateCampaignInput", {
    description: "A campaign: its name, its agent and, optionally, its template. It starts as a draft.",
  });

export const UpdateCampaignInput = requireSome(
  z.object({
    name: name.optional(),
    agent_id: idText("An agent of the company").optional(),
    template_id: idText("An email template of the company; null removes it").nullable().optional(),
    scheduled_at: instant
      .nullable()
      .optional()
      .openapi({ description: "When the campaign is planned (in the future); null clears it" }),
    status: z
      .enum(campaignStatuses)
      .optional()
      .openapi({ description: "Moves the campaign along the allowed transitions only" }),
  }),
  "Send at least one field to change.",
).openapi("UpdateCampaignInput", {
  description:
    "The fields to change, and optionally a new status. Allowed moves: draft -> scheduled or archived; scheduled -> draft or archived; " +
    "sending -> paused; paused -> sending, completed or archived; completed -> archived. A completed or archived campaign cannot be edited.",
});

export const CampaignPath = z.object({
  campaign_id: z
    .string()
    .openapi({ description: "Id of a campaign of the key's company", format: "uuid", maxLength: 36 }),
});

export const ListCampaignsQuery = OffsetPageQuery.extend({
  status: z.enum(campaignStatuses).optional().openapi({ description: "Only campaigns in this status" }),
});

export const AudienceInput = z
  .object({
    list_ids: z
      .array(z.string().min(1).max(100))
      .min(1)
      .max(AUDIENCE_MAX_IDS)
      .transform((ids) => [...new Set(ids)])
      .openapi({ description: `1 to ${AUDIENCE_MAX_IDS} contact list ids; repeats count once` }),
  })
  .openapi("CampaignAudienceInput", {
    description: "Contact lists to add to, or remove from, the campaign's audience.",
  });

export const AudienceAdded = z
  .object({
    added: int32({ max: AUDIENCE_MAX_IDS }).openapi({ description: "Lists added to the audience by this call" }),
    already_in_audience: int32({ max: AUDIENCE_MAX_IDS }).openapi({
      description: "Lists that already were in it (unchanged)",
    }),
    not_found: z
      .array(z.string())
      .max(AUDIENCE_MAX_IDS)
      .openapi({ description: "Ids that are no contact list of the company; never stored" }),
  })
  .openapi("CampaignAudienceAdded", { description: "What adding lists did." });

export const AudienceRemoved = z
  .object({
    removed: int32({ max: AUDIENCE_MAX_IDS }).openapi({ description: "Lists removed from the audience by this call" }),
    not_in_audience: z
      .array(z.string())
      .max(AUDIENCE_MAX_IDS)
      .openapi({ description: "Lists of the company that were not in the audience (unchanged)" }),
    not_found: z
      .array(z.string())
      .max(AUDIENCE_MAX_IDS)
      .openapi({ description: "Ids that are no contact list of the company" }),
  })
  .openapi("CampaignAudienceRemoved", { description: "What removing lists did (the lists themselves are untouched)." });

export const AudienceList = z
  .object({
    list_id: uuid(),
    name: z.string(),
    member_count: int32().openapi({ description: "Contacts in the list now" }),
    added_at: timestamp().openapi({ description: "When the list joined the audience" }),
  })
  .openapi("CampaignAudienceList", { description: "A contact list in a campaign's audience." });

export const CampaignEnrollment = z
  .object({
    contact_id: uuid(),
    email: z.string().openapi({ format: "email", description: "The address enrolled" }),
    status: z.enum(enrollmentStatuses).openapi({
      description: "pending: not yet in a batch; queued: in a batch being sent; sent or failed: its attempt's outcome",
    }),
    enrolled_at: timestamp(),
    updated_at: timestamp(),
  })
  .openapi("CampaignEnrollment", { description: "A recipient of a campaign (each contact once)." });

export const ListEnrollmentsQuery = OffsetPageQuery.extend({
  status: z.enum(enrollmentStatuses).optional().openapi({ description: "Only recipients in this status" }),
});

export const CampaignAttempt = z
  .object({
    id: uuid(),
    batch_id: uuid().openapi({ description: "The dispatch that queued it: the id of its wallet charge" }),
    contact_id: uuid(),
    email: z.string().openapi({ format: "email" }),
    subject: z.string().openapi({ description: "The subject as rendered for the contact" }),
    status: z.enum(attemptStatuses),
    failure_reason: z.string().nullable().openapi({ description: "Why it failed; null unless failed" }),
    provider_message_id: z.string().nullable().openapi({ description: "The provider's message id once sent" }),
    delivery_status: z.enum(emailDeliveryStatuses).nullable().openapi({
      description:
        "What the provider reported after accepting it (its delivery webhooks; the email.* events say so); null until it reports",
    }),
    created_at: timestamp(),
    updated_at: timestamp(),
    sent_at: timestamp().nullable(),
  })
  .openapi("CampaignAttempt", { description: "One send of a campaign to one recipient, and its outcome." });

export const ListAttemptsQuery = OffsetPageQuery.extend({
  status: z.enum(attemptStatuses).optional().openapi({ description: "Only attempts in this status" }),
  contact_id: z
    .string()
    .max(36)
    .optional()
    .openapi({ format: "uuid", description: "Only the attempts to this contact" }),
});

export const DispatchInput = z
  .object({
    batch_size: z
      .number()
      .int()
      .min(1)
      .max(BATCH_SIZE_MAX)
      .optional()
      .default(BATCH_SIZE_DEFAULT)
      .openapi({
        format: "int32",
        description: `Recipients in this batch, 1 to ${BATCH_SIZE_MAX} (default ${BATCH_SIZE_DEFAULT})`,
      }),
  })
  .openapi("DispatchCampaignInput", { description: "The size of the batch to send (`{}` for the default)." });

export const DispatchResult = z
  .object({
    campaign: Campaign,
    batch: z.object({
      id: uuid().openapi({ description: "The batch's id: its attempts' batch_id and its wallet charge" }),
      recipients: int32({ max: BATCH_SIZE_MAX }).openapi({ description: "Attempts queued by this dispatch" }),
      amount_minor: int64({ min: 0 }).openapi({ description: "What the batch cost, in minor units" }),
      currency: z.string().openapi({ description: "ISO 4217", example: "EUR" }),
      unit_price_minor: int64({ min: 0 }).openapi({ description: "The email rate applied, per recipient" }),
      remaining: int32().openapi({ description: "Enrolled recipients still waiting for a batch" }),
    }),
  })
  .openapi("CampaignDispatch", {
    description: "The batch a dispatch queued, what it cost, and the campaign after it.",
  });

const campaignExample: z.input<typeof Campaign> = {
  id: "5e7a9c1b-3d4f-4a6c-8e0b-6d8f0a2c4e6b",
  name: "Spring renovation offer",
  agent_id: exampleAgentId,
  template_id: exampleTemplateIds[0],
  status: "sending",
  scheduled_at: null,
  failure_reason: null,
  list_count: 2,
  counts: {
    enrolled: 240,
    pending: 140,
    queued: 0,
    sent: 98,
    failed: 2,
    skipped_no_email: 12,
    skipped_unsubscribed: 3,
  },
  enrolled_at: "2026-04-26T10:00:00.000Z",
  created_at: "2026-04-20T09:00:00.000Z",
  updated_at: "2026-04-26T10:00:00.000Z",
};

const draftExample: z.input<typeof Campaign> = {
  ...campaignExample,
  status: "draft",
  list_count: 0,
  counts: { enrolled: 0, pending: 0, queued: 0, sent: 0, failed: 0, skipped_no_email: 0, skipped_unsubscribed: 0 },
  enrolled_at: null,
  updated_at: "2026-04-20T09:00:00.000Z",
};

export const campaignExamples = {
  campaign: campaignExample,
  draft: draftExample,
  page: { data: [campaignExample], limit: 50, offset: 0 },
  create: {
    name: "Spring renovation offer",
    agent_id: exampleAgentId,
    template_id: exampleTemplateIds[0],
  } satisfies z.input<typeof CreateCampaignInput>,
  update: {
    name: "Spring offer (second wave)",
    status: "scheduled",
    scheduled_at: "2027-05-04T08:00:00+02:00",
  } satisfies z.input<typeof UpdateCampaignInput>,
  updated: {
    ...draftExample,
    name: "Spring offer (second wave)",
    status: "scheduled",
    scheduled_at: "2027-05-04T06:00:00.000Z",
  } satisfies z.input<typeof Campaign>,
  audience: { list_ids: [exampleListId] } satisfies z.input<typeof AudienceInput>,
  added: { added: 1, already_in_audience: 0, not_found: [] } satisfies z.input<typeof AudienceAdded>,
  removed: { removed: 1, not_in_audience: [], not_found: [] } satisfies z.input<typeof AudienceRemoved>,
  lists: {
    data: [
      {
        list_id: exampleListId,
        name: "Newsletter subscribers",
        member_count: 180,
        added_at: "2026-04-21T09:00:00.000Z",
      },
    ],
    limit: 50,
    offset: 0,
  },
  enrollments: {
    data: [
      {
        contact_id: exampleContactIds[0],
        email: "lucia@acme.example",
        status: "sent",
        enrolled_at: "2026-04-26T10:00:00.000Z",
        updated_at: "2026-04-26T10:00:05.000Z",
      } satisfies z.input<typeof CampaignEnrollment>,
    ],
    limit: 50,
    offset: 0,
  },
  attempts: {
    data: [
      {
        id: "1a3c5e7b-9d2f-4b6d-8f0a-3c5e7a9b1d3f",
        batch_id: "0b2d4f6a-8c1e-4a3c-9e5b-7d9f1b3d5f7a",
        contact_id: exampleContactIds[0],
        email: "lucia@acme.example",
        subject: "Lucía, your spring renovation offer",
        status: "sent",
        failure_reason: null,
        provider_message_id: "b7bc2f4a-e38e-4336-af7d-e6c392c2f817",
        delivery_status: "delivered",
        created_at: "2026-04-26T10:00:00.000Z",
        updated_at: "2026-04-26T10:00:05.000Z",
        sent_at: "2026-04-26T10:00:05.000Z",
      } satisfies z.input<typeof CampaignAttempt>,
    ],
    limit: 50,
    offset: 0,
  },
  dispatch: { batch_size: 100 } satisfies z.input<typeof DispatchInput>,
  dispatched: {
    campaign: { ...campaignExample, counts: { ...campaignExample.counts, pending: 40, queued: 100 } },
    batch: {
      id: "0b2d4f6a-8c1e-4a3c-9e5b-7d9f1b3d5f7a",
      recipients: 100,
      amount_minor: 100,
      currency: "EUR",
      unit_price_minor: 1,
      remaining: 40,
    },
  } satisfies z.input<typeof DispatchResult>,
};
