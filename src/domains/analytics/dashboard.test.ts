import { describe, expect, it } from "vitest";
import { call, db, tenant } from "../../../test/helpers";
import { callRow, insertCalls } from "../../../test/fixtures/calls";
import { variation } from "./figures";
import { bookings } from "../calendar";
import { previousPeriod, resolvePeriod } from "../../lib/period";

const MADRID = "Europe/Madrid";
const at = (date: string, time = "10:00:00") => `${date}T${time}.000Z`;

describe("GET /api/v1/analytics/dashboard", () => {
  it("reports the period's indicators against the previous period of the same length", async () => {
    const t = await tenant({ defaultRegion: "ES", defaultCurrency: "EUR" });
    const row = (date: string, fields: Omit<Parameters<typeof callRow>[2], "startedAt">) =>
      callRow(t.companyId, MADRID, { startedAt: at(date), ...fields });
    await insertCalls(db, [
      // Previous period (1 to 10 March): 4 calls, 2 answered, 10 min, 1.00 EUR.
      row("2026-03-01", { direction: "inbound", result: "answered", durationSeconds: 300, costMinor: 40 }),
      row("2026-03-05", { direction: "outbound", result: "answered", durationSeconds: 300, costMinor: 60 }),
      row("2026-03-09", { direction: "inbound", result: "busy", durationSeconds: 0, costMinor: 0 }),
      row("2026-03-10", { direction: "outbound", result: "no_answer", durationSeconds: 0, costMinor: 0 }),
      // The period (11 to 20 March): 5 calls, 4 answered, 15 min, 1.50 EUR; one inbound missed.
      row("2026-03-11", { direction: "inbound", result: "answered", durationSeconds: 240, costMinor: 30 }),
      row("2026-03-12", { direction: "inbound", result: "answered", durationSeconds: 240, costMinor: 30 }),
      row("2026-03-15", { direction: "outbound", result: "answered", durationSeconds: 210, costMinor: 45 }),
      row("2026-03-18", { direction: "outbound", result: "answered", durationSeconds: 210, costMinor: 45 }),
      row("2026-03-20", { direction: "inbound", result: "cancelled", durationSeconds: 0, costMinor: 0 }),
      // Outside both.
      row("2026-02-28", { durationSeconds: 999, costMinor: 999 }),
      row("2026-03-21", { durationSeconds: 999, costMinor: 999 }),
    ]);
    // Bookings, read on the calendar's dates (no schedule: the region's zone, Madrid): 1 before (and one
    // cancelled), 3 in the period, the first on its first Madrid day although the 10th in UTC.
    const booking = (startsAt: string, status: "confirmed" | "completed" | "no_show" | "cancelled" = "confirmed") => ({
      id: crypto.randomUUID(),
      companyId: t.companyId,
      title: "Visit",
      startsAt,
      endsAt: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
      status,
      createdAt: "2026-02-01T00:00:00.000Z",
    });
    await db
      .insert(bookings)
      .values([
        booking("2026-03-02T09:00:00.000Z", "completed"),
        booking("2026-03-03T09:00:00.000Z", "cancelled"),
        booking("2026-03-10T23:30:00.000Z"),
        booking("2026-03-14T09:00:00.000Z", "no_show"),
        booking("2026-03-20T22:30:00.000Z"),
        booking("2026-03-20T23:30:00.000Z"),
      ]);
    const response = await call("/api/v1/analytics/dashboard?from=2026-03-11&to=2026-03-20", { key: t.key });
    expect(response.status).toBe(200);
    expect(response.json.period).toEqual({ from: "2026-03-11", to: "2026-03-20", days: 10, time_zone: MADRID });
    expect(response.json.previous_period).toEqual({
      from: "2026-03-01",
      to: "2026-03-10",
      days: 10,
      time_zone: MADRID,
    });
    expect(response.json.currency).toBe("EUR");
    const i = response.json.indicators;
    expect(i.calls).toEqual({ value: 5, previous: 4, variation: 25, note: null });
    expect(i.inbound_calls).toEqual({ value: 3, previous: 2, variation: 50, note: null });
    expect(i.outbound_calls).toEqual({ value: 2, previous: 2, variation: 0, note: null });
    expect(i.answered_calls).toEqual({ value: 4, previous: 2, variation: 100, note: null });
    expect(i.answered_rate).toEqual({ value: 80, previous: 50, variation: 60, note: null });
    expect(i.missed_calls).toEqual({ value: 1, previous: 1, variation: 0, note: null });
    expect(i.minutes).toEqual({ value: 15, previous: 10, variation: 50, note: null });
    expect(i.average_duration_seconds).toEqual({ value: 180, previous: 150, variation: 20, note: null });
    expect(i.cost).toEqual({ value: 1.5, previous: 1, variation: 50, note: null });
    expect(i.cost_per_answered_call).toEqual({ value: 0.38, previous: 0.5, variation: -24, note: null });
    expect(i.bookings).toEqual({ value: 3, previous: 1, variation: 200, note: null });
    // As many as GET /bookings lists for the same dates, less the cancelled ones.
    const listed = (await call("/api/v1/bookings?start_date=2026-03-11&end_date=2026-03-20&limit=100", { key: t.key }))
      .json.data;
    expect(listed.filter((b: { status: string }) => b.status !== "cancelled")).toHaveLength(3);

    // The same period's totals as GET /analytics/calls.
    const breakdown = (await call("/api/v1/analytics/calls?from=2026-03-11&to=2026-03-20", { key: t.key })).json.totals;
    expect([breakdown.calls, breakdown.cost]).toEqual([i.calls.value, i.cost.value]);
  });

  it("a previous value of 0 gives no variation; a period without calls has no rates", async () => {
    const t = await tenant({ defaultRegion: "ES" });
    await insertCalls(db, [
      callRow(t.companyId, MADRID, {
        startedAt: at("2026-05-02"),
        result: "answered",
        durationSeconds: 90,
        costMinor: 9,
      }),
    ]);
    const now = (await call("/api/v1/analytics/dashboard?from=2026-05-01&to=2026-05-31", { key: t.key })).json
      .indicators;
    expect(now.calls).toEqual({ value: 1, previous: 0, variation: null, note: null });
    expect(now.answered_rate).toEqual({ value: 100, previous: null, variation: null, note: null });
    const empty = (await call("/api/v1/analytics/dashboard?from=2026-06-01&to=2026-06-30", { key: t.key })).json;
    expect(empty.previous_period).toMatchObject({ from: "2026-05-02", to: "2026-05-31", days: 30 });
    expect(empty.indicators.calls).toEqual({ value: 0, previous: 1, variation: -100, note: null });
    expect(empty.indicators.answered_rate).toEqual({
      value: null,
      previous: 100,
      variation: null,
      note: "No calls in the period.",
    });
    expect(empty.indicators.cost_per_answered_call).toMatchObject({
      value: null,
      previous: 0.09,
      note: "No answered calls in the period.",
    });
  });

  it("defaults to the last 30 days, compared with the 30 days before", async () => {
    const t = await tenant({ defaultRegion: "ES" });
    const response = (await call("/api/v1/analytics/dashboard", { key: t.key })).json;
    expect(response.period.days).toBe(30);
    expect(response.previous_period).toEqual({ ...previousPeriod(response.period), time_zone: MADRID });
    expect(response.indicators.calls).toEqual({ value: 0, previous: 0, variation: null, note: null });
  });
});

describe("periods and variations", () => {
  it("resolvePeriod: defaults, both ends included, month ends and leap years", () => {
    expect(resolvePeriod({}, "2026-03-30")).toEqual({ from: "2026-03-01", to: "2026-03-30", days: 30 });
    expect(resolvePeriod({ from: "2024-02-28", to: "2024-03-01" }, "2026-01-01")).toEqual({
      from: "2024-02-28",
      to: "2024-03-01",
      days: 3,
    });
    expect(resolvePeriod({ to: "2025-03-01" }, "2026-01-01")).toEqual({
      from: "2025-01-31",
      to: "2025-03-01",
      days: 30,
    });
    expect(() => resolvePeriod({ from: "2026-01-02", to: "2026-01-01" }, "2026-03-01")).toThrow(/before from/);
    expect(() => resolvePeriod({ from: "2026-03-02" }, "2026-03-01")).toThrow(/after today/);
  });

  it("previousPeriod: the same number of days just before", () => {
    expect(previousPeriod({ from: "2026-03-01", to: "2026-03-31", days: 31 })).toEqual({
      from: "2026-01-29",
      to: "2026-02-28",
      days: 31,
    });
    expect(previousPeriod({ from: "2026-01-01", to: "2026-01-01", days: 1 })).toEqual({
      from: "2025-12-31",
      to: "2025-12-31",
      days: 1,
    });
  });

  it("variation: percent to 0.1, null when the previous value is 0 or unknown", () => {
    expect(variation(3, 2)).toBe(50);
    expect(variation(1, 3)).toBe(-66.7);
    expect(variation(5, 0)).toBeNull();
    expect(variation(0, 0)).toBeNull();
    expect(variation(null, 4)).toBeNull();
    expect(variation(4, null)).toBeNull();
  });
});
