import { defineDomain } from "../../core/domain";
import { callEvents } from "./events";
import { callOperatorOperations } from "./panel";
import type { CompanyNumbers } from "./queries";
import { callOperations } from "./routes";
import { seedCallDomain } from "./seed";

export { Call, type CallView } from "./model";
export { bulkCalls, configureCalls } from "./panel";
export {
  archiveCutoff,
  callSettingsOf,
  companyTimeZone,
  costedCalls,
  periodTotals,
  timeZonesOf,
  type CallSettings,
  type CostedCall,
  type PeriodTotals,
} from "./queries";
export {
  activeCallStatuses,
  callDailyTotals,
  calls,
  callDirections,
  callResults,
  callStatuses,
  type CallRow,
  type CallStatus,
} from "./schema";

/** Calls the company's voice agents made and took: list with period totals, labels, assigned members, verdicts. */
export type { CompanyNumbers } from "./queries";

/**
 * The calls domain over the company's numbers (the voice service's report checks the company's
 * number): src/domains/loaders.ts hands it telephony's.
 */
export const callsDomain = (numbers: CompanyNumbers) =>
  defineDomain({
    name: "calls",
    defaults: {
      tag: "Calls",
      tagDescription:
        "The company's calls with their totals per period, labels, assigned team members and qualification verdicts.",
      plans: "ALL",
      capability: "calls",
    },
    operations: callOperations,
    events: callEvents,
    operatorOperations: callOperatorOperations(numbers),
    seed: seedCallDomain,
  });
