import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { EmailDeliveryStatus } from "../email";
import { resourceSequence } from "../../data/sequences";

/** `failed`: a scheduled dispatch could not go out (see failure_reason); nothing of it was sent or charged. */
export const campaignStatuses = ["draft", "scheduled", "sending", "paused", "completed", "failed", "archived"] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

/** An enrolled recipient: waiting for a batch, in one (queued), or done with it (sent, failed). */
export const enrollmentStatuses = ["pending", "queued", "sent", "failed"] as const;
export type EnrollmentStatus = (typeof enrollmentStatuses)[number];

export const attemptStatuses = ["queued", "sent", "failed"] as const;
export type AttemptStatus = (typeof attemptStatuses)[number];

/**
 * Email campaigns. Counts of recipients are not stored here but counted from the enrollments and
 * attempts (so they always agree); only what enrolling skipped is kept, since those contacts have
 * no row.
 */
export const campaigns = sqliteTable(
  "campaigns",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    name: text("name").notNull(),
    agentId: text("agent_id").notNull(),
    templateId: text("template_id"),
    status: text("status", { enum: campaignStatuses }).notNull(),
    scheduledAt: text("scheduled_at"),
    /** The due work that dispatches a scheduled campaign (src/work/due.ts): cancelled when it is unscheduled. */
    scheduledDueId: text("scheduled_due_id"),
    /** Why the campaign is `failed` (a scheduled dispatch refused); null otherwise. */
    failureReason: text("failure_reason"),
    /** When the audience was enrolled (the first dispatch); null before. */
    enrolledAt: text("enrolled_at"),
    skippedNoEmail: integer("skipped_no_email").notNull().default(0),
    skippedUnsubscribed: integer("skipped_unsubscribed").notNull().default(0),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    /** Bumped by every write to the campaign or its audience: compare-and-set, and one dispatch at a time. */
    version: integer("version").notNull().default(0),
    /** The number of the last lifecycle event about it (campaign.completed; src/data/sequences.ts). */
    sequence: resourceSequence(),
  },
  (t) => [
    index("campaigns_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("campaigns_company_status_created_idx").on(t.companyId, t.status, t.createdAt, t.id),
  ],
);

/** The audience: contact lists of the company. The primary key makes adding idempotent. */
export const campaignLists = sqliteTable(
  "campaign_lists",
  {
    campaignId: text("campaign_id").notNull(),
    listId: text("list_id").notNull(),
    companyId: text("company_id").notNull(),
    addedAt: text("added_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.listId] }),
    index("campaign_lists_company_campaign_added_idx").on(t.companyId, t.campaignId, t.addedAt, t.listId),
  ],
);

/** Each recipient of a campaign, once (deduplicated across its lists), from the first dispatch on. */
export const campaignEnrollments = sqliteTable(
  "campaign_enrollments",
  {
    campaignId: text("campaign_id").notNull(),
    contactId: text("contact_id").notNull(),
    companyId: text("company_id").notNull(),
    email: text("email").notNull(),
    status: text("status", { enum: enrollmentStatuses }).notNull(),
    enrolledAt: text("enrolled_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.contactId] }),
    index("campaign_enrollments_company_campaign_enrolled_idx").on(
      t.companyId,
      t.campaignId,
      t.enrolledAt,
      t.contactId,
    ),
    index("campaign_enrollments_campaign_status_idx").on(t.campaignId, t.status, t.contactId),
  ],
);

/**
 * The template of one dispatch as it was when the batch was dispatched: stored once per batch, not
 * once per recipient (a 199 KB template to 500 recipients wrote about 200 MB when each attempt held
 * its rendered bodies). The send job renders it with the attempt's merge values. Never changed.
 */
export const campaignBatches = sqliteTable(
  "campaign_batches",
  {
    /** The dispatch's batch id (the attempts' batch_id and the wallet charge's entry). */
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    campaignId: text("campaign_id").notNull(),
    templateId: text("template_id").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    textBody: text("text_body"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("campaign_batches_company_campaign_created_idx").on(t.companyId, t.campaignId, t.createdAt, t.id)],
);

/** The values of a recipient that the batch's template names (and only those): what differs from one attempt of a batch to the next. */
export interface CampaignMergeValues {
  name?: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  company?: string;
  custom_fields?: Record<string, string | number | boolean>;
}

/** One send to one recipient: its subject, its merge values (the body is rendered from its batch's template when it is sent), and what became of it. */
export const campaignAttempts = sqliteTable(
  "campaign_attempts",
  {
    id: text("id").primaryKey(),
    campaignId: text("campaign_id").notNull(),
    companyId: text("company_id").notNull(),
    /** The dispatch (and its wallet charge) that queued it. */
    batchId: text("batch_id").notNull(),
    contactId: text("contact_id").notNull(),
    email: text("email").notNull(),
    /** Rendered at dispatch: short (the template's subject is at most 500 characters), and what lists and events show. */
    subject: text("subject").notNull(),
    /** What the batch's template is rendered with at send time; null only for attempts dispatched before batches kept their template (those hold their bodies). */
    mergeValues: text("merge_values", { mode: "json" }).$type<CampaignMergeValues>(),
    /** The rendered bodies of attempts dispatched before campaign_batches existed; null for every later attempt. */
    htmlBody: text("html_body"),
    textBody: text("text_body"),
    status: text("status", { enum: attemptStatuses }).notNull(),
    failureReason: text("failure_reason"),
    providerMessageId: text("provider_message_id"),
    /** What the provider's webhooks reported after it accepted the mail (email's delivery statuses, only forward); null until one does. */
    deliveryStatus: text("delivery_status").$type<EmailDeliveryStatus>(),
    deliveryUpdatedAt: text("delivery_updated_at"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    sentAt: text("sent_at"),
    /** The number of the last event about it (src/data/sequences.ts). */
    sequence: resourceSequence(),
  },
  (t) => [
    index("campaign_attempts_company_campaign_created_idx").on(t.companyId, t.campaignId, t.createdAt, t.id),
    index("campaign_attempts_campaign_status_idx").on(t.campaignId, t.status),
  ],
);

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignAttemptRow = typeof campaignAttempts.$inferSelect;
export type CampaignBatchRow = typeof campaignBatches.$inferSelect;
