import { defineOperation } from "../../core/operation";
import type { PackagingOf } from "../../core/packaging";
import {
  addonViews,
  balanceOf,
  cancelAddon,
  cancelSubscription,
  changePlan,
  hireAddon,
  quoteAddonCancel,
  quoteHire,
  quotePlanChange,
  quoteSubscriptionCancel,
  quoteTopUp,
  subscriptionView,
  topUp,
  usageOf,
} from "./actions";
import {
  AddonList,
  addonListExample,
  AddonPath,
  Balance,
  balanceExample,
  BillingInvoicePage,
  billingInvoicePageExample,
  CancelledAddon,
  cancelledAddonExample,
  ChangePlanInput,
  changePlanExample,
  HireAddonInput,
  hireAddonExample,
  HiredAddon,
  hiredAddonExample,
  ListBillingInvoicesQuery,
  ListPendingOrdersQuery,
  ListTransactionsQuery,
  PendingOrderPage,
  pendingOrderPageExample,
  PlanChange,
  planChangeExample,
  Subscription,
  subscriptionExample,
  TopUp,
  TopUpInput,
  topUpExample,
  topUpResultExample,
  TransactionPage,
  transactionPageExample,
  Usage,
  usageExample,
  UsageQuery,
} from "./model";
import { invoicePage, pendingOrderPage, transactionPage } from "./queries";
import { dayRange } from "./views";

const read = { scope: "billing:read", gate: "A" } as const;
const spend = { scope: "billing:write", gate: "S" } as const;

/** The billing operations over the agency's packaging gates (hide_addons, hide_plans), handed by src/domains/loaders.ts. */
export const billingOperations = (packagingOf: PackagingOf) => [
  defineOperation({
    ...read,
    operationId: "getBalance",
    method: "get",
    path: "/api/v1/billing/balance",
    summary: "Wallet balance",
    description:
      "What the company's prepaid wallet holds now, in major units of its currency (a company without a wallet holds 0 in its billing currency).",
    codes: [200, 401, 403, 429, 500],
    mcp: { listedByDefault: true },
    responses: { 200: { description: "The balance", schema: Balance, example: balanceExample } },
    handler: async ({ db, caller }) => ({ status: 200, body: await balanceOf({ db, caller }) }),
  }),

  defineOperation({
    ...read,
    operationId: "listTransactions",
    method: "get",
    path: "/api/v1/billing/transactions",
    summary: "Wallet movements",
    description:
      "The wallet's ledger, newest first: kind, signed amount, balance after, reference and time of each movement. Filters: kind, " +
      "and from / to (days in UTC, both included; to before from is 400).",
    codes: [200, 400, 401, 403, 429, 500],
    request: { query: ListTransactionsQuery },
    responses: {
      200: { description: "A page of movements", schema: TransactionPage, example: transactionPageExample },
    },
    handler: async ({ db, caller, query }) => ({
      status: 200,
      body: await transactionPage(db, caller.company.id, query, { kind: query.kind, ...dayRange(query) }),
    }),
  }),

  defineOperation({
    ...read,
    operationId: "getUsage",
    method: "get",
    path: "/api/v1/billing/usage",
    summary: "Period consumption",
    description:
      "Calls (count and minutes: the calls started in the period; cost: what the wallet was charged for calls in it, net of " +
      "refunded reservations), SMS segments, emails and WhatsApp messages (count and cost, net of refunds) of a period of days " +
      "in the company's time zone, both included (default: this month up to today). Each cost is the net of the wallet's " +
      "charges of that kind in the period (GET /billing/transactions). An invalid " +
      `date, an end before the start or a period over a year is 400.`,
    codes: [200, 400, 401, 403, 429, 500],
    request: { query: UsageQuery },
    responses: { 200: { description: "The period's usage", schema: Usage, example: usageExample } },
    handler: async ({ db, caller, query }) => ({ status: 200, body: await usageOf({ db, caller }, query) }),
  }),

  defineOperation({
    ...read,
    operationId: "listBillingInvoices",
    method: "get",
    path: "/api/v1/billing/invoices",
    summary: "Issued invoices",
    description:
      "The invoices the platform issued to the company (subscription, add-ons, numbers, usage), newest first; filter by status.",
    codes: [200, 400, 401, 403, 429, 500],
    request: { query: ListBillingInvoicesQuery },
    responses: {
      200: { description: "A page of invoices", schema: BillingInvoicePage, example: billingInvoicePageExample },
    },
    handler: async ({ db, caller, query }) => ({
      status: 200,
      body: await invoicePage(db, caller.company.id, query, query.status),
    }),
  }),

  defineOperation({
    ...read,
    operationId: "listPendingOrders",
    method: "get",
    path: "/api/v1/billing/pending-orders",
    summary: "Uncompleted number purchases",
    description: "Phone number orders waiting for documents, payment or the carrier, newest first; filter by status.",
    codes: [200, 400, 401, 403, 429, 500],
    request: { query: ListPendingOrdersQuery },
    responses: {
      200: { description: "A page of pending orders", schema: PendingOrderPage, example: pendingOrderPageExample },
    },
    handler: async ({ db, caller, query }) => ({
      status: 200,
      body: await pendingOrderPage(db, caller.company.id, query, query.status),
    }),
  }),

  defineOperation({
    ...read,
    operationId: "getSubscription",
    method: "get",
    path: "/api/v1/billing/subscription",
    summary: "Contracted plan and billing cycle",
    description:
      "The plan in force, its cycle, the current period, its price, whether it ends at the period's end, and a scheduled downgrade.",
    codes: [200, 401, 403, 429, 500],
    responses: { 200: { description: "The subscription", schema: Subscription, example: subscriptionExample } },
    handler: async ({ db, caller }) => ({ status: 200, body: await subscriptionView({ db, caller }) }),
  }),

  defineOperation({
    ...read,
    operationId: "listAddons",
    method: "get",
    path: "/api/v1/billing/addons",
    summary: "Available and hired add-ons",
    description:
      "The add-on catalogue: each with its monthly price, whether the company's plan can hire it, and whether it is hired. A subaccount " +
      "whose agency set the packaging gate hide_addons sees none available.",
    codes: [200, 401, 403, 429, 500],
    responses: { 200: { description: "The catalogue", schema: AddonList, example: addonListExample } },
    handler: async ({ db, caller }) => ({ status: 200, body: { data: await addonViews({ db, caller }, packagingOf) } }),
  }),

  defineOperation({
    ...spend,
    operationId: "createTopUp",
    method: "post",
    path: "/api/v1/billing/topups",
    summary: "Top up the wallet",
    description:
      "Charges `amount` (major units of the billing currency, within the configured minimum and maximum) to the company's payment " +
      "method on file through the payment provider, and credits the wallet in the same batch as its ledger entry: 201 with the " +
      "top-up and the new balance. A declined charge is 409 `payment_declined` with the provider's decline code and reason, and " +
      "credits nothing. No payment method on file, or no payment provider configured: 503. A retry with the same Idempotency-Key " +
      "never charges twice (the provider receives a key derived from it).",
    codes: [201, 400, 401, 403, 404, 409, 429, 500, 503],
    request: { body: TopUpInput, example: topUpExample },
    responses: { 201: { description: "The top-up and the new balance", schema: TopUp, example: topUpResultExample } },
    handler: async ({ db, caller, config, requestId, idempotencyKey, body, commit }) => ({
      status: 201,
      body: await topUp({ db, caller, config, requestId, idempotencyKey, commit }, body),
    }),
    quote: async ({ db, caller, config, body }) => quoteTopUp({ db, caller, config }, body),
  }),

  defineOperation({
    ...spend,
    operationId: "changePlan",
    method: "post",
    path: "/api/v1/billing/subscription",
    summary: "Hire or change plan",
    description:
      "Without a subscription: hires `plan` for a `cycle`, charging the first cycle now (201). With one: an upgrade takes effect now " +
      "(the plan, and so the capabilities, change at once) and charges the price difference for the rest of the period; a downgrade " +
      "is scheduled for the end of the period, charging nothing now (200). The current plan is 409; so is a plan not sold in the " +
      "billing currency. A balance short of the charge is 409 with the amounts. A subaccount whose agency set the packaging gate " +
      "hide_plans is 403 `not_offered` (`gate`: hide_plans), nothing charged.",
    codes: [200, 201, 400, 401, 403, 404, 409, 429, 500, 503],
    request: { body: ChangePlanInput, example: changePlanExample },
    responses: {
      201: { description: "A plan hired", schema: PlanChange, example: { ...planChangeExample, change: "hired" } },
      200: { description: "A plan changed", schema: PlanChange, example: planChangeExample },
    },
    handler: async ({ db, env, caller, body, commit }) => changePlan({ db, env, caller, commit }, body, packagingOf),
    quote: async ({ db, caller, body }) => quotePlanChange({ db, caller }, body, packagingOf),
  }),

  defineOperation({
    ...spend,
    operationId: "cancelSubscription",
    method: "delete",
    path: "/api/v1/billing/subscription",
    summary: "Cancel the plan at period end",
    description:
      "Schedules the end of the subscription at the end of the current period (answered in cancel_at); nothing is refunded. No subscription is 404; cancelling again is 409. " +
      "A subaccount whose agency set the packaging gate hide_plans is 403 `not_offered` (`gate`: hide_plans), nothing changed.",
    codes: [200, 400, 401, 403, 404, 409, 429, 500, 503],
    responses: {
      200: {
        description: "The subscription, ending at cancel_at",
        schema: Subscription,
        example: { ...subscriptionExample, cancel_at_period_end: true, cancel_at: "2026-05-01T00:00:00.000Z" },
      },
    },
    // Charges nothing: the subscription read back, once its batch scheduled the end.
    replay: async ({ db, caller }) => {
      const subscription = await subscriptionView({ db, caller });
      return subscription.cancel_at_period_end ? { status: 200, body: subscription } : undefined;
    },
    handler: async ({ db, caller, commit }) => ({
      status: 200,
      body: await cancelSubscription({ db, caller, commit }, packagingOf),
    }),
    quote: async ({ caller }) => quoteSubscriptionCancel({ caller }),
  }),

  defineOperation({
    ...spend,
    operationId: "hireAddon",
    method: "post",
    path: "/api/v1/billing/addons",
    summary: "Hire an add-on",
    description:
      "Hires an add-on of the catalogue, charging its monthly price now (201). Already hired: 200, nothing charged again. An add-on " +
      "not in the catalogue is 400; one the plan cannot hire is 409; a balance short of the price is 409 with the amounts. A " +
      "subaccount whose agency set the packaging gate hide_addons is 403 `not_offered` (`gate`: hide_addons), nothing charged.",
    codes: [200, 201, 400, 401, 403, 404, 409, 429, 500, 503],
    request: { body: HireAddonInput, example: hireAddonExample },
    responses: {
      201: { description: "Hired and charged", schema: HiredAddon, example: hiredAddonExample },
      200: {
        description: "Already hired; nothing charged",
        schema: HiredAddon,
        example: { ...hiredAddonExample, charged: 0 },
      },
    },
    handler: async ({ db, caller, body, commit }) => hireAddon({ db, caller, commit }, body, packagingOf),
    quote: async ({ db, caller, body }) => quoteHire({ db, caller }, body, packagingOf),
  }),

  defineOperation({
    ...spend,
    operationId: "cancelAddon",
    method: "delete",
    path: "/api/v1/billing/addons/{addon_type}",
    summary: "Cancel an add-on",
    description:
      "Cancels a hired add-on now; what it adds (simultaneous calls) ends with it, and nothing is refunded. An add-on not hired (or not in the catalogue) is 404.",
    codes: [200, 400, 401, 403, 404, 409, 429, 500, 503],
    request: { params: AddonPath },
    responses: { 200: { description: "Cancelled", schema: CancelledAddon, example: cancelledAddonExample } },
    handler: async ({ db, caller, params, commit }) => ({
      status: 200,
      body: await cancelAddon({ db, caller, commit }, params.addon_type),
    }),
    quote: async ({ caller, params }) => quoteAddonCancel({ caller }, params.addon_type),
  }),
];
