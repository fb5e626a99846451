import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const numberCapabilities = ["voice", "sms", "whatsapp"] as const;
export const extensionStatuses = ["active", "disabled"] as const;
export const sipTransports = ["udp", "tcp", "tls"] as const;
export const audioCodecs = ["opus", "G722", "PCMA", "PCMU"] as const;
export const dtmfModes = ["rfc2833", "inband", "sip_info"] as const;

export type NumberCapability = (typeof numberCapabilities)[number];
/** pending: the purchase is recorded and the provider not yet (or never) confirmed it; only active numbers are listed. */
export const numberStatuses = ["pending", "active"] as const;

/** Phone numbers the company rents, each optionally answered by one of its voice agents. */
export const phoneNumbers = sqliteTable(
  "phone_numbers",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    /** E.164. */
    e164: text("e164").notNull(),
    name: text("name").notNull(),
    /** ISO 3166-1 alpha-2 of the number. */
    country: text("country").notNull(),
    capabilities: text("capabilities", { mode: "json" }).$type<NumberCapability[]>().notNull(),
    /** The voice agent (agents domain) that answers the number, or null. */
    agentId: text("agent_id"),
    /** The provider's id of the rented number (Twilio's IncomingPhoneNumber SID, PN...); null for one not rented through the platform's account. */
    providerSid: text("provider_sid"),
    status: text("status", { enum: numberStatuses }).notNull().default("active"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("phone_numbers_company_e164_idx").on(t.companyId, t.e164),
    index("phone_numbers_company_created_idx").on(t.companyId, t.createdAt, t.id),
  ],
);

/** SIP extensions of the company's PBX: desk phones and softphones of its team. */
export const sipExtensions = sqliteTable(
  "sip_extensions",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    /** Short dialling number within the company: 101. */
    extension: text("extension").notNull(),
    name: text("name").notNull(),
    /** The team member (team domain) who uses it, or null. */
    memberId: text("member_id"),
    profileId: text("profile_id"),
    status: text("status", { enum: extensionStatuses }).notNull(),
    sipUsername: text("sip_username").notNull(),
    sipDomain: text("sip_domain").notNull(),
    /** The SIP password devices register with, sealed (secrets.ts). No API answer carries it. */
    sipSecret: text("sip_secret").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("sip_extensions_company_extension_idx").on(t.companyId, t.extension),
    index("sip_extensions_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("sip_extensions_company_status_idx").on(t.companyId, t.status, t.createdAt, t.id),
    // Holds only passwords stored before sealing (secrets.ts seals them tick by tick): empty once done.
    index("sip_extensions_unsealed_idx").on(t.id).where(sql`substr(${t.sipSecret}, 1, 3) <> 'v1.'`),
  ],
);

/** Telephony profiles: how the company's lines connect (transport, codecs, DTMF, encryption, recording, trunk). */
export const telephonyProfiles = sqliteTable(
  "telephony_profiles",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    name: text("name").notNull(),
    transport: text("transport", { enum: sipTransports }).notNull(),
    codecs: text("codecs", { mode: "json" }).$type<(typeof audioCodecs)[number][]>().notNull(),
    dtmfMode: text("dtmf_mode", { enum: dtmfModes }).notNull(),
    srtp: integer("srtp", { mode: "boolean" }).notNull(),
    recording: integer("recording", { mode: "boolean" }).notNull(),
    maxConcurrentCalls: integer("max_concurrent_calls").notNull(),
    /** The SIP trunk's host, and the credentials the platform registers with. */
    trunkHost: text("trunk_host"),
    trunkUsername: text("trunk_username"),
    /** Sealed (secrets.ts); no API answer carries it. */
    trunkSecret: text("trunk_secret"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("telephony_profiles_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("telephony_profiles_unsealed_idx")
      .on(t.id)
      .where(sql`${t.trunkSecret} IS NOT NULL AND substr(${t.trunkSecret}, 1, 3) <> 'v1.'`),
  ],
);

export type PhoneNumberRow = typeof phoneNumbers.$inferSelect;
