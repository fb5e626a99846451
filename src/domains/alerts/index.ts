import { clock } from "../../lib/clock";
import { defineDomain } from "../../core/domain";
import { everyDatabase } from "../../data/tenancy";
import { alertEvents } from "./events";
import { alertOperations } from "./routes";
import { evaluateAlerts, sweepAlertChecks } from "./jobs";
import { alertOperatorOperations } from "./panel";
import { alertExampleRows } from "./model";
import { seedAlertDomain } from "./seed";

export { createAlert } from "./panel";

/**
 * Alerts on the company's wallet: low balance, and spend over a threshold per day, week or month.
 * Their state is computed on read from the billing domain's wallet and ledger; each tick hands the
 * companies whose alerts are due for a check to an evaluation, which notifies each crossing once.
 */
export default defineDomain({
  name: "alerts",
  defaults: {
    tag: "Alerts",
    tagDescription:
      "Low-balance and spend alerts: their configuration and their state, computed from the wallet on every read.",
    plans: "ALL",
    capability: "alerts",
  },
  operatorOperations: alertOperatorOperations,
  operations: alertOperations,
  events: alertEvents,
  examples: alertExampleRows,
  dueWork: [evaluateAlerts],
  scheduled: async (env) => {
    for (const db of everyDatabase(env)) await sweepAlertChecks(db, clock.now());
  },
  seed: ({ db, company, random, now }) => seedAlertDomain(db, company.id, company.currency, random, now),
});
