import { DateTime, IANAZone } from "luxon";
import { weekdays, type WallInterval, type Weekday, type WeeklyHours } from "./schema";

/*
 * Wall-clock time of the calendar's zone turned into instants, with luxon's IANA data (never a
 * fixed offset). A working interval covers every instant at which the zone's clock shows a time
 * within it:
 * - a wall time that does not exist (skipped by a spring-forward jump) is read as the instant the
 *   clock jumps, the first at which it shows a later time; an interval inside the gap is empty;
 * - a wall time shown twice (the repeated hour of an autumn change) starts an interval at its
 *   first occurrence and ends one at its second, so both occurrences lie inside.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export const isTimeZone = (name: string) => IANAZone.isValidZone(name);

/** Minutes since midnight of "HH:MM" ("24:00" is 1440). */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The weekday of a YYYY-MM-DD date. */
export const weekdayOf = (date: string): Weekday => weekdays[DateTime.fromISO(date, { zone: "UTC" }).weekday - 1]!;

/** The date `days` after `date` (calendar arithmetic). */
export const addDays = (date: string, days: number) => DateTime.fromISO(date, { zone: "UTC" }).plus({ days }).toISODate()!;

/** Whole days from `from` to `to` (YYYY-MM-DD). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Whether a YYYY-MM-DD string names a real date. */
export const isDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && DateTime.fromISO(text, { zone: "UTC" }).isValid;

/** The instant of `date` + `minutes` of wall-clock time in `zone`; `occurrence` picks one of a repeated time. */
export function wallInstant(date: string, minutes: number, zone: string, occurrence: "first" | "last"): number {
  const iana = IANAZone.create(zone);
  // The wall time as if it were UTC; the real instant is that minus the zone's offset there.
  const naive = Date.parse(`${date}T00:00:00Z`) + minutes * MINUTE_MS;
  const offsets = [...new Set([iana.offset(naive - DAY_MS), iana.offset(naive + DAY_MS), iana.offset(naive)])];
  const candidates = offsets.map((offset) => naive - offset * MINUTE_MS).filter((instant) => iana.offset(instant) * MINUTE_MS === naive - instant);
  if (candidates.length > 0) return occurrence === "first" ? Math.min(...candidates) : Math.max(...candidates);
  // In a gap: the clock jumps past this time; find the jump (minute precision: zones change on minutes).
  let low = naive - Math.max(...offsets) * MINUTE_MS;
  let high = naive - Math.min(...offsets) * MINUTE_MS;
  while (high - low > MINUTE_MS) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
    if (middle + iana.offset(middle) * MINUTE_MS >= naive) high = middle;
    else low = middle;
  }
  return high;
}

/** One working interval of one local date, in wall time and as instants. */
export interface DayInterval {
  start: string;
  end: string;
  startsAt: number;
  endsAt: number;
}

/** The intervals of `date` as instants in `zone`, without those a clock jump leaves empty. */
export function intervalsOn(date: string, intervals: readonly WallInterval[], zone: string): DayInterval[] {
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

/** The local date of an instant in `zone`. */
export const localDateOf = (instant: number, zone: string) => DateTime.fromMillis(instant, { zone }).toISODate()!;

/** An instant as the zone's clock shows it, with its offset: 2026-03-29T03:30:00.000+02:00. */
export const localTimeOf = (instant: number, zone: string) => DateTime.fromMillis(instant, { zone }).toISO()!;

export const isoOf = (instant: number) => new Date(instant).toISOString();

/** What `at` parses to: an instant, or why it is not one. */
export type ParsedInstant = { ok: true; instant: number } | { ok: false; reason: string };

/** The widest offset from UTC a date-time may carry (ISO 8601 practice; real zones stay within ±14:00). */
const MAX_OFFSET_MINUTES = 18 * 60;

const OFFSET = /(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;

/**
 * An ISO 8601 date-time with its offset (2026-03-29T09:00:00+02:00, or Z), or with a bracketed
 * IANA zone as RFC 9557 writes it (2026-03-29T09:00:00[Europe/Madrid], with or without an offset,
 * which must then agree with the zone). A time without either names no instant; a local time a
 * clock jump skips in the bracketed zone does not exist; a repeated one needs its offset.
 */
export function parseInstant(text: string): ParsedInstant {
  const match = /^([^[\]]+?)(?:\[([^\]]+)\])?$/.exec(text.trim());
  if (!match) return { ok: false, reason: "Write an ISO 8601 date-time with its offset, such as 2026-03-29T09:00:00+02:00 or 2026-03-29T07:00:00Z." };
  const [, dateTime = "", zone] = match;
  if (!dateTime.includes("T")) return { ok: false, reason: "Give a date and a time (2026-03-29T09:00:00+02:00), not a date alone." };
  if (zone !== undefined && !isTimeZone(zone)) return { ok: false, reason: `"${zone}" is not an IANA time zone.` };
  const hasOffset = OFFSET.test(dateTime);
  if (!hasOffset && zone === undefined) {
    return { ok: false, reason: "The date-time has no offset or zone, so it names no instant: add Z, an offset such as +02:00, or a zone such as [Europe/Madrid]." };
  }
  if (hasOffset) {
    const parsed = DateTime.fromISO(dateTime, { setZone: true });
    if (!parsed.isValid) return { ok: false, reason: `Not an ISO 8601 date-time: ${parsed.invalidExplanation ?? parsed.invalidReason}.` };
    if (Math.abs(parsed.offset) > MAX_OFFSET_MINUTES) return { ok: false, reason: "An offset is at most ±18:00 from UTC." };
    if (zone !== undefined && IANAZone.create(zone).offset(parsed.toMillis()) !== parsed.offset) {
      return { ok: false, reason: `The offset ${parsed.toFormat("ZZ")} is not the offset of ${zone} at that time.` };
    }
    return { ok: true, instant: parsed.toMillis() };
  }
  const local = DateTime.fromISO(dateTime, { zone: "UTC" });
  if (!local.isValid) return { ok: false, reason: `Not an ISO 8601 date-time: ${local.invalidExplanation ?? local.invalidReason}.` };
  const date = local.toISODate()!;
  const minutes = local.hour * 60 + local.minute;
  const extra = local.second * 1000 + local.millisecond;
  const first = wallInstant(date, minutes, zone!, "first");
  const last = wallInstant(date, minutes, zone!, "last");
  if (DateTime.fromMillis(first, { zone }).toFormat("HH:mm") !== local.toFormat("HH:mm")) {
    return { ok: false, reason: `${local.toFormat("yyyy-MM-dd'T'HH:mm")} does not exist in ${zone}: the clocks skip it.` };
  }
  if (first !== last) return { ok: false, reason: `${local.toFormat("yyyy-MM-dd'T'HH:mm")} happens twice in ${zone}; add its offset to say which.` };
  return { ok: true, instant: first + extra };
}
