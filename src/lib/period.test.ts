import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { addDays, inclusiveDates, instantRange, localDateOf, localTimeOf, monthOfDate } from "./period";
import { seededRandom } from "./random";

// localDateOf and localTimeOf write a zone's clock from remembered offsets instead of a luxon
// DateTime: they must answer exactly what luxon answers, for every zone and instant.

const ZONES = [
  "UTC",
  "utc",
  "GMT",
  "Etc/UTC",
  "Etc/GMT+5",
  "Europe/Madrid",
  "Europe/London",
  "Europe/Dublin",
  "Atlantic/Canary",
  "America/New_York",
  "America/St_Johns",
  "America/Sao_Paulo",
  "America/Santiago",
  "Asia/Kolkata",
  "Asia/Kathmandu",
  "Australia/Lord_Howe",
  "Pacific/Chatham",
  "Pacific/Kiritimati",
  "Pacific/Apia",
];

/** DST changes of 2026 and 2027 in the zones above, each with the minutes around it. */
const TRANSITIONS = [
  "2026-03-29T01:00:00Z",
  "2026-10-25T01:00:00Z",
  "2026-03-08T07:00:00Z",
  "2026-11-01T06:00:00Z",
  "2026-04-05T15:00:00Z",
  "2026-09-26T14:00:00Z",
  "2027-04-03T14:00:00Z",
];

function instants(): number[] {
  const random = seededRandom(31);
  const around = TRANSITIONS.flatMap((text) =>
    [-60_001, -1, 0, 1, 59_999, 1_800_000].map((delta) => Date.parse(text) + delta),
  );
  const spread = Array.from(
    { length: 400 },
    () => Date.parse("1890-01-01T00:00:00Z") + Math.floor(random.next() * 250 * 365.25 * 86_400_000),
  );
  // Luxon's own rules: a local mean time offset with seconds, years of 3 and 5 digits, the edges of 0000-9999.
  const edges = [
    "1850-06-01T12:00:00Z",
    "0500-01-01T00:00:00Z",
    "+012000-01-01T00:00:00Z",
    "0000-01-01T00:30:00Z",
    "9999-12-31T23:30:00Z",
  ].map(Date.parse);
  return [...around, ...spread, ...edges];
}

describe("a zone's clock, written without a luxon DateTime", () => {
  it("localDateOf and localTimeOf answer what luxon does, in every zone, at DST changes, across 250 years and at the edges", () => {
    let compared = 0;
    for (const zone of ZONES) {
      for (const instant of instants()) {
        const expected = DateTime.fromMillis(instant, { zone });
        expect([zone, new Date(instant).toISOString(), localTimeOf(instant, zone)]).toEqual([
          zone,
          new Date(instant).toISOString(),
          expected.toISO(),
        ]);
        expect(localDateOf(instant, zone)).toBe(expected.toISODate());
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(8_000);
  });

  it("an ISO text and an unknown zone are luxon's, as before", () => {
    expect(localDateOf("2026-03-29T03:30:00+02:00", "Europe/Madrid")).toBe("2026-03-29");
    expect(localDateOf("2026-03-28T23:30:00Z", "Europe/Madrid")).toBe("2026-03-29");
    expect(localDateOf("2026-03-28T22:30:00Z", "Europe/Madrid")).toBe("2026-03-28");
    expect(() => localDateOf(Date.parse("2026-03-29T00:00:00Z"), "Not/AZone")).toThrow();
  });
});

describe("a local date's first instant, without a luxon DateTime far from a change of offset", () => {
  it("instantRange answers what luxon's startOf('day') does for every date of three years, in zones whose clocks change at midnight too", () => {
    const zones = [...ZONES, "America/Havana", "Asia/Beirut", "America/Asuncion", "Africa/Cairo", "Asia/Tehran"];
    const first = Date.parse("2025-01-01T00:00:00Z");
    const dates = Array.from({ length: 3 * 365 }, (_, day) =>
      new Date(first + day * 86_400_000).toISOString().slice(0, 10),
    );
    const startOf = (date: string, zone: string) =>
      DateTime.fromISO(date, { zone }).startOf("day").toUTC().toJSDate().toISOString();
    let compared = 0;
    for (const zone of zones) {
      for (const date of [...dates, "1890-03-15", "0001-01-01", "9999-06-15"]) {
        const range = instantRange({ startDate: date, endDate: date }, zone);
        const dayAfter = DateTime.fromISO(date, { zone: "UTC" }).plus({ days: 1 }).toISODate()!;
        expect([zone, date, range.from]).toEqual([zone, date, startOf(date, zone)]);
        expect([zone, date, range.until]).toEqual([zone, date, startOf(dayAfter, zone)]);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(25_000);
  });
});

describe("the inclusive dates of a period of instants", () => {
  it("ends the day before the next period starts, whatever the time of day: consecutive periods neither overlap nor leave a gap", () => {
    const a = "2026-01-15T10:23:45.678Z";
    const b = "2026-02-15T10:23:45.678Z";
    const c = "2026-03-15T10:23:45.678Z";
    expect(inclusiveDates(a, b)).toEqual({ start: "2026-01-15", end: "2026-02-14" });
    expect(inclusiveDates(b, c)).toEqual({ start: "2026-02-15", end: "2026-03-14" });
    // At midnight too: [Jan 1, Feb 1) is January.
    expect(inclusiveDates("2026-01-01T00:00:00.000Z", "2026-02-01T00:00:00.000Z")).toEqual({
      start: "2026-01-01",
      end: "2026-01-31",
    });
    // Within one day (a change for the rest of a period's last day): that day.
    expect(inclusiveDates("2026-02-15T08:00:00.000Z", "2026-02-15T10:23:45.678Z")).toEqual({
      start: "2026-02-15",
      end: "2026-02-15",
    });
  });

  it("property: a chain of periods at random instants covers each date exactly once", () => {
    const random = seededRandom(50);
    let at = Date.parse("2026-01-01T00:00:00.000Z");
    let previousEnd: string | undefined;
    for (let i = 0; i < 500; i++) {
      const next = at + random.int(86_400_000, 40 * 86_400_000);
      const dates = inclusiveDates(new Date(at).toISOString(), new Date(next).toISOString());
      expect(dates.start <= dates.end).toBe(true);
      if (previousEnd !== undefined) expect(dates.start).toBe(addDays(previousEnd, 1));
      previousEnd = dates.end;
      at = next;
    }
  });

  it("a calendar month of a date, both ends included", () => {
    expect(monthOfDate("2026-02-14")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(monthOfDate("2028-02-29")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(monthOfDate("2026-12-31")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
  });
});
