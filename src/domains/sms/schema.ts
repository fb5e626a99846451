import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { resourceSequence } from "../../data/sequences";
import { sendSources } from "../../work/sends";

export const smsStatuses = ["sending", "sent", "failed"] as const;
export type SmsStatus = (typeof smsStatuses)[number];
/** What the carrier reported after the provider accepted the message (its status callback); each is final. */
export const smsDeliveryStatuses = ["delivered", "undelivered", "failed"] as const;
export const smsEncodings = ["GSM-7", "UCS-2"] as const;
export type SmsEncoding = (typeof smsEncodings)[number];

/** Every SMS sent through the API: segments, what it cost, and what became of it. */
export const smsMessages = sqliteTable(
  "sms_messages",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    toNumber: text("to_number").notNull(),
    country: text("country").notNull(),
    body: text("body").notNull(),
    encoding: text("encoding", { enum: smsEncodings }).notNull(),
    segments: integer("segments").notNull(),
    pricePerSegmentMinor: integer("price_per_segment_minor").notNull(),
    costMinor: integer("cost_minor").notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: smsStatuses }).notNull(),
    providerMessageId: text("provider_message_id"),
    /** Why it failed, in our words (never the provider's answer). */
    failureReason: text("failure_reason"),
    /** Whether the charge was given back (a failed send). */
    refunded: integer("refunded", { mode: "boolean" }).notNull(),
    createdAt: text("created_at").notNull(),
    sentAt: text("sent_at"),
    /** Null until the provider's status callback says what became of it (Twilio's MessageStatus). */
    deliveryStatus: text("delivery_status", { enum: smsDeliveryStatuses }),
    deliveryUpdatedAt: text("delivery_updated_at"),
    /** What sent it (the API; campaigns and sequences may send SMS too): carried by its events. */
    source: text("source", { enum: sendSources }).notNull().default("api"),
    /** The number of the last event about the message (src/data/sequences.ts). */
    sequence: resourceSequence(),
  },
  (t) => [
    index("sms_messages_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("sms_messages_company_status_idx").on(t.companyId, t.status, t.createdAt, t.id),
  ],
);

export type SmsMessageRow = typeof smsMessages.$inferSelect;
