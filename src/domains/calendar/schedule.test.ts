import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { statusCounts, staggered } from "../../../test/concurrency";
import { call, db, slug, tenant } from "../../../test/helpers";
import { webhookEvents } from "../webhooks/schema";
import { overrideRemoved, overrideSet, scheduleUpdated } from "./events";
import { calendar, check, removeOverride, setOverride, setSchedule } from "../../../test/fixtures/calendar";

const office = {
  monday: [
    { start: "09:00", end: "14:00" },
    { start: "15:00", end: "18:00" },
  ],
  friday: [{ start: "08:00", end: "15:00" }],
};

describe("PUT /api/v1/calendar/schedule", () => {
  it("stores the zone and every weekday, a left-out day closed, and replaces it on the next PUT", async () => {
    const t = await tenant();
    const first = await setSchedule(t.key, "Europe/Madrid", office);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      time_zone: "Europe/Madrid",
      week: { ...office, tuesday: [], saturday: [], sunday: [] },
    });
    const second = await setSchedule(t.key, "Asia/Kolkata", { sunday: [{ start: "10:00", end: "24:00" }] });
    expect(second.json.week).toEqual({
      monday: [],
      tuesday: [],
      wednesday: [],
      thursday: [],
      friday: [],
      saturday: [],
      sunday: [{ start: "10:00", end: "24:00" }],
    });
    const days = await calendar(t.key, "2026-03-29");
    expect(days.json.time_zone).toBe("Asia/Kolkata");
    expect(days.json.days[0].intervals).toEqual([
      { start: "10:00", end: "24:00", starts_at: "2026-03-29T04:30:00.000Z", ends_at: "2026-03-29T18:30:00.000Z" },
    ]);
  });

  const refused: [string, Record<string, unknown>, string, RegExp][] = [
    ["an unknown zone", { time_zone: "Europe/Atlantis", week: office }, "body.time_zone", /IANA/],
    [
      "a start after its end",
      { time_zone: "UTC", week: { tuesday: [{ start: "18:00", end: "09:00" }] } },
      "body.week.tuesday.0",
      /tuesday, interval 1 \(18:00–09:00\): start must be before end/,
    ],
    [
      "an empty interval",
      { time_zone: "UTC", week: { monday: [{ start: "09:00", end: "09:00" }] } },
      "body.week.monday.0",
      /monday, interval 1/,
    ],
    [
      "overlapping intervals",
      {
        time_zone: "UTC",
        week: {
          wednesday: [
            { start: "09:00", end: "14:00" },
            { start: "13:00", end: "18:00" },
          ],
        },
      },
      "body.week.wednesday.1",
      /wednesday, interval 2 \(13:00–18:00\) overlaps interval 1/,
    ],
    [
      "unsorted intervals",
      {
        time_zone: "UTC",
        week: {
          friday: [
            { start: "15:00", end: "18:00" },
            { start: "09:00", end: "14:00" },
          ],
        },
      },
      "body.week.friday.1",
      /not sorted/,
    ],
    [
      "touching intervals",
      {
        time_zone: "UTC",
        week: {
          friday: [
            { start: "09:00", end: "14:00" },
            { start: "14:00", end: "18:00" },
          ],
        },
      },
      "body.week.friday.1",
      /touches/,
    ],
    [
      "a time that is not HH:MM",
      { time_zone: "UTC", week: { monday: [{ start: "9:00", end: "14:00" }] } },
      "body.week.monday.0.start",
      /HH:MM/,
    ],
    [
      "a start of 24:00",
      { time_zone: "UTC", week: { monday: [{ start: "24:00", end: "24:00" }] } },
      "body.week.monday.0.start",
      /24:00/,
    ],
    ["an unknown day", { time_zone: "UTC", week: { funday: [] } }, "body.week.funday", /unknown member/i],
  ];
  for (const [what, body, path, message] of refused) {
    it(`refuses ${what} with 400 naming the day and interval, and stores nothing`, async () => {
      const t = await tenant();
      const response = await call("/api/v1/calendar/schedule", { key: t.key, method: "PUT", body });
      expect(response.status).toBe(400);
      expect(slug(response.json)).toBe("validation_error");
      const error = response.json.errors.find((e: { path: string }) => e.path === path);
      expect(error, JSON.stringify(response.json.errors)).toBeDefined();
      expect(error.message).toMatch(message);
      expect((await calendar(t.key, "2026-03-30")).status).toBe(404);
    });
  }
});

describe("GET /api/v1/calendar", () => {
  it("is 404 while the company has no schedule, as are /check and setting an exception", async () => {
    const t = await tenant();
    expect((await calendar(t.key, "2026-03-30")).status).toBe(404);
    expect((await check(t.key, "2026-03-30T09:00:00Z")).status).toBe(404);
    const override = await setOverride(t.key, { date: "2026-12-25", closed: true });
    expect(override.status).toBe(404);
    expect(override.json.detail).toMatch(/PUT \/api\/v1\/calendar\/schedule/);
  });

  it("answers each date of the range with its intervals in the zone and as UTC instants", async () => {
    const t = await tenant();
    await setSchedule(t.key, "Europe/Madrid", office);
    const response = await calendar(t.key, "2026-03-27", "2026-03-30");
    expect(response.status).toBe(200);
    expect(
      response.json.days.map((day: { date: string; weekday: string; closed: boolean }) => [
        day.date,
        day.weekday,
        day.closed,
      ]),
    ).toEqual([
      ["2026-03-27", "friday", false],
      ["2026-03-28", "saturday", true],
      ["2026-03-29", "sunday", true],
      ["2026-03-30", "monday", false],
    ]);
    // Winter (UTC+1) on Friday, summer (UTC+2) from Sunday on.
    expect(response.json.days[0].intervals).toEqual([
      { start: "08:00", end: "15:00", starts_at: "2026-03-27T07:00:00.000Z", ends_at: "2026-03-27T14:00:00.000Z" },
    ]);
    expect(response.json.days[3].intervals.map((i: { starts_at: string }) => i.starts_at)).toEqual([
      "2026-03-30T07:00:00.000Z",
      "2026-03-30T13:00:00.000Z",
    ]);
  });

  it("defaults to a week from today, and refuses a reversed range or one over 366 days", async () => {
    const t = await tenant();
    await setSchedule(t.key, "UTC", office);
    const week = await call("/api/v1/calendar", { key: t.key });
    expect(week.status).toBe(200);
    expect(week.json.days).toHaveLength(7);
    expect(week.json.from).toBe(new Date().toISOString().slice(0, 10));
    expect((await calendar(t.key, "2024-01-01", "2024-12-31")).json.days).toHaveLength(366);
    const long = await calendar(t.key, "2025-01-01", "2026-01-02");
    expect(long.status).toBe(400);
    expect(long.json.errors[0].path).toBe("query.to");
    expect((await calendar(t.key, "2026-03-02", "2026-03-01")).status).toBe(400);
    expect((await calendar(t.key, "2026-02-30")).status).toBe(400);
  });
});

describe("exceptions: PUT and DELETE /api/v1/calendar/overrides", () => {
  it("closes a date or gives it its own hours, and removing it restores the weekday's", async () => {
    const t = await tenant();
    await setSchedule(t.key, "Europe/Madrid", office);
    const closed = await setOverride(t.key, { date: "2026-03-30", closed: true, note: "Local holiday" });
    expect(closed.status).toBe(200);
    expect(closed.json).toMatchObject({ date: "2026-03-30", closed: true, intervals: [], note: "Local holiday" });
    expect((await calendar(t.key, "2026-03-30")).json.days[0]).toMatchObject({
      source: "override",
      closed: true,
      intervals: [],
    });

    const short = await setOverride(t.key, { date: "2026-03-30", intervals: [{ start: "10:00", end: "12:00" }] });
    expect(short.json).toMatchObject({ closed: false, intervals: [{ start: "10:00", end: "12:00" }], note: null });
    expect((await calendar(t.key, "2026-03-30")).json.days[0].intervals).toEqual([
      { start: "10:00", end: "12:00", starts_at: "2026-03-30T08:00:00.000Z", ends_at: "2026-03-30T10:00:00.000Z" },
    ]);
    // A Saturday, closed by the week, can open by exception.
    await setOverride(t.key, { date: "2026-03-28", intervals: [{ start: "10:00", end: "13:00" }] });
    expect((await calendar(t.key, "2026-03-28")).json.days[0]).toMatchObject({ source: "override", closed: false });

    const removed = await removeOverride(t.key, "2026-03-30");
    expect(removed.status).toBe(200);
    expect(removed.json).toMatchObject({ date: "2026-03-30", intervals: [{ start: "10:00", end: "12:00" }] });
    expect((await calendar(t.key, "2026-03-30")).json.days[0]).toMatchObject({ source: "schedule", closed: false });
    const again = await removeOverride(t.key, "2026-03-30");
    expect(again.status).toBe(404);
    expect(slug(again.json)).toBe("not_found");
  });

  it("refuses both closed and intervals, neither, a bad interval or date, naming the field", async () => {
    const t = await tenant();
    await setSchedule(t.key, "UTC", office);
    const cases: [Record<string, unknown>, string][] = [
      [{ date: "2026-12-24", closed: true, intervals: [{ start: "09:00", end: "13:00" }] }, "body.intervals"],
      [{ date: "2026-12-24" }, "body.intervals"],
      [{ date: "2026-12-24", closed: false, intervals: [] }, "body.intervals"],
      [{ date: "2026-12-24", intervals: [{ start: "13:00", end: "09:00" }] }, "body.intervals.0"],
      [{ date: "2026-02-30", closed: true }, "body.date"],
    ];
    for (const [body, path] of cases) {
      const response = await setOverride(t.key, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    expect((await removeOverride(t.key, "2026-12-24")).status).toBe(404);
    expect((await removeOverride(t.key, "24-12-2026")).status).toBe(400);
  });

  it("two concurrent removals of one exception: one 200, one 404", async () => {
    const t = await tenant();
    await setSchedule(t.key, "UTC", office);
    for (let round = 0; round < 3; round++) {
      await setOverride(t.key, { date: "2026-05-01", closed: true });
      const outcomes = await staggered(4, () => removeOverride(t.key, "2026-05-01"));
      expect(statusCounts(outcomes)).toEqual({ 200: 1, 404: 3 });
    }
  });

  it("emits calendar.schedule_updated, calendar.override_set and calendar.override_removed", async () => {
    const t = await tenant();
    const schedule = await setSchedule(t.key, "Europe/Madrid", office);
    const set = await setOverride(t.key, { date: "2026-12-25", closed: true, note: "Christmas" });
    await removeOverride(t.key, "2026-12-25");
    await removeOverride(t.key, "2026-12-25");
    const rows = await db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.companyId, t.companyId))
      .orderBy(asc(webhookEvents.createdAt))
      .all();
    const events = rows
      .filter((row) => row.type.startsWith("calendar."))
      .map((row) => ({ type: row.type, data: JSON.parse(row.data) as unknown }));
    expect(events.map((e) => e.type)).toEqual([
      "calendar.schedule_updated",
      "calendar.override_set",
      "calendar.override_removed",
    ]);
    expect(scheduleUpdated.schema.parse(events[0]!.data)).toEqual(schedule.json);
    expect(overrideSet.schema.parse(events[1]!.data)).toEqual({ override: set.json });
    expect(overrideRemoved.schema.parse(events[2]!.data)).toEqual({ override: set.json });
  });
});
