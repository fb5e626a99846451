import { integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * A subaccount is a company whose parent_company_id is the agency (the core companies table,
 * where its status also lives, because authentication reads it with the key). These tables hold
 * what the channel adds to a company: its owner, its white label and the agency's prices.
 */

/**
 * The owner an agency named when it created the subaccount through the API. A subaccount created
 * by the panel (admin CLI `tenant create --parent`) has no row: its owner is not known here.
 */
export const subaccountOwners = sqliteTable(
  "subaccount_owners",
  {
    companyId: text("company_id").primaryKey(),
    /** The agency that created it: the subaccount's parent_company_id, kept here for the unique index. */
    agencyCompanyId: text("agency_company_id").notNull(),
    /** Lower-cased, so that one address is one owner whatever its case. */
    ownerEmail: text("owner_email").notNull(),
    createdAt: text("created_at").notNull(),
  },
  // One owner email per agency tree: a second subaccount with the same owner is 409, races too.
  (t) => [uniqueIndex("subaccount_owners_agency_email_idx").on(t.agencyCompanyId, t.ownerEmail)],
);

/**
 * The owner emails of the subaccounts an agency created through the API, in the agency's store
 * (company_id is the agency): the store's half of a creation claims the owner, so that creation's
 * two halves (this store, and the control plane's companies and subaccount_owners) are ordered
 * with the half that may refuse first (src/data/routing.ts), and a second creation with the same
 * owner is refused there, before anything is charged, never by the control plane after.
 */
export const subaccountClaims = sqliteTable(
  "subaccount_claims",
  {
    companyId: text("company_id").notNull(),
    ownerEmail: text("owner_email").notNull(),
    subaccountId: text("subaccount_id").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.ownerEmail] })],
);

/**
 * A company's white label: its branding and its packaging gates. No row reads as the defaults
 * (no branding, sign-up closed, plans and add-ons shown).
 */
export const whiteLabels = sqliteTable(
  "white_labels",
  {
    companyId: text("company_id").primaryKey(),
    companyName: text("company_name"),
    /** #RRGGBB, upper-case. */
    primaryColor: text("primary_color"),
    /** https only. */
    logoUrl: text("logo_url"),
    /** A lower-case host name without a trailing dot. */
    customDomain: text("custom_domain"),
    /** When verify-domain found the TXT record; null while unverified. Reset whenever custom_domain changes. */
    customDomainVerifiedAt: text("custom_domain_verified_at"),
    allowSignup: integer("allow_signup", { mode: "boolean" }).notNull().default(false),
    hidePlans: integer("hide_plans", { mode: "boolean" }).notNull().default(false),
    hideAddons: integer("hide_addons", { mode: "boolean" }).notNull().default(false),
    brandingUpdatedAt: text("branding_updated_at"),
    packagingUpdatedAt: text("packaging_updated_at"),
  },
  // A custom domain belongs to one company at most (NULLs do not collide).
  (t) => [uniqueIndex("white_labels_custom_domain_idx").on(t.customDomain)],
);

/** What an agency charges for the channel: the setup price of each subaccount it creates (set by the panel). */
export const agencyPrices = sqliteTable("agency_prices", {
  companyId: text("company_id").primaryKey(),
  /** Debited from the agency's wallet when it creates a subaccount; 0 charges nothing. */
  setupPriceMinor: integer("setup_price_minor").notNull(),
  /** ISO 4217: the agency's wallet currency. */
  currency: text("currency").notNull(),
  updatedAt: text("updated_at").notNull(),
});

export type WhiteLabelRow = typeof whiteLabels.$inferSelect;
