import { defineDomain } from "../../core/domain";
import { teamEvents } from "./events";
import { teamOperations } from "./routes";
import { seedTeamDomain } from "./seed";

export { activeMemberIds, allMembersActive, membersByIds } from "./queries";

/** Team members, invites, roles and seats: a capability granted to an account (no plan includes it). */
export default defineDomain({
  name: "team",
  defaults: { tag: "Team", tagDescription: "Team members, invitations, custom roles and seats. A capability granted to an account: no plan includes it.", plans: "NONE", capability: "team" },
  operations: teamOperations,
  events: teamEvents,
  seed: async ({ db, company, random, now, scale }) => (scale === "full" ? seedTeamDomain(db, company.id, random, now) : {}),
});
