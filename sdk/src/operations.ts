// A method per operation of the OpenAPI document, grouped by tag, written by `npm run client`
// (scripts/lib/sdk.ts). Do not edit: change the declarations and run it again.

import type { PagedList } from "./pagination.js";
import type { RequestOptions, Transport, WithLastResponse } from "./transport.js";
import type { BodyOf, ItemOf, PathOf, QueryOf, ResultOf } from "./types.js";

export function operations(t: Transport) {
  return {
    agency: {
      /** List subaccounts of the tree: `GET /api/v1/subaccounts`, scope `subaccounts:read`. */
      listSubaccounts: (query?: QueryOf<"listSubaccounts">, options?: RequestOptions): PagedList<ItemOf<"listSubaccounts">, ResultOf<"listSubaccounts">> => t.list<"listSubaccounts">("offset", "/api/v1/subaccounts", undefined, query, options),
      /** Channel aggregate for a period: `GET /api/v1/agency/stats`, scope `agency:read`. */
      getStats: (query?: QueryOf<"getAgencyStats">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"getAgencyStats">>> => t.call<"getAgencyStats">("GET", "/api/v1/agency/stats", { params: undefined, query }, options),
      /** Create a subaccount: `POST /api/v1/agency/subaccounts`, scope `agency:write`. Spends money (gate S): requires an Idempotency-Key, which the client sends. */
      createSubaccount: (body: BodyOf<"createSubaccount">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"createSubaccount">>> => t.call<"createSubaccount">("POST", "/api/v1/agency/subaccounts", { params: undefined, body }, options),
      /** Activate or suspend a subaccount: `PATCH /api/v1/agency/subaccounts/{subaccount_id}`, scope `agency:write`. Spends money (gate S): requires an Idempotency-Key, which the client sends. */
      updateSubaccountStatus: (subaccountId: PathOf<"updateSubaccountStatus">["subaccount_id"], body: BodyOf<"updateSubaccountStatus">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"updateSubaccountStatus">>> => t.call<"updateSubaccountStatus">("PATCH", "/api/v1/agency/subaccounts/{subaccount_id}", { params: { subaccount_id: subaccountId }, body }, options),
      /** Read an account of the tree: `GET /api/v1/subaccounts/{subaccount_id}`, scope `subaccounts:read`. */
      getSubaccount: (subaccountId: PathOf<"getSubaccount">["subaccount_id"], options?: RequestOptions): Promise<WithLastResponse<ResultOf<"getSubaccount">>> => t.call<"getSubaccount">("GET", "/api/v1/subaccounts/{subaccount_id}", { params: { subaccount_id: subaccountId } }, options),
    },
    agents: {
      /** List voice agents: `GET /api/v1/agents`, scope `agents:read`. */
      list: (query?: QueryOf<"listAgents">, options?: RequestOptions): PagedList<ItemOf<"listAgents">, ResultOf<"listAgents">> => t.list<"listAgents">("offset", "/api/v1/agents", undefined, query, options),
      /** List agent templates: `GET /api/v1/agents/templates`, scope `agents:read`. */
      listTemplates: (query?: QueryOf<"listAgentTemplates">, options?: RequestOptions): PagedList<ItemOf<"listAgentTemplates">, ResultOf<"listAgentTemplates">> => t.list<"listAgentTemplates">("offset", "/api/v1/agents/templates", undefined, query, options),
      /** View an agent: `GET /api/v1/agents/{agent_id}`, scope `agents:read`. */
      get: (agentId: PathOf<"getAgent">["agent_id"], options?: RequestOptions): Promise<WithLastResponse<ResultOf<"getAgent">>> => t.call<"getAgent">("GET", "/api/v1/agents/{agent_id}", { params: { agent_id: agentId } }, options),
      /** Update content (greeting, prompt, voice): `PATCH /api/v1/agents/{agent_id}`, scope `agents:write`. */
      update: (agentId: PathOf<"updateAgent">["agent_id"], body: BodyOf<"updateAgent">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"updateAgent">>> => t.call<"updateAgent">("PATCH", "/api/v1/agents/{agent_id}", { params: { agent_id: agentId }, body }, options),
      /** List agent versions: `GET /api/v1/agents/{agent_id}/versions`, scope `agents:read`. */
      listVersions: (agentId: PathOf<"listAgentVersions">["agent_id"], query?: QueryOf<"listAgentVersions">, options?: RequestOptions): PagedList<ItemOf<"listAgentVersions">, ResultOf<"listAgentVersions">> => t.list<"listAgentVersions">("offset", "/api/v1/agents/{agent_id}/versions", { agent_id: agentId }, query, options),
      /** Submit an agent.yaml, create a draft version: `POST /api/v1/agents/{agent_id}/versions`, scope `agents:write`. */
      createVersion: (agentId: PathOf<"createAgentVersion">["agent_id"], body: BodyOf<"createAgentVersion">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"createAgentVersion">>> => t.call<"createAgentVersion">("POST", "/api/v1/agents/{agent_id}/versions", { params: { agent_id: agentId }, body }, options),
    },
    alerts: {
      /** Read configured alerts and the spend that triggers them: `GET /api/v1/alerts`, scope `alerts:read`. */
      list: (query?: QueryOf<"listAlerts">, options?: RequestOptions): PagedList<ItemOf<"listAlerts">, ResultOf<"listAlerts">> => t.list<"listAlerts">("offset", "/api/v1/alerts", undefined, query, options),
      /** Configure, silence or dismiss an alert: `PATCH /api/v1/alerts`, scope `alerts:write`. */
      update: (body: BodyOf<"updateAlert">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"updateAlert">>> => t.call<"updateAlert">("PATCH", "/api/v1/alerts", { params: undefined, body }, options),
    },
    analytics: {
      /** Call breakdown by direction and result: `GET /api/v1/analytics/calls`, scope `analytics:read`. */
      getCalls: (query?: QueryOf<"getCallAnalytics">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"getCallAnalytics">>> => t.call<"getCallAnalytics">("GET", "/api/v1/analytics/calls", { params: undefined, query }, options),
      /** Period indicators and their variation: `GET /api/v1/analytics/dashboard`, scope `analytics:read`. */
      getDashboard: (query?: QueryOf<"getAnalyticsDashboard">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"getAnalyticsDashboard">>> => t.call<"getAnalyticsDashboard">("GET", "/api/v1/analytics/dashboard", { params: undefined, query }, options),
    },
    announcements: {
      /** List announcements: `GET /api/v1/announcements`, scope `announcements:read`. */
      list: (query?: QueryOf<"listAnnouncements">, options?: RequestOptions): PagedList<ItemOf<"listAnnouncements">, ResultOf<"listAnnouncements">> => t.list<"listAnnouncements">("offset", "/api/v1/announcements", undefined, query, options),
      /** Read an announcement: `GET /api/v1/announcements/{announcement_id}`, scope `announcements:read`. */
      get: (announcementId: PathOf<"getAnnouncement">["announcement_id"], options?: RequestOptions): Promise<WithLastResponse<ResultOf<"getAnnouncement">>> => t.call<"getAnnouncement">("GET", "/api/v1/announcements/{announcement_id}", { params: { announcement_id: announcementId } }, options),
    },
    apiKeys: {
      /** Rotate the calling key: `POST /api/v1/api-keys/{key_id}/rotate`, scope `api-keys:write`. */
      rotate: (keyId: PathOf<"rotateApiKey">["key_id"], options?: RequestOptions): Promise<WithLastResponse<ResultOf<"rotateApiKey">>> => t.call<"rotateApiKey">("POST", "/api/v1/api-keys/{key_id}/rotate", { params: { key_id: keyId } }, options),
    },
    auditLog: {
      /** Read the activity log: `GET /api/v1/audit-log`, scope `audit:read`. */
      list: (query?: QueryOf<"listAuditLog">, options?: RequestOptions): PagedList<ItemOf<"listAuditLog">, ResultOf<"listAuditLog">> => t.list<"listAuditLog">("offset", "/api/v1/audit-log", undefined, query, options),
    },
    billing: {
      /** Wallet balance: `GET /api/v1/billing/balance`, scope `billing:read`. */
      getBalance: (options?: RequestOptions): Promise<WithLastResponse<ResultOf<"getBalance">>> => t.call<"getBalance">("GET", "/api/v1/billing/balance", { params: undefined }, options),
      /** Wallet movements: `GET /api/v1/billing/transactions`, scope `billing:read`. */
      listTransactions: (query?: QueryOf<"listTransactions">, options?: RequestOptions): PagedList<ItemOf<"listTransactions">, ResultOf<"listTransactions">> => t.list<"listTransactions">("offset", "/api/v1/billing/transactions", undefined, query, options),
      /** Period consumption: `GET /api/v1/billing/usage`, scope `billing:read`. */
      getUsage: (query?: QueryOf<"getUsage">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"getUsage">>> => t.call<"getUsage">("GET", "/api/v1/billing/usage", { params: undefined, query }, options),
      /** Issued invoices: `GET /api/v1/billing/invoices`, scope `billing:read`. */
      listInvoices: (query?: QueryOf<"listBillingInvoices">, options?: RequestOptions): PagedList<ItemOf<"listBillingInvoices">, ResultOf<"listBillingInvoices">> => t.list<"listBillingInvoices">("offset", "/api/v1/billing/invoices", undefined, query, options),
      /** Uncompleted number purchases: `GET /api/v1/billing/pending-orders`, scope `billing:read`. */
      listPendingOrders: (query?: QueryOf<"listPendingOrders">, options?: RequestOptions): PagedList<ItemOf<"listPendingOrders">, ResultOf<"listPendingOrders">> => t.list<"listPendingOrders">("offset", "/api/v1/billing/pending-orders", undefined, query, options),
      /** Contracted plan and billing cycle: `GET /api/v1/billing/subscription`, scope `billing:read`. */
      getSubscription: (options?: RequestOptions): Promise<WithLastResponse<ResultOf<"getSubscription">>> => t.call<"getSubscription">("GET", "/api/v1/billing/subscription", { params: undefined }, options),
      /** Hire or change plan: `POST /api/v1/billing/subscription`, scope `billing:write`. Spends money (gate S): requires an Idempotency-Key, which the client sends. */
      changePlan: (body: BodyOf<"changePlan">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"changePlan">>> => t.call<"changePlan">("POST", "/api/v1/billing/subscription", { params: undefined, body }, options),
      /** Cancel the plan at period end: `DELETE /api/v1/billing/subscription`, scope `billing:write`. Spends money (gate S): requires an Idempotency-Key, which the client sends. */
      cancelSubscription: (options?: RequestOptions): Promise<WithLastResponse<ResultOf<"cancelSubscription">>> => t.call<"cancelSubscription">("DELETE", "/api/v1/billing/subscription", { params: undefined }, options),
      /** Available and hired add-ons: `GET /api/v1/billing/addons`, scope `billing:read`. */
      listAddons: (options?: RequestOptions): Promise<WithLastResponse<ResultOf<"listAddons">>> => t.call<"listAddons">("GET", "/api/v1/billing/addons", { params: undefined }, options),
      /** Hire an add-on: `POST /api/v1/billing/addons`, scope `billing:write`. Spends money (gate S): requires an Idempotency-Key, which the client sends. */
      hireAddon: (body: BodyOf<"hireAddon">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"hireAddon">>> => t.call<"hireAddon">("POST", "/api/v1/billing/addons", { params: undefined, body }, options),
      /** Top up the wallet: `POST /api/v1/billing/topups`, scope `billing:write`. Spends money (gate S): requires an Idempotency-Key, which the client sends. */
      createTopUp: (body: BodyOf<"createTopUp">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"createTopUp">>> => t.call<"createTopUp">("POST", "/api/v1/billing/topups", { params: undefined, body }, options),
      /** Simultaneous-call quota: `GET /api/v1/billing/concurrency`, scope `billing:read`. */
      getConcurrency: (options?: RequestOptions): Promise<WithLastResponse<ResultOf<"getConcurrency">>> => t.call<"getConcurrency">("GET", "/api/v1/billing/concurrency", { params: undefined }, options),
      /** Cancel an add-on: `DELETE /api/v1/billing/addons/{addon_type}`, scope `billing:write`. Spends money (gate S): requires an Idempotency-Key, which the client sends. */
      cancelAddon: (addonType: PathOf<"cancelAddon">["addon_type"], options?: RequestOptions): Promise<WithLastResponse<ResultOf<"cancelAddon">>> => t.call<"cancelAddon">("DELETE", "/api/v1/billing/addons/{addon_type}", { params: { addon_type: addonType } }, options),
    },
    budgets: {
      /** List budgets: `GET /api/v1/budgets`, scope `budgets:read`. */
      list: (query?: QueryOf<"listBudgets">, options?: RequestOptions): PagedList<ItemOf<"listBudgets">, ResultOf<"listBudgets">> => t.list<"listBudgets">("offset", "/api/v1/budgets", undefined, query, options),
      /** Create a draft budget: `POST /api/v1/budgets`, scope `budgets:write`. */
      create: (body: BodyOf<"createBudget">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"createBudget">>> => t.call<"createBudget">("POST", "/api/v1/budgets", { params: undefined, body }, options),
    },
    calendar: {
      /** Scheduled appointments: `GET /api/v1/bookings`, scope `calendar:read`. */
      listBookings: (query?: QueryOf<"listBookings">, options?: RequestOptions): PagedList<ItemOf<"listBookings">, ResultOf<"listBookings">> => t.list<"listBookings">("offset", "/api/v1/bookings", undefined, query, options),
      /** Working calendar for a date range: `GET /api/v1/calendar`, scope `calendar:read`. */
      get: (query?: QueryOf<"getCalendar">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"getCalendar">>> => t.call<"getCalendar">("GET", "/api/v1/calendar", { params: undefined, query }, options),
      /** Set the weekly schedule: `PUT /api/v1/calendar/schedule`, scope `calendar:write`. */
      setSchedule: (body: BodyOf<"setCalendarSchedule">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"setCalendarSchedule">>> => t.call<"setCalendarSchedule">("PUT", "/api/v1/calendar/schedule", { params: undefined, body }, options),
      /** Set a day exception: `PUT /api/v1/calendar/overrides`, scope `calendar:write`. */
      setOverride: (body: BodyOf<"setCalendarOverride">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"setCalendarOverride">>> => t.call<"setCalendarOverride">("PUT", "/api/v1/calendar/overrides", { params: undefined, body }, options),
      /** Remove a day exception: `DELETE /api/v1/calendar/overrides`, scope `calendar:write`. */
      removeOverride: (query: QueryOf<"removeCalendarOverride">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"removeCalendarOverride">>> => t.call<"removeCalendarOverride">("DELETE", "/api/v1/calendar/overrides", { params: undefined, query }, options),
      /** Tell whether an instant falls within working hours: `GET /api/v1/calendar/check`, scope `calendar:read`. */
      check: (query: QueryOf<"checkCalendar">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"checkCalendar">>> => t.call<"checkCalendar">("GET", "/api/v1/calendar/check", { params: undefined, query }, options),
    },
    calls: {
      /** Call label catalogue: `GET /api/v1/call-labels`, scope `calls:read`. */
      listLabels: (query?: QueryOf<"listCallLabels">, options?: RequestOptions): PagedList<ItemOf<"listCallLabels">, ResultOf<"listCallLabels">> => t.list<"listCallLabels">("offset", "/api/v1/call-labels", undefined, query, options),
      /** List calls with the period's totals: `GET /api/v1/calls`, scope `calls:read`. */
      list: (query?: QueryOf<"listCalls">, options?: RequestOptions): PagedList<ItemOf<"listCalls">, ResultOf<"listCalls">> => t.list<"listCalls">("offset", "/api/v1/calls", undefined, query, options),
      /** Qualification verdicts: `GET /api/v1/qualifications`, scope `calls:read`. */
      listQualifications: (query?: QueryOf<"listQualifications">, options?: RequestOptions): PagedList<ItemOf<"listQualifications">, ResultOf<"listQualifications">> => t.list<"listQualifications">("offset", "/api/v1/qualifications", undefined, query, options),
      /** Launch an outbound call: `POST /api/v1/calls/dial`, scope `calls:dial`. Spends money (gate S): requires an Idempotency-Key, which the client sends. */
      dial: (body: BodyOf<"dialCall">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"dialCall">>> => t.call<"dialCall">("POST", "/api/v1/calls/dial", { params: undefined, body }, options),
      /** View a call: `GET /api/v1/calls/{call_id}`, scope `calls:read`. */
      get: (callId: PathOf<"getCall">["call_id"], options?: RequestOptions): Promise<WithLastResponse<ResultOf<"getCall">>> => t.call<"getCall">("GET", "/api/v1/calls/{call_id}", { params: { call_id: callId } }, options),
      /** Label a call: `POST /api/v1/calls/{call_id}/labels`, scope `calls:write`. */
      addLabel: (callId: PathOf<"addCallLabel">["call_id"], body: BodyOf<"addCallLabel">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"addCallLabel">>> => t.call<"addCallLabel">("POST", "/api/v1/calls/{call_id}/labels", { params: { call_id: callId }, body }, options),
      /** Assign team people to a call: `PUT /api/v1/calls/{call_id}/member`, scope `calls:write`. */
      assignMembers: (callId: PathOf<"assignCallMembers">["call_id"], body: BodyOf<"assignCallMembers">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"assignCallMembers">>> => t.call<"assignCallMembers">("PUT", "/api/v1/calls/{call_id}/member", { params: { call_id: callId }, body }, options),
      /** Remove the assignment: `DELETE /api/v1/calls/{call_id}/member`, scope `calls:write`. */
      unassignMembers: (callId: PathOf<"unassignCallMembers">["call_id"], options?: RequestOptions): Promise<WithLastResponse<ResultOf<"unassignCallMembers">>> => t.call<"unassignCallMembers">("DELETE", "/api/v1/calls/{call_id}/member", { params: { call_id: callId } }, options),
      /** Remove a label: `DELETE /api/v1/calls/{call_id}/labels/{label_key}`, scope `calls:write`. */
      removeLabel: (callId: PathOf<"removeCallLabel">["call_id"], labelKey: PathOf<"removeCallLabel">["label_key"], options?: RequestOptions): Promise<WithLastResponse<ResultOf<"removeCallLabel">>> => t.call<"removeCallLabel">("DELETE", "/api/v1/calls/{call_id}/labels/{label_key}", { params: { call_id: callId, label_key: labelKey } }, options),
    },
    campaigns: {
      /** List campaigns: `GET /api/v1/campaigns`, scope `campaigns:read`. */
      list: (query?: QueryOf<"listCampaigns">, options?: RequestOptions): PagedList<ItemOf<"listCampaigns">, ResultOf<"listCampaigns">> => t.list<"listCampaigns">("offset", "/api/v1/campaigns", undefined, query, options),
      /** Create an email campaign: `POST /api/v1/campaigns`, scope `campaigns:write`. */
      create: (body: BodyOf<"createCampaign">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"createCampaign">>> => t.call<"createCampaign">("POST", "/api/v1/campaigns", { params: undefined, body }, options),
      /** View a campaign: `GET /api/v1/campaigns/{campaign_id}`, scope `campaigns:read`. */
      get: (campaignId: PathOf<"getCampaign">["campaign_id"], options?: RequestOptions): Promise<WithLastResponse<ResultOf<"getCampaign">>> => t.call<"getCampaign">("GET", "/api/v1/campaigns/{campaign_id}", { params: { campaign_id: campaignId } }, options),
      /** Edit an email campaign: `PATCH /api/v1/campaigns/{campaign_id}`, scope `campaigns:write`. */
      update: (campaignId: PathOf<"updateCampaign">["campaign_id"], body: BodyOf<"updateCampaign">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"updateCampaign">>> => t.call<"updateCampaign">("PATCH", "/api/v1/campaigns/{campaign_id}", { params: { campaign_id: campaignId }, body }, options),
      /** Attempts of a campaign: `GET /api/v1/campaigns/{campaign_id}/attempts`, scope `campaigns:read`. */
      listAttempts: (campaignId: PathOf<"listCampaignAttempts">["campaign_id"], query?: QueryOf<"listCampaignAttempts">, options?: RequestOptions): PagedList<ItemOf<"listCampaignAttempts">, ResultOf<"listCampaignAttempts">> => t.list<"listCampaignAttempts">("offset", "/api/v1/campaigns/{campaign_id}/attempts", { campaign_id: campaignId }, query, options),
      /** Enrollments of a campaign: `GET /api/v1/campaigns/{campaign_id}/enrollments`, scope `campaigns:read`. */
      listEnrollments: (campaignId: PathOf<"listCampaignEnrollments">["campaign_id"], query?: QueryOf<"listCampaignEnrollments">, options?: RequestOptions): PagedList<ItemOf<"listCampaignEnrollments">, ResultOf<"listCampaignEnrollments">> => t.list<"listCampaignEnrollments">("offset", "/api/v1/campaigns/{campaign_id}/enrollments", { campaign_id: campaignId }, query, options),
      /** View the audience: `GET /api/v1/campaigns/{campaign_id}/lists`, scope `campaigns:read`. */
      listLists: (campaignId: PathOf<"listCampaignLists">["campaign_id"], query?: QueryOf<"listCampaignLists">, options?: RequestOptions): PagedList<ItemOf<"listCampaignLists">, ResultOf<"listCampaignLists">> => t.list<"listCampaignLists">("offset", "/api/v1/campaigns/{campaign_id}/lists", { campaign_id: campaignId }, query, options),
      /** Add lists to the audience: `POST /api/v1/campaigns/{campaign_id}/lists`, scope `campaigns:write`. */
      addLists: (campaignId: PathOf<"addCampaignLists">["campaign_id"], body: BodyOf<"addCampaignLists">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"addCampaignLists">>> => t.call<"addCampaignLists">("POST", "/api/v1/campaigns/{campaign_id}/lists", { params: { campaign_id: campaignId }, body }, options),
      /** Remove lists from the audience: `DELETE /api/v1/campaigns/{campaign_id}/lists`, scope `campaigns:write`. */
      removeLists: (campaignId: PathOf<"removeCampaignLists">["campaign_id"], body: BodyOf<"removeCampaignLists">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"removeCampaignLists">>> => t.call<"removeCampaignLists">("DELETE", "/api/v1/campaigns/{campaign_id}/lists", { params: { campaign_id: campaignId }, body }, options),
      /** Dispatch a batch of a campaign (spends balance): `POST /api/v1/campaigns/{campaign_id}/dispatch`, scope `campaigns:dispatch`. Spends money (gate S): requires an Idempotency-Key, which the client sends. */
      dispatch: (campaignId: PathOf<"dispatchCampaign">["campaign_id"], body: BodyOf<"dispatchCampaign">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"dispatchCampaign">>> => t.call<"dispatchCampaign">("POST", "/api/v1/campaigns/{campaign_id}/dispatch", { params: { campaign_id: campaignId }, body }, options),
    },
    clients: {
      /** List saved clients: `GET /api/v1/clients`, scope `clients:read`. */
      list: (query?: QueryOf<"listClients">, options?: RequestOptions): PagedList<ItemOf<"listClients">, ResultOf<"listClients">> => t.list<"listClients">("offset", "/api/v1/clients", undefined, query, options),
    },
    contactLists: {
      /** List contact lists: `GET /api/v1/contact-lists`, scope `contacts:read`. */
      list: (query?: QueryOf<"listContactLists">, options?: RequestOptions): PagedList<ItemOf<"listContactLists">, ResultOf<"listContactLists">> => t.list<"listContactLists">("offset", "/api/v1/contact-lists", undefined, query, options),
      /** Create a contact list: `POST /api/v1/contact-lists`, scope `contacts:write`. */
      create: (body: BodyOf<"createContactList">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"createContactList">>> => t.call<"createContactList">("POST", "/api/v1/contact-lists", { params: undefined, body }, options),
      /** View a contact list: `GET /api/v1/contact-lists/{list_id}`, scope `contacts:read`. */
      get: (listId: PathOf<"getContactList">["list_id"], options?: RequestOptions): Promise<WithLastResponse<ResultOf<"getContactList">>> => t.call<"getContactList">("GET", "/api/v1/contact-lists/{list_id}", { params: { list_id: listId } }, options),
      /** Rename or describe a contact list: `PATCH /api/v1/contact-lists/{list_id}`, scope `contacts:write`. */
      update: (listId: PathOf<"updateContactList">["list_id"], body: BodyOf<"updateContactList">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"updateContactList">>> => t.call<"updateContactList">("PATCH", "/api/v1/contact-lists/{list_id}", { params: { list_id: listId }, body }, options),
      /** List the contacts of a list: `GET /api/v1/contact-lists/{list_id}/members`, scope `contacts:read`. */
      listMembers: (listId: PathOf<"listContactListMembers">["list_id"], query?: QueryOf<"listContactListMembers">, options?: RequestOptions): PagedList<ItemOf<"listContactListMembers">, ResultOf<"listContactListMembers">> => t.list<"listContactListMembers">("offset", "/api/v1/contact-lists/{list_id}/members", { list_id: listId }, query, options),
      /** Add contacts to a list: `POST /api/v1/contact-lists/{list_id}/members`, scope `contacts:write`. */
      addMembers: (listId: PathOf<"addContactListMembers">["list_id"], body: BodyOf<"addContactListMembers">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"addContactListMembers">>> => t.call<"addContactListMembers">("POST", "/api/v1/contact-lists/{list_id}/members", { params: { list_id: listId }, body }, options),
      /** Remove contacts from a list: `DELETE /api/v1/contact-lists/{list_id}/members`, scope `contacts:write`. */
      removeMembers: (listId: PathOf<"removeContactListMembers">["list_id"], body: BodyOf<"removeContactListMembers">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"removeContactListMembers">>> => t.call<"removeContactListMembers">("DELETE", "/api/v1/contact-lists/{list_id}/members", { params: { list_id: listId }, body }, options),
    },
    contacts: {
      /** List contacts: `GET /api/v1/contacts`, scope `contacts:read`. */
      list: (query?: QueryOf<"listContacts">, options?: RequestOptions): PagedList<ItemOf<"listContacts">, ResultOf<"listContacts">> => t.list<"listContacts">("offset", "/api/v1/contacts", undefined, query, options),
      /** Create a contact: `POST /api/v1/contacts`, scope `contacts:write`. */
      create: (body: BodyOf<"createContact">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"createContact">>> => t.call<"createContact">("POST", "/api/v1/contacts", { params: undefined, body }, options),
      /** Identify a contact by phone: `POST /api/v1/contacts/identify`, scope `contacts:write`. */
      identify: (body: BodyOf<"identifyContact">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"identifyContact">>> => t.call<"identifyContact">("POST", "/api/v1/contacts/identify", { params: undefined, body }, options),
      /** Import contacts in bulk: `POST /api/v1/contacts/import`, scope `contacts:write`. */
      import: (body: BodyOf<"importContacts">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"importContacts">>> => t.call<"importContacts">("POST", "/api/v1/contacts/import", { params: undefined, body }, options),
      /** View a contact: `GET /api/v1/contacts/{contact_id}`, scope `contacts:read`. */
      get: (contactId: PathOf<"getContact">["contact_id"], options?: RequestOptions): Promise<WithLastResponse<ResultOf<"getContact">>> => t.call<"getContact">("GET", "/api/v1/contacts/{contact_id}", { params: { contact_id: contactId } }, options),
      /** Update a contact: `PATCH /api/v1/contacts/{contact_id}`, scope `contacts:write`. */
      update: (contactId: PathOf<"updateContact">["contact_id"], body: BodyOf<"updateContact">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"updateContact">>> => t.call<"updateContact">("PATCH", "/api/v1/contacts/{contact_id}", { params: { contact_id: contactId }, body }, options),
    },
    conversations: {
      /** List conversations: `GET /api/v1/conversations`, scope `whatsapp:read`. */
      list: (query?: QueryOf<"listConversations">, options?: RequestOptions): PagedList<ItemOf<"listConversations">, ResultOf<"listConversations">> => t.list<"listConversations">("cursor", "/api/v1/conversations", undefined, query, options),
      /** List connected WhatsApp numbers: `GET /api/v1/whatsapp/connections`, scope `whatsapp:read`. */
      listWhatsAppConnections: (query?: QueryOf<"listWhatsAppConnections">, options?: RequestOptions): PagedList<ItemOf<"listWhatsAppConnections">, ResultOf<"listWhatsAppConnections">> => t.list<"listWhatsAppConnections">("cursor", "/api/v1/whatsapp/connections", undefined, query, options),
      /** View a conversation: `GET /api/v1/conversations/{conversation_uuid}`, scope `whatsapp:read`. */
      get: (conversationUuid: PathOf<"getConversation">["conversation_uuid"], options?: RequestOptions): Promise<WithLastResponse<ResultOf<"getConversation">>> => t.call<"getConversation">("GET", "/api/v1/conversations/{conversation_uuid}", { params: { conversation_uuid: conversationUuid } }, options),
      /** List messages: `GET /api/v1/conversations/{conversation_uuid}/messages`, scope `whatsapp:read`. */
      listMessages: (conversationUuid: PathOf<"listConversationMessages">["conversation_uuid"], query?: QueryOf<"listConversationMessages">, options?: RequestOptions): PagedList<ItemOf<"listConversationMessages">, ResultOf<"listConversationMessages">> => t.list<"listConversationMessages">("cursor", "/api/v1/conversations/{conversation_uuid}/messages", { conversation_uuid: conversationUuid }, query, options),
      /** Reply in a conversation: `POST /api/v1/conversations/{conversation_uuid}/messages`, scope `whatsapp:send`. */
      reply: (conversationUuid: PathOf<"replyInConversation">["conversation_uuid"], body: BodyOf<"replyInConversation">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"replyInConversation">>> => t.call<"replyInConversation">("POST", "/api/v1/conversations/{conversation_uuid}/messages", { params: { conversation_uuid: conversationUuid }, body }, options),
      /** Return control: `POST /api/v1/conversations/{conversation_uuid}/resume`, scope `whatsapp:send`. */
      resume: (conversationUuid: PathOf<"resumeConversation">["conversation_uuid"], options?: RequestOptions): Promise<WithLastResponse<ResultOf<"resumeConversation">>> => t.call<"resumeConversation">("POST", "/api/v1/conversations/{conversation_uuid}/resume", { params: { conversation_uuid: conversationUuid } }, options),
      /** Human takeover: `POST /api/v1/conversations/{conversation_uuid}/takeover`, scope `whatsapp:send`. */
      takeOver: (conversationUuid: PathOf<"takeOverConversation">["conversation_uuid"], options?: RequestOptions): Promise<WithLastResponse<ResultOf<"takeOverConversation">>> => t.call<"takeOverConversation">("POST", "/api/v1/conversations/{conversation_uuid}/takeover", { params: { conversation_uuid: conversationUuid } }, options),
    },
    documents: {
      /** List the document archive: `GET /api/v1/documents`, scope `documents:read`. */
      list: (query?: QueryOf<"listDocuments">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"listDocuments">>> => t.call<"listDocuments">("GET", "/api/v1/documents", { params: undefined, query }, options),
    },
    email: {
      /** List email sending identities: `GET /api/v1/email/connections`, scope `email-configs:read`. */
      listConnections: (query?: QueryOf<"listEmailConnections">, options?: RequestOptions): PagedList<ItemOf<"listEmailConnections">, ResultOf<"listEmailConnections">> => t.list<"listEmailConnections">("offset", "/api/v1/email/connections", undefined, query, options),
      /** Email history: `GET /api/v1/email/history`, scope `email:read`. */
      listHistory: (query?: QueryOf<"listEmailHistory">, options?: RequestOptions): PagedList<ItemOf<"listEmailHistory">, ResultOf<"listEmailHistory">> => t.list<"listEmailHistory">("offset", "/api/v1/email/history", undefined, query, options),
      /** Send an email: `POST /api/v1/email/send`, scope `email:send`. */
      send: (body: BodyOf<"sendEmail">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"sendEmail">>> => t.call<"sendEmail">("POST", "/api/v1/email/send", { params: undefined, body }, options),
    },
    emailTemplates: {
      /** List email templates: `GET /api/v1/email-templates`, scope `campaigns:read`. */
      list: (query?: QueryOf<"listEmailTemplates">, options?: RequestOptions): PagedList<ItemOf<"listEmailTemplates">, ResultOf<"listEmailTemplates">> => t.list<"listEmailTemplates">("offset", "/api/v1/email-templates", undefined, query, options),
      /** Create an email template: `POST /api/v1/email-templates`, scope `campaigns:write`. */
      create: (body: BodyOf<"createEmailTemplate">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"createEmailTemplate">>> => t.call<"createEmailTemplate">("POST", "/api/v1/email-templates", { params: undefined, body }, options),
      /** View a template: `GET /api/v1/email-templates/{template_id}`, scope `campaigns:read`. */
      get: (templateId: PathOf<"getEmailTemplate">["template_id"], options?: RequestOptions): Promise<WithLastResponse<ResultOf<"getEmailTemplate">>> => t.call<"getEmailTemplate">("GET", "/api/v1/email-templates/{template_id}", { params: { template_id: templateId } }, options),
      /** Edit a template: `PATCH /api/v1/email-templates/{template_id}`, scope `campaigns:write`. */
      update: (templateId: PathOf<"updateEmailTemplate">["template_id"], body: BodyOf<"updateEmailTemplate">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"updateEmailTemplate">>> => t.call<"updateEmailTemplate">("PATCH", "/api/v1/email-templates/{template_id}", { params: { template_id: templateId }, body }, options),
    },
    invoices: {
      /** List invoices (read-only): `GET /api/v1/invoices`, scope `invoices:read`. */
      list: (query?: QueryOf<"listInvoices">, options?: RequestOptions): PagedList<ItemOf<"listInvoices">, ResultOf<"listInvoices">> => t.list<"listInvoices">("offset", "/api/v1/invoices", undefined, query, options),
    },
    knowledgeBases: {
      /** List knowledge bases: `GET /api/v1/knowledge-bases`, scope `kb:read`. */
      list: (query?: QueryOf<"listKnowledgeBases">, options?: RequestOptions): PagedList<ItemOf<"listKnowledgeBases">, ResultOf<"listKnowledgeBases">> => t.list<"listKnowledgeBases">("offset", "/api/v1/knowledge-bases", undefined, query, options),
      /** Rename or describe a collection: `PATCH /api/v1/kb/collections/{collection_id}`, scope `kb:write`. */
      updateCollection: (collectionId: PathOf<"updateKnowledgeBaseCollection">["collection_id"], body: BodyOf<"updateKnowledgeBaseCollection">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"updateKnowledgeBaseCollection">>> => t.call<"updateKnowledgeBaseCollection">("PATCH", "/api/v1/kb/collections/{collection_id}", { params: { collection_id: collectionId }, body }, options),
      /** Search inside a knowledge base: `POST /api/v1/knowledge-bases/{kb_id}/search`, scope `kb:read`. */
      search: (kbId: PathOf<"searchKnowledgeBase">["kb_id"], body: BodyOf<"searchKnowledgeBase">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"searchKnowledgeBase">>> => t.call<"searchKnowledgeBase">("POST", "/api/v1/knowledge-bases/{kb_id}/search", { params: { kb_id: kbId }, body }, options),
    },
    mailboxInbox: {
      /** Shared mailboxes this key can read: `GET /api/v1/inbox/mailboxes`, scope `inbox:read`. */
      listMailboxes: (query?: QueryOf<"listMailboxes">, options?: RequestOptions): PagedList<ItemOf<"listMailboxes">, ResultOf<"listMailboxes">> => t.list<"listMailboxes">("offset", "/api/v1/inbox/mailboxes", undefined, query, options),
      /** Folders with counters: `GET /api/v1/inbox/{mailbox_id}/folders`, scope `inbox:read`. */
      listMailboxFolders: (mailboxId: PathOf<"listMailboxFolders">["mailbox_id"], options?: RequestOptions): Promise<WithLastResponse<ResultOf<"listMailboxFolders">>> => t.call<"listMailboxFolders">("GET", "/api/v1/inbox/{mailbox_id}/folders", { params: { mailbox_id: mailboxId } }, options),
      /** Messages of a shared mailbox: `GET /api/v1/inbox/{mailbox_id}/messages`, scope `inbox:read`. */
      listMailboxMessages: (mailboxId: PathOf<"listMailboxMessages">["mailbox_id"], query?: QueryOf<"listMailboxMessages">, options?: RequestOptions): PagedList<ItemOf<"listMailboxMessages">, ResultOf<"listMailboxMessages">> => t.list<"listMailboxMessages">("offset", "/api/v1/inbox/{mailbox_id}/messages", { mailbox_id: mailboxId }, query, options),
      /** One message with body: `GET /api/v1/inbox/{mailbox_id}/messages/{message_id}`, scope `inbox:read`. */
      getMailboxMessage: (mailboxId: PathOf<"getMailboxMessage">["mailbox_id"], messageId: PathOf<"getMailboxMessage">["message_id"], options?: RequestOptions): Promise<WithLastResponse<ResultOf<"getMailboxMessage">>> => t.call<"getMailboxMessage">("GET", "/api/v1/inbox/{mailbox_id}/messages/{message_id}", { params: { mailbox_id: mailboxId, message_id: messageId } }, options),
      /** Full thread: `GET /api/v1/inbox/{mailbox_id}/conversations/{conversation_id}`, scope `inbox:read`. */
      getMailboxConversation: (mailboxId: PathOf<"getMailboxConversation">["mailbox_id"], conversationId: PathOf<"getMailboxConversation">["conversation_id"], options?: RequestOptions): Promise<WithLastResponse<ResultOf<"getMailboxConversation">>> => t.call<"getMailboxConversation">("GET", "/api/v1/inbox/{mailbox_id}/conversations/{conversation_id}", { params: { mailbox_id: mailboxId, conversation_id: conversationId } }, options),
      /** Attachments of a message: `GET /api/v1/inbox/{mailbox_id}/messages/{message_id}/attachments`, scope `inbox:read`. */
      listMessageAttachments: (mailboxId: PathOf<"listMessageAttachments">["mailbox_id"], messageId: PathOf<"listMessageAttachments">["message_id"], query?: QueryOf<"listMessageAttachments">, options?: RequestOptions): PagedList<ItemOf<"listMessageAttachments">, ResultOf<"listMessageAttachments">> => t.list<"listMessageAttachments">("offset", "/api/v1/inbox/{mailbox_id}/messages/{message_id}/attachments", { mailbox_id: mailboxId, message_id: messageId }, query, options),
      /** Download attachment content (base64): `GET /api/v1/inbox/{mailbox_id}/messages/{message_id}/attachments/{attachment_id}`, scope `inbox:read`. */
      downloadMessageAttachment: (mailboxId: PathOf<"downloadMessageAttachment">["mailbox_id"], messageId: PathOf<"downloadMessageAttachment">["message_id"], attachmentId: PathOf<"downloadMessageAttachment">["attachment_id"], options?: RequestOptions): Promise<WithLastResponse<ResultOf<"downloadMessageAttachment">>> => t.call<"downloadMessageAttachment">("GET", "/api/v1/inbox/{mailbox_id}/messages/{message_id}/attachments/{attachment_id}", { params: { mailbox_id: mailboxId, message_id: messageId, attachment_id: attachmentId } }, options),
    },
    requests: {
      /** List the company's requests: `GET /api/v1/requests`, scope `audit:read`. */
      list: (query?: QueryOf<"listRequests">, options?: RequestOptions): PagedList<ItemOf<"listRequests">, ResultOf<"listRequests">> => t.list<"listRequests">("cursor", "/api/v1/requests", undefined, query, options),
      /** Look up one request: `GET /api/v1/requests/{request_id}`, scope `audit:read`. */
      get: (requestId: PathOf<"getRequest">["request_id"], options?: RequestOptions): Promise<WithLastResponse<ResultOf<"getRequest">>> => t.call<"getRequest">("GET", "/api/v1/requests/{request_id}", { params: { request_id: requestId } }, options),
    },
    sequences: {
      /** List sequences: `GET /api/v1/sequences`, scope `campaigns:read`. */
      list: (query?: QueryOf<"listSequences">, options?: RequestOptions): PagedList<ItemOf<"listSequences">, ResultOf<"listSequences">> => t.list<"listSequences">("offset", "/api/v1/sequences", undefined, query, options),
      /** Create an email sequence: `POST /api/v1/sequences`, scope `campaigns:write`. */
      create: (body: BodyOf<"createSequence">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"createSequence">>> => t.call<"createSequence">("POST", "/api/v1/sequences", { params: undefined, body }, options),
      /** Edit a sequence: `PATCH /api/v1/sequences/{sequence_id}`, scope `campaigns:write`. */
      update: (sequenceId: PathOf<"updateSequence">["sequence_id"], body: BodyOf<"updateSequence">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"updateSequence">>> => t.call<"updateSequence">("PATCH", "/api/v1/sequences/{sequence_id}", { params: { sequence_id: sequenceId }, body }, options),
      /** Archive a sequence: `DELETE /api/v1/sequences/{sequence_id}`, scope `campaigns:write`. */
      archive: (sequenceId: PathOf<"archiveSequence">["sequence_id"], options?: RequestOptions): Promise<WithLastResponse<ResultOf<"archiveSequence">>> => t.call<"archiveSequence">("DELETE", "/api/v1/sequences/{sequence_id}", { params: { sequence_id: sequenceId } }, options),
      /** Enroll contacts in a sequence: `POST /api/v1/sequences/{sequence_id}/enroll`, scope `campaigns:write`. */
      enrollContacts: (sequenceId: PathOf<"enrollSequenceContacts">["sequence_id"], body: BodyOf<"enrollSequenceContacts">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"enrollSequenceContacts">>> => t.call<"enrollSequenceContacts">("POST", "/api/v1/sequences/{sequence_id}/enroll", { params: { sequence_id: sequenceId }, body }, options),
    },
    sipTrunks: {
      /** List SIP trunks: `GET /api/v1/sip-trunks`, scope `sip-trunks:read`. */
      list: (query?: QueryOf<"listSipTrunks">, options?: RequestOptions): PagedList<ItemOf<"listSipTrunks">, ResultOf<"listSipTrunks">> => t.list<"listSipTrunks">("offset", "/api/v1/sip-trunks", undefined, query, options),
      /** Create a SIP trunk: `POST /api/v1/sip-trunks`, scope `sip-trunks:write`. Spends money (gate S): requires an Idempotency-Key, which the client sends. */
      create: (body: BodyOf<"createSipTrunk">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"createSipTrunk">>> => t.call<"createSipTrunk">("POST", "/api/v1/sip-trunks", { params: undefined, body }, options),
      /** Modify a SIP trunk: `PATCH /api/v1/sip-trunks/{trunk_id}`, scope `sip-trunks:write`. Spends money (gate S): requires an Idempotency-Key, which the client sends. */
      update: (trunkId: PathOf<"updateSipTrunk">["trunk_id"], body: BodyOf<"updateSipTrunk">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"updateSipTrunk">>> => t.call<"updateSipTrunk">("PATCH", "/api/v1/sip-trunks/{trunk_id}", { params: { trunk_id: trunkId }, body }, options),
      /** Delete a SIP trunk: `DELETE /api/v1/sip-trunks/{trunk_id}`, scope `sip-trunks:write`. Spends money (gate S): requires an Idempotency-Key, which the client sends. */
      delete: (trunkId: PathOf<"deleteSipTrunk">["trunk_id"], options?: RequestOptions): Promise<WithLastResponse<ResultOf<"deleteSipTrunk">>> => t.call<"deleteSipTrunk">("DELETE", "/api/v1/sip-trunks/{trunk_id}", { params: { trunk_id: trunkId } }, options),
      /** Resume a suspended SIP trunk: `POST /api/v1/sip-trunks/{trunk_id}/resume`, scope `sip-trunks:write`. Spends money (gate S): requires an Idempotency-Key, which the client sends. */
      resume: (trunkId: PathOf<"resumeSipTrunk">["trunk_id"], options?: RequestOptions): Promise<WithLastResponse<ResultOf<"resumeSipTrunk">>> => t.call<"resumeSipTrunk">("POST", "/api/v1/sip-trunks/{trunk_id}/resume", { params: { trunk_id: trunkId } }, options),
    },
    sms: {
      /** Verify SMS recipients without sending: `POST /api/v1/sms/check`, scope `sms:send`. */
      check: (body: BodyOf<"checkSms">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"checkSms">>> => t.call<"checkSms">("POST", "/api/v1/sms/check", { params: undefined, body }, options),
      /** Send an SMS: `POST /api/v1/sms/send`, scope `sms:send`. */
      send: (body: BodyOf<"sendSms">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"sendSms">>> => t.call<"sendSms">("POST", "/api/v1/sms/send", { params: undefined, body }, options),
      /** SMS history: `GET /api/v1/sms/history`, scope `sms:read`. */
      listHistory: (query?: QueryOf<"listSmsHistory">, options?: RequestOptions): PagedList<ItemOf<"listSmsHistory">, ResultOf<"listSmsHistory">> => t.list<"listSmsHistory">("offset", "/api/v1/sms/history", undefined, query, options),
    },
    team: {
      /** List team members: `GET /api/v1/members`, scope `members:read`. */
      listMembers: (query?: QueryOf<"listTeamMembers">, options?: RequestOptions): PagedList<ItemOf<"listTeamMembers">, ResultOf<"listTeamMembers">> => t.list<"listTeamMembers">("offset", "/api/v1/members", undefined, query, options),
      /** List mentionable team people: `GET /api/v1/team/mention-list`, scope `team:read`. */
      listMentionable: (query?: QueryOf<"listMentionableTeam">, options?: RequestOptions): PagedList<ItemOf<"listMentionableTeam">, ResultOf<"listMentionableTeam">> => t.list<"listMentionableTeam">("offset", "/api/v1/team/mention-list", undefined, query, options),
      /** List team invitations: `GET /api/v1/team/invites`, scope `members:read`. */
      listInvites: (query?: QueryOf<"listTeamInvites">, options?: RequestOptions): PagedList<ItemOf<"listTeamInvites">, ResultOf<"listTeamInvites">> => t.list<"listTeamInvites">("offset", "/api/v1/team/invites", undefined, query, options),
      /** List custom roles: `GET /api/v1/team/roles`, scope `members:read`. */
      listRoles: (query?: QueryOf<"listTeamRoles">, options?: RequestOptions): PagedList<ItemOf<"listTeamRoles">, ResultOf<"listTeamRoles">> => t.list<"listTeamRoles">("offset", "/api/v1/team/roles", undefined, query, options),
      /** Contracted and used seats: `GET /api/v1/team/seats`, scope `members:read`. */
      getSeats: (options?: RequestOptions): Promise<WithLastResponse<ResultOf<"getTeamSeats">>> => t.call<"getTeamSeats">("GET", "/api/v1/team/seats", { params: undefined }, options),
      /** Revoke a pending invitation: `DELETE /api/v1/team/invites/{invite_id}`, scope `invites:revoke`. */
      revokeInvite: (inviteId: PathOf<"revokeTeamInvite">["invite_id"], options?: RequestOptions): Promise<WithLastResponse<ResultOf<"revokeTeamInvite">>> => t.call<"revokeTeamInvite">("DELETE", "/api/v1/team/invites/{invite_id}", { params: { invite_id: inviteId } }, options),
    },
    telephony: {
      /** List numbers: `GET /api/v1/numbers`, scope `numbers:read`. */
      listNumbers: (query?: QueryOf<"listNumbers">, options?: RequestOptions): PagedList<ItemOf<"listNumbers">, ResultOf<"listNumbers">> => t.list<"listNumbers">("offset", "/api/v1/numbers", undefined, query, options),
      /** Outbound sale rates: `GET /api/v1/rates`, scope `rates:read`. */
      listRates: (query?: QueryOf<"listRates">, options?: RequestOptions): PagedList<ItemOf<"listRates">, ResultOf<"listRates">> => t.list<"listRates">("offset", "/api/v1/rates", undefined, query, options),
      /** Callable destination catalogue: `GET /api/v1/rates/countries`, scope `rates:read`. */
      listRateCountries: (query?: QueryOf<"listRateCountries">, options?: RequestOptions): PagedList<ItemOf<"listRateCountries">, ResultOf<"listRateCountries">> => t.list<"listRateCountries">("offset", "/api/v1/rates/countries", undefined, query, options),
      /** SIP extensions: `GET /api/v1/telephony/extensions`, scope `numbers:read`. */
      listSipExtensions: (query?: QueryOf<"listSipExtensions">, options?: RequestOptions): PagedList<ItemOf<"listSipExtensions">, ResultOf<"listSipExtensions">> => t.list<"listSipExtensions">("offset", "/api/v1/telephony/extensions", undefined, query, options),
      /** Telephony profiles: `GET /api/v1/telephony/profiles`, scope `numbers:read`. */
      listProfiles: (query?: QueryOf<"listTelephonyProfiles">, options?: RequestOptions): PagedList<ItemOf<"listTelephonyProfiles">, ResultOf<"listTelephonyProfiles">> => t.list<"listTelephonyProfiles">("offset", "/api/v1/telephony/profiles", undefined, query, options),
      /** Rename a number: `PATCH /api/v1/numbers/{number_id}`, scope `numbers:write`. */
      renameNumber: (numberId: PathOf<"renameNumber">["number_id"], body: BodyOf<"renameNumber">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"renameNumber">>> => t.call<"renameNumber">("PATCH", "/api/v1/numbers/{number_id}", { params: { number_id: numberId }, body }, options),
    },
    webhooks: {
      /** Read the webhook subscription: `GET /api/v1/webhooks`, scope `webhooks:read`. */
      getSubscription: (options?: RequestOptions): Promise<WithLastResponse<ResultOf<"getWebhookSubscription">>> => t.call<"getWebhookSubscription">("GET", "/api/v1/webhooks", { params: undefined }, options),
      /** Create or replace the webhook subscription: `POST /api/v1/webhooks`, scope `webhooks:write`. */
      putSubscription: (body: BodyOf<"putWebhookSubscription">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"putWebhookSubscription">>> => t.call<"putWebhookSubscription">("POST", "/api/v1/webhooks", { params: undefined, body }, options),
      /** Change the destination, events or state, or rotate the secret: `PATCH /api/v1/webhooks`, scope `webhooks:write`. */
      updateSubscription: (body: BodyOf<"updateWebhookSubscription">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"updateWebhookSubscription">>> => t.call<"updateWebhookSubscription">("PATCH", "/api/v1/webhooks", { params: undefined, body }, options),
      /** Remove the webhook subscription: `DELETE /api/v1/webhooks`, scope `webhooks:write`. */
      deleteSubscription: (options?: RequestOptions): Promise<WithLastResponse<ResultOf<"deleteWebhookSubscription">>> => t.call<"deleteWebhookSubscription">("DELETE", "/api/v1/webhooks", { params: undefined }, options),
      /** Delivery attempt log: `GET /api/v1/webhooks/deliveries`, scope `webhooks:read`. */
      listDeliveries: (query?: QueryOf<"listWebhookDeliveries">, options?: RequestOptions): PagedList<ItemOf<"listWebhookDeliveries">, ResultOf<"listWebhookDeliveries">> => t.list<"listWebhookDeliveries">("offset", "/api/v1/webhooks/deliveries", undefined, query, options),
      /** Event catalogue: `GET /api/v1/events/catalog`, scope `webhooks:read`. */
      getEventCatalog: (options?: RequestOptions): Promise<WithLastResponse<ResultOf<"getEventCatalog">>> => t.call<"getEventCatalog">("GET", "/api/v1/events/catalog", { params: undefined }, options),
      /** Re-send a webhook delivery: `POST /api/v1/events/replay`, scope `webhooks:write`. */
      replayDelivery: (body: BodyOf<"replayWebhookDelivery">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"replayWebhookDelivery">>> => t.call<"replayWebhookDelivery">("POST", "/api/v1/events/replay", { params: undefined, body }, options),
      /** Send a test event: `POST /api/v1/webhooks/test`, scope `webhooks:write`. */
      sendTestEvent: (body: BodyOf<"sendTestWebhookEvent">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"sendTestWebhookEvent">>> => t.call<"sendTestWebhookEvent">("POST", "/api/v1/webhooks/test", { params: undefined, body }, options),
      /** Re-send the deliveries that failed since a time: `POST /api/v1/webhooks/{id}/recover`, scope `webhooks:write`. */
      recoverDeliveries: (id: PathOf<"recoverWebhookDeliveries">["id"], body: BodyOf<"recoverWebhookDeliveries">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"recoverWebhookDeliveries">>> => t.call<"recoverWebhookDeliveries">("POST", "/api/v1/webhooks/{id}/recover", { params: { id }, body }, options),
    },
    whatsapp: {
      /** Who can be written to, and how: `POST /api/v1/whatsapp/check`, scope `whatsapp:send`. */
      checkPhones: (body: BodyOf<"checkWhatsAppPhones">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"checkWhatsAppPhones">>> => t.call<"checkWhatsAppPhones">("POST", "/api/v1/whatsapp/check", { params: undefined, body }, options),
      /** List messages (receive by polling): `GET /api/v1/whatsapp/messages`, scope `whatsapp:read`. */
      pollMessages: (query?: QueryOf<"pollWhatsAppMessages">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"pollWhatsAppMessages">>> => t.call<"pollWhatsAppMessages">("GET", "/api/v1/whatsapp/messages", { params: undefined, query }, options),
      /** Send a message (text or template): `POST /api/v1/whatsapp/send`, scope `whatsapp:send`. */
      sendMessage: (body: BodyOf<"sendWhatsAppMessage">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"sendWhatsAppMessage">>> => t.call<"sendWhatsAppMessage">("POST", "/api/v1/whatsapp/send", { params: undefined, body }, options),
      /** List approved templates: `GET /api/v1/whatsapp/templates`, scope `whatsapp:read`. */
      listTemplates: (query?: QueryOf<"listWhatsAppTemplates">, options?: RequestOptions): PagedList<ItemOf<"listWhatsAppTemplates">, ResultOf<"listWhatsAppTemplates">> => t.list<"listWhatsAppTemplates">("cursor", "/api/v1/whatsapp/templates", undefined, query, options),
      /** Show typing and mark a message read: `POST /api/v1/whatsapp/typing`, scope `whatsapp:send`. */
      showTyping: (body: BodyOf<"showWhatsAppTyping">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"showWhatsAppTyping">>> => t.call<"showWhatsAppTyping">("POST", "/api/v1/whatsapp/typing", { params: undefined, body }, options),
      /** Reserve a number's thread for an external bot: `POST /api/v1/whatsapp/whitelist`, scope `whatsapp:send`. */
      reserveThread: (body: BodyOf<"reserveWhatsAppThread">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"reserveWhatsAppThread">>> => t.call<"reserveWhatsAppThread">("POST", "/api/v1/whatsapp/whitelist", { params: undefined, body }, options),
      /** Return a number's thread to the native AI: `DELETE /api/v1/whatsapp/whitelist`, scope `whatsapp:send`. */
      releaseThread: (query: QueryOf<"releaseWhatsAppThread">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"releaseWhatsAppThread">>> => t.call<"releaseWhatsAppThread">("DELETE", "/api/v1/whatsapp/whitelist", { params: undefined, query }, options),
    },
    whiteLabel: {
      /** Read branding: `GET /api/v1/subaccounts/{subaccount_id}/branding`, scope `branding:read`. */
      getSubaccountBranding: (subaccountId: PathOf<"getSubaccountBranding">["subaccount_id"], options?: RequestOptions): Promise<WithLastResponse<ResultOf<"getSubaccountBranding">>> => t.call<"getSubaccountBranding">("GET", "/api/v1/subaccounts/{subaccount_id}/branding", { params: { subaccount_id: subaccountId } }, options),
      /** Edit branding (name, logo, colours, own domain): `PATCH /api/v1/subaccounts/{subaccount_id}/branding`, scope `branding:write`. */
      updateSubaccountBranding: (subaccountId: PathOf<"updateSubaccountBranding">["subaccount_id"], body: BodyOf<"updateSubaccountBranding">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"updateSubaccountBranding">>> => t.call<"updateSubaccountBranding">("PATCH", "/api/v1/subaccounts/{subaccount_id}/branding", { params: { subaccount_id: subaccountId }, body }, options),
      /** Read packaging gates: `GET /api/v1/subaccounts/{subaccount_id}/packaging`, scope `branding:read`. */
      getSubaccountPackaging: (subaccountId: PathOf<"getSubaccountPackaging">["subaccount_id"], options?: RequestOptions): Promise<WithLastResponse<ResultOf<"getSubaccountPackaging">>> => t.call<"getSubaccountPackaging">("GET", "/api/v1/subaccounts/{subaccount_id}/packaging", { params: { subaccount_id: subaccountId } }, options),
      /** Edit packaging gates: `PATCH /api/v1/subaccounts/{subaccount_id}/packaging`, scope `branding:write`. */
      updateSubaccountPackaging: (subaccountId: PathOf<"updateSubaccountPackaging">["subaccount_id"], body: BodyOf<"updateSubaccountPackaging">, options?: RequestOptions): Promise<WithLastResponse<ResultOf<"updateSubaccountPackaging">>> => t.call<"updateSubaccountPackaging">("PATCH", "/api/v1/subaccounts/{subaccount_id}/packaging", { params: { subaccount_id: subaccountId }, body }, options),
      /** Verify the own domain against DNS: `POST /api/v1/subaccounts/{subaccount_id}/branding/verify-domain`, scope `branding:write`. */
      verifySubaccountDomain: (subaccountId: PathOf<"verifySubaccountDomain">["subaccount_id"], options?: RequestOptions): Promise<WithLastResponse<ResultOf<"verifySubaccountDomain">>> => t.call<"verifySubaccountDomain">("POST", "/api/v1/subaccounts/{subaccount_id}/branding/verify-domain", { params: { subaccount_id: subaccountId } }, options),
    },
    workspace: {
      /** List the message-slip inbox: `GET /api/v1/recados`, scope `recados:read`. */
      listRecados: (query?: QueryOf<"listRecados">, options?: RequestOptions): PagedList<ItemOf<"listRecados">, ResultOf<"listRecados">> => t.list<"listRecados">("offset", "/api/v1/recados", undefined, query, options),
    },
  };
}

/** The namespaces of a Client: one per tag of the OpenAPI document. */
export type Operations = ReturnType<typeof operations>;
