import { defineDomain } from "../../core/domain";
import { callStatusCallback } from "./callbacks";
import { dialerEvents } from "./events";
import { inboundCallCallback, inboundCallStatusCallback } from "./inbound";
import { placeCall, reconcileCall } from "./jobs";
import { dialerOperatorOperations } from "./panel";
import { dialerOperations } from "./routes";
import { seedDialledCalls } from "./seed";

export { callEndResults, type CallEnd } from "./settle";

/**
 * Calls the platform carries through its provider: outbound calls launched through the API (POST
 * /calls/dial) and inbound calls on the company's rented numbers (inbound.ts). The reservation from
 * the wallet, the simultaneous-call quota (GET /billing/concurrency), the hand-off to the telephony
 * provider through the job queue, and the settlement when the call ends, which writes its row of
 * the calls domain.
 */
export default defineDomain({
  name: "dialer",
  defaults: {
    tag: "Calls",
    plans: "ALL",
    capability: "calls",
  },
  operations: dialerOperations,
  operatorOperations: dialerOperatorOperations,
  events: dialerEvents,
  jobs: [placeCall],
  dueWork: [reconcileCall],
  callbacks: [callStatusCallback, inboundCallCallback, inboundCallStatusCallback],
  seed: seedDialledCalls,
});
