import { z } from "@hono/zod-openapi";
import { MAX_PERIOD_DAYS } from "../../lib/period";
import { int32, int64 } from "../../lib/schemas";
import { callDirections, callResults } from "../calls";

const date = (description: string) =>
  z.iso.date().optional().openapi({ maxLength: 10, description, example: "2026-03-01" });

/** The period of an analytics read: local dates of the company's time zone, both ends included. */
export const PeriodQuery = z.object({
  from: date(
    "First day of the period (YYYY-MM-DD, in the company's time zone); default: 29 days before `to`, so the period is 30 days",
  ),
  to: date(
    "Last day of the period, included (YYYY-MM-DD); default: today in the company's time zone. Before `from` is 400",
  ),
});

const Period = z
  .object({
    from: z.string().openapi({ format: "date" }),
    to: z.string().openapi({ format: "date", description: "Included" }),
    days: int32({ min: 1, max: MAX_PERIOD_DAYS }).openapi({ description: "Days in the period, both ends included" }),
    time_zone: z.string().openapi({
      description: "The company's time zone, which the dates are read in (the same as GET /calls)",
      example: "Europe/Madrid",
    }),
  })
  .openapi("AnalyticsPeriod", {
    description: "A period of local dates of the company's time zone, both ends included.",
  });

const figures = {
  calls: int32(),
  duration_seconds: int64({ min: 0 }).openapi({ description: "Total talk time" }),
  average_duration_seconds: z
    .number()
    .nullable()
    .openapi({ description: "duration_seconds / calls, to 0.1 s; null without calls" }),
  cost: z.number().openapi({ description: "In major units of currency" }),
};

const CallBreakdownRow = z
  .object({ direction: z.enum(callDirections), result: z.enum(callResults), ...figures })
  .openapi("CallBreakdownRow", {
    description: "The calls of one direction with one result: count, talk time and cost.",
  });

export const CallAnalytics = z
  .object({
    period: Period,
    currency: z.string().openapi({ description: "The company's billing currency", example: "EUR" }),
    totals: z.object(figures).openapi({
      description:
        "Every call of the period: equal to the aggregates of GET /calls for the same start_date and end_date",
    }),
    by_direction: z
      .array(z.object({ direction: z.enum(callDirections), ...figures }))
      .max(callDirections.length)
      .openapi({ description: "One entry per direction, zeros included" }),
    by_result: z
      .array(z.object({ result: z.enum(callResults), ...figures }))
      .max(callResults.length)
      .openapi({ description: "One entry per result, zeros included" }),
    breakdown: z
      .array(CallBreakdownRow)
      .max(callDirections.length * callResults.length)
      .openapi({ description: "One entry per direction and result, zeros included" }),
  })
  .openapi("CallAnalytics", { description: "The calls of a period: totals, by direction, by result, and by both." });

export const Indicator = z
  .object({
    value: z
      .number()
      .nullable()
      .openapi({ description: "The period's value; null when it cannot be computed (see note)" }),
    previous: z.number().nullable().openapi({ description: "The value over the previous period of the same length" }),
    variation: z.number().nullable().openapi({
      description: "(value - previous) / previous, in percent to 0.1; null when previous is 0 or either value is null",
      example: 12.5,
    }),
    note: z.string().nullable().openapi({ description: "Why value is null, when it is" }),
  })
  .openapi("Indicator", {
    description:
      "An indicator over the period, over the previous period of the same length, and the variation between them.",
  });

const indicatorNames = [
  "calls",
  "inbound_calls",
  "outbound_calls",
  "answered_calls",
  "answered_rate",
  "missed_calls",
  "minutes",
  "average_duration_seconds",
  "cost",
  "cost_per_answered_call",
  "bookings",
] as const;
export type IndicatorName = (typeof indicatorNames)[number];

export const Dashboard = z
  .object({
    period: Period,
    previous_period: Period.openapi({ description: "The days just before the period, as many as it has" }),
    currency: z.string().openapi({ description: "The company's billing currency (cost indicators)", example: "EUR" }),
    indicators: z
      .object(
        Object.fromEntries(indicatorNames.map((name) => [name, Indicator])) as Record<IndicatorName, typeof Indicator>,
      )
      .openapi({
        description:
          "calls (all), inbound_calls, outbound_calls, answered_calls, answered_rate (answered / calls, in percent), missed_calls " +
          "(no_answer, busy and cancelled inbound calls), minutes (talk time), average_duration_seconds, cost, cost_per_answered_call, " +
          "bookings (appointments of the calendar starting in the period, on its dates in the calendar's zone as GET /bookings reads them; cancelled ones left out)",
      }),
  })
  .openapi("Dashboard", {
    description: "The period's indicators, each compared with the previous period of the same length.",
  });

export type DashboardView = z.output<typeof Dashboard>;
export type IndicatorView = z.output<typeof Indicator>;

const figuresExample = (calls: number, duration: number, cost: number) => ({
  calls,
  duration_seconds: duration,
  average_duration_seconds: calls === 0 ? null : Math.round((duration / calls) * 10) / 10,
  cost,
});

const periodExample = { from: "2026-03-28", to: "2026-04-26", days: 30, time_zone: "Europe/Madrid" };

export const callAnalyticsExample: z.input<typeof CallAnalytics> = {
  period: periodExample,
  currency: "EUR",
  totals: figuresExample(214, 40312, 61.7),
  by_direction: [
    { direction: "inbound", ...figuresExample(150, 30100, 40.2) },
    { direction: "outbound", ...figuresExample(64, 10212, 21.5) },
  ],
  by_result: [{ result: "answered", ...figuresExample(168, 40312, 61.7) }],
  breakdown: [{ direction: "inbound", result: "answered", ...figuresExample(120, 30100, 40.2) }],
};

const indicatorExample = (value: number | null, previous: number | null) => ({
  value,
  previous,
  variation:
    value === null || previous === null || previous === 0
      ? null
      : Math.round(((value - previous) / previous) * 1000) / 10,
  note: value === null ? "No answered calls in the period." : null,
});

export const dashboardExample: z.input<typeof Dashboard> = {
  period: periodExample,
  previous_period: { from: "2026-02-26", to: "2026-03-27", days: 30, time_zone: "Europe/Madrid" },
  currency: "EUR",
  indicators: {
    calls: indicatorExample(214, 190),
    inbound_calls: indicatorExample(150, 140),
    outbound_calls: indicatorExample(64, 50),
    answered_calls: indicatorExample(168, 150),
    answered_rate: indicatorExample(78.5, 78.9),
    missed_calls: indicatorExample(31, 28),
    minutes: indicatorExample(671.9, 610.2),
    average_duration_seconds: indicatorExample(188.4, 192.7),
    cost: indicatorExample(61.7, 55.1),
    cost_per_answered_call: indicatorExample(0.37, 0.37),
    bookings: indicatorExample(23, 19),
  },
};
