import { defineDomain } from "../../core/domain";
import { telephonyEvents } from "./events";
import { telephonyOperatorOperations } from "./panel";
import { telephonyOperations } from "./routes";
import { seedTelephonyDomain } from "./seed";
import { sealLeftoverSecrets } from "./secrets";

export { destinations } from "./destinations";
// For the SIP trunks (numbers routed through a trunk).
export { phoneNumbers } from "./schema";
export { hasNumber, numberHeld } from "./queries";
export { inboundTopics, numberWebhooks } from "./webhooks";

/** The company's phone numbers, outbound sale rates, callable destinations, SIP extensions and telephony profiles. */
export default defineDomain({
  name: "telephony",
  defaults: {
    tag: "Telephony",
    tagDescription: "Phone numbers, sale rates, callable destinations, SIP extensions and telephony profiles.",
    plans: "ALL",
    capability: "telephony",
  },
  operations: telephonyOperations,
  operatorOperations: telephonyOperatorOperations,
  events: telephonyEvents,
  seed: seedTelephonyDomain,
  // SIP passwords stored before they were sealed at rest are sealed by the ticks.
  scheduled: async (env) => void (await sealLeftoverSecrets(env)),
});
