import { everyDatabase } from "../../data/tenancy";
import { companyChanged } from "../../keys/key-changes";
import { defineDomain } from "../../core/domain";
import type { PackagingOf } from "../../core/packaging";
import { paymentEventCallback } from "./callbacks";
import { billingEvents } from "./events";
import { billingOperatorOperations } from "./panel";
import { renewAddon } from "./jobs";
import { closeNumberOrder, settleTopUp } from "./deadlines";
import { invoiceUsage } from "./usage-invoices";
import { renewDueSubscriptions } from "./renewals";
import { billingOperations } from "./routes";
import { seedBillingAccount } from "./seed";
import { clock } from "../../lib/clock";

export { credit, debit, insufficientFunds } from "./wallet";
export { invoiceFor, type InvoiceInput } from "./invoicing";
export { monthAfter } from "./jobs";
export { subscriptionFromCreation } from "./renewals";
export {
  ledgerSince,
  spendBetween,
  walletBalance,
  insertUsageRecord,
  hiredAddons,
  type LedgerSince,
  type PeriodSpend,
} from "./queries";
export { seedWalletHistory } from "./seed";
export {
  ADDON_CATALOGUE,
  billingCurrency,
  concurrencyQuota,
  cyclePrice,
  PLAN_CATALOGUE,
  SIP_TRUNK_MONTHLY,
} from "./catalogue";
export { setPaymentMethod } from "./panel";
export { major, toMinorUnits } from "./views";
// GET /billing/concurrency is declared by the dialer, which counts the calls in progress.
export { Concurrency, concurrencyExample } from "./model";

/**
 * The company's money: the wallet and its ledger (whose debit and credit join the batches of the
 * writes they pay for), top-ups by card, the plan and add-ons it hires, the platform's invoices,
 * number orders and usage.
 */
/** The billing domain over the agency's packaging gates (what a subaccount may buy): src/domains/loaders.ts hands it the agency's reader. */
export const billingDomain = (packagingOf: PackagingOf) =>
  defineDomain({
    name: "billing",
    defaults: {
      tag: "Billing",
      tagDescription:
        "The prepaid wallet and its movements, top-ups, the plan and add-ons, the platform's invoices, number orders, usage and the simultaneous-call quota.",
      plans: "ALL",
      capability: "billing",
    },
    operations: billingOperations(packagingOf),
    operatorOperations: billingOperatorOperations,
    events: billingEvents,
    callbacks: [paymentEventCallback],
    // Each hired add-on's anniversary: charged, invoiced and scheduled again, or suspended; each
    // month's usage invoice, at the month's end; and the deadlines of top-ups and number orders
    // (docs/deadlines.md).
    dueWork: [renewAddon, invoiceUsage, settleTopUp, closeNumberOrder],
    // Subscriptions whose period ended are renewed (or ended) by the Cron Trigger, in every tenant
    // database, read through their due-time index (subscriptions_period_end_idx): not due work.
    // A plan the renewal changed reaches the company's keys' Durable Objects at once.
    scheduled: async (env) => {
      for (const db of everyDatabase(env))
        await renewDueSubscriptions(db, clock.now(), (companyId) => companyChanged(env, companyId));
    },
    // The wallet's history is seeded by the dialer's seed (seedWalletHistory), after the calls it pays for.
    seed: async ({ db, company, random, now, scale }) =>
      scale === "full" ? seedBillingAccount(db, company.id, random, now) : {},
  });
