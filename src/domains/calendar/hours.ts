import { minutesOf, wallInstant } from "../../lib/period";
import { weekdays, type WallInterval, type Weekday, type WeeklyHours } from "./schema";

/*
 * A calendar's working hours on a date, as instants of its zone (src/lib/period.ts does the zone
 * arithmetic). A working interval covers every instant at which the zone's clock shows a time
 * within it:
 * - a wall time that does not exist (skipped by a spring-forward jump) is read as the instant the
 *   clock jumps, the first at which it shows a later time; an interval inside the gap is empty;
 * - a wall time shown twice (the repeated hour of an autumn change) starts an interval at its
 *   first occurrence and ends one at its second, so both occurrences lie inside.
 */

/** The weekday of a YYYY-MM-DD date. */
/** Monday first, as `weekdays`; Date's UTC day counts from Sunday. */
const weekdayOf = (date: string): Weekday => weekdays[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;

/** One working interval of one local date, in wall time and as instants. */
export interface DayInterval {
  start: string;
  end: string;
  startsAt: number;
  endsAt: number;
}

/** The intervals of `date` as instants in `zone`, without those a clock jump leaves empty. */
function intervalsOn(date: string, intervals: readonly WallInterval[], zone: string): DayInterval[] {
  return intervals
    .map((interval) => ({
      start: interval.start,
      end: interval.end,
      startsAt: wallInstant(date, minutesOf(interval.start), zone, "first"),
      endsAt: wallInstant(date, minutesOf(interval.end), zone, "last"),
    }))
    .filter((interval) => interval.endsAt > interval.startsAt);
}

/** A date's working hours: the override's when the date has one, else its weekday's. */
export interface Day {
  date: string;
  weekday: Weekday;
  source: "schedule" | "override";
  closed: boolean;
  intervals: DayInterval[];
}

export interface DayOverride {
  date: string;
  closed: boolean;
  intervals: WallInterval[];
}

export function dayOf(date: string, week: WeeklyHours, overrides: ReadonlyMap<string, DayOverride>, zone: string): Day {
  const weekday = weekdayOf(date);
  const override = overrides.get(date);
  const wall = override ? (override.closed ? [] : override.intervals) : week[weekday];
  const intervals = intervalsOn(date, wall, zone);
  return { date, weekday, source: override ? "override" : "schedule", closed: intervals.length === 0, intervals };
}
