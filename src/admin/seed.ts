import type { Database } from "../data/client";
import type { SeedContext } from "../core/domain";
import { knownScopes } from "../keys/scopes";
import { loadEveryDomain } from "../domains/loaders";
import { createKey, createTenant } from "./provision";
import { seededRandom, type Random } from "../lib/random";
import { clock } from "../lib/clock";
import { DEMO_CAPABILITIES, DEMO_NAME } from "./demo";

/** Every domain's demo data for one company, in the order the domains are listed (also the tests' seeded companies). */
export async function seedCompany(
  db: Database,
  company: SeedContext["company"],
  random: Random,
  now: number,
  scale: SeedContext["scale"],
  storage?: SeedContext["storage"],
  secretKey?: string,
) {
  const counts: Record<string, number> = {};
  // Loaded, not imported: the Worker (the operator's seed) loads its domains on first use only.
  for (const domain of await loadEveryDomain()) {
    if (domain.seed) Object.assign(counts, await domain.seed({ db, company, random, now, scale, storage, secretKey }));
  }
  return counts;
}

/**
 * The demo: a Business-plan company with realistic data in every domain, and a second company
 * with data of its own, so that isolation can be seen. Each domain seeds its own tables.
 */
/** `checkSecret`: the Worker's API_KEY_CHECK_SECRET, under which the demo keys carry their check. */
export async function seedDemo(
  db: Database,
  now = clock.now(),
  storage?: SeedContext["storage"],
  secretKey?: string,
  checkSecret?: string,
) {
  const random = seededRandom(2026);
  const demo = await createTenant(db, {
    name: DEMO_NAME,
    plan: "Business",
    capabilities: [...DEMO_CAPABILITIES],
    defaultVatRate: 21,
    defaultCurrency: "EUR",
    defaultValidity: "30 days",
    defaultRegion: "ES",
  });
  const seeded = await seedCompany(
    db,
    { id: demo.company_id, currency: "EUR", vatRate: 21, region: "ES" },
    random,
    now,
    "full",
    storage,
    secretKey,
  );
  const key = await createKey(
    db,
    { companyId: demo.company_id, scopes: [...knownScopes], name: "Demo key" },
    checkSecret,
  );

  const other = await createTenant(db, {
    name: "Other Company Ltd",
    plan: "Starter",
    defaultVatRate: 20,
    defaultCurrency: "GBP",
    defaultRegion: "GB",
  });
  await seedCompany(
    db,
    { id: other.company_id, currency: "GBP", vatRate: 20, region: "GB" },
    random,
    now,
    "small",
    storage,
    secretKey,
  );
  const otherKey = await createKey(
    db,
    { companyId: other.company_id, scopes: [...knownScopes], name: "Other company key" },
    checkSecret,
  );

  return {
    company_id: demo.company_id,
    key_id: key.key_id,
    api_key: key.api_key,
    seeded,
    other_company: { company_id: other.company_id, key_id: otherKey.key_id, api_key: otherKey.api_key },
  };
}
