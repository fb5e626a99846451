import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * A company's email templates: subject, HTML body and optional text body, written in Mustache
 * (double-brace placeholders over a contact's fields). `placeholders` is what the template names,
 * found by parsing it when it was written.
 */
export const emailTemplates = sqliteTable(
  "email_templates",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    name: text("name").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    textBody: text("text_body"),
    placeholders: text("placeholders", { mode: "json" }).$type<string[]>().notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    /** Bumped by every update: writes compare it with the version they read (compare-and-set). */
    version: integer("version").notNull().default(0),
  },
  (t) => [index("email_templates_company_created_idx").on(t.companyId, t.createdAt, t.id)],
);

export type EmailTemplateRow = typeof emailTemplates.$inferSelect;
