import { describe, expect, it } from "vitest";
import { slug, tenant } from "../../../test/helpers";
import { calendar, check, setOverride, setSchedule } from "../../../test/fixtures/calendar";

/**
 * Time-zone arithmetic through the API: Europe/Madrid's spring-forward gap (2026-03-29, 02:00 ->
 * 03:00, at 01:00 UTC) and autumn repeated hour (2026-10-25, 03:00 -> 02:00, at 01:00 UTC), and
 * zones with a 30-minute offset: Asia/Kolkata (UTC+05:30, no DST) and Australia/Adelaide
 * (UTC+10:30 in summer, +09:30 in winter; 2026-04-05 repeats 02:00-03:00, 2026-10-04 skips it).
 */
const sunday = (start: string, end: string) => ({ sunday: [{ start, end }] });

describe("Europe/Madrid, spring forward (2026-03-29)", () => {
  it("an interval across the gap lasts the real hours; one inside the gap is empty and left out", async () => {
    const t = await tenant();
    await setSchedule(t.key, "Europe/Madrid", sunday("01:00", "04:00"));
    const across = await calendar(t.key, "2026-03-29");
    // 01:00 is still UTC+1, 04:00 already UTC+2: two real hours.
    expect(across.json.days[0].intervals).toEqual([
      { start: "01:00", end: "04:00", starts_at: "2026-03-29T00:00:00.000Z", ends_at: "2026-03-29T02:00:00.000Z" },
    ]);

    await setOverride(t.key, {
      date: "2026-03-29",
      intervals: [
        { start: "02:00", end: "02:45" },
        { start: "02:50", end: "03:30" },
      ],
    });
    const gap = await calendar(t.key, "2026-03-29");
    // 02:00-02:45 never happens; 02:50-03:30 opens when the clocks jump (01:00 UTC, 03:00 local).
    expect(gap.json.days[0]).toMatchObject({ source: "override", closed: false });
    expect(gap.json.days[0].intervals).toEqual([
      { start: "02:50", end: "03:30", starts_at: "2026-03-29T01:00:00.000Z", ends_at: "2026-03-29T01:30:00.000Z" },
    ]);
  });

  it("check: local times around the gap, a skipped local time is 400, the next opening after the jump", async () => {
    const t = await tenant();
    await setSchedule(t.key, "Europe/Madrid", sunday("03:00", "05:00"));
    const before = await check(t.key, "2026-03-29T00:59:00Z");
    expect(before.json).toMatchObject({
      local_time: "2026-03-29T01:59:00.000+01:00",
      open: false,
      next_opening: "2026-03-29T01:00:00.000Z",
      next_opening_local: "2026-03-29T03:00:00.000+02:00",
    });
    const after = await check(t.key, "2026-03-29T01:00:00Z");
    expect(after.json).toMatchObject({
      local_time: "2026-03-29T03:00:00.000+02:00",
      open: true,
      interval: { starts_at: "2026-03-29T01:00:00.000Z", ends_at: "2026-03-29T03:00:00.000Z" },
    });
    const skipped = await check(t.key, "2026-03-29T02:30:00[Europe/Madrid]");
    expect(skipped.status).toBe(400);
    expect(skipped.json.errors[0]).toMatchObject({ path: "query.at" });
    expect(skipped.json.errors[0].message).toMatch(/does not exist/);
    expect((await check(t.key, "2026-03-29T03:30:00[Europe/Madrid]")).json).toMatchObject({
      at: "2026-03-29T01:30:00.000Z",
      open: true,
    });
  });
});

describe("Europe/Madrid, autumn repeated hour (2026-10-25)", () => {
  it("an interval across it lasts four real hours; one within it covers both occurrences", async () => {
    const t = await tenant();
    await setSchedule(t.key, "Europe/Madrid", sunday("01:00", "04:00"));
    const across = await calendar(t.key, "2026-10-25");
    expect(across.json.days[0].intervals[0]).toMatchObject({
      starts_at: "2026-10-24T23:00:00.000Z",
      ends_at: "2026-10-25T03:00:00.000Z",
    });

    await setOverride(t.key, { date: "2026-10-25", intervals: [{ start: "02:00", end: "02:30" }] });
    const within = await calendar(t.key, "2026-10-25");
    // From the first 02:00 (UTC+2) to the second 02:30 (UTC+1).
    expect(within.json.days[0].intervals[0]).toMatchObject({
      starts_at: "2026-10-25T00:00:00.000Z",
      ends_at: "2026-10-25T01:30:00.000Z",
    });
    const first = await check(t.key, "2026-10-25T00:15:00Z");
    const second = await check(t.key, "2026-10-25T01:15:00Z");
    expect(first.json).toMatchObject({ local_time: "2026-10-25T02:15:00.000+02:00", open: true });
    expect(second.json).toMatchObject({ local_time: "2026-10-25T02:15:00.000+01:00", open: true });
    expect((await check(t.key, "2026-10-25T01:30:00Z")).json).toMatchObject({
      local_time: "2026-10-25T02:30:00.000+01:00",
      open: false,
    });
  });

  it("a repeated local time needs its offset, which must be the zone's", async () => {
    const t = await tenant();
    await setSchedule(t.key, "Europe/Madrid", sunday("01:00", "04:00"));
    const ambiguous = await check(t.key, "2026-10-25T02:15:00[Europe/Madrid]");
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.json.errors[0].message).toMatch(/happens twice/);
    expect((await check(t.key, "2026-10-25T02:15:00+01:00[Europe/Madrid]")).json).toMatchObject({
      at: "2026-10-25T01:15:00.000Z",
      open: true,
    });
    expect((await check(t.key, "2026-10-25T02:15:00+02:00[Europe/Madrid]")).json).toMatchObject({
      at: "2026-10-25T00:15:00.000Z",
      open: true,
    });
    expect((await check(t.key, "2026-10-25T02:15:00+03:00[Europe/Madrid]")).status).toBe(400);
  });
});

describe("zones with a 30-minute offset", () => {
  it("Asia/Kolkata (UTC+05:30): opening to the minute, and the next opening over the weekend", async () => {
    const t = await tenant();
    await setSchedule(t.key, "Asia/Kolkata", {
      monday: [{ start: "09:00", end: "17:30" }],
      friday: [{ start: "09:00", end: "17:30" }],
    });
    expect((await calendar(t.key, "2026-03-30")).json.days[0].intervals[0]).toMatchObject({
      starts_at: "2026-03-30T03:30:00.000Z",
      ends_at: "2026-03-30T12:00:00.000Z",
    });
    expect((await check(t.key, "2026-03-30T03:29:59Z")).json).toMatchObject({
      open: false,
      local_time: "2026-03-30T08:59:59.000+05:30",
      next_opening: "2026-03-30T03:30:00.000Z",
    });
    expect((await check(t.key, "2026-03-30T09:00:00+05:30")).json).toMatchObject({ open: true, weekday: "monday" });
    const friday = await check(t.key, "2026-03-27T17:30:00+05:30");
    expect(friday.json).toMatchObject({
      open: false,
      weekday: "friday",
      next_opening: "2026-03-30T03:30:00.000Z",
      next_opening_local: "2026-03-30T09:00:00.000+05:30",
    });
  });

  it("Australia/Adelaide: the repeated hour in April and the skipped one in October", async () => {
    const t = await tenant();
    await setSchedule(t.key, "Australia/Adelaide", sunday("01:00", "04:00"));
    const days = await calendar(t.key, "2026-04-05");
    // 01:00 at UTC+10:30, 04:00 at UTC+09:30: four real hours.
    expect(days.json.days[0].intervals[0]).toMatchObject({
      starts_at: "2026-04-04T14:30:00.000Z",
      ends_at: "2026-04-04T18:30:00.000Z",
    });
    const october = await calendar(t.key, "2026-10-04");
    // 01:00 at UTC+09:30, 04:00 at UTC+10:30: two real hours.
    expect(october.json.days[0].intervals[0]).toMatchObject({
      starts_at: "2026-10-03T15:30:00.000Z",
      ends_at: "2026-10-03T17:30:00.000Z",
    });
    expect((await check(t.key, "2026-10-04T02:30:00[Australia/Adelaide]")).status).toBe(400);
    expect((await check(t.key, "2026-04-05T02:30:00+09:30")).json).toMatchObject({
      at: "2026-04-04T17:00:00.000Z",
      open: true,
      local_time: "2026-04-05T02:30:00.000+09:30",
    });
  });
});

describe("GET /api/v1/calendar/check: what `at` must be", () => {
  it("an instant without offset or zone, a date alone, an unknown zone or any other text is 400, never 500", async () => {
    const t = await tenant();
    await setSchedule(t.key, "Europe/Madrid", { monday: [{ start: "09:00", end: "14:00" }] });
    for (const at of [
      "2026-03-30T09:00:00",
      "2026-03-30",
      "2026-03-30T09:00:00[Mars/Olympus]",
      "soon",
      "2026-13-40T25:00:00Z",
      "[Europe/Madrid]",
      "2026-03-30T09:00:00+99:00",
      "",
    ]) {
      const response = await check(t.key, at);
      expect(response.status, `${at}: ${response.text}`).toBe(400);
      expect(slug(response.json)).toBe("validation_error");
    }
    expect((await check(t.key, "2026-03-30T07:30:00.000Z")).json).toMatchObject({
      open: true,
      local_date: "2026-03-30",
      interval: { start: "09:00", end: "14:00" },
    });
  });

  it("an exception closes the day and moves the next opening; a calendar with no hours has none", async () => {
    const t = await tenant();
    await setSchedule(t.key, "Europe/Madrid", { monday: [{ start: "09:00", end: "14:00" }] });
    await setOverride(t.key, { date: "2026-03-30", closed: true });
    expect((await check(t.key, "2026-03-30T08:00:00Z")).json).toMatchObject({
      open: false,
      next_opening: "2026-04-06T07:00:00.000Z",
    });
    await setSchedule(t.key, "Europe/Madrid", {});
    expect((await check(t.key, "2026-03-30T08:00:00Z")).json).toMatchObject({
      open: false,
      interval: null,
      next_opening: null,
      next_opening_local: null,
    });
  });
});
