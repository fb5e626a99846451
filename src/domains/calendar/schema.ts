import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof weekdays)[number];

/** A working interval in wall-clock time of the calendar's zone: "HH:MM" to "HH:MM" (an end of "24:00" is midnight after). */
export interface WallInterval {
  start: string;
  end: string;
}

export type WeeklyHours = Record<Weekday, WallInterval[]>;

/** What an appointment became: booked and still ahead, held, missed by the contact, or called off. */
export const bookingStatuses = ["confirmed", "completed", "no_show", "cancelled"] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/**
 * The company's working week (one row per company): its IANA time zone and, per weekday, the
 * working intervals in wall-clock time of that zone, as JSON. PUT replaces the whole row.
 */
export const calendarSchedules = sqliteTable("calendar_schedules", {
  companyId: text("company_id").primaryKey(),
  timeZone: text("time_zone").notNull(),
  week: text("week", { mode: "json" }).$type<WeeklyHours>().notNull(),
  updatedAt: text("updated_at").notNull(),
});

/** Exceptions to the week for one local date: closed, or its own intervals. One per company and date. */
export const calendarOverrides = sqliteTable(
  "calendar_overrides",
  {
    companyId: text("company_id").notNull(),
    /** YYYY-MM-DD in the calendar's zone. */
    date: text("date").notNull(),
    closed: integer("closed", { mode: "boolean" }).notNull(),
    /** Empty when closed. */
    intervals: text("intervals", { mode: "json" }).$type<WallInterval[]>().notNull(),
    note: text("note"),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.date] })],
);

/**
 * Appointments the company's voice agents booked with its contacts. Times are ISO 8601 UTC with
 * milliseconds (they sort as text). Contact and agent ids are kept when either is deleted later.
 */
export const bookings = sqliteTable(
  "bookings",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    contactId: text("contact_id"),
    agentId: text("agent_id"),
    title: text("title").notNull(),
    startsAt: text("starts_at").notNull(),
    endsAt: text("ends_at").notNull(),
    status: text("status", { enum: bookingStatuses }).notNull(),
    notes: text("notes"),
    createdAt: text("created_at").notNull(),
    /** The call in which the agent booked it (the voice service's report); null for other bookings. */
    callId: text("call_id"),
  },
  (t) => [
    index("bookings_company_starts_idx").on(t.companyId, t.startsAt, t.id),
    index("bookings_company_status_starts_idx").on(t.companyId, t.status, t.startsAt, t.id),
  ],
);

export type BookingRow = typeof bookings.$inferSelect;
export type ScheduleRow = typeof calendarSchedules.$inferSelect;
export type OverrideRow = typeof calendarOverrides.$inferSelect;
