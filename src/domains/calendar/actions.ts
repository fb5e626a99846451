import type { z } from "@hono/zod-openapi";
import type { Uses } from "../../core/action";
import { retryOnConflict } from "../../data/precondition";
import { nowIso } from "../../data/schema";
import { invalidField, notFound } from "../../lib/errors";
import {
  addDays,
  datePeriod,
  daysBetween,
  instantRange,
  isoOf,
  localDateOf,
  localTimeOf,
  parseInstant,
} from "../../lib/period";
import { overrideRemoved, overrideSet, scheduleUpdated } from "./events";
import {
  DEFAULT_CALENDAR_DAYS,
  MAX_CALENDAR_DAYS,
  NEXT_OPENING_HORIZON_DAYS,
  type BookingsQuery,
  type CalendarQuery,
  type OverrideInput,
  type ScheduleInput,
} from "./model";
import type { WriteStatement } from "../../core/operation";
import type { Database } from "../../data/client";
import {
  bookingCancellation,
  bookingInsert,
  bookingZone,
  calendarOf,
  contactHeld,
  findBooking,
  findOverride,
  findSchedule,
  listBookings,
  noSchedule,
  overrideRemoval,
  overrideUnchanged,
  overrideUpsert,
  scheduleExists,
  scheduleUpsert,
  toOverride,
  toSchedule,
} from "./queries";
import { weekdays, type OverrideRow, type WeeklyHours } from "./schema";
import { dayOf, type Day, type DayInterval, type DayOverride } from "./hours";
import { clock } from "../../lib/clock";

/*
 * What the calendar operations do: the bookings of a period, the writes of the schedule and its
 * exceptions, and what GET /calendar and GET /calendar/check compute from them (both read the
 * schedule and the exceptions of the dates they need in one round trip).
 */

/** Bookings of a period of dates in the calendar's zone (the region's main zone without a calendar). */
export async function bookingPage({ db, caller }: Uses<"db" | "caller">, query: z.output<typeof BookingsQuery>) {
  const period = datePeriod(query);
  const range =
    period.startDate === null && period.endDate === null
      ? {}
      : instantRange(period, await bookingZone(db, caller.company.id));
  return listBookings(db, caller.company.id, { range, status: query.status }, query);
}

/** Replaces the weekly hours; a weekday left out is closed. */
export async function setSchedule(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  body: z.output<typeof ScheduleInput>,
) {
  const week = Object.fromEntries(weekdays.map((day) => [day, body.week[day] ?? []])) as WeeklyHours;
  const at = nowIso();
  const [rows] = (await commit(
    [scheduleUpsert(db, caller.company.id, { timeZone: body.time_zone, week }, at)],
    { resourceType: "calendar_schedule", resourceId: null },
    [scheduleUpdated.of({ time_zone: body.time_zone, week, updated_at: at })],
  )) as [Parameters<typeof toSchedule>[0][]];
  return toSchedule(rows[0]!);
}

/** The schedule as stored (a PUT's replay); 404 while there is none. */
export async function scheduleView({ db, caller }: Uses<"db" | "caller">) {
  const row = await findSchedule(db, caller.company.id);
  if (!row) throw noSchedule();
  return toSchedule(row);
}

/** A date's exception as stored (a PUT's replay); 404 once it is gone. */
export async function overrideView({ db, caller }: Uses<"db" | "caller">, date: string) {
  const row = await findOverride(db, caller.company.id, date);
  if (!row) throw notFound(`exception on ${date}`);
  return toOverride(row);
}

/** Gives one date its own hours (or closes it); the batch fails with 404 while there is no schedule. */
export async function setOverride(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  body: z.output<typeof OverrideInput>,
) {
  const closed = body.closed === true;
  const override = {
    date: body.date,
    closed,
    intervals: closed ? [] : (body.intervals ?? []),
    note: body.note ?? null,
  };
  const at = nowIso();
  const [, rows] = (await commit(
    [scheduleExists(db, caller.company.id), overrideUpsert(db, caller.company.id, override, at)],
    { resourceType: "calendar_override", resourceId: body.date },
    [overrideSet.of({ override: { ...override, updated_at: at } })],
  )) as [unknown, Parameters<typeof toOverride>[0][]];
  return toOverride(rows[0]!);
}

/**
 * Removes the exception of a date. The answer and the event carry the exception as this request
 * removed it: compare-and-set on the row read, read again when another write changed it meanwhile
 * (gone by then: 404).
 */
export async function removeOverride({ db, caller, commit }: Uses<"db" | "caller" | "commit">, date: string) {
  const companyId = caller.company.id;
  return retryOnConflict(async () => {
    const row = await findOverride(db, companyId, date);
    if (!row) throw notFound(`exception on ${date}`);
    const override = toOverride(row);
    await commit(
      [overrideUnchanged(db, row), overrideRemoval(db, companyId, date)],
      { resourceType: "calendar_override", resourceId: date },
      [overrideRemoved.of({ override })],
    );
    return override;
  });
}

const overridesByDate = (rows: readonly OverrideRow[]) =>
  new Map<string, DayOverride>(rows.map((row) => [row.date, toOverride(row)]));

const intervalView = (interval: DayInterval) => ({
  start: interval.start,
  end: interval.end,
  starts_at: isoOf(interval.startsAt),
  ends_at: isoOf(interval.endsAt),
});

const dayView = (day: Day) => ({
  date: day.date,
  weekday: day.weekday,
  source: day.source,
  closed: day.closed,
  intervals: day.intervals.map(intervalView),
});

/** The dates a default range (today in any zone, and the days after it) can cover: today's UTC date, a day either side. */
function guessedRange(now: number): { from: string; to: string } {
  const utcToday = isoOf(now).slice(0, 10);
  return { from: addDays(utcToday, -1), to: addDays(utcToday, DEFAULT_CALENDAR_DAYS) };
}

/** The dates from `from` (default today in the calendar's zone) to `to` (default a week), at most a year. */
export async function calendarRange({ db, caller }: Uses<"db" | "caller">, query: z.output<typeof CalendarQuery>) {
  const companyId = caller.company.id;
  // Without `from` or `to` (the usual read), today is a date of the calendar's zone, within a day of
  // today's UTC date: the overrides of that wider span are read with the schedule in one round trip,
  // and kept to the range once the zone is known. With `to` alone, the schedule is read first.
  const now = clock.now();
  const guessed = query.from === undefined && query.to === undefined ? guessedRange(now) : undefined;
  const known = query.from === undefined && !guessed ? await findSchedule(db, companyId) : undefined;
  if (query.from === undefined && !guessed && !known) throw noSchedule();
  const read = guessed ? await calendarOf(db, companyId, guessed.from, guessed.to) : undefined;
  const zoneKnown = known?.timeZone ?? read?.schedule?.timeZone;
  if (query.from === undefined && zoneKnown === undefined) throw noSchedule();
  const first = query.from ?? localDateOf(now, zoneKnown!);
  const last = query.to ?? addDays(first, DEFAULT_CALENDAR_DAYS - 1);
  if (last < first)
    throw invalidField(
      "query.to",
      `to (${last}) is before from (${first}${query.from ? "" : ", today in the calendar's zone"}); both dates are included.`,
    );
  const count = daysBetween(first, last) + 1;
  if (count > MAX_CALENDAR_DAYS)
    throw invalidField("query.to", `The range holds ${count} days; at most ${MAX_CALENDAR_DAYS} are answered at once.`);
  const { schedule, overrides } = read ?? (await calendarOf(db, companyId, first, last));
  if (!schedule) throw noSchedule();
  const zone = schedule.timeZone;
  const byDate = overridesByDate(overrides.filter((override) => override.date >= first && override.date <= last));
  const days: ReturnType<typeof dayView>[] = [];
  for (let date = first; date <= last; date = addDays(date, 1))
    days.push(dayView(dayOf(date, schedule.week, byDate, zone)));
  return { time_zone: zone, from: first, to: last, days };
}

/** The first interval starting after `instant`, from the dates starting at `date`. */
function nextOpening(
  instant: number,
  date: string,
  week: WeeklyHours,
  overrides: ReadonlyMap<string, DayOverride>,
  zone: string,
): number | null {
  for (let offset = 0; offset <= NEXT_OPENING_HORIZON_DAYS; offset++) {
    const day = dayOf(addDays(date, offset), week, overrides, zone);
    const next = day.intervals.find((interval) => interval.startsAt > instant);
    if (next) return next.startsAt;
  }
  return null;
}

/** Whether `at` falls within working hours, the local time there, and the next opening after it. */
export async function checkInstant({ db, caller }: Uses<"db" | "caller">, at: string) {
  const companyId = caller.company.id;
  const parsed = parseInstant(at);
  if (!parsed.ok) throw invalidField("query.at", parsed.reason);
  const instant = parsed.instant;
  // The local date is within a day of the UTC date; read the exceptions of the whole horizon at once.
  const utcDate = isoOf(instant).slice(0, 10);
  const { schedule, overrides } = await calendarOf(
    db,
    companyId,
    addDays(utcDate, -1),
    addDays(utcDate, NEXT_OPENING_HORIZON_DAYS + 1),
  );
  if (!schedule) throw noSchedule();
  const zone = schedule.timeZone;
  const byDate = overridesByDate(overrides);
  const date = localDateOf(instant, zone);
  const today = dayOf(date, schedule.week, byDate, zone);
  const current = today.intervals.find((interval) => interval.startsAt <= instant && instant < interval.endsAt);
  const next = nextOpening(instant, date, schedule.week, byDate, zone);
  return {
    at: isoOf(instant),
    time_zone: zone,
    local_time: localTimeOf(instant, zone),
    local_date: date,
    weekday: today.weekday,
    open: current !== undefined,
    interval: current ? intervalView(current) : null,
    next_opening: next === null ? null : isoOf(next),
    next_opening_local: next === null ? null : localTimeOf(next, zone),
  };
}

// ---------------------------------------------------------------------------------------------
// Bookings made in calls (the voice service's report)

/** An appointment the voice service reports an agent booked during a call. */
export interface CallBooking {
  title: string;
  startsAt: string;
  endsAt: string;
  contactId: string | null;
  notes: string | null;
}

/** What the calendar makes of a booking or cancellation reported with a call, and the writes it needs. */
export type BookingDecision =
  | { outcome: "booked" | "cancelled"; bookingId: string; reason: null; statements: WriteStatement[] }
  | { outcome: "refused"; bookingId: string | null; reason: string; statements: [] };

const refused = (reason: string, bookingId: string | null = null): BookingDecision => ({
  outcome: "refused",
  bookingId,
  reason,
  statements: [],
});

const wall = (instant: number, zone: string) => localTimeOf(instant, zone).slice(11, 16);

/**
 * Why the calendar refuses an appointment from `start` to `end` (null: it fits). The rules of
 * GET /calendar and /calendar/check: the date's exception when it has one, else its weekday's
 * hours; the appointment must lie within one working interval of its start's local date.
 */
async function refusalOf(db: Database, companyId: string, start: number, end: number): Promise<string | null> {
  const utcDate = isoOf(start).slice(0, 10);
  const { schedule, overrides } = await calendarOf(db, companyId, addDays(utcDate, -1), addDays(utcDate, 1));
  if (!schedule) return "The company has no working calendar (PUT /calendar/schedule): nothing can be booked.";
  const zone = schedule.timeZone;
  const date = localDateOf(start, zone);
  const day = dayOf(date, schedule.week, overridesByDate(overrides), zone);
  if (day.intervals.some((interval) => interval.startsAt <= start && end <= interval.endsAt)) return null;
  const asked = `${wall(start, zone)}–${wall(end, zone)} on ${date} (${day.weekday}, ${zone})`;
  if (day.closed)
    return `${asked} is outside working hours: the ${day.source === "override" ? "date's exception closes it" : "weekday is closed"}.`;
  const open = day.intervals.map((interval) => `${interval.start}–${interval.end}`).join(", ");
  return `${asked} is outside working hours: it must lie within one of ${open}.`;
}

/**
 * Applies the calendar to an appointment booked in call `callId` by `agentId`: booked when it lies
 * within one working interval and names no contact but the company's; refused, with the reason,
 * otherwise (the call is recorded either way).
 */
export async function bookInCall(
  db: Database,
  companyId: string,
  callId: string,
  agentId: string,
  booking: CallBooking,
  at: string,
): Promise<BookingDecision> {
  const start = Date.parse(booking.startsAt);
  const end = Date.parse(booking.endsAt);
  const [reason, contactKnown] = await Promise.all([
    refusalOf(db, companyId, start, end),
    booking.contactId === null ? true : contactHeld(db, companyId, booking.contactId),
  ]);
  if (reason !== null) return refused(reason);
  if (!contactKnown) return refused(`The company has no contact ${booking.contactId}.`);
  const id = crypto.randomUUID();
  const row = {
    id,
    companyId,
    contactId: booking.contactId,
    agentId,
    title: booking.title,
    startsAt: isoOf(start),
    endsAt: isoOf(end),
    status: "confirmed" as const,
    notes: booking.notes,
    createdAt: at,
    callId,
  };
  return { outcome: "booked", bookingId: id, reason: null, statements: [bookingInsert(db, row)] };
}

/** Calls off a confirmed booking in a call; refused, with the reason, when it is not the company's or not confirmed. */
export async function cancelInCall(db: Database, companyId: string, bookingId: string): Promise<BookingDecision> {
  const booking = await findBooking(db, companyId, bookingId);
  if (!booking) return refused(`The company has no booking ${bookingId}.`);
  if (booking.status !== "confirmed")
    return refused(`The booking is ${booking.status}: only a confirmed booking can be cancelled.`, bookingId);
  return {
    outcome: "cancelled",
    bookingId,
    reason: null,
    statements: bookingCancellation(db, companyId, bookingId),
  };
}
