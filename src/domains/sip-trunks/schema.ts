import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** active: in force and renewed monthly; suspended: its renewal found the wallet short (kept, not deleted). */
export const trunkStatuses = ["active", "suspended"] as const;
export type TrunkStatus = (typeof trunkStatuses)[number];

export const trunkTransports = ["udp", "tcp", "tls"] as const;
export type TrunkTransport = (typeof trunkTransports)[number];

/**
 * The company's own SIP trunks: a carrier account its calls may go out (and numbers come in)
 * through. The password is stored sealed with AES-256-GCM (crypto.ts) and never selected by a
 * list or answered; every other column is public to the company.
 */
export const sipTrunks = sqliteTable(
  "sip_trunks",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    /** Unique within the company. */
    name: text("name").notNull(),
    host: text("host").notNull(),
    port: integer("port").notNull(),
    transport: text("transport", { enum: trunkTransports }).notNull(),
    username: text("username").notNull(),
    /** v1.<iv>.<ciphertext>: the password sealed with the trunk's company and id as authenticated data. */
    passwordSealed: text("password_sealed").notNull(),
    /** E.164 shown to the called party, or null for the carrier's default. */
    callerId: text("caller_id"),
    /** Simultaneous calls the trunk carries. */
    channels: integer("channels").notNull(),
    /** The monthly price charged through the wallet when the trunk was created, in minor units of `currency`. */
    monthlyPriceMinor: integer("monthly_price_minor").notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: trunkStatuses }).notNull().default("active"),
    /** The end of the month paid for: the anniversary its renewal is due at. */
    // The default is for the rows before renewals existed; migration 0037 sets their next anniversary.
    currentPeriodEnd: text("current_period_end").notNull().default(""),
    /** The due item (and so the job) of its next renewal: a renewal runs only while it is still this one; null while suspended. */
    renewalId: text("renewal_id"),
    /** The trunk at the provider (Twilio Elastic SIP Trunking, TK...); null for a trunk never provisioned (the demo seed's). */
    providerTrunkSid: text("provider_trunk_sid"),
    /** The provider's credential list holding the trunk's username and password (CL...). */
    providerCredentialListSid: text("provider_credential_list_sid"),
    /** The provider's origination URL: where the trunk sends the calls it receives, sip:host:port (OU...). */
    providerOriginationUrlSid: text("provider_origination_url_sid"),
    /** Bumped by every change: writes compare it (compare-and-set). */
    version: integer("version").notNull().default(1),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("sip_trunks_company_name_idx").on(t.companyId, t.name),
    index("sip_trunks_company_created_idx").on(t.companyId, t.createdAt, t.id),
  ],
);

/** Which of the company's phone numbers (telephony domain) route through which trunk: a number through one at most. */
export const sipTrunkNumbers = sqliteTable(
  "sip_trunk_numbers",
  {
    companyId: text("company_id").notNull(),
    trunkId: text("trunk_id").notNull(),
    numberId: text("number_id").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("sip_trunk_numbers_company_number_idx").on(t.companyId, t.numberId),
    index("sip_trunk_numbers_company_trunk_idx").on(t.companyId, t.trunkId),
  ],
);

export type SipTrunkRow = typeof sipTrunks.$inferSelect;
