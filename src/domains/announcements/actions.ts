import type { Uses } from "../../core/action";
import { orNotFound } from "../../lib/errors";
import { toAnnouncement } from "./model";
import { findAnnouncement } from "./queries";

/** One announcement the company received; any other id is 404. */
export async function announcementView({ db, caller }: Uses<"db" | "caller">, announcementId: string) {
  return toAnnouncement(await orNotFound(findAnnouncement(db, caller.company.id, announcementId), "announcement"));
}
