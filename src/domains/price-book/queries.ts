import { and, eq, inArray, sql } from "drizzle-orm";
import { preparedVariants, selectRows, type Database } from "../../data/client";
import { companies } from "../../data/schema";
import type { Plan } from "../../lib/plans";
import type { PriceKey, PriceKind } from "./book";
import { companyPrices, planPrices, type CompanyPriceRow, type PlanPriceRow } from "./schema";

/** The operator's edits of a plan's book, of one kind or all (plan_prices_pk). */
export function planEdits(
  db: Database,
  plan: Plan,
  kind?: PriceKind,
  countries?: readonly string[],
): Promise<PlanPriceRow[]> {
  // The hot reads (a kind, every country or one) are prepared once; the panel's and several countries' are built.
  if (kind !== undefined && (countries === undefined || countries.length === 1)) {
    return selectRows(db, planEditsOf(db, { country: countries !== undefined }), {
      plan,
      kind,
      country: countries?.[0],
    });
  }
  return db
    .select()
    .from(planPrices)
    .where(
      and(
        eq(planPrices.plan, plan),
        kind === undefined ? undefined : eq(planPrices.kind, kind),
        countries === undefined ? undefined : inArray(planPrices.country, [...countries]),
      ),
    );
}

/** A company's own prices of one kind (company_prices_pk), of these countries when given. */
export function companyOverrides(
  db: Database,
  companyId: string,
  kind: PriceKind,
  countries?: readonly string[],
): Promise<CompanyPriceRow[]> {
  if (countries === undefined || countries.length === 1) {
    return selectRows(db, overridesOf(db, { country: countries !== undefined }), {
      companyId,
      kind,
      country: countries?.[0],
    });
  }
  return db
    .select()
    .from(companyPrices)
    .where(
      and(
        eq(companyPrices.companyId, companyId),
        eq(companyPrices.kind, kind),
        countries === undefined ? undefined : inArray(companyPrices.country, [...countries]),
      ),
    );
}

/** A plan's edits of one kind, of every country or of one, prepared once per database. */
const planEditsOf = preparedVariants((db, filters: { country: boolean }) =>
  db
    .select()
    .from(planPrices)
    .where(
      and(
        eq(planPrices.plan, sql.placeholder("plan")),
        eq(planPrices.kind, sql.placeholder("kind")),
        filters.country ? eq(planPrices.country, sql.placeholder("country")) : undefined,
      ),
    )
    .prepare(),
);

/** A company's own prices of one kind, of every country or of one, prepared once per database. */
const overridesOf = preparedVariants((db, filters: { country: boolean }) =>
  db
    .select()
    .from(companyPrices)
    .where(
      and(
        eq(companyPrices.companyId, sql.placeholder("companyId")),
        eq(companyPrices.kind, sql.placeholder("kind")),
        filters.country ? eq(companyPrices.country, sql.placeholder("country")) : undefined,
      ),
    )
    .prepare(),
);

/** Sets one entry of a plan's book (last write wins: it depends on nothing read). */
export async function upsertPlanPrice(
  db: Database,
  plan: Plan,
  key: PriceKey,
  amountMicros: number,
  at: string,
): Promise<PlanPriceRow> {
  const [row] = await db
    .insert(planPrices)
    .values({ plan, kind: key.kind, country: key.country, numberType: key.numberType, amountMicros, updatedAt: at })
    .onConflictDoUpdate({
      target: [planPrices.plan, planPrices.kind, planPrices.country, planPrices.numberType],
      set: { amountMicros, updatedAt: at },
    })
    .returning();
  return row!;
}

/**
 * Sets a company's own price for each key, in the company's currency as it is when the statement
 * runs (read inside the INSERT, so a concurrent currency change cannot be missed). One batch; no
 * row when the company does not exist.
 */
export async function upsertCompanyPrices(
  db: Database,
  companyId: string,
  keys: readonly PriceKey[],
  amountMicros: number,
  at: string,
): Promise<CompanyPriceRow[]> {
  const statements = keys.map((key) =>
    db
      .insert(companyPrices)
      .select(
        db
          .select({
            companyId: companies.id,
            kind: sql<PriceKind>`${key.kind}`.as("kind"),
            country: sql<string>`${key.country}`.as("country"),
            numberType: sql<string>`${key.numberType}`.as("number_type"),
            amountMicros: sql<number>`${amountMicros}`.as("amount_micros"),
            currency: sql<string>`coalesce(${companies.defaultCurrency}, 'EUR')`.as("currency"),
            updatedAt: sql<string>`${at}`.as("updated_at"),
          })
          .from(companies)
          .where(eq(companies.id, companyId)),
      )
      .onConflictDoUpdate({
        target: [companyPrices.companyId, companyPrices.kind, companyPrices.country, companyPrices.numberType],
        set: {
          amountMicros: sql`excluded.amount_micros`,
          currency: sql`excluded.currency`,
          updatedAt: sql`excluded.updated_at`,
        },
      })
      .returning(),
  );
  const [first, ...rest] = statements;
  if (!first) return [];
  return (await db.batch([first, ...rest])).flat();
}

/** Removes a company's own call rates of a country; answers the rows removed. */
export function deleteCompanyCallRates(db: Database, companyId: string, country: string): Promise<CompanyPriceRow[]> {
  return db
    .delete(companyPrices)
    .where(
      and(eq(companyPrices.companyId, companyId), eq(companyPrices.kind, "call"), eq(companyPrices.country, country)),
    )
    .returning();
}

/** Whether the company exists (the operator's 404). */
export async function companyExists(db: Database, companyId: string): Promise<boolean> {
  return (await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).get()) !== undefined;
}

/** A company's id, plan and currency, as the book prices it. */
export function companyPricing(db: Database, companyId: string) {
  return db
    .select({ id: companies.id, plan: companies.plan, defaultCurrency: companies.defaultCurrency })
    .from(companies)
    .where(eq(companies.id, companyId))
    .get();
}
