import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { plans } from "../../lib/plans";
import { priceKinds } from "./book";

/**
 * The operator's edits of a plan's price book (platform data, no company): an entry here replaces
 * the default book's (book.ts) for every company on the plan without a price of its own. Read by
 * plan, through its primary key (plan first).
 */
export const planPrices = sqliteTable(
  "plan_prices",
  {
    plan: text("plan", { enum: plans }).notNull(),
    kind: text("kind", { enum: priceKinds }).notNull(),
    /** ISO 3166-1 alpha-2 for calls and SMS; "" for email and WhatsApp. */
    country: text("country").notNull(),
    /** mobile or landline for calls; "" otherwise. */
    numberType: text("number_type").notNull(),
    /** Millionths of the major unit, charged in the company's currency. */
    amountMicros: integer("amount_micros").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [primaryKey({ name: "plan_prices_pk", columns: [t.plan, t.kind, t.country, t.numberType] })],
);

/**
 * A company's own prices (set by the operator), which win over its plan's book. In the company's
 * currency when they were set; read by company through the primary key (company_id first).
 */
export const companyPrices = sqliteTable(
  "company_prices",
  {
    companyId: text("company_id").notNull(),
    kind: text("kind", { enum: priceKinds }).notNull(),
    country: text("country").notNull(),
    numberType: text("number_type").notNull(),
    amountMicros: integer("amount_micros").notNull(),
    currency: text("currency").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [primaryKey({ name: "company_prices_pk", columns: [t.companyId, t.kind, t.country, t.numberType] })],
);

export type PlanPriceRow = typeof planPrices.$inferSelect;
export type CompanyPriceRow = typeof companyPrices.$inferSelect;
