import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { EmailDeliveryStatus } from "../email";
import { resourceSequence } from "../../data/sequences";

export const sequenceStatuses = ["active", "archived"] as const;
export type SequenceStatus = (typeof sequenceStatuses)[number];

/** One step of a sequence: the template sent, and how many days after the previous step. */
export interface SequenceStep {
  template_id: string;
  delay_days: number;
}

/** Email sequences (named email_sequences: the core's `sequences` table numbers documents): ordered steps (template, delay in days). Archiving keeps the row and its enrollments. */
export const sequences = sqliteTable(
  "email_sequences",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    name: text("name").notNull(),
    status: text("status", { enum: sequenceStatuses }).notNull(),
    steps: text("steps", { mode: "json" }).$type<SequenceStep[]>().notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    archivedAt: text("archived_at"),
    /** Bumped by every update: writes compare it with the version they read (compare-and-set). */
    version: integer("version").notNull().default(0),
  },
  (t) => [
    index("email_sequences_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("email_sequences_company_status_created_idx").on(t.companyId, t.status, t.createdAt, t.id),
  ],
);

/** An enrollment receives its steps (`active`), received them all (`completed`), or was stopped (`stopped`, with the reason). */
export const enrollmentStatuses = ["active", "completed", "stopped"] as const;
export type EnrollmentStatus = (typeof enrollmentStatuses)[number];

/** Why an enrollment receives no more steps. */
export const stopReasons = [
  "unsubscribed",
  "no_email",
  "contact_removed",
  "sequence_archived",
  "template_removed",
  "spend_not_enabled",
  "insufficient_balance",
  "no_sending_identity",
  "send_failed",
  "step_not_sent",
] as const;
export type StopReason = (typeof stopReasons)[number];

/** A contact enrolled in a sequence, once: the primary key makes enrolling idempotent. */
export const sequenceEnrollments = sqliteTable(
  "email_sequence_enrollments",
  {
    sequenceId: text("sequence_id").notNull(),
    contactId: text("contact_id").notNull(),
    companyId: text("company_id").notNull(),
    enrolledAt: text("enrolled_at").notNull(),
    /** The write that enrolled the contact: its counts are read back by this id, exact under concurrency. */
    enrollmentId: text("enrollment_id").notNull(),
    status: text("status", { enum: enrollmentStatuses }).notNull().default("active"),
    /** The position (1-based) of the step the contact receives next; a step's send moves it on (compare-and-set). */
    nextPosition: integer("next_position").notNull().default(1),
    stopReason: text("stop_reason", { enum: stopReasons }),
    /** The refusal that stopped it, in our words. */
    stopDetail: text("stop_detail"),
    updatedAt: text("updated_at"),
  },
  (t) => [
    primaryKey({ columns: [t.sequenceId, t.contactId] }),
    index("email_sequence_enrollments_company_sequence_idx").on(t.companyId, t.sequenceId, t.enrolledAt, t.contactId),
    // The progress a sequence shows: its enrollments counted by status.
    index("email_sequence_enrollments_company_status_idx").on(t.companyId, t.sequenceId, t.status),
    // The start of one enrollment write's steps reads its contacts in pages.
    index("email_sequence_enrollments_company_write_idx").on(t.companyId, t.sequenceId, t.enrollmentId, t.contactId),
  ],
);

export const sendStatuses = ["queued", "sent", "failed"] as const;
export type SendStatus = (typeof sendStatuses)[number];

/**
 * One step sent to one contact: the message as rendered when it was charged, and what became of
 * it. The unique (sequence, contact, position) is what makes a step go out once per contact.
 */
export const sequenceSends = sqliteTable(
  "email_sequence_sends",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    sequenceId: text("sequence_id").notNull(),
    contactId: text("contact_id").notNull(),
    position: integer("position").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    htmlBody: text("html_body").notNull(),
    textBody: text("text_body"),
    status: text("status", { enum: sendStatuses }).notNull(),
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
    uniqueIndex("email_sequence_sends_step_idx").on(t.sequenceId, t.contactId, t.position),
    index("email_sequence_sends_company_sequence_created_idx").on(t.companyId, t.sequenceId, t.createdAt, t.id),
  ],
);

export type SequenceSendRow = typeof sequenceSends.$inferSelect;
export type SequenceEnrollmentRow = typeof sequenceEnrollments.$inferSelect;

export type SequenceRow = typeof sequences.$inferSelect;
