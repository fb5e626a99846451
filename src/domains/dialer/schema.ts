import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The dialling details of calls launched through POST /calls/dial: one row per such call, with
 * the same id as its row of the calls domain (which holds its status, ends, result and cost from
 * the moment it is dialled). Here: the rate applied, the reservation held from the wallet until
 * the call ends, the provider's id, and why it failed when it could not be placed.
 */
export const dialledCalls = sqliteTable(
  "dialled_calls",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    /** ISO 3166-1 alpha-2 of the destination. */
    country: text("country").notNull(),
    /** The sale rate applied (telephony domain): millionths of the major unit per minute, minimum and increment. */
    ratePerMinuteMicros: integer("rate_per_minute_micros").notNull(),
    minimumSeconds: integer("minimum_seconds").notNull(),
    billingIncrementSeconds: integer("billing_increment_seconds").notNull(),
    currency: text("currency").notNull(),
    /** Held from the wallet when dialled (a ledger charge), settled against the real cost when the call ends. */
    reservedMinor: integer("reserved_minor").notNull(),
    /** The seconds the reservation covers: the call is cut there, so its cost never exceeds the reservation. */
    reservedSeconds: integer("reserved_seconds").notNull(),
    providerCallId: text("provider_call_id"),
    /** The SIP trunk (sip-trunks domain) the caller number routes through when dialled, or null for the provider's own network. */
    sipTrunkId: text("sip_trunk_id"),
    failureReason: text("failure_reason"),
    /** When the callee answered (the provider's in-progress callback); null until then. */
    answeredAt: text("answered_at"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("dialled_calls_company_created_idx").on(t.companyId, t.createdAt, t.id)],
);

export type DialledCallRow = typeof dialledCalls.$inferSelect;
