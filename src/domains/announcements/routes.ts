import { defineOperation } from "../../core/operation";
import { offsetEnvelope } from "../../lib/pagination";
import { announcementView } from "./actions";
import {
  Announcement,
  announcementExample,
  announcementPageExample,
  AnnouncementPath,
  ListAnnouncementsQuery,
} from "./model";
import { listAnnouncements } from "./queries";

export const announcementOperations = [
  defineOperation({
    operationId: "listAnnouncements",
    method: "get",
    path: "/api/v1/announcements",
    summary: "List announcements",
    description:
      "The platform's announcements to the key's company (maintenance, incidents, new features, billing news), as the " +
      "panel published them: newest published first (published_at, then id, descending). Withdrawn announcements are " +
      "not listed. Filters: category, since (published at or after; an invalid instant or category is 400).",
    scope: "announcements:read",
    gate: "A",
    codes: [200, 400, 401, 403, 429, 500],
    request: { query: ListAnnouncementsQuery },
    responses: {
      200: {
        description: "A page of announcements",
        schema: offsetEnvelope(Announcement, "AnnouncementPage", "A page of announcements, newest published first"),
        example: announcementPageExample,
      },
    },
    handler: async ({ db, caller, query }) => ({
      status: 200,
      body: await listAnnouncements(db, caller.company.id, { category: query.category, since: query.since }, query),
    }),
  }),

  defineOperation({
    operationId: "getAnnouncement",
    method: "get",
    path: "/api/v1/announcements/{announcement_id}",
    summary: "Read an announcement",
    description:
      "One announcement the key's company received. A withdrawn announcement is 404, like an unknown id or another company's.",
    scope: "announcements:read",
    gate: "A",
    codes: [200, 401, 403, 404, 429, 500],
    request: { params: AnnouncementPath },
    responses: { 200: { description: "The announcement", schema: Announcement, example: announcementExample } },
    handler: async ({ db, caller, params }) => ({
      status: 200,
      body: await announcementView({ db, caller }, params.announcement_id),
    }),
  }),
];
