import fc from "fast-check";
import { eq } from "drizzle-orm";
import { seededRandom } from "../../src/lib/random";
import { webhookDeliveries, webhookEvents } from "../../src/domains/webhooks/schema";
import { seedTeamDomain } from "../../src/domains/team/seed";
import { teamInvites, teamMembers, teamRoles } from "../../src/domains/team/schema";
import { call, db, keyFor, tenant } from "../helpers";
import { isRecord } from "./json-schema";
import type { OperationInfo } from "./openapi";

/** Every gate open and the rate limit out of the way, for every request of the fuzz run. */
export const VARS = {
  PUBLIC_API_WRITE_ENABLED: "true",
  PUBLIC_API_SPEND_ENABLED: "true",
  CONVERSATIONS_API_ENABLED: "true",
  RATE_LIMIT_PER_MINUTE: "1000000",
};

export const ID_PATTERN = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|key_[0-9a-f]{32}";
/** The shape of every id the API and the seeding make (UUIDs, key_<32 hex>). */
export const ID_TEXT = new RegExp(`^(?:${ID_PATTERN})$`);

/** A company of the run. Its key changes when the fuzzer rotates it. */
export interface Company {
  label: string;
  companyId: string;
  key: string;
  keyId: string;
  /** A key of the company with no scope at all. */
  noScopesKey: string;
  /** Ids of the company's resources by kind (contact, list, invite, role, member, delivery, key...). */
  ids: Map<string, IdValue[]>;
  emails: string[];
  phones: string[];
  /**
   * Every id the company was shown in its own 2xx answers, or seeded: no other company may see
   * them. Only ids of the API's shapes (UUID, key_<32 hex>), which the check finds in answers.
   */
  known: Set<string>;
}

/** The calling key's id, read when the request is sent (rotation changes it). */
export class KeyIdRef {
  constructor(readonly company: Company) {}
  toString() {
    return this.company.keyId;
  }
  toJSON() {
    return this.company.keyId;
  }
  [fc.toStringMethod]() {
    return `<key id of ${this.company.label}>`;
  }
}

export type IdValue = string | KeyIdRef;

export interface World {
  /** Enterprise companies in pairs: each uses its partner's ids as the foreign ones. */
  companies: Company[];
  /** A PAYG company without granted capabilities (capability_required for api_keys and team). */
  payg: { companyId: string; key: string };
  eventTypes: string[];
}

async function ok(path: string, key: string, body: unknown, expected = [200, 201]) {
  const response = await call(path, { key, body, vars: VARS });
  if (!expected.includes(response.status))
    throw new Error(`Seeding ${path} answered ${response.status}: ${response.text}`);
  const json: unknown = response.json;
  if (!isRecord(json)) throw new Error(`Seeding ${path} answered no object`);
  return json;
}

const str = (value: unknown) => {
  if (typeof value !== "string") throw new Error(`Expected a string, got ${JSON.stringify(value)}`);
  return value;
};

async function seedCompany(label: string, input: Parameters<typeof tenant>[0], n: number): Promise<Company> {
  const t = await tenant(input);
  const noScopes = await keyFor(t.companyId, []);
  const company: Company = {
    label,
    companyId: t.companyId,
    key: t.key,
    keyId: t.keyId,
    noScopesKey: noScopes.key,
    ids: new Map(),
    emails: [],
    phones: [],
    known: new Set([t.companyId, t.keyId, noScopes.keyId]),
  };
  const add = (kind: string, id: string) => {
    if (!ID_TEXT.test(id)) throw new Error(`Seeded ${kind} id ${id} has a shape the leak check cannot see`);
    company.ids.set(kind, [...(company.ids.get(kind) ?? []), id]);
    company.known.add(id);
  };
  company.ids.set("key", [new KeyIdRef(company)]);

  // Disabled: the subscription's endpoints are fuzzed, but no delivery is queued to a host that
  // cannot resolve here (each failed attempt only fills the log).
  const subscription = await ok("/api/v1/webhooks", t.key, {
    url: "https://hooks.example.com/x",
    events: ["*"],
    enabled: false,
  });
  add("subscription", str(subscription.id));
  const budget = await ok("/api/v1/budgets", t.key, {
    client_name: `Client ${label}`,
    items: [{ concept: "Work", units: 2, unit_price: 10.5 }],
  });
  add("budget", str(budget.id));
  for (let i = 1; i <= 3; i++) {
    const phone = `+3461${n}${String(i).padStart(6, "0")}`;
    const email = `seed${i}.${label.toLowerCase()}@example.com`;
    const contact = await ok("/api/v1/contacts", t.key, {
      first_name: `Seed ${i}`,
      phone,
      email,
      tags: ["seed"],
      custom_fields: { n: i },
    });
    add("contact", str(contact.id));
    company.phones.push(phone);
    company.emails.push(email);
  }
  const list = await ok("/api/v1/contact-lists", t.key, { name: `List ${label}`, description: "seeded" });
  add("list", str(list.id));
  await ok(`/api/v1/contact-lists/${str(list.id)}/members`, t.key, {
    contact_ids: (company.ids.get("contact") ?? []).slice(0, 2),
  });

  await seedTeamDomain(db, t.companyId, seededRandom(n), Date.now());
  for (const row of await db
    .select({ id: teamInvites.id })
    .from(teamInvites)
    .where(eq(teamInvites.companyId, t.companyId)))
    add("invite", row.id);
  for (const row of await db.select({ id: teamRoles.id }).from(teamRoles).where(eq(teamRoles.companyId, t.companyId)))
    add("role", row.id);
  for (const row of await db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(eq(teamMembers.companyId, t.companyId)))
    add("member", row.id);
  // The subscription (every event type) turned the writes above into deliveries: ids to replay.
  for (const row of await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.companyId, t.companyId)))
    add("delivery", row.id);
  for (const row of await db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(eq(webhookEvents.companyId, t.companyId)))
    add("event", row.id);
  return company;
}

/** Enterprise companies (2 × pairs) granted every capability the operations declare, with a few resources each. */
export async function seedWorld(operations: readonly OperationInfo[], pairs: number): Promise<World> {
  const capabilities = [...new Set(operations.flatMap((op) => (op.capability ? [op.capability] : [])))].sort();
  const common = { plan: "Enterprise" as const, capabilities, spendEnabled: true };
  const companies: Company[] = [];
  for (let n = 1; n <= 2 * pairs; n++) {
    const label = String.fromCharCode(64 + n);
    // Every other company with another region, currency and VAT rate.
    const settings =
      n % 2 === 1
        ? { defaultRegion: "ES", defaultCurrency: "EUR" }
        : { defaultRegion: "GB", defaultCurrency: "JPY", defaultVatRate: 20 };
    companies.push(await seedCompany(label, { ...common, ...settings }, n));
  }
  const payg = await tenant({ plan: "PAYG" });
  const catalog = await call("/api/v1/events/catalog", { key: companies[0]!.key, vars: VARS });
  const data: unknown = isRecord(catalog.json) ? catalog.json.data : undefined;
  const eventTypes = Array.isArray(data)
    ? data.flatMap((entry) => (isRecord(entry) && typeof entry.type === "string" ? [entry.type] : []))
    : [];
  if (eventTypes.length === 0) throw new Error(`No event catalogue: ${catalog.status} ${catalog.text}`);
  return { companies, payg: { companyId: payg.companyId, key: payg.key }, eventTypes };
}
