import { defineOperation } from "../../core/operation";
import {
  bookingPage,
  calendarRange,
  checkInstant,
  overrideView,
  removeOverride,
  scheduleView,
  setOverride,
  setSchedule,
} from "./actions";
import {
  BookingPage,
  bookingPageExample,
  BookingsQuery,
  Calendar,
  CalendarCheck,
  calendarExample,
  CalendarQuery,
  checkExample,
  CheckQuery,
  MAX_CALENDAR_DAYS,
  Override,
  overrideExample,
  OverrideInput,
  overrideInputExample,
  OverrideQuery,
  Schedule,
  scheduleExample,
  ScheduleInput,
  scheduleInputExample,
} from "./model";

const ZONES =
  "Intervals are wall-clock times of the calendar's IANA zone, turned into instants with the zone's rules: a time the clocks " +
  "skip (spring forward) is read as the instant they jump, so an interval inside the gap is empty and left out; a time shown " +
  "twice (autumn) starts an interval at its first occurrence and ends one at its second.";

export const calendarOperations = [
  defineOperation({
    operationId: "listBookings",
    method: "get",
    path: "/api/v1/bookings",
    summary: "Scheduled appointments",
    description:
      "Appointments the company's voice agents booked with its contacts (contact, agent, start, end, status), latest start " +
      "first. start_date and end_date are days of starts_at in the calendar's zone (the company region's main zone while it " +
      "has no calendar), both included; an end before the start is 400. status keeps one status.",
    scope: "calendar:read",
    gate: "A",
    codes: [200, 400, 401, 403, 429, 500],
    request: { query: BookingsQuery },
    responses: { 200: { description: "A page of bookings", schema: BookingPage, example: bookingPageExample } },
    handler: async ({ db, caller, query }) => ({ status: 200, body: await bookingPage({ db, caller }, query) }),
  }),

  defineOperation({
    operationId: "setCalendarSchedule",
    method: "put",
    path: "/api/v1/calendar/schedule",
    summary: "Set the weekly schedule",
    description:
      "Replaces the weekly working hours: an IANA time zone and, per weekday, working intervals HH:MM–HH:MM (start before end, " +
      "sorted, neither overlapping nor touching; 24:00 ends a day at midnight). A day left out is closed. An unknown zone or a " +
      "bad interval is 400 naming the day and the interval. Exceptions already set for dates are kept. " +
      ZONES,
    scope: "calendar:write",
    gate: "W",
    codes: [200, 400, 401, 403, 404, 429, 500],
    request: { body: ScheduleInput, example: scheduleInputExample },
    responses: { 200: { description: "The schedule as stored", schema: Schedule, example: scheduleExample } },
    replay: async ({ db, caller }) => ({ status: 200, body: await scheduleView({ db, caller }) }),
    handler: async ({ db, caller, body, commit }) => ({
      status: 200,
      body: await setSchedule({ db, caller, commit }, body),
    }),
  }),

  defineOperation({
    operationId: "setCalendarOverride",
    method: "put",
    path: "/api/v1/calendar/overrides",
    summary: "Set a day exception",
    description:
      "Gives one local date (YYYY-MM-DD, in the calendar's zone) its own hours: either closed: true, or its own intervals, which " +
      "replace its weekday's. Setting a date again replaces its exception. 404 while the company has no schedule (PUT " +
      "/calendar/schedule first).",
    scope: "calendar:write",
    gate: "W",
    codes: [200, 400, 401, 403, 404, 429, 500],
    request: { body: OverrideInput, example: overrideInputExample },
    responses: { 200: { description: "The exception as stored", schema: Override, example: overrideExample } },
    replay: async ({ db, caller, body }) => ({ status: 200, body: await overrideView({ db, caller }, body.date) }),
    handler: async ({ db, caller, body, commit }) => ({
      status: 200,
      body: await setOverride({ db, caller, commit }, body),
    }),
  }),

  defineOperation({
    operationId: "removeCalendarOverride",
    method: "delete",
    path: "/api/v1/calendar/overrides",
    summary: "Remove a day exception",
    description:
      "Removes the exception of ?date=YYYY-MM-DD, which follows its weekday's hours again, and answers the exception as it was. 404 when that date has none.",
    scope: "calendar:write",
    gate: "W",
    codes: [200, 400, 401, 403, 404, 429, 500],
    request: { query: OverrideQuery },
    responses: { 200: { description: "The removed exception", schema: Override, example: overrideExample } },
    handler: async ({ db, caller, query, commit }) => ({
      status: 200,
      body: await removeOverride({ db, caller, commit }, query.date),
    }),
  }),

  defineOperation({
    operationId: "getCalendar",
    method: "get",
    path: "/api/v1/calendar",
    summary: "Working calendar for a date range",
    description:
      `Each date from \`from\` to \`to\` (both included; default: a week from today in the calendar's zone; at most ${MAX_CALENDAR_DAYS} ` +
      "days, else 400) with its working intervals in wall-clock time of the calendar's zone and as UTC instants, exceptions " +
      "applied. 404 while the company has no schedule. " +
      ZONES,
    scope: "calendar:read",
    gate: "A",
    codes: [200, 400, 401, 403, 404, 429],
    request: { query: CalendarQuery },
    responses: {
      200: { description: "The working calendar of the range", schema: Calendar, example: calendarExample },
    },
    handler: async ({ db, caller, query }) => ({ status: 200, body: await calendarRange({ db, caller }, query) }),
  }),

  defineOperation({
    operationId: "checkCalendar",
    method: "get",
    path: "/api/v1/calendar/check",
    summary: "Tell whether an instant falls within working hours",
    description:
      "Takes `at`, an ISO 8601 date-time with an offset (2026-03-29T09:00:00+02:00, Z) or an RFC 9557 zone " +
      "(2026-03-29T09:00:00[Europe/Madrid]); without either it names no instant and is 400, as is a local time the zone's clocks " +
      "skip, or one they show twice without its offset. Answers whether it falls within working hours (exceptions applied), its " +
      "local time in the calendar's zone, the interval it falls in, and the next opening after it (within a year). 404 while the " +
      "company has no schedule. " +
      ZONES,
    scope: "calendar:read",
    gate: "A",
    codes: [200, 400, 401, 403, 404, 429],
    request: { query: CheckQuery },
    responses: {
      200: { description: "Whether the instant is within working hours", schema: CalendarCheck, example: checkExample },
    },
    handler: async ({ db, caller, query }) => ({ status: 200, body: await checkInstant({ db, caller }, query.at) }),
  }),
];
