import type { z } from "@hono/zod-openapi";
import type { Uses } from "../../core/action";
import type { Caller } from "../../keys/caller";
import { localDateOf, previousPeriod, resolvePeriod, type DateSpan } from "../../lib/period";
import { bookingCounts } from "../calendar";
import { callSettingsOf } from "../calls";
import { callBreakdown, dashboardIndicators } from "./figures";
import type { PeriodQuery } from "./model";
import { callCells, callCellsOfTwoPeriods } from "./queries";
import { clock } from "../../lib/clock";

/** The company's time zone (the calls domain's: its own, or its region's) and the period asked for in it. */
async function periodOf({ db, caller }: Uses<"db" | "caller">, query: z.output<typeof PeriodQuery>) {
  const { timeZone } = await callSettingsOf(db, caller.company.id, caller.company.defaultRegion);
  const period = resolvePeriod(query, localDateOf(clock.now(), timeZone));
  return { timeZone, period };
}

const view = (period: DateSpan, timeZone: string) => ({ ...period, time_zone: timeZone });

/** A company's calls are charged in its billing currency (as GET /calls reports them). */
const currencyOf = (caller: Caller) => caller.company.defaultCurrency ?? "EUR";

export async function callAnalytics({ db, caller }: Uses<"db" | "caller">, query: z.output<typeof PeriodQuery>) {
  const { timeZone, period } = await periodOf({ db, caller }, query);
  const cells = await callCells(db, caller.company.id, period.from, period.to);
  return { period: view(period, timeZone), ...callBreakdown(cells, currencyOf(caller)) };
}

export async function dashboard({ db, caller }: Uses<"db" | "caller">, query: z.output<typeof PeriodQuery>) {
  const { timeZone, period } = await periodOf({ db, caller }, query);
  const previous = previousPeriod(period);
  const [cells, [bookingsNow = 0, bookingsBefore = 0]] = await Promise.all([
    callCellsOfTwoPeriods(db, caller.company.id, previous.from, period.from, period.to),
    bookingCounts(db, caller.company.id, [period, previous]),
  ]);
  const currency = currencyOf(caller);
  return {
    period: view(period, timeZone),
    previous_period: view(previous, timeZone),
    currency,
    indicators: dashboardIndicators(
      cells.current,
      cells.previous,
      { current: bookingsNow, previous: bookingsBefore },
      currency,
    ),
  };
}
