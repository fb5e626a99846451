import { z } from "@hono/zod-openapi";
import { OffsetPageQuery } from "../../lib/pagination";
import { announcementCategories, type AnnouncementRow } from "./schema";

export const Announcement = z
  .object({
    id: z.string().openapi({ format: "uuid" }),
    category: z.enum(announcementCategories).openapi({
      description:
        "news, feature (a new capability), maintenance (planned work), incident (something is failing or failed), billing (prices, invoices)",
    }),
    title: z.string().openapi({ example: "Planned maintenance of the telephony network" }),
    body: z.string().openapi({
      description: "Plain text; may hold line breaks",
      example: "On Sunday from 02:00 to 04:00 UTC calls may drop for a few seconds.",
    }),
    published_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("Announcement", {
    description:
      "A message of the platform to the company (maintenance, incidents, new features, billing news), as the panel published it.",
  });

export type AnnouncementView = z.output<typeof Announcement>;

export const toAnnouncement = (row: AnnouncementRow): AnnouncementView => ({
  id: row.id,
  category: row.category,
  title: row.title,
  body: row.body,
  published_at: row.publishedAt,
});

export const ListAnnouncementsQuery = OffsetPageQuery.extend({
  category: z
    .enum(announcementCategories)
    .optional()
    .openapi({ description: "Only announcements of this category (another value is 400)" }),
  since: z.iso.datetime({ offset: true }).optional().openapi({
    maxLength: 64,
    description: "Only announcements published at or after this instant (ISO 8601; an invalid one is 400)",
  }),
});

export const AnnouncementPath = z.object({
  announcement_id: z
    .string()
    .openapi({ description: "Id of an announcement the key's company received", format: "uuid", maxLength: 36 }),
});

/** What the panel publishes (npm run admin -- announcement publish). */
export const PublishInput = z.object({
  title: z.string().trim().min(1).max(200),
  body: z.string().trim().min(1).max(10_000),
  category: z.enum(announcementCategories).default("news"),
});

export const announcementExample: z.input<typeof Announcement> = {
  id: "c1e3a5b7-9d1f-4e3a-8b7d-9f1e3a5c7b9d",
  category: "maintenance",
  title: "Planned maintenance of the telephony network",
  body: "On Sunday from 02:00 to 04:00 UTC calls may drop for a few seconds.",
  published_at: "2026-04-24T16:00:00.000Z",
};

export const announcementPageExample = { data: [announcementExample], limit: 50, offset: 0 };
