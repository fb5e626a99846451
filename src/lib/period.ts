import { DateTime, IANAZone } from "luxon";
import { invalidField } from "./errors";

/**
 * Dates and periods in a company's time zone, with luxon's IANA data (never a fixed offset).
 * A local date is YYYY-MM-DD; calendar arithmetic on it involves no zone. A period of local dates
 * includes both ends; as instants it runs from its first date's first instant (included) to the
 * first instant of the day after its last date (excluded).
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Zones

/**
 * A company without a time zone of its own reads dates in the main zone of its default region; a
 * region not listed here reads them in UTC. Regions spanning several zones get their capital's;
 * the panel (admin CLI) sets another.
 */
const REGION_TIME_ZONES: Record<string, string> = {
  ES: "Europe/Madrid",
  PT: "Europe/Lisbon",
  GB: "Europe/London",
  IE: "Europe/Dublin",
  FR: "Europe/Paris",
  DE: "Europe/Berlin",
  IT: "Europe/Rome",
  NL: "Europe/Amsterdam",
  BE: "Europe/Brussels",
  CH: "Europe/Zurich",
  AT: "Europe/Vienna",
  AD: "Europe/Andorra",
  US: "America/New_York",
  CA: "America/Toronto",
  MX: "America/Mexico_City",
  AR: "America/Argentina/Buenos_Aires",
  CL: "America/Santiago",
  CO: "America/Bogota",
  PE: "America/Lima",
  BR: "America/Sao_Paulo",
  UY: "America/Montevideo",
};

export const isTimeZone = (name: string) => IANAZone.isValidZone(name);

/** The zone of a region by default: its listed zone, or UTC. */
export const regionTimeZone = (region: string) => REGION_TIME_ZONES[region.toUpperCase()] ?? "UTC";

/** YYYY-MM-DD of an instant in `zone`. */
export function localDateOf(instant: string | number, zone: string): string {
  const clock = typeof instant === "number" ? wallClockOf(instant, zone) : undefined;
  if (clock) return clock.wall.slice(0, 10);
  const at = typeof instant === "number" ? DateTime.fromMillis(instant, { zone }) : DateTime.fromISO(instant, { zone });
  return at.toISODate() ?? fail(`Not an instant: ${instant}`);
}

/** An instant as the zone's clock shows it, with its offset: 2026-03-29T03:30:00.000+02:00. */
export function localTimeOf(instant: number, zone: string): string {
  const clock = wallClockOf(instant, zone);
  return clock ? clock.wall + clock.offset : DateTime.fromMillis(instant, { zone }).toISO()!;
}

/** Names luxon reads as the fixed UTC zone, whose offset it writes as Z (an IANA zone at +00:00 writes +00:00). */
const FIXED_UTC = /^(utc|gmt)$/i;
const FIRST_4_DIGIT_YEAR = Date.parse("0000-01-01T00:00:00Z");
const FIRST_5_DIGIT_YEAR = Date.parse("+010000-01-01T00:00:00Z");

/**
 * The zone's clock at an instant exactly as luxon writes it (YYYY-MM-DDTHH:MM:SS.mmm, and ±HH:MM
 * or Z), from the remembered offsets and without building a luxon DateTime, which asks Intl each
 * time and was most of a calendar check's CPU. Undefined where luxon's own rules are needed: an
 * offset with seconds (local mean time before standard zones) or a year outside 0000-9999.
 */
function wallClockOf(instant: number, zone: string): { wall: string; offset: string } | undefined {
  const fixedUtc = FIXED_UTC.test(zone);
  const offset = fixedUtc ? 0 : offsetsOf(zone).offset(instant);
  if (!Number.isInteger(offset)) return undefined;
  const wallAsUtc = instant + offset * MINUTE_MS;
  if (!(wallAsUtc >= FIRST_4_DIGIT_YEAR && wallAsUtc < FIRST_5_DIGIT_YEAR)) return undefined;
  const minutes = Math.abs(offset);
  const offsetText = `${offset < 0 ? "-" : "+"}${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  return { wall: new Date(wallAsUtc).toISOString().slice(0, 23), offset: fixedUtc ? "Z" : offsetText };
}

/** An instant as ISO UTC with milliseconds. */
export const isoOf = (instant: number) => new Date(instant).toISOString();

/** A real YYYY-MM-DD date's midnight read as UTC (ms); undefined for anything else (Date.parse takes 2026-02-30 as 2026-03-02). */
function utcMidnightOf(date: string): number | undefined {
  const midnight = /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) : Number.NaN;
  return !Number.isNaN(midnight) && isoOf(midnight).startsWith(date) ? midnight : undefined;
}

/** The first instant (ISO UTC, milliseconds) of a local date in `zone`: its midnight, or the hour a DST jump starts it at. */
function startOfLocalDate(date: string, zone: string): string {
  // Far from any change of the zone's offset: midnight less the offset, from the remembered offsets
  // (luxon asks Intl for each; a period's ends were the largest part of a report's CPU). Near one: luxon's rules.
  const midnight = utcMidnightOf(date);
  if (midnight !== undefined) {
    const offsets = offsetsOf(zone);
    const offset = offsets.offset(midnight);
    const instant = midnight - offset * MINUTE_MS;
    const settled =
      offsets.offset(midnight - DAY_MS) === offset &&
      offsets.offset(midnight + DAY_MS) === offset &&
      offsets.offset(instant) === offset;
    if (Number.isInteger(offset) && settled) return isoOf(instant);
  }
  const start = DateTime.fromISO(date, { zone }).startOf("day");
  if (!start.isValid) fail(`Not a date in ${zone}: ${date}`);
  return start.toUTC().toJSDate().toISOString();
}

// ---------------------------------------------------------------------------------------------
// Local dates and wall-clock times (no zone involved)

/** Whether a YYYY-MM-DD string names a real date. */
export const isDate = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) && DateTime.fromISO(text, { zone: "UTC" }).isValid;

/** The date `days` after `date` (calendar arithmetic, on UTC days: no zone, no DST; without luxon's parsing, which showed in a calendar's CPU). */
export function addDays(date: string, days: number): string {
  const midnight = utcMidnightOf(date);
  // Anything but a real date is luxon's to answer, as before.
  if (midnight === undefined) return DateTime.fromISO(date, { zone: "UTC" }).plus({ days }).toISODate()!;
  return new Date(midnight + days * DAY_MS).toISOString().slice(0, 10);
}

/** The local date after `date`. */
export const nextDate = (date: string) => addDays(date, 1);

/** Whole days from `from` to `to` (YYYY-MM-DD). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * The dates a period of instants [start, end) covers, both ends included, on UTC days: from the
 * start's date to the day before the end's date (never before the start's), so that periods that
 * follow one another ([a, b) then [b, c)) have dates that neither overlap nor leave a gap, whatever
 * the time of day at b.
 */
export function inclusiveDates(start: string, end: string): { start: string; end: string } {
  const first = isoOf(Date.parse(start)).slice(0, 10);
  const last = addDays(isoOf(Date.parse(end)).slice(0, 10), -1);
  return { start: first, end: last < first ? first : last };
}

/** The calendar month of a date, both ends included: 2026-02-14 is 2026-02-01 to 2026-02-28. */
export function monthOfDate(date: string): { from: string; to: string } {
  const from = `${date.slice(0, 7)}-01`;
  const nextMonth = DateTime.fromISO(from, { zone: "UTC" }).plus({ months: 1 }).toISODate();
  if (!nextMonth) fail(`Not a date: ${date}`);
  return { from, to: addDays(nextMonth, -1) };
}

/** Minutes since midnight of "HH:MM" ("24:00" is 1440). */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Offsets remembered per isolate, at most this many (then forgotten at once): a calendar asks the same instants on every read. */
const OFFSET_CACHE_LIMIT = 20_000;
/** Per zone, offsets by instant (numbers: no key text built per lookup). */
const offsetCache = new Map<string, Map<number, number>>();
let offsetsRemembered = 0;

/**
 * A zone's offset in minutes at an instant, as luxon's IANAZone gives it, remembered: luxon asks
 * Intl for each (formatToParts), and a calendar of two weeks asks a few hundred, the largest part
 * of its CPU. A zone's offset at a given instant does not change while an isolate lives.
 */
function offsetsOf(zone: string): { offset(instant: number): number } {
  const iana = IANAZone.create(zone);
  const remembered = (instant: number) => {
    let ofZone = offsetCache.get(zone);
    let offset = ofZone?.get(instant);
    if (offset === undefined) {
      offset = iana.offset(instant);
      if (offsetsRemembered >= OFFSET_CACHE_LIMIT) {
        offsetCache.clear();
        offsetsRemembered = 0;
        ofZone = undefined;
      }
      if (!ofZone) offsetCache.set(zone, (ofZone = new Map()));
      ofZone.set(instant, offset);
      offsetsRemembered++;
    }
    return offset;
  };
  return {
    offset(instant) {
      // An instant inside an hour whose two ends share an offset has that offset (no zone changes
      // twice within an hour): whole hours are remembered, so "now" is not asked of Intl each time.
      const hour = Math.floor(instant / HOUR_MS) * HOUR_MS;
      if (hour !== instant) {
        const atStart = remembered(hour);
        if (atStart === remembered(hour + HOUR_MS)) return atStart;
      }
      return remembered(instant);
    },
  };
}

/**
 * The instant of `date` + `minutes` of wall-clock time in `zone`; `occurrence` picks one of a
 * repeated time (the hour an autumn change shows twice). A wall time that does not exist (skipped
 * by a spring-forward jump) is read as the instant the clock jumps, the first at which it shows a
 * later time.
 */
export function wallInstant(date: string, minutes: number, zone: string, occurrence: "first" | "last"): number {
  const iana = offsetsOf(zone);
  // The wall time as if it were UTC; the real instant is that minus the zone's offset there.
  const naive = Date.parse(`${date}T00:00:00Z`) + minutes * MINUTE_MS;
  const offsets = [...new Set([iana.offset(naive - DAY_MS), iana.offset(naive + DAY_MS), iana.offset(naive)])];
  const candidates = offsets
    .map((offset) => naive - offset * MINUTE_MS)
    .filter((instant) => iana.offset(instant) * MINUTE_MS === naive - instant);
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

// ---------------------------------------------------------------------------------------------
// Instants a request sends

/** What `at` parses to: an instant, or why it is not one. */
export type ParsedInstant = { ok: true; instant: number } | { ok: false; reason: string };

/** The widest offset from UTC a date-time may carry (ISO 8601 practice; real zones stay within ±14:00). */
const MAX_OFFSET_MINUTES = 18 * 60;

const OFFSET = /(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;

/**
 * An ISO 8601 date-time with its offset (2026-03-29T09:00:00+02:00, or Z; RFC 3339's space for the T
 * too), or with a bracketed
 * IANA zone as RFC 9557 writes it (2026-03-29T09:00:00[Europe/Madrid], with or without an offset,
 * which must then agree with the zone). A time without either names no instant; a local time a
 * clock jump skips in the bracketed zone does not exist; a repeated one needs its offset.
 */
export function parseInstant(text: string): ParsedInstant {
  // RFC 3339 allows a space for the T between a full date and its time (2026-03-29 03:00:00+02:00).
  const normalized = text.trim().replace(/^(\d{4}-\d{2}-\d{2}) (?=\d)/, "$1T");
  const match = /^([^[\]]+?)(?:\[([^\]]+)\])?$/.exec(normalized);
  if (!match)
    return {
      ok: false,
      reason: "Write an ISO 8601 date-time with its offset, such as 2026-03-29T09:00:00+02:00 or 2026-03-29T07:00:00Z.",
    };
  const [, dateTime = "", zone] = match;
  if (!dateTime.includes("T"))
    return { ok: false, reason: "Give a date and a time (2026-03-29T09:00:00+02:00), not a date alone." };
  if (zone !== undefined && !isTimeZone(zone)) return { ok: false, reason: `"${zone}" is not an IANA time zone.` };
  const hasOffset = OFFSET.test(dateTime);
  if (!hasOffset && zone === undefined) {
    return {
      ok: false,
      reason:
        "The date-time has no offset or zone, so it names no instant: add Z, an offset such as +02:00, or a zone such as [Europe/Madrid].",
    };
  }
  if (hasOffset) {
    const parsed = DateTime.fromISO(dateTime, { setZone: true });
    if (!parsed.isValid)
      return { ok: false, reason: `Not an ISO 8601 date-time: ${parsed.invalidExplanation ?? parsed.invalidReason}.` };
    if (Math.abs(parsed.offset) > MAX_OFFSET_MINUTES)
      return { ok: false, reason: "An offset is at most ±18:00 from UTC." };
    if (zone !== undefined && IANAZone.create(zone).offset(parsed.toMillis()) !== parsed.offset) {
      return { ok: false, reason: `The offset ${parsed.toFormat("ZZ")} is not the offset of ${zone} at that time.` };
    }
    return { ok: true, instant: parsed.toMillis() };
  }
  const local = DateTime.fromISO(dateTime, { zone: "UTC" });
  if (!local.isValid)
    return { ok: false, reason: `Not an ISO 8601 date-time: ${local.invalidExplanation ?? local.invalidReason}.` };
  const date = local.toISODate()!;
  const minutes = local.hour * 60 + local.minute;
  const extra = local.second * 1000 + local.millisecond;
  const first = wallInstant(date, minutes, zone!, "first");
  const last = wallInstant(date, minutes, zone!, "last");
  if (DateTime.fromMillis(first, { zone }).toFormat("HH:mm") !== local.toFormat("HH:mm")) {
    return {
      ok: false,
      reason: `${local.toFormat("yyyy-MM-dd'T'HH:mm")} does not exist in ${zone}: the clocks skip it.`,
    };
  }
  if (first !== last)
    return {
      ok: false,
      reason: `${local.toFormat("yyyy-MM-dd'T'HH:mm")} happens twice in ${zone}; add its offset to say which.`,
    };
  return { ok: true, instant: first + extra };
}

// ---------------------------------------------------------------------------------------------
// Periods a request asks for

/** A period of local dates, both ends included; null ends are open (start_date and end_date of a list). */
export interface DatePeriod {
  startDate: string | null;
  endDate: string | null;
}

/** The same period as instants: from (included) and until (excluded), ISO UTC; undefined ends are open. */
export interface InstantRange {
  from?: string;
  until?: string;
}

/** A period from the query; an end before the start is 400 (each date's format is checked by its schema). */
export function datePeriod(query: { start_date?: string; end_date?: string }): DatePeriod {
  const startDate = query.start_date ?? null;
  const endDate = query.end_date ?? null;
  if (startDate !== null && endDate !== null && endDate < startDate) {
    throw invalidField(
      "query.end_date",
      `end_date (${endDate}) is before start_date (${startDate}); both ends are included, so a one-day period has equal dates.`,
    );
  }
  return { startDate, endDate };
}

/** The instants a period of local dates covers in `zone`: from the start date's first instant to the day after the end date's. */
export function instantRange(period: DatePeriod, zone: string): InstantRange {
  return {
    from: period.startDate === null ? undefined : startOfLocalDate(period.startDate, zone),
    until: period.endDate === null ? undefined : startOfLocalDate(nextDate(period.endDate), zone),
  };
}

/** A closed period of local dates (from and to of a report), both ends included, with its length. */
export interface DateSpan {
  from: string;
  to: string;
  days: number;
}

/** A report's period when the request names neither end: the 30 days up to today. */
const DEFAULT_PERIOD_DAYS = 30;

/** The longest period a report reads: ten years. */
export const MAX_PERIOD_DAYS = 3_660;

/**
 * The period a report asks for: `to` defaults to today (in the company's time zone), `from` to 29
 * days before `to` (30 days). A `to` before `from` is 400, as is a period longer than ten years.
 */
export function resolvePeriod(query: { from?: string; to?: string }, today: string): DateSpan {
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -(DEFAULT_PERIOD_DAYS - 1));
  if (to < from) {
    const path = query.to === undefined ? "query.from" : "query.to";
    const detail =
      query.to === undefined
        ? `from (${from}) is after today (${to}) in the company's time zone`
        : `to (${to}) is before from (${from})`;
    throw invalidField(path, `${detail}; both ends are included, so a one-day period has equal dates.`);
  }
  const days = daysBetween(from, to) + 1;
  if (days > MAX_PERIOD_DAYS)
    throw invalidField("query.from", `The period has ${days} days; at most ${MAX_PERIOD_DAYS}.`);
  return { from, to, days };
}

/** The days just before `period`, as many as it has. */
export function previousPeriod(period: DateSpan): DateSpan {
  return { from: addDays(period.from, -period.days), to: addDays(period.from, -1), days: period.days };
}

function fail(message: string): never {
  throw new Error(message);
}
