import { DateTime, IANAZone } from "luxon";
import { invalidField } from "../../core/errors";

/**
 * Dates in the company's time zone. A company without a time zone of its own (call_settings)
 * reads dates in the main zone of its default region; a region not listed here reads them in UTC.
 * Regions spanning several zones get their capital's; the panel (admin CLI) sets another.
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

export const DEFAULT_RETENTION_DAYS = 365;

export const isTimeZone = (name: string) => IANAZone.isValidZone(name);

/** The zone of a region by default: its listed zone, or UTC. */
export const regionTimeZone = (region: string) => REGION_TIME_ZONES[region.toUpperCase()] ?? "UTC";

/** YYYY-MM-DD of an instant in `zone`. */
export function localDateOf(instant: string | number, zone: string): string {
  const at = typeof instant === "number" ? DateTime.fromMillis(instant, { zone }) : DateTime.fromISO(instant, { zone });
  return at.toISODate() ?? fail(`Not an instant: ${instant}`);
}

/** The first instant (ISO UTC, milliseconds) of a local date in `zone`: its midnight, or the hour a DST jump starts it at. */
export function startOfLocalDate(date: string, zone: string): string {
  const start = DateTime.fromISO(date, { zone }).startOf("day");
  if (!start.isValid) fail(`Not a date in ${zone}: ${date}`);
  return start.toUTC().toJSDate().toISOString();
}

/** The local date after `date` (calendar arithmetic, no time zone involved). */
export const nextDate = (date: string) => DateTime.fromISO(date, { zone: "UTC" }).plus({ days: 1 }).toISODate()!;

/** A period of local dates, both ends included; null ends are open. */
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
    throw invalidField("query.end_date", `end_date (${endDate}) is before start_date (${startDate}); both ends are included, so a one-day period has equal dates.`);
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

function fail(message: string): never {
  throw new Error(message);
}
