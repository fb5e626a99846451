import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Named groups of a company's contacts (audiences for campaigns and the like). */
export const contactLists = sqliteTable(
  "contact_lists",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    /** Bumped by every update: writes compare it with the version they read (compare-and-set). */
    version: integer("version").notNull().default(0),
  },
  (t) => [index("contact_lists_company_created_idx").on(t.companyId, t.createdAt, t.id)],
);

/**
 * Membership of a contact in a list. The primary key makes adding idempotent; removing a row
 * never touches the contact itself.
 */
export const contactListMembers = sqliteTable(
  "contact_list_members",
  {
    listId: text("list_id").notNull(),
    contactId: text("contact_id").notNull(),
    companyId: text("company_id").notNull(),
    addedAt: text("added_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.contactId] }),
    index("contact_list_members_company_list_added_idx").on(t.companyId, t.listId, t.addedAt, t.contactId),
  ],
);
