import { invalidField } from "../../core/errors";
import { MAX_PERIOD_DAYS } from "./model";

/** A period of local dates, both ends included. */
export interface DateSpan {
  from: string;
  to: string;
  days: number;
}

const DAY_MS = 86_400_000;
const epochDay = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** Calendar arithmetic on YYYY-MM-DD (no time zone involved). */
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export const DEFAULT_PERIOD_DAYS = 30;

/**
 * The period a request asks for: `to` defaults to today (in the company's time zone), `from` to 29
 * days before `to` (30 days). A `to` before `from` is 400, as is a period longer than ten years.
 */
export function resolvePeriod(query: { from?: string; to?: string }, today: string): DateSpan {
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -(DEFAULT_PERIOD_DAYS - 1));
  if (to < from) {
    const path = query.to === undefined ? "query.from" : "query.to";
    const detail = query.to === undefined ? `from (${from}) is after today (${to}) in the company's time zone` : `to (${to}) is before from (${from})`;
    throw invalidField(path, `${detail}; both ends are included, so a one-day period has equal dates.`);
  }
  const days = epochDay(to) - epochDay(from) + 1;
  if (days > MAX_PERIOD_DAYS) throw invalidField("query.from", `The period has ${days} days; at most ${MAX_PERIOD_DAYS}.`);
  return { from, to, days };
}

/** The days just before `period`, as many as it has. */
export function previousPeriod(period: DateSpan): DateSpan {
  return { from: addDays(period.from, -period.days), to: addDays(period.from, -1), days: period.days };
}
