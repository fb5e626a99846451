/**
 * Fixtures of the generated gate S tests (test/spend-idempotency.test.ts): one entry per gate S
 * operation of the Worker, by operationId. That test enumerates every gate S operation from the
 * declarations and fails when one has no entry here (or an entry names no gate S operation).
 *
 * HOW TO ADD ONE (when you declare a gate S operation):
 *   1. Add `<operationId>: async () => ({ company, path, body })` to `spendFixtures` below.
 *   2. Create what the request needs on a FRESH company each time it is called (the tests call it
 *      several times, and run one request per company): `spendingCompany()` gives one enabled for
 *      spending, with every capability and scope, funded with `balanceMinor` (default 100.00 EUR).
 *      Add rows through your domain's index exports or the admin functions (src/admin/*).
 *   3. Return the request that SUCCEEDS (2xx) and moves money or changes state: `path` with its ids
 *      filled in and the JSON `body` (the method is the operation's own). The tests send it with an
 *      Idempotency-Key and check that a retry replays the first outcome and a concurrent duplicate
 *      runs once, with the ledger, the wallet and the audit log unchanged by the second request.
 *   4. If the operation calls a provider, point it at a fake that accepts it (see scripts/fakes):
 *      the fakes are shared by every test file, so never script them without a unique `match`.
 */
import { eq } from "drizzle-orm";
import { knownScopes } from "../../src/keys/scopes";
import type { Plan } from "../../src/core/operation";
import { setAgencyPrice } from "../../src/domains/agency";
import { createAgent } from "../../src/domains/agents";
import { setPaymentMethod } from "../../src/domains/billing";
import { insertIdentity } from "../../src/domains/email";
import { sipTrunks } from "../../src/domains/sip-trunks";
import { call, db, tenant } from "../helpers";
import { dialCompany, uniqueMobile } from "../fixtures/dialer";
import { OPEN } from "./declarations";
import { fund } from "../wallet-operations";
import { capabilities } from "./world";

export interface SpendCompany {
  companyId: string;
  key: string;
}

/** One request of a gate S operation that succeeds, on a company prepared for it. */
export interface SpendCase {
  company: SpendCompany;
  /** The path with its parameters filled in (and its query, if any). */
  path: string;
  /** The JSON body; the method is the operation's own. */
  body?: unknown;
}

export type SpendFixture = () => Promise<SpendCase>;

/**
 * A fresh company enabled for spending, with every capability granted and a key with every scope,
 * its wallet funded with `balanceMinor` (in EUR, the company's currency; 0 for no wallet).
 */
export async function spendingCompany(
  options: { plan?: Plan; balanceMinor?: number; parentCompanyId?: string } = {},
): Promise<SpendCompany> {
  const company = await tenant(
    {
      plan: options.plan ?? "Business",
      spendEnabled: true,
      capabilities,
      defaultCurrency: "EUR",
      ...(options.parentCompanyId ? { parentCompanyId: options.parentCompanyId } : {}),
    },
    knownScopes,
  );
  const balance = options.balanceMinor ?? 10_000;
  if (balance > 0) await fund(company.companyId, balance);
  return { companyId: company.companyId, key: company.key };
}

/** A request that must succeed while a fixture prepares its company (hiring what a cancellation needs); answers its body. */
async function prepare(company: SpendCompany, method: string, path: string, body?: unknown) {
  const response = await call(path, {
    method,
    key: company.key,
    body,
    vars: OPEN,
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });
  if (response.status >= 300)
    throw new Error(
      `${method} ${path} while preparing a fixture answered ${response.status}: ${response.text.slice(0, 300)}`,
    );
  return response.json as { id?: string };
}

/** The id of what a POST of the preparation created. */
async function created(company: SpendCompany, path: string, body: unknown): Promise<string> {
  const { id } = await prepare(company, "POST", path, body);
  if (typeof id !== "string") throw new Error(`POST ${path} answered no id`);
  return id;
}

const sipTrunk = (name: string) => ({
  name,
  host: "sip.carrier.example",
  username: "acme",
  password: "s3cret-Passw0rd",
  channels: 10,
});

export const spendFixtures: Record<string, SpendFixture> = {
  // Billing
  createTopUp: async () => {
    const company = await spendingCompany();
    await setPaymentMethod(db, {
      companyId: company.companyId,
      paymentMethodId: "pm_card_visa",
      customerId: `cus_${company.companyId.replaceAll("-", "")}`,
    });
    return { company, path: "/api/v1/billing/topups", body: { amount: 20 } };
  },
  changePlan: async () => ({
    company: await spendingCompany({ plan: "PAYG" }),
    path: "/api/v1/billing/subscription",
    body: { plan: "Starter" },
  }),
  cancelSubscription: async () => {
    const company = await spendingCompany({ plan: "PAYG" });
    await prepare(company, "POST", "/api/v1/billing/subscription", { plan: "Starter" });
    return { company, path: "/api/v1/billing/subscription" };
  },
  hireAddon: async () => ({
    company: await spendingCompany(),
    path: "/api/v1/billing/addons",
    body: { addon_type: "call_recording" },
  }),
  cancelAddon: async () => {
    const company = await spendingCompany();
    await prepare(company, "POST", "/api/v1/billing/addons", { addon_type: "call_recording" });
    return { company, path: "/api/v1/billing/addons/call_recording" };
  },

  // Calls (the dial reserves its destination's rate from the wallet)
  dialCall: async () => {
    const company = await dialCompany();
    return { company, path: "/api/v1/calls/dial", body: { to: uniqueMobile(), agent_id: company.agentId } };
  },

  // SIP trunks (the create charges the month's price)
  createSipTrunk: async () => ({
    company: await spendingCompany(),
    path: "/api/v1/sip-trunks",
    body: sipTrunk("Main carrier"),
  }),
  updateSipTrunk: async () => {
    const company = await spendingCompany();
    const id = await created(company, "/api/v1/sip-trunks", sipTrunk("Main carrier"));
    return { company, path: `/api/v1/sip-trunks/${id}`, body: { channels: 20, password: "n3w-s3cret-Passw0rd" } };
  },
  resumeSipTrunk: async () => {
    const company = await spendingCompany();
    const id = await created(company, "/api/v1/sip-trunks", sipTrunk("Main carrier"));
    // As a renewal the wallet could not pay leaves it.
    await db.update(sipTrunks).set({ status: "suspended", renewalId: null }).where(eq(sipTrunks.id, id));
    return { company, path: `/api/v1/sip-trunks/${id}/resume` };
  },
  deleteSipTrunk: async () => {
    const company = await spendingCompany();
    const id = await created(company, "/api/v1/sip-trunks", sipTrunk("Main carrier"));
    return { company, path: `/api/v1/sip-trunks/${id}` };
  },

  // Agency (the creation debits the agency's setup price)
  createSubaccount: async () => {
    const company = await spendingCompany({ plan: "Agency" });
    await setAgencyPrice(db, company.companyId, { setupPrice: "10" });
    return {
      company,
      path: "/api/v1/agency/subaccounts",
      body: { name: "Client SL", plan: "Business", owner_email: "owner@client.example" },
    };
  },
  updateSubaccountStatus: async () => {
    const company = await spendingCompany({ plan: "Agency" });
    const subaccount = await spendingCompany({ parentCompanyId: company.companyId, balanceMinor: 0 });
    return { company, path: `/api/v1/agency/subaccounts/${subaccount.companyId}`, body: { status: "suspended" } };
  },
  // Campaigns (a dispatch charges the email rate per recipient and queues the sends to the Postmark fake)
  dispatchCampaign: async () => {
    const company = await spendingCompany();
    const { agent } = await createAgent(db, { companyId: company.companyId, name: "Sales agent" });
    // Marketing mail goes out only from the company's verified sending identity.
    await insertIdentity(db, {
      id: crypto.randomUUID(),
      companyId: company.companyId,
      address: `news.${crypto.randomUUID().slice(0, 8)}@acme.example`,
      displayName: "Acme News",
      verified: true,
      verifiedAt: new Date().toISOString(),
      sealedProviderSettings: null,
      createdAt: new Date().toISOString(),
    });
    const templateId = await created(company, "/api/v1/email-templates", {
      name: "Offer",
      subject: "Hello {{first_name}}",
      body: "<p>Hello {{first_name}}</p>",
    });
    const contactId = await created(company, "/api/v1/contacts", {
      first_name: "Ana",
      email: `ana.${crypto.randomUUID()}@example.com`,
    });
    const listId = await created(company, "/api/v1/contact-lists", { name: "Audience" });
    await prepare(company, "POST", `/api/v1/contact-lists/${listId}/members`, { contact_ids: [contactId] });
    const campaignId = await created(company, "/api/v1/campaigns", {
      name: "Spring",
      agent_id: agent.id,
      template_id: templateId,
    });
    await prepare(company, "POST", `/api/v1/campaigns/${campaignId}/lists`, { list_ids: [listId] });
    return { company, path: `/api/v1/campaigns/${campaignId}/dispatch`, body: { batch_size: 10 } };
  },
};
