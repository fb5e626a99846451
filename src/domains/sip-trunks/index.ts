import { defineDomain } from "../../core/domain";
import { sipTrunkEvents } from "./events";
import { renewTrunk } from "./jobs";
import { sipTrunkOperations } from "./routes";
import { seedSipTrunks } from "./seed";

// For the telephony domain: the route of a number through a trunk is written with the number.
export { companyTrunkIds, routeStatements, trunkOfNumber, trunkStatusOfNumber } from "./queries";
export { openPassword } from "./crypto";
// For the dialer: a number routed through a trunk dials through it.
export { sipTrunks } from "./schema";

/** The company's own SIP trunks: carrier accounts with a write-only, encrypted password and a monthly price. */
export default defineDomain({
  name: "sip-trunks",
  defaults: {
    tag: "SIP trunks",
    tagDescription:
      "The company's own SIP trunks (carrier accounts): host, transport, credentials with a write-only password, caller id and channels.",
    plans: "ALL",
    capability: "sip_trunks",
  },
  operations: sipTrunkOperations,
  events: sipTrunkEvents,
  // Each trunk's anniversary: charged, invoiced and scheduled again, or suspended.
  dueWork: [renewTrunk],
  seed: seedSipTrunks,
});
