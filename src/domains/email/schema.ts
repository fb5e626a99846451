import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sendSources } from "../../work/sends";
import { resourceSequence } from "../../data/sequences";

export const emailStatuses = ["sending", "sent", "failed"] as const;
export type EmailStatus = (typeof emailStatuses)[number];
/** What the provider's webhooks reported after it accepted the email, in the order a later one may replace an earlier. */
export const emailDeliveryStatuses = ["delivered", "bounced", "complained"] as const;
export type EmailDeliveryStatus = (typeof emailDeliveryStatuses)[number];

/** One DNS record a sending domain needs (DKIM TXT, Return-Path CNAME), and whether the provider found it. */
export interface IdentityDnsRecord {
  purpose: "dkim" | "return_path";
  type: "TXT" | "CNAME";
  name: string;
  value: string;
  verified: boolean;
}

/**
 * The company's sending identities: the addresses its email goes out from. Verified in the panel
 * (the provider confirmed the address or its domain); only a verified identity sends.
 */
export const emailIdentities = sqliteTable(
  "email_identities",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    address: text("address").notNull(),
    displayName: text("display_name").notNull(),
    verified: integer("verified", { mode: "boolean" }).notNull(),
    verifiedAt: text("verified_at"),
    /**
     * The identity's own Postmark settings (its server token), sealed with sealProviderSettings;
     * null: the deployment's. A secret: no answer, log line or event carries it.
     */
    sealedProviderSettings: text("sealed_provider_settings"),
    /** The identity's domain at the provider (Postmark Domains API); null for identities added before. */
    providerDomainId: integer("provider_domain_id"),
    /** The identity's sender signature at the provider (Postmark Sender Signatures API). */
    providerSenderId: integer("provider_sender_id"),
    /** The DNS records the operator publishes for the domain, as the provider last answered them. */
    dnsRecords: text("dns_records", { mode: "json" }).$type<IdentityDnsRecord[]>().notNull().default([]),
    /** When the provider was last asked about it. */
    checkedAt: text("checked_at"),
    createdAt: text("created_at").notNull(),
    /** When it was still not verified at its deadline (identities.ts): `failed`, with the reason; null otherwise. */
    failedAt: text("failed_at"),
    failureReason: text("failure_reason"),
    /** The number of the last event about it (email_identity.*; src/data/sequences.ts). */
    sequence: resourceSequence(),
  },
  (t) => [
    uniqueIndex("email_identities_company_address_idx").on(t.companyId, t.address),
    index("email_identities_company_created_idx").on(t.companyId, t.createdAt, t.id),
  ],
);

/** Every email sent through the API, with what became of it. */
export const emailMessages = sqliteTable(
  "email_messages",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    identityId: text("identity_id").notNull(),
    fromAddress: text("from_address").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    status: text("status", { enum: emailStatuses }).notNull(),
    providerMessageId: text("provider_message_id"),
    /** Why it failed, in our words (never the provider's answer). */
    failureReason: text("failure_reason"),
    createdAt: text("created_at").notNull(),
    sentAt: text("sent_at"),
    /** Null until the provider's webhook (Postmark Delivery, Bounce, SpamComplaint) reports on it. */
    deliveryStatus: text("delivery_status", { enum: emailDeliveryStatuses }),
    deliveryUpdatedAt: text("delivery_updated_at"),
    /** What sent it (the API; campaign and sequence mail may be recorded here too): carried by its events. */
    source: text("source", { enum: sendSources }).notNull().default("api"),
    /** The number of the last event about it (src/data/sequences.ts). */
    sequence: resourceSequence(),
  },
  (t) => [
    index("email_messages_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("email_messages_company_status_idx").on(t.companyId, t.status, t.createdAt, t.id),
  ],
);

export type EmailIdentityRow = typeof emailIdentities.$inferSelect;
export type EmailMessageRow = typeof emailMessages.$inferSelect;
