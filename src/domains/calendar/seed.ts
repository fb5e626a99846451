import { DateTime } from "luxon";
import { chunkedInserts, runBatches } from "../../data/bulk";
import type { SeedContext } from "../../core/domain";
import { companyAgentIds } from "../agents";
import { companyContactIds } from "./queries";
import {
  bookings,
  calendarOverrides,
  calendarSchedules,
  weekdays,
  type BookingRow,
  type BookingStatus,
  type WeeklyHours,
} from "./schema";
import { regionTimeZone, wallInstant } from "../../lib/period";

const split = [
  { start: "09:00", end: "14:00" },
  { start: "15:00", end: "18:30" },
];

/** Office hours of a small company: split days Monday to Thursday, a short Friday, weekends closed. */
const officeWeek: WeeklyHours = {
  monday: split,
  tuesday: split,
  wednesday: split,
  thursday: split,
  friday: [{ start: "08:00", end: "15:00" }],
  saturday: [],
  sunday: [],
};

/** National holidays (closed) and the days before Christmas and New Year (mornings only), for a year. */
function holidays(year: number) {
  const closed = (date: string, note: string) => ({ date: `${year}-${date}`, closed: true, intervals: [], note });
  const morning = (date: string, note: string) => ({
    date: `${year}-${date}`,
    closed: false,
    intervals: [{ start: "09:00", end: "13:00" }],
    note,
  });
  return [
    closed("01-01", "New Year's Day"),
    closed("01-06", "Epiphany"),
    closed("05-01", "Labour Day"),
    closed("08-15", "Assumption Day"),
    closed("10-12", "National Day"),
    closed("12-08", "Immaculate Conception"),
    morning("12-24", "Christmas Eve: mornings only"),
    closed("12-25", "Christmas Day"),
    morning("12-31", "New Year's Eve: mornings only"),
  ];
}

const titles = [
  "Kitchen renovation visit",
  "Bathroom quote review",
  "Measurements at the flat",
  "Showroom appointment",
  "Follow-up call about the quote",
  "Technician visit: leak check",
  "Signing the renovation contract",
  "Tile and flooring selection",
];
const notes = [
  "Bring the tile samples.",
  "Parking in the back street.",
  "The customer prefers WhatsApp reminders.",
  "Second floor, no lift.",
  null,
  null,
  null,
];

const pastStatuses: [BookingStatus, number][] = [
  ["completed", 70],
  ["no_show", 10],
  ["cancelled", 20],
];
const futureStatuses: [BookingStatus, number][] = [
  ["confirmed", 88],
  ["cancelled", 12],
];

function weighted<T>(next: number, choices: readonly [T, number][]): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let point = next * total;
  for (const [value, weight] of choices) {
    point -= weight;
    if (point < 0) return value;
  }
  return choices[choices.length - 1]![0];
}

/**
 * The company's calendar: office hours in its region's zone, the year's holidays and the next's,
 * and appointments its agents booked with its contacts over the last weeks and the next two,
 * within working hours (completed, missed or cancelled in the past; confirmed or cancelled ahead).
 */
export async function seedCalendarDomain({
  db,
  company,
  random,
  now,
  scale,
}: SeedContext): Promise<Record<string, number>> {
  const companyId = company.id;
  const zone = regionTimeZone(company.region);
  const year = DateTime.fromMillis(now, { zone }).year;
  const overrides = scale === "full" ? [...holidays(year), ...holidays(year + 1)] : holidays(year).slice(-3);
  const contacts = await companyContactIds(db, companyId);
  const agents = await companyAgentIds(db, companyId);
  const [pastDays, futureDays, perDay] = scale === "full" ? [30, 14, 3] : [5, 5, 1];

  const rows: Omit<BookingRow, "callId">[] = [];
  const today = DateTime.fromMillis(now, { zone }).startOf("day");
  for (let offset = -pastDays; offset <= futureDays; offset++) {
    const day = today.plus({ days: offset });
    const date = day.toISODate()!;
    // Holidays book nothing; short days book within their own hours.
    const exception = overrides.find((override) => override.date === date);
    const hours = exception ? exception.intervals : officeWeek[weekdays[day.weekday - 1]!];
    if (hours.length === 0) continue;
    const count = random.int(Math.max(0, perDay - 1), perDay + 1);
    for (let n = 0; n < count; n++) {
      const interval = random.pick(hours);
      const [startHour, endHour] = [Number(interval.start.slice(0, 2)), Number(interval.end.slice(0, 2))];
      const minutes = random.int(startHour, endHour - 1) * 60 + random.pick([0, 15, 30, 45]);
      const startsAt = wallInstant(date, minutes, zone, "first");
      const duration = random.pick([30, 45, 60]);
      const past = startsAt < now;
      rows.push({
        id: crypto.randomUUID(),
        companyId,
        contactId: contacts.length > 0 ? random.pick(contacts) : null,
        agentId: agents.length > 0 ? random.pick(agents) : null,
        title: random.pick(titles),
        startsAt: new Date(startsAt).toISOString(),
        endsAt: new Date(startsAt + duration * 60_000).toISOString(),
        status: weighted(random.next(), past ? pastStatuses : futureStatuses),
        notes: random.pick(notes),
        // Booked by the agent during a call a few days before.
        createdAt: new Date(Math.min(now, startsAt) - random.int(1, 10) * 86_400_000).toISOString(),
      });
    }
  }

  const updatedAt = new Date(now).toISOString();
  await runBatches(db, [
    db.insert(calendarSchedules).values({ companyId, timeZone: zone, week: officeWeek, updatedAt }),
    ...chunkedInserts(
      db,
      calendarOverrides,
      overrides.map((override) => ({ companyId, ...override, updatedAt })),
    ),
    ...chunkedInserts(db, bookings, rows),
  ]);
  return { calendar_schedules: 1, calendar_overrides: overrides.length, bookings: rows.length };
}
