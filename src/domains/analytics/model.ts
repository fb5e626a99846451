import { z } from "@hono/zod-openapi";
import { callDirections, callResults } from "../calls";

const date = (description: string) => z.iso.date().optional().openapi({ description, example: "2026-03-01" });

/** The period of an analytics read: local dates of the company's time zone, both ends included. */
export const PeriodQuery = z.object({
  from: date("First day of the period (YYYY-MM-DD, in the company's time zone); default: 29 days before `to`, so the period is 30 days"),
  to: date("Last day of the period, included (YYYY-MM-DD); default: today in the company's time zone. Before `from` is 400"),
});

export const MAX_PERIOD_DAYS = 3_660;

export const Period = z
  .object({
    from: z.string().openapi({ format: "date" }),
    to: z.string().openapi({ format: "date", description: "Included" }),
    days: z.number().int().openapi({ description: "Days in the period, both ends included" }),
    time_zone: z.string().openapi({ description: "The company's time zone, which the dates are read in (the same as GET /calls)", example: "Europe/Madrid" }),
  })
  .openapi("AnalyticsPeriod");

const figures = {
  calls: z.number().int(),
  duration_seconds: z.number().int().openapi({ description: "Total talk time" }),
  average_duration_seconds: z.number().nullable().openapi({ description: "duration_seconds / calls, to 0.1 s; null without calls" }),
  cost: z.number().openapi({ description: "In major units of currency" }),
};

export const CallBreakdownRow = z
  .object({ direction: z.enum(callDirections), result: z.enum(callResults), ...figures })
  .openapi("CallBreakdownRow");

export const CallAnalytics = z
  .object({
    period: Period,
    currency: z.string().openapi({ description: "The company's billing currency", example: "EUR" }),
    totals: z.object(figures).openapi({ description: "Every call of the period: equal to the aggregates of GET /calls for the same start_date and end_date" }),
    by_direction: z.array(z.object({ direction: z.enum(callDirections), ...figures })).openapi({ description: "One entry per direction, zeros included" }),
    by_result: z.array(z.object({ result: z.enum(callResults), ...figures })).openapi({ description: "One entry per result, zeros included" }),
    breakdown: z.array(CallBreakdownRow).openapi({ description: "One entry per direction and result, zeros included" }),
  })
  .openapi("CallAnalytics");

export const Indicator = z
  .object({
    value: z.number().nullable().openapi({ description: "The period's value; null when it cannot be computed (see note)" }),
    previous: z.number().nullable().openapi({ description: "The value over the previous period of the same length" }),
    variation: z.number().nullable().openapi({
      description: "(value - previous) / previous, in percent to 0.1; null when previous is 0 or either value is null",
      example: 12.5,
    }),
    note: z.string().nullable().openapi({ description: "Why value is null, when it is" }),
  })
  .openapi("Indicator");

export const indicatorNames = [
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
      .object(Object.fromEntries(indicatorNames.map((name) => [name, Indicator])) as Record<IndicatorName, typeof Indicator>)
      .openapi({
        description:
          "calls (all), inbound_calls, outbound_calls, answered_calls, answered_rate (answered / calls, in percent), missed_calls " +
          "(no_answer, busy and cancelled inbound calls), minutes (talk time), average_duration_seconds, cost, cost_per_answered_call, " +
          "bookings (null: the calendar is not available yet)",
      }),
  })
  .openapi("Dashboard");

export type DashboardView = z.output<typeof Dashboard>;
export type IndicatorView = z.output<typeof Indicator>;
