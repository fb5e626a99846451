import { defineDomain } from "../../core/domain";
import { callEvents } from "./events";
import { callOperatorOperations } from "./panel";
import { callOperations } from "./routes";
import { seedCallDomain } from "./seed";

export { Call, type CallView } from "./model";
export { bulkCalls, configureCalls } from "./panel";
export { archiveCutoff, callSettingsOf, periodTotals, type CallSettings, type PeriodTotals } from "./queries";
export { activeCallStatuses, callDailyTotals, calls, callDirections, callResults, callStatuses, type CallRow, type CallStatus } from "./schema";

/** Calls the company's voice agents made and took: list with period totals, labels, assigned members, verdicts. */
export default defineDomain({
  name: "calls",
  defaults: { tag: "Calls", tagDescription: "The company's calls with their totals per period, labels, assigned team members and qualification verdicts.", plans: "ALL", capability: "calls" },
  operations: callOperations,
  events: callEvents,
  operatorOperations: callOperatorOperations,
  seed: seedCallDomain,
});
