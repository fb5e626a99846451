import { currencyExponent, toMajor } from "../../lib/money";
import { callDirections, callResults } from "../calls";
import type { DashboardView, IndicatorName, IndicatorView } from "./model";
import type { Cell } from "./queries";

/*
 * The analytics answers, computed from the cells of the aggregate query (one per direction and
 * result that had calls): no SQL here, and nothing read row by row.
 */

interface Sums {
  calls: number;
  durationSeconds: number;
  costMinor: number;
}

const add = (cells: readonly Cell[]): Sums =>
  cells.reduce(
    (sum, cell) => ({
      calls: sum.calls + cell.calls,
      durationSeconds: sum.durationSeconds + cell.durationSeconds,
      costMinor: sum.costMinor + cell.costMinor,
    }),
    {
      calls: 0,
      durationSeconds: 0,
      costMinor: 0,
    },
  );

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

function figures(sums: Sums, exponent: number) {
  return {
    calls: sums.calls,
    duration_seconds: sums.durationSeconds,
    average_duration_seconds: sums.calls === 0 ? null : round(sums.durationSeconds / sums.calls, 1),
    cost: toMajor(sums.costMinor, exponent),
  };
}

/** GET /analytics/calls: totals, by direction, by result, and by both, every combination present. */
export function callBreakdown(cells: readonly Cell[], currency: string) {
  const exponent = currencyExponent(currency) ?? 2;
  return {
    currency,
    totals: figures(add(cells), exponent),
    by_direction: callDirections.map((direction) => ({
      direction,
      ...figures(add(cells.filter((cell) => cell.direction === direction)), exponent),
    })),
    by_result: callResults.map((result) => ({
      result,
      ...figures(add(cells.filter((cell) => cell.result === result)), exponent),
    })),
    breakdown: callDirections.flatMap((direction) =>
      callResults.map((result) => ({
        direction,
        result,
        ...figures(add(cells.filter((cell) => cell.direction === direction && cell.result === result)), exponent),
      })),
    ),
  };
}

/** (value - previous) / previous in percent, to 0.1; null when previous is 0 or either is unknown. */
export function variation(value: number | null, previous: number | null): number | null {
  if (value === null || previous === null || previous === 0) return null;
  return round(((value - previous) / previous) * 100, 1);
}

/** The dashboard's indicators of one period, from its cells and its bookings (null: not computable, with the reason). */
function indicatorsOf(
  cells: readonly Cell[],
  bookings: number,
  exponent: number,
): Record<IndicatorName, { value: number | null; note: string | null }> {
  const all = add(cells);
  const answered = add(cells.filter((cell) => cell.result === "answered"));
  const known = (value: number) => ({ value, note: null });
  const unknown = (note: string) => ({ value: null, note });
  return {
    calls: known(all.calls),
    inbound_calls: known(add(cells.filter((cell) => cell.direction === "inbound")).calls),
    outbound_calls: known(add(cells.filter((cell) => cell.direction === "outbound")).calls),
    answered_calls: known(answered.calls),
    answered_rate:
      all.calls === 0 ? unknown("No calls in the period.") : known(round((answered.calls / all.calls) * 100, 1)),
    missed_calls: known(add(cells.filter((cell) => cell.direction === "inbound" && cell.result !== "answered")).calls),
    minutes: known(round(all.durationSeconds / 60, 1)),
    average_duration_seconds:
      all.calls === 0 ? unknown("No calls in the period.") : known(round(all.durationSeconds / all.calls, 1)),
    cost: known(toMajor(all.costMinor, exponent)),
    cost_per_answered_call:
      answered.calls === 0
        ? unknown("No answered calls in the period.")
        : known(toMajor(Math.round(all.costMinor / answered.calls), exponent)),
    bookings: known(bookings),
  };
}

/** GET /analytics/dashboard: each indicator of the period, its value over the previous period, and the variation. */
export function dashboardIndicators(
  current: readonly Cell[],
  previous: readonly Cell[],
  bookings: { current: number; previous: number },
  currency: string,
): DashboardView["indicators"] {
  const exponent = currencyExponent(currency) ?? 2;
  const now = indicatorsOf(current, bookings.current, exponent);
  const before = indicatorsOf(previous, bookings.previous, exponent);
  const entries = (Object.keys(now) as IndicatorName[]).map((name): [IndicatorName, IndicatorView] => [
    name,
    {
      value: now[name].value,
      previous: before[name].value,
      variation: variation(now[name].value, before[name].value),
      note: now[name].note,
    },
  ]);
  return Object.fromEntries(entries) as DashboardView["indicators"];
}
