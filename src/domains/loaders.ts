import type { DomainModule } from "../core/domain";
import type { DomainLoaders } from "../core/domain-table";
import type { PackagingOf } from "../core/packaging";

/**
 * The domains of the API, each listed once, here: adding a domain is adding its folder and its
 * loader below (its name is the folder's). Each is behind a dynamic import: the bundler keeps a
 * module reached only this way unevaluated until the first request, job or tick that needs it
 * (src/core/domain-table.ts). Everything else is derived from this list: the evaluated list of
 * ./index.ts (each loader run) and, from that, the generated table (npm run routes). Order
 * matters for the event catalogue and the seeds (clients before budgets, contacts before contact
 * lists, SIP trunks before the numbers routed through them).
 */
const packagingOf: PackagingOf = async (db, companyId) => (await import("./agency")).packagingOf(db, companyId);

const productLoaders: Record<string, () => Promise<DomainModule>> = {
  clients: async () => (await import("./clients")).default,
  budgets: async () => (await import("./budgets")).default,
  invoices: async () => (await import("./invoices")).default,
  "audit-log": async () => (await import("./audit-log")).default,
  requests: async () => (await import("./requests")).default,
  "api-keys": async () => (await import("./api-keys")).default,
  contacts: async () => (await import("./contacts")).default,
  "contact-lists": async () => (await import("./contact-lists")).default,
  // Billing and team refuse what a subaccount's agency does not offer, through the agency's reader of
  // its packaging gates (the agency imports billing and, through calls, team: an import would close a
  // circle). The reader is asynchronous: the agency is loaded when a gate is first read.
  team: async () => (await import("./team")).teamDomain(packagingOf),
  billing: async () => (await import("./billing")).billingDomain(packagingOf),
  announcements: async () => (await import("./announcements")).default,
  alerts: async () => (await import("./alerts")).default,
  agents: async () => (await import("./agents")).default,
  // Calls reads the company's numbers through telephony's check, handed here (telephony imports SIP
  // trunks, which import billing, which reads calls: an import would close that circle).
  calls: async () => {
    const [{ callsDomain }, { numberHeld, hasNumber }] = await Promise.all([import("./calls"), import("./telephony")]);
    return callsDomain({ held: numberHeld, has: hasNumber });
  },
  "sip-trunks": async () => (await import("./sip-trunks")).default,
  telephony: async () => (await import("./telephony")).default,
  dialer: async () => (await import("./dialer")).default,
  analytics: async () => (await import("./analytics")).default,
  calendar: async () => (await import("./calendar")).default,
  "knowledge-bases": async () => (await import("./knowledge-bases")).default,
  "email-templates": async () => (await import("./email-templates")).default,
  sequences: async () => (await import("./sequences")).default,
  campaigns: async () => (await import("./campaigns")).default,
  email: async () => (await import("./email")).default,
  sms: async () => (await import("./sms")).default,
  documents: async () => (await import("./documents")).default,
  recados: async () => (await import("./recados")).default,
  inbox: async () => (await import("./inbox")).default,
  conversations: async () => (await import("./conversations")).default,
  whatsapp: async () => (await import("./whatsapp")).default,
  agency: async () => (await import("./agency")).default,
  "price-book": async () => (await import("./price-book")).default,
};

// Each product domain is built once per isolate, whether the webhooks domain or a request asked first.
const built = new Map<string, Promise<DomainModule>>();
const product = (name: string, load: () => Promise<DomainModule>) => () => {
  let module = built.get(name);
  if (!module) built.set(name, (module = load()));
  return module;
};

export const domainLoaders: Omit<DomainLoaders, "platformOperatorOperations"> = {
  domains: {
    ...Object.fromEntries(Object.entries(productLoaders).map(([name, load]) => [name, product(name, load)])),
    // The webhooks domain is built over every other: their events are its catalogue.
    webhooks: async () => {
      const [{ webhooksDomain }, ...others] = await Promise.all([
        import("./webhooks"),
        ...Object.entries(productLoaders).map(([name, load]) => product(name, load)()),
      ]);
      return webhooksDomain(others);
    },
  },
  // The webhooks domain's deliveries, sweep and retention need no catalogue: a tick or a delivery batch loads only the webhooks domain.
  work: { webhooks: async () => (await import("./webhooks")).webhookWork },
  // The outbox alone: a write's events need it, not the webhooks domain and its catalogue.
  eventSink: async () => (await import("./webhooks/outbox")).webhookOutbox,
};

/** Every domain, each loader run once, in the list's order (./index.ts, the seeds). */
export const loadEveryDomain = (): Promise<DomainModule[]> =>
  Promise.all(Object.values(domainLoaders.domains).map((load) => load()));
