import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const emailStatuses = ["sending", "sent", "failed"] as const;
export type EmailStatus = (typeof emailStatuses)[number];

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
    createdAt: text("created_at").notNull(),
  },
  (t) => [uniqueIndex("email_identities_company_address_idx").on(t.companyId, t.address), index("email_identities_company_created_idx").on(t.companyId, t.createdAt, t.id)],
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
  },
  (t) => [index("email_messages_company_created_idx").on(t.companyId, t.createdAt, t.id), index("email_messages_company_status_idx").on(t.companyId, t.status, t.createdAt, t.id)],
);

export type EmailIdentityRow = typeof emailIdentities.$inferSelect;
export type EmailMessageRow = typeof emailMessages.$inferSelect;
