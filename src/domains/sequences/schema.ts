import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

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
  (t) => [index("email_sequences_company_created_idx").on(t.companyId, t.createdAt, t.id), index("email_sequences_company_status_created_idx").on(t.companyId, t.status, t.createdAt, t.id)],
);

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
  },
  (t) => [primaryKey({ columns: [t.sequenceId, t.contactId] }), index("email_sequence_enrollments_company_sequence_idx").on(t.companyId, t.sequenceId, t.enrolledAt, t.contactId)],
);

export type SequenceRow = typeof sequences.$inferSelect;
