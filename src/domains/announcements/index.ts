import { defineDomain } from "../../core/domain";
import { announcementEvents } from "./events";
import { announcementOperations } from "./routes";
import { announcementOperatorOperations } from "./panel";
import { seedAnnouncementDomain } from "./seed";

export { parseAudience, publishAnnouncement, withdrawAnnouncement } from "./panel";

/**
 * The platform's announcements to its customers, read through the API; the panel publishes and
 * withdraws them (npm run admin -- announcement publish | withdraw). Each company holds its own copy.
 */
export default defineDomain({
  name: "announcements",
  defaults: {
    tag: "Announcements",
    tagDescription: "The platform's announcements to the company: maintenance, incidents, new features, billing news.",
    plans: "ALL",
    capability: "announcements",
  },
  operatorOperations: announcementOperatorOperations,
  operations: announcementOperations,
  events: announcementEvents,
  seed: ({ db, company, random, now, scale }) => seedAnnouncementDomain(db, company.id, random, now, scale),
});
