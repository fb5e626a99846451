import { defineDomain } from "../../core/domain";
import { teamEvents } from "./events";
import { teamOperatorOperations } from "./panel";
import { teamOperations } from "./routes";
import type { PackagingOf } from "../../core/packaging";
import { memberExampleRows } from "./model";
import { seedTeamDomain } from "./seed";

export { exampleMemberId } from "./model";
export { activeMemberIds, allMembersActive, membersByIds } from "./queries";

/**
 * Team members, invites, roles and seats: a capability granted to an account (no plan includes it).
 * The team domain over the agency's packaging gates (allow_signup governs who may join a subaccount's
 * team): src/domains/loaders.ts hands it the agency's reader.
 */
export const teamDomain = (packagingOf: PackagingOf) =>
  defineDomain({
    name: "team",
    defaults: {
      tag: "Team",
      tagDescription:
        "Team members, invitations, custom roles and seats. A capability granted to an account: no plan includes it.",
      plans: "NONE",
      capability: "team",
    },
    operations: teamOperations,
    operatorOperations: teamOperatorOperations(packagingOf),
    events: teamEvents,
    examples: memberExampleRows,
    seed: async ({ db, company, random, now, scale }) =>
      scale === "full" ? seedTeamDomain(db, company.id, random, now) : {},
  });
