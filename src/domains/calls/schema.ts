import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { resourceSequence } from "../../data/sequences";

export const callDirections = ["inbound", "outbound"] as const;
/** How a call ended: answered by a person, not picked up, busy, failed to connect, left to voicemail, or hung up by the caller before it was answered. */
export const callResults = ["answered", "no_answer", "busy", "failed", "voicemail", "cancelled"] as const;
/**
 * Where a call is: queued (a dialled call handed to the provider's queue), ringing, in_progress
 * (answered), then completed (it ended: `result` says how) or failed (it could not be placed).
 * Only the first three count against the simultaneous-call quota; only ended calls have a result
 * and count in the period totals.
 */
export const callStatuses = ["queued", "ringing", "in_progress", "completed", "failed"] as const;
export const activeCallStatuses = ["queued", "ringing", "in_progress"] as const;
export const qualificationVerdicts = ["qualified", "not_qualified", "follow_up"] as const;

export type CallDirection = (typeof callDirections)[number];
export type CallResult = (typeof callResults)[number];
export type CallStatus = (typeof callStatuses)[number];
export type QualificationVerdict = (typeof qualificationVerdicts)[number];

/**
 * Calls the company's agents made and took. Times are ISO 8601 UTC with milliseconds (they sort
 * as text); `local_date` is the call's start date in the company's time zone (call_settings),
 * written with the row so that day totals need no time zone arithmetic in SQL. Cost is in integer
 * minor units of `currency` (the company's billing currency).
 */
export const calls = sqliteTable(
  "calls",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    direction: text("direction", { enum: callDirections }).notNull(),
    /** E.164. */
    fromNumber: text("from_number").notNull(),
    /** E.164. */
    toNumber: text("to_number").notNull(),
    /** The voice agent that handled the call (agents domain), or null for a call no agent took. */
    agentId: text("agent_id"),
    status: text("status", { enum: callStatuses }).notNull().default("completed"),
    /** How the call ended; null until it has. */
    result: text("result", { enum: callResults }),
    startedAt: text("started_at").notNull(),
    /** Null until the call has ended. */
    endedAt: text("ended_at"),
    /** YYYY-MM-DD: started_at in the company's time zone. */
    localDate: text("local_date").notNull(),
    /** Talk time; 0 until the call has ended. */
    durationSeconds: integer("duration_seconds").notNull().default(0),
    /** 0 until the call has ended (a dialled call's reservation is held in the wallet meanwhile). */
    costMinor: integer("cost_minor").notNull().default(0),
    currency: text("currency").notNull(),
    summary: text("summary"),
    /** What was said, as the voice service transcribed it (operator API: the voice report); null when not reported. */
    transcript: text("transcript"),
    /**
     * The voice service's own id of a call it reported (POST /admin/v1/companies/{id}/voice-reports):
     * unique per company, so that a repeated report finds the call it recorded; null for other calls.
     */
    externalId: text("external_id"),
    /** Bumped by every change of the assigned members: assignment writes compare it (compare-and-set). */
    membersVersion: integer("members_version").notNull().default(0),
    /** The number of the last event about the call (src/data/sequences.ts). */
    sequence: resourceSequence(),
  },
  (t) => [
    // The list (company, newest first) and its period filter walk this index; the trailing columns
    // let a direct aggregate over a period read the index alone.
    index("calls_company_started_idx").on(t.companyId, t.startedAt, t.id, t.result, t.durationSeconds, t.costMinor),
    // The simultaneous-call quota counts the company's calls not yet ended.
    index("calls_company_status_idx").on(t.companyId, t.status),
    // A voice report is recorded once: a repeated one finds its call here.
    uniqueIndex("calls_company_external_idx").on(t.companyId, t.externalId),
  ],
);

/**
 * Totals of the company's ended calls per local day, direction and result, kept equal to the
 * calls table by triggers on it (migration 0022's custom part; calls without a result yet are not counted): the period aggregates of GET /calls
 * read at most one row per day and result, however many calls the period holds.
 */
export const callDailyTotals = sqliteTable(
  "call_daily_totals",
  {
    companyId: text("company_id").notNull(),
    localDate: text("local_date").notNull(),
    direction: text("direction", { enum: callDirections }).notNull(),
    result: text("result", { enum: callResults }).notNull(),
    calls: integer("calls").notNull(),
    durationSeconds: integer("duration_seconds").notNull(),
    costMinor: integer("cost_minor").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.localDate, t.direction, t.result] })],
);

/** The company's label catalogue: the labels its calls may carry. */
export const callLabels = sqliteTable(
  "call_labels",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    /** Stable key used by the API: lower case letters, digits, _ and -. */
    key: text("key").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    /** #rrggbb, for the panel. */
    color: text("color").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("call_labels_company_key_idx").on(t.companyId, t.key),
    index("call_labels_company_created_idx").on(t.companyId, t.createdAt, t.id),
  ],
);

/** Labels a call carries: one row per call and label key (the unique index makes adding idempotent). */
export const callLabelLinks = sqliteTable(
  "call_label_links",
  {
    companyId: text("company_id").notNull(),
    callId: text("call_id").notNull(),
    labelKey: text("label_key").notNull(),
    labeledAt: text("labeled_at").notNull(),
  },
  (t) => [uniqueIndex("call_label_links_call_label_idx").on(t.companyId, t.callId, t.labelKey)],
);

/** Team members (team domain) assigned to a call. */
export const callAssignments = sqliteTable(
  "call_assignments",
  {
    companyId: text("company_id").notNull(),
    callId: text("call_id").notNull(),
    memberId: text("member_id").notNull(),
    assignedAt: text("assigned_at").notNull(),
  },
  (t) => [
    uniqueIndex("call_assignments_call_member_idx").on(t.companyId, t.callId, t.memberId),
    index("call_assignments_company_member_idx").on(t.companyId, t.memberId),
  ],
);

/** The qualification verdict of a call (at most one per call), given by the agent's analysis after the call. */
export const callQualifications = sqliteTable(
  "call_qualifications",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    callId: text("call_id").notNull(),
    verdict: text("verdict", { enum: qualificationVerdicts }).notNull(),
    /** 0 to 100. */
    score: integer("score").notNull(),
    reason: text("reason"),
    qualifiedAt: text("qualified_at").notNull(),
  },
  (t) => [
    uniqueIndex("call_qualifications_company_call_idx").on(t.companyId, t.callId),
    index("call_qualifications_company_qualified_idx").on(t.companyId, t.qualifiedAt, t.id),
    index("call_qualifications_company_verdict_idx").on(t.companyId, t.verdict, t.qualifiedAt, t.id),
  ],
);

/** What became of an appointment reported with a call: booked, called off, or refused by the calendar. */
export const callBookingOutcomes = ["booked", "cancelled", "refused"] as const;
export type CallBookingOutcome = (typeof callBookingOutcomes)[number];

/**
 * The booking or cancellation the voice service reported with a call (at most one per call), and
 * what the calendar made of it: the booking it made or called off, or why it refused it.
 */
export const callBookings = sqliteTable(
  "call_bookings",
  {
    companyId: text("company_id").notNull(),
    callId: text("call_id").notNull(),
    outcome: text("outcome", { enum: callBookingOutcomes }).notNull(),
    /** The booking made or called off (calendar domain); null when a new one was refused. */
    bookingId: text("booking_id"),
    /** Why the calendar refused it; null otherwise. */
    reason: text("reason"),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.callId] })],
);

/**
 * Per-company call settings set in the panel (npm run admin -- calls settings): the time zone that
 * dates are read in (null: the default of the company's region) and how long calls stay writable.
 */
/** How long calls stay writable unless the company sets another retention. */
export const DEFAULT_RETENTION_DAYS = 365;

export const callSettings = sqliteTable("call_settings", {
  companyId: text("company_id").primaryKey(),
  /** IANA name, such as Europe/Madrid; null: the default of the company's region. */
  timeZone: text("time_zone"),
  /** Calls that started longer ago than this are archived: read-only. */
  retentionDays: integer("retention_days").notNull().default(DEFAULT_RETENTION_DAYS),
  updatedAt: text("updated_at").notNull(),
});

export type CallRow = typeof calls.$inferSelect;
export type CallLabelRow = typeof callLabels.$inferSelect;
