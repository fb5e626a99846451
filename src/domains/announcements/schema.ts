import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** What an announcement is about; the panel picks one when it publishes. */
export const announcementCategories = ["news", "feature", "maintenance", "incident", "billing"] as const;
export type AnnouncementCategory = (typeof announcementCategories)[number];

/**
 * Announcements the platform publishes to its customers (the panel stands in: npm run admin --
 * announcement publish). One row per company that received it, like every tenant row: publishing
 * to an audience copies the announcement to each company of the audience at that moment, with the
 * same publication_id, so that withdrawing the publication withdraws every copy. A withdrawn
 * announcement is kept (withdrawn_at) but no longer listed or read.
 */
export const announcements = sqliteTable(
  "announcements",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    /** The panel's publication this copy belongs to: one per publish command. */
    publicationId: text("publication_id").notNull(),
    category: text("category", { enum: announcementCategories }).notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    publishedAt: text("published_at").notNull(),
    withdrawnAt: text("withdrawn_at"),
  },
  (t) => [
    index("announcements_company_published_idx").on(t.companyId, t.publishedAt, t.id),
    index("announcements_publication_idx").on(t.publicationId),
  ],
);

export type AnnouncementRow = typeof announcements.$inferSelect;
