import type { Database } from "../core/db/client";
import { knownScopes } from "../core/scopes";
import { seedDocuments } from "../domains/budgets/seed";
import { seedClients } from "../domains/clients/seed";
import { seedContactListDomain } from "../domains/contact-lists/seed";
import { seedContactDomain } from "../domains/contacts/seed";
import { seedTeamDomain } from "../domains/team/seed";
import { seedWebhookDomain } from "../domains/webhooks/seed";
import { createKey, createTenant } from "./provision";
import { seededRandom } from "./random";

/**
 * The demo: a Business-plan company with realistic data in every domain, and a second company
 * with data of its own, so that isolation can be seen. Each domain seeds its own tables.
 */
export async function seedDemo(db: Database, now = Date.now()) {
  const random = seededRandom(2026);
  const demo = await createTenant(db, {
    name: "Reformas Demo SL",
    plan: "Business",
    // Team reads are a capability no plan includes (NONE); the demo account was granted it.
    capabilities: ["team"],
    defaultVatRate: 21,
    defaultCurrency: "EUR",
    defaultValidity: "30 days",
    defaultRegion: "ES",
  });
  const demoClients = await seedClients(db, demo.company_id, random, 24, now);
  const demoDocuments = await seedDocuments(db, demo.company_id, demoClients, random, { currency: "EUR", vatRate: 21, budgets: 36, invoices: 18 }, now);
  const domains = {
    contacts: await seedContactDomain(db, demo.company_id, random, now),
    contact_lists: await seedContactListDomain(db, demo.company_id, random, now),
    team: await seedTeamDomain(db, demo.company_id, random, now),
    webhooks: await seedWebhookDomain(db, demo.company_id, random, now),
  };
  const key = await createKey(db, { companyId: demo.company_id, scopes: [...knownScopes], name: "Demo key" });

  const other = await createTenant(db, { name: "Other Company Ltd", plan: "Starter", defaultVatRate: 20, defaultCurrency: "GBP", defaultRegion: "GB" });
  const otherClients = await seedClients(db, other.company_id, random, 6, now);
  await seedDocuments(db, other.company_id, otherClients, random, { currency: "GBP", vatRate: 20, budgets: 5, invoices: 3 }, now);
  await seedContactDomain(db, other.company_id, random, now);
  const otherKey = await createKey(db, { companyId: other.company_id, scopes: [...knownScopes], name: "Other company key" });

  return {
    company_id: demo.company_id,
    key_id: key.key_id,
    api_key: key.api_key,
    seeded: { clients: demoClients.length, ...demoDocuments, ...domains },
    other_company: { company_id: other.company_id, key_id: otherKey.key_id, api_key: otherKey.api_key },
  };
}
