import { invalidField } from "../../core/errors";
import { DEFAULT_CALENDAR_DAYS, MAX_CALENDAR_DAYS, NEXT_OPENING_HORIZON_DAYS } from "./model";
import { calendarOf, findSchedule, noSchedule, toOverride } from "./queries";
import type { Database } from "../../core/db/client";
import type { OverrideRow, WeeklyHours } from "./schema";
import { addDays, daysBetween, isoOf, localDateOf, localTimeOf, parseInstant } from "../../core/period";
import { dayOf, type Day, type DayInterval, type DayOverride } from "./hours";

/*
 * What GET /calendar and GET /calendar/check compute from the schedule and its exceptions. Both
 * read the schedule and the exceptions of the dates they need in one round trip.
 */

const overridesByDate = (rows: readonly OverrideRow[]) => new Map<string, DayOverride>(rows.map((row) => [row.date, toOverride(row)]));

const intervalView = (interval: DayInterval) => ({ start: interval.start, end: interval.end, starts_at: isoOf(interval.startsAt), ends_at: isoOf(interval.endsAt) });

const dayView = (day: Day) => ({ date: day.date, weekday: day.weekday, source: day.source, closed: day.closed, intervals: day.intervals.map(intervalView) });

/** The dates from `from` (default today in the calendar's zone) to `to` (default a week), at most a year. */
export async function calendarRange(db: Database, companyId: string, query: { from?: string; to?: string }) {
  // Today is a date of the calendar's zone: without `from`, the schedule is read first to know it.
  const known = query.from === undefined ? await findSchedule(db, companyId) : undefined;
  if (query.from === undefined && !known) throw noSchedule();
  const first = query.from ?? localDateOf(Date.now(), known!.timeZone);
  const last = query.to ?? addDays(first, DEFAULT_CALENDAR_DAYS - 1);
  if (last < first) throw invalidField("query.to", `to (${last}) is before from (${first}${query.from ? "" : ", today in the calendar's zone"}); both dates are included.`);
  const count = daysBetween(first, last) + 1;
  if (count > MAX_CALENDAR_DAYS) throw invalidField("query.to", `The range holds ${count} days; at most ${MAX_CALENDAR_DAYS} are answered at once.`);
  const { schedule, overrides } = await calendarOf(db, companyId, first, last);
  if (!schedule) throw noSchedule();
  const zone = schedule.timeZone;
  const byDate = overridesByDate(overrides);
  const days: ReturnType<typeof dayView>[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) days.push(dayView(dayOf(date, schedule.week, byDate, zone)));
  return { time_zone: zone, from: first, to: last, days };
}

/** The first interval starting after `instant`, from the dates starting at `date`. */
function nextOpening(instant: number, date: string, week: WeeklyHours, overrides: ReadonlyMap<string, DayOverride>, zone: string): number | null {
  for (let offset = 0; offset <= NEXT_OPENING_HORIZON_DAYS; offset++) {
    const day = dayOf(addDays(date, offset), week, overrides, zone);
    const next = day.intervals.find((interval) => interval.startsAt > instant);
    if (next) return next.startsAt;
  }
  return null;
}

/** Whether `at` falls within working hours, the local time there, and the next opening after it. */
export async function checkInstant(db: Database, companyId: string, at: string) {
  const parsed = parseInstant(at);
  if (!parsed.ok) throw invalidField("query.at", parsed.reason);
  const instant = parsed.instant;
  // The local date is within a day of the UTC date; read the exceptions of the whole horizon at once.
  const utcDate = isoOf(instant).slice(0, 10);
  const { schedule, overrides } = await calendarOf(db, companyId, addDays(utcDate, -1), addDays(utcDate, NEXT_OPENING_HORIZON_DAYS + 1));
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
