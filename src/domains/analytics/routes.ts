import { defineOperation } from "../../core/operation";
import { callAnalytics, dashboard } from "./actions";
import { CallAnalytics, callAnalyticsExample, Dashboard, dashboardExample, PeriodQuery } from "./model";

const periodRule =
  "The period is `from` to `to`, local dates of the company's time zone with both ends included (the same dates as " +
  "start_date and end_date of GET /calls); by default the last 30 days up to today. An invalid date, a `to` before " +
  "`from`, or a period over ten years is 400.";

export const analyticsOperations = [
  defineOperation({
    operationId: "getCallAnalytics",
    method: "get",
    path: "/api/v1/analytics/calls",
    summary: "Call breakdown by direction and result",
    description:
      `Counts, talk time (total and average) and cost of the company's calls in a period, in total, by direction, by ` +
      `result and by both (every combination present, zeros included), from one aggregate query. ${periodRule} The totals ` +
      "equal the aggregates of GET /calls for the same period.",
    scope: "analytics:read",
    gate: "A",
    codes: [200, 400, 401, 403, 429, 500],
    request: { query: PeriodQuery },
    responses: {
      200: { description: "The period's calls, broken down", schema: CallAnalytics, example: callAnalyticsExample },
    },
    handler: async ({ db, caller, query }) => ({ status: 200, body: await callAnalytics({ db, caller }, query) }),
  }),

  defineOperation({
    operationId: "getAnalyticsDashboard",
    method: "get",
    path: "/api/v1/analytics/dashboard",
    summary: "Period indicators and their variation",
    description:
      `The period's indicators (calls, inbound and outbound, answered calls and rate, missed calls, minutes, average ` +
      `duration, cost, cost per answered call, bookings), each with its value over the previous period of the same length ` +
      `(the days just before) and the variation in percent (null when the previous value is 0). ${periodRule} Bookings ` +
      "are the calendar's appointments that start in the period (GET /bookings with the same dates), cancelled ones left out.",
    scope: "analytics:read",
    gate: "A",
    codes: [200, 400, 401, 403, 429, 500],
    request: { query: PeriodQuery },
    responses: { 200: { description: "The period's indicators", schema: Dashboard, example: dashboardExample } },
    handler: async ({ db, caller, query }) => ({ status: 200, body: await dashboard({ db, caller }, query) }),
  }),
];
