import { z } from "@hono/zod-openapi";
import { OffsetPageQuery, offsetEnvelope } from "../../lib/pagination";
import { timestamp, uuid } from "../../lib/schemas";
import { bookingStatuses, weekdays, type Weekday } from "./schema";
import { isDate, isTimeZone, minutesOf } from "../../lib/period";

/** Working intervals one day may have. */
const MAX_INTERVALS_PER_DAY = 12;
/** Days GET /calendar answers at most (a leap year). */
export const MAX_CALENDAR_DAYS = 366;
/** Days GET /calendar answers when `to` is left out (a week from `from`). */
export const DEFAULT_CALENDAR_DAYS = 7;
/** How far ahead GET /calendar/check looks for the next opening. */
export const NEXT_OPENING_HORIZON_DAYS = 366;

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const DATE_MAX_LENGTH = 10;

const wallTime = (what: string) =>
  z
    .string()
    .max(5)
    .regex(TIME, `${what} is a wall-clock time HH:MM from 00:00 to 24:00.`)
    .openapi({ description: `${what}, HH:MM in the calendar's zone`, example: "09:00" });

// Strict in responses too: the component is shared with request bodies, which refuse other members.
const WallIntervalSchema = z
  .strictObject({
    start: wallTime("start"),
    end: wallTime("end").openapi({
      description: "end, HH:MM in the calendar's zone (24:00: midnight at the end of the day)",
      example: "14:00",
    }),
  })
  .openapi("CalendarWallInterval", {
    description: "A working interval in wall-clock time of the calendar's zone; start before end.",
  });

const interval = (text: { start: string; end: string }) => `${text.start}–${text.end}`;

/**
 * Intervals of one day: each start before its end, sorted, not overlapping nor touching (touching
 * intervals are one interval). Each problem names the day and the interval (1-based) in its message.
 */
function checkIntervals(
  day: string,
  intervals: readonly { start: string; end: string }[],
  ctx: z.RefinementCtx,
  path: (string | number)[],
) {
  intervals.forEach((current, index) => {
    if (current.start === "24:00") {
      ctx.addIssue({
        code: "custom",
        path: [...path, index, "start"],
        message: `${day}, interval ${index + 1} (${interval(current)}): a start of 24:00 is the next day's 00:00.`,
      });
    } else if (minutesOf(current.start) >= minutesOf(current.end)) {
      ctx.addIssue({
        code: "custom",
        path: [...path, index],
        message: `${day}, interval ${index + 1} (${interval(current)}): start must be before end.`,
      });
    }
    const previous = intervals[index - 1];
    if (previous && minutesOf(current.start) <= minutesOf(previous.end)) {
      const how =
        minutesOf(current.start) < minutesOf(previous.start)
          ? "is not sorted: it starts before"
          : minutesOf(current.start) === minutesOf(previous.end)
            ? "touches"
            : "overlaps";
      ctx.addIssue({
        code: "custom",
        path: [...path, index],
        message: `${day}, interval ${index + 1} (${interval(current)}) ${how} interval ${index} (${interval(previous)}); give intervals sorted, apart, one per stretch of work.`,
      });
    }
  });
}

const dayIntervals = z.array(WallIntervalSchema).max(MAX_INTERVALS_PER_DAY);

const timeZone = z
  .string()
  .max(64)
  .refine(isTimeZone, "Not an IANA time zone (such as Europe/Madrid, Asia/Kolkata or UTC).")
  .openapi({ description: "IANA time zone the intervals are wall-clock times of", example: "Europe/Madrid" });

const WeekInput = z
  .object(
    Object.fromEntries(
      weekdays.map((day) => [
        day,
        dayIntervals.optional().openapi({ description: `Working intervals of ${day}; left out or empty: closed` }),
      ]),
    ) as Record<Weekday, z.ZodOptional<typeof dayIntervals>>,
  )
  .strict()
  .superRefine((week, ctx) => {
    for (const day of weekdays) checkIntervals(day, week[day] ?? [], ctx, [day]);
  })
  .openapi({ description: "Per weekday (monday to sunday), its working intervals, sorted; a day left out is closed" });

export const ScheduleInput = z.object({ time_zone: timeZone, week: WeekInput }).openapi("CalendarScheduleInput", {
  description: "The weekly working hours: a time zone and each weekday's intervals. Replaces the schedule.",
});

const week = z
  .object(
    Object.fromEntries(weekdays.map((day) => [day, z.array(WallIntervalSchema).max(MAX_INTERVALS_PER_DAY)])) as Record<
      Weekday,
      typeof dayIntervals
    >,
  )
  .openapi("CalendarWeek", { description: "Every weekday with its working intervals (empty: closed)" });

export const Schedule = z
  .object({ time_zone: z.string().openapi({ example: "Europe/Madrid" }), week, updated_at: timestamp() })
  .openapi("CalendarSchedule", { description: "The company's weekly working hours in its calendar's time zone." });

export type ScheduleView = z.output<typeof Schedule>;

const date = (description: string) =>
  z
    .string()
    .max(DATE_MAX_LENGTH)
    .refine(isDate, "A date is YYYY-MM-DD and must exist.")
    .openapi({ format: "date", description, example: "2026-12-24" });

export const OverrideInput = z
  .object({
    date: date("The local date (YYYY-MM-DD) in the calendar's zone"),
    closed: z.boolean().optional().openapi({ description: "true: closed all day (send no intervals)" }),
    intervals: dayIntervals
      .optional()
      .openapi({ description: "The day's own working intervals, replacing its weekday's (1 or more)" }),
    note: z
      .string()
      .trim()
      .max(200)
      .nullish()
      .openapi({ description: "Why (a holiday, an event)", example: "Christmas Eve: mornings only" }),
  })
  .superRefine((input, ctx) => {
    const closed = input.closed === true;
    const intervals = input.intervals ?? [];
    if (closed && intervals.length > 0)
      ctx.addIssue({
        code: "custom",
        path: ["intervals"],
        message: "A closed day has no intervals: send closed: true or intervals, not both.",
      });
    if (!closed && intervals.length === 0)
      ctx.addIssue({
        code: "custom",
        path: ["intervals"],
        message: "Send closed: true for a closed day, or its intervals (1 or more).",
      });
    checkIntervals(input.date, intervals, ctx, ["intervals"]);
  })
  .openapi("CalendarOverrideInput", {
    description: "An exception for one date: closed all day, or its own intervals.",
  });

export const Override = z
  .object({
    date: z.string().openapi({ format: "date", example: "2026-12-24" }),
    closed: z.boolean(),
    intervals: z.array(WallIntervalSchema).max(MAX_INTERVALS_PER_DAY).openapi({ description: "Empty when closed" }),
    note: z.string().nullable(),
    updated_at: timestamp(),
  })
  .openapi("CalendarOverride", { description: "An exception to the weekly hours for one local date." });

export type OverrideView = z.output<typeof Override>;

export const OverrideQuery = z.object({ date: date("The local date whose exception to remove (YYYY-MM-DD)") });

export const CalendarQuery = z.object({
  from: date("First date of the range (YYYY-MM-DD, in the calendar's zone); default today there").optional(),
  to: date(
    `Last date of the range, included; default ${DEFAULT_CALENDAR_DAYS - 1} days after from; at most ${MAX_CALENDAR_DAYS} days in all`,
  ).optional(),
});

const DayIntervalSchema = z
  .object({
    start: z.string().openapi({ description: "HH:MM in the calendar's zone", example: "09:00" }),
    end: z.string().openapi({ description: "HH:MM in the calendar's zone", example: "14:00" }),
    starts_at: timestamp().openapi({ description: "The instant it opens (UTC)" }),
    ends_at: timestamp().openapi({ description: "The instant it closes (UTC)" }),
  })
  .openapi("CalendarDayInterval", {
    description: "A working interval of one date, in wall-clock time and as instants.",
  });

const CalendarDay = z
  .object({
    date: z.string().openapi({ format: "date" }),
    weekday: z.enum(weekdays),
    source: z
      .enum(["schedule", "override"])
      .openapi({ description: "Whether the hours come from the weekly schedule or the date's exception" }),
    closed: z.boolean().openapi({ description: "No working time that date" }),
    intervals: z.array(DayIntervalSchema).max(MAX_INTERVALS_PER_DAY),
  })
  .openapi("CalendarDay", { description: "The working hours of one local date, exceptions applied." });

export const Calendar = z
  .object({
    time_zone: z.string().openapi({ example: "Europe/Madrid" }),
    from: z.string().openapi({ format: "date" }),
    to: z.string().openapi({ format: "date" }),
    days: z.array(CalendarDay).max(MAX_CALENDAR_DAYS),
  })
  .openapi("Calendar", {
    description: "Each date of the range with its working intervals in the calendar's zone and as UTC instants.",
  });

/** The shortest instant ISO 8601 writes: a year, an hour and Z (2026T09Z). */
const SHORTEST_INSTANT = 8;

export const CheckQuery = z.object({
  at: z
    .string()
    .min(SHORTEST_INSTANT, "Give a date and a time with its offset, such as 2026-03-29T09:00:00+02:00.")
    .max(64)
    .openapi({
      description:
        "The instant to check: ISO 8601 with an offset (2026-03-29T09:00:00+02:00, or Z; RFC 3339's space for the T too) or a zone (2026-03-29T09:00:00[Europe/Madrid]); without either, 400",
      example: "2026-03-29T09:00:00+02:00",
    }),
});

export const CalendarCheck = z
  .object({
    at: timestamp().openapi({ description: "The instant checked (UTC)" }),
    time_zone: z.string().openapi({ example: "Europe/Madrid" }),
    local_time: z.string().openapi({
      description: "The instant as the calendar's clock shows it, with its offset",
      example: "2026-03-30T09:15:00.000+02:00",
    }),
    local_date: z.string().openapi({ format: "date" }),
    weekday: z.enum(weekdays),
    open: z.boolean().openapi({ description: "Whether the instant falls within working hours" }),
    interval: DayIntervalSchema.nullable().openapi({
      description: "The working interval it falls in; null when closed",
    }),
    next_opening: timestamp().nullable().openapi({
      description: "The next instant, after `at`, at which a working interval starts; null when none within a year",
    }),
    next_opening_local: z.string().nullable().openapi({ description: "next_opening as the calendar's clock shows it" }),
  })
  .openapi("CalendarCheck", {
    description: "Whether an instant falls within working hours, its local time, and the next opening.",
  });

export const BookingsQuery = OffsetPageQuery.extend({
  start_date: date("First day of starts_at (YYYY-MM-DD in the calendar's zone; included)").optional(),
  end_date: date("Last day of starts_at (included)").optional(),
  status: z.enum(bookingStatuses).optional().openapi({ description: "Only bookings in this status" }),
});

const party = (what: string) =>
  z
    .object({
      id: uuid(),
      name: z
        .string()
        .nullable()
        .openapi({ description: `The ${what}'s name; null when it was deleted` }),
    })
    .nullable()
    .openapi({ description: `The ${what}; null when none is recorded` });

export const Booking = z
  .object({
    id: uuid(),
    title: z.string().openapi({ example: "Kitchen renovation visit" }),
    contact: party("contact"),
    agent: party("voice agent that booked it"),
    starts_at: timestamp(),
    ends_at: timestamp(),
    status: z.enum(bookingStatuses).openapi({
      description: "confirmed: ahead; completed: held; no_show: the contact did not come; cancelled: called off",
    }),
    notes: z.string().nullable(),
    call_id: uuid().nullable().openapi({
      description: "The call in which the agent booked it (GET /calls/{call_id}); null when booked otherwise",
    }),
    created_at: timestamp().openapi({ description: "When the agent booked it" }),
  })
  .openapi("Booking", { description: "An appointment a voice agent booked with a contact." });

export type BookingView = z.output<typeof Booking>;

export const BookingPage = offsetEnvelope(Booking, "BookingPage", "A page of bookings, latest start first");

// ---------------------------------------------------------------------------------------------
// Examples

const madridWeek = {
  monday: [
    { start: "09:00", end: "14:00" },
    { start: "15:00", end: "18:30" },
  ],
  tuesday: [
    { start: "09:00", end: "14:00" },
    { start: "15:00", end: "18:30" },
  ],
  wednesday: [
    { start: "09:00", end: "14:00" },
    { start: "15:00", end: "18:30" },
  ],
  thursday: [
    { start: "09:00", end: "14:00" },
    { start: "15:00", end: "18:30" },
  ],
  friday: [{ start: "08:00", end: "15:00" }],
  saturday: [],
  sunday: [],
};

export const scheduleInputExample: z.input<typeof ScheduleInput> = { time_zone: "Europe/Madrid", week: madridWeek };
export const scheduleExample: z.input<typeof Schedule> = {
  time_zone: "Europe/Madrid",
  week: madridWeek,
  updated_at: "2026-11-20T10:00:00.000Z",
};
export const overrideInputExample: z.input<typeof OverrideInput> = {
  date: "2026-12-24",
  intervals: [{ start: "09:00", end: "13:00" }],
  note: "Christmas Eve: mornings only",
};
export const overrideExample: z.input<typeof Override> = {
  date: "2026-12-24",
  closed: false,
  intervals: [{ start: "09:00", end: "13:00" }],
  note: "Christmas Eve: mornings only",
  updated_at: "2026-11-20T10:00:00.000Z",
};

export const calendarExample: z.input<typeof Calendar> = {
  time_zone: "Europe/Madrid",
  from: "2026-03-27",
  to: "2026-03-29",
  days: [
    {
      date: "2026-03-27",
      weekday: "friday",
      source: "schedule",
      closed: false,
      intervals: [
        { start: "08:00", end: "15:00", starts_at: "2026-03-27T07:00:00.000Z", ends_at: "2026-03-27T14:00:00.000Z" },
      ],
    },
    { date: "2026-03-28", weekday: "saturday", source: "schedule", closed: true, intervals: [] },
    { date: "2026-03-29", weekday: "sunday", source: "schedule", closed: true, intervals: [] },
  ],
};

export const checkExample: z.input<typeof CalendarCheck> = {
  at: "2026-03-30T07:15:00.000Z",
  time_zone: "Europe/Madrid",
  local_time: "2026-03-30T09:15:00.000+02:00",
  local_date: "2026-03-30",
  weekday: "monday",
  open: true,
  interval: {
    start: "09:00",
    end: "14:00",
    starts_at: "2026-03-30T07:00:00.000Z",
    ends_at: "2026-03-30T12:00:00.000Z",
  },
  next_opening: "2026-03-30T13:00:00.000Z",
  next_opening_local: "2026-03-30T15:00:00.000+02:00",
};

export const bookingPageExample: z.input<typeof BookingPage> = {
  data: [
    {
      id: "3c9d1e2f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
      title: "Kitchen renovation visit",
      contact: { id: "5b0e8f8e-3c1a-4d55-9a53-0f6a2c1d7e42", name: "Lucía García" },
      agent: { id: "9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", name: "Reception" },
      starts_at: "2026-12-02T09:00:00.000Z",
      ends_at: "2026-12-02T09:45:00.000Z",
      status: "confirmed",
      notes: "Bring the tile samples.",
      call_id: "7d3f1a2b-5c6d-4e7f-8a9b-0c1d2e3f4a5b",
      created_at: "2026-11-20T16:12:00.000Z",
    },
  ],
  limit: 50,
  offset: 0,
};
