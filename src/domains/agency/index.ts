import { defineDomain } from "../../core/domain";
import { agencyEvents } from "./events";
import { agencyOperatorOperations } from "./panel";
import { agencyOperations } from "./routes";
import { seedAgencyDomain } from "./seed";

export { setAgencyPrice } from "./panel";
export { packagingOf } from "./actions";

/**
 * The channel: an agency's client companies (its whole subtree in the company tree), their
 * status, the channel's figures, and each subaccount's white label (branding, verified domain,
 * packaging gates).
 */
export default defineDomain({
  name: "agency",
  defaults: {
    tag: "Agency",
    tagDescription:
      "An agency's (or partner's) client companies: its whole tree of subaccounts, created, activated and suspended here, and the channel's figures.",
    plans: "AGY",
    capability: "agency",
  },
  operations: agencyOperations,
  operatorOperations: agencyOperatorOperations,
  events: agencyEvents,
  seed: seedAgencyDomain,
});
