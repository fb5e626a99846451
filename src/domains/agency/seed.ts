import type { BatchItem } from "drizzle-orm/batch";
import { daysAgo } from "../../lib/random";
import { runBatches } from "../../data/bulk";
import { Precondition } from "../../data/precondition";
import type { SeedContext } from "../../core/domain";
import { currencyExponent } from "../../lib/money";
import type { WriteStatement } from "../../core/operation";
import { seedWalletHistory } from "../billing";
import { bulkCalls, costedCalls } from "../calls";
import { agencyPriceUpsert, customDomainOwner, subaccountInserts } from "./queries";
import { whiteLabels } from "./schema";
import type { SubaccountStatus } from "./model";

interface DemoSubaccount {
  name: string;
  owner: string;
  plan: "Starter" | "Business";
  status: SubaccountStatus;
  brand?: { companyName: string; primaryColor: string; domain: string; verified: boolean };
  packaging: { allowSignup: boolean; hidePlans: boolean; hideAddons: boolean };
}

const DEMO_SUBACCOUNTS: readonly DemoSubaccount[] = [
  {
    name: "Clínica Dental Sonrisa SL",
    owner: "direccion@sonrisa.example",
    plan: "Business",
    status: "active",
    brand: { companyName: "Sonrisa Voz", primaryColor: "#1A73E8", domain: "voz.sonrisa.example", verified: true },
    packaging: { allowSignup: false, hidePlans: true, hideAddons: true },
  },
  {
    name: "Gimnasio Norte SL",
    owner: "gerencia@gimnasionorte.example",
    plan: "Starter",
    status: "active",
    brand: {
      companyName: "Norte Asistente",
      primaryColor: "#E8711A",
      domain: "asistente.gimnasionorte.example",
      verified: false,
    },
    packaging: { allowSignup: true, hidePlans: false, hideAddons: true },
  },
  {
    name: "Academia de Idiomas Sol",
    owner: "admin@academiasol.example",
    plan: "Starter",
    status: "suspended",
    packaging: { allowSignup: false, hidePlans: false, hideAddons: false },
  },
];

/** The setup price the demo agency pays per subaccount, in major units of its currency. */
const DEMO_SETUP_PRICE = 49;

const batchable = (statements: readonly WriteStatement[]) =>
  statements.map((statement) =>
    statement instanceof Precondition ? statement.statement : statement,
  ) as BatchItem<"sqlite">[];

/**
 * The company as an agency (scale full): a setup price and three subaccounts (two active with
 * their branding, one suspended), each with a month of calls and a wallet that paid for them, so
 * that GET /subaccounts and GET /agency/stats show a channel. Other companies get no subaccounts.
 */
export async function seedAgencyDomain({
  db,
  company,
  random,
  now,
  scale,
}: SeedContext): Promise<Record<string, number>> {
  if (scale !== "full") return {};
  const at = new Date(now).toISOString();
  const minorPerMajor = 10 ** (currencyExponent(company.currency) ?? 2);
  await runBatches(db, [agencyPriceUpsert(db, company.id, DEMO_SETUP_PRICE * minorPerMajor, company.currency, at)]);
  let calls = 0;
  for (const [index, demo] of DEMO_SUBACCOUNTS.entries()) {
    const id = crypto.randomUUID();
    const createdAt = daysAgo(random, now, 90 - index * 20);
    // A custom domain belongs to one account: a second seeded agency (the tests seed several) gets its own.
    const domain =
      demo.brand &&
      ((await customDomainOwner(db, demo.brand.domain))
        ? `${company.id.slice(0, 8)}.${demo.brand.domain}`
        : demo.brand.domain);
    const statements: BatchItem<"sqlite">[] = batchable(
      subaccountInserts(db, {
        id,
        agencyId: company.id,
        name: demo.name,
        plan: demo.plan,
        ownerEmail: demo.owner,
        status: demo.status,
        defaultVatRate: company.vatRate,
        defaultCurrency: company.currency,
        defaultRegion: company.region,
        at: createdAt,
      }),
    );
    statements.push(
      db.insert(whiteLabels).values({
        companyId: id,
        companyName: demo.brand?.companyName ?? null,
        primaryColor: demo.brand?.primaryColor ?? null,
        logoUrl: demo.brand ? `https://${demo.brand.domain}/logo.svg` : null,
        customDomain: domain ?? null,
        customDomainVerifiedAt: demo.brand?.verified ? createdAt : null,
        allowSignup: demo.packaging.allowSignup,
        hidePlans: demo.packaging.hidePlans,
        hideAddons: demo.packaging.hideAddons,
        brandingUpdatedAt: demo.brand ? createdAt : null,
        packagingUpdatedAt: createdAt,
      }),
    );
    await runBatches(db, statements);
    const seeded = await bulkCalls(db, id, { count: String(random.int(40, 120)), days: "30" }, now);
    calls += seeded.calls;
    // Its wallet paid for those calls, and its sends: each charge with its usage record.
    await seedWalletHistory(db, id, await costedCalls(db, id), random, now);
  }
  return { subaccounts: DEMO_SUBACCOUNTS.length, subaccount_calls: calls };
}
