import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** Scalar values a custom field may hold. */
export type CustomFieldValue = string | number | boolean;

/**
 * People a company talks to (CRM contacts). Phones are stored in E.164 and emails in lower case,
 * so that the unique indexes below catch duplicates however the caller wrote them.
 */
export const contacts = sqliteTable(
  "contacts",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    /** E.164, for example +34612345678. */
    phone: text("phone"),
    /** Lower case. */
    email: text("email"),
    /** The contact's own organisation (free text), not the tenant. */
    companyName: text("company_name"),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull(),
    notes: text("notes"),
    customFields: text("custom_fields", { mode: "json" }).$type<Record<string, CustomFieldValue>>().notNull(),
    /** How the contact came in: api, import, identify or seed. */
    source: text("source", { enum: ["api", "import", "identify", "seed"] }).notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    /** Bumped by every update: writes compare it with the version they read (compare-and-set). */
    version: integer("version").notNull().default(0),
  },
  (t) => [
    // SQLite unique indexes admit many NULLs: a contact may lack a phone or an email.
    uniqueIndex("contacts_company_phone_idx").on(t.companyId, t.phone),
    uniqueIndex("contacts_company_email_idx").on(t.companyId, t.email),
    index("contacts_company_created_idx").on(t.companyId, t.createdAt, t.id),
  ],
);

export type ContactRow = typeof contacts.$inferSelect;
