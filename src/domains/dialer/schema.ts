import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * queued: reserved and handed to the job queue; ringing: the provider accepted it; in_progress:
 * answered; completed and failed: ended (completed: the provider reported its end; failed: it
 * could not be placed). The first three count against the simultaneous-call quota.
 */
export const dialStatuses = ["queued", "ringing", "in_progress", "completed", "failed"] as const;
export type DialStatus = (typeof dialStatuses)[number];
export const activeDialStatuses = ["queued", "ringing", "in_progress"] as const;

/**
 * Outbound calls launched through POST /calls/dial, while they are placed and until they settle.
 * When one ends, its row of the calls domain (same id: the call log with result, duration and
 * cost) is written in the batch that settles its reservation.
 */
export const dialledCalls = sqliteTable(
  "dialled_calls",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    agentId: text("agent_id").notNull(),
    /** E.164. */
    toNumber: text("to_number").notNull(),
    /** E.164 the call is placed from (the provider's default when null). */
    fromNumber: text("from_number"),
    /** ISO 3166-1 alpha-2 of the destination. */
    country: text("country").notNull(),
    status: text("status", { enum: dialStatuses }).notNull(),
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
    result: text("result", { enum: ["answered", "no_answer", "busy", "failed", "voicemail", "cancelled"] }),
    durationSeconds: integer("duration_seconds"),
    costMinor: integer("cost_minor"),
    failureReason: text("failure_reason"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    endedAt: text("ended_at"),
  },
  (t) => [index("dialled_calls_company_status_idx").on(t.companyId, t.status), index("dialled_calls_company_created_idx").on(t.companyId, t.createdAt, t.id)],
);

export type DialledCallRow = typeof dialledCalls.$inferSelect;
