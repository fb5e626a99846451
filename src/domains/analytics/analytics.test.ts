import { describe, expect, it } from "vitest";
import { call, db, keyFor, slug, tenant } from "../../../test/helpers";
import { callRow, insertCalls, setCallSettings } from "../../../test/fixtures/calls";
import { callResults } from "../calls";
import { addDays } from "../../lib/period";

const MADRID = "Europe/Madrid";
const DAY = 86_400_000;

/** Calls of March 2026 (Madrid, UTC+1): 23:30 UTC on the 1st is the 2nd in Madrid, 23:30 UTC on the 10th is the 11th. */
async function march(companyId: string) {
  const rows = [
    callRow(companyId, MADRID, {
      startedAt: "2026-03-01T22:59:59.000Z",
      direction: "inbound",
      result: "answered",
      durationSeconds: 100,
      costMinor: 10,
    }), // 1 March, 23:59:59 local
    callRow(companyId, MADRID, {
      startedAt: "2026-03-01T23:30:00.000Z",
      direction: "inbound",
      result: "answered",
      durationSeconds: 200,
      costMinor: 20,
    }), // 2 March
    callRow(companyId, MADRID, {
      startedAt: "2026-03-05T10:00:00.000Z",
      direction: "inbound",
      result: "no_answer",
      durationSeconds: 0,
      costMinor: 0,
    }),
    callRow(companyId, MADRID, {
      startedAt: "2026-03-06T10:00:00.000Z",
      direction: "outbound",
      result: "answered",
      durationSeconds: 301,
      costMinor: 45,
    }),
    callRow(companyId, MADRID, {
      startedAt: "2026-03-07T10:00:00.000Z",
      direction: "outbound",
      result: "voicemail",
      durationSeconds: 30,
      costMinor: 5,
    }),
    callRow(companyId, MADRID, {
      startedAt: "2026-03-10T23:30:00.000Z",
      direction: "outbound",
      result: "busy",
      durationSeconds: 0,
      costMinor: 0,
    }), // 11 March
  ];
  await insertCalls(db, rows);
  return rows;
}

const entry = <T extends Record<string, unknown>>(list: T[], match: Partial<T>) =>
  list.find((item) => Object.entries(match).every(([k, v]) => item[k] === v));

describe("GET /api/v1/analytics/calls", () => {
  it("breaks the period's calls down by direction and result, in the company's time zone, both ends included", async () => {
    const t = await tenant({ defaultRegion: "ES" });
    await march(t.companyId);
    const response = await call("/api/v1/analytics/calls?from=2026-03-02&to=2026-03-10", { key: t.key });
    expect(response.status).toBe(200);
    expect(response.json.period).toEqual({ from: "2026-03-02", to: "2026-03-10", days: 9, time_zone: MADRID });
    expect(response.json.currency).toBe("EUR");
    expect(response.json.totals).toEqual({
      calls: 4,
      duration_seconds: 531,
      average_duration_seconds: 132.8,
      cost: 0.7,
    });
    expect(response.json.by_direction).toEqual([
      { direction: "inbound", calls: 2, duration_seconds: 200, average_duration_seconds: 100, cost: 0.2 },
      { direction: "outbound", calls: 2, duration_seconds: 331, average_duration_seconds: 165.5, cost: 0.5 },
    ]);
    expect(response.json.by_result.map((r: { result: string }) => r.result)).toEqual([...callResults]);
    expect(entry(response.json.by_result, { result: "answered" })).toEqual({
      result: "answered",
      calls: 2,
      duration_seconds: 501,
      average_duration_seconds: 250.5,
      cost: 0.65,
    });
    expect(entry(response.json.by_result, { result: "busy" })).toEqual({
      result: "busy",
      calls: 0,
      duration_seconds: 0,
      average_duration_seconds: null,
      cost: 0,
    });
    expect(response.json.breakdown).toHaveLength(2 * callResults.length);
    expect(entry(response.json.breakdown, { direction: "inbound", result: "no_answer" })).toMatchObject({
      calls: 1,
      duration_seconds: 0,
      average_duration_seconds: 0,
    });
    expect(entry(response.json.breakdown, { direction: "outbound", result: "voicemail" })).toMatchObject({
      calls: 1,
      duration_seconds: 30,
      cost: 0.05,
    });
    expect(entry(response.json.breakdown, { direction: "inbound", result: "voicemail" })).toMatchObject({ calls: 0 });
  });

  it("its totals equal the aggregates of GET /calls for the same period", async () => {
    const t = await tenant({ defaultRegion: "ES" });
    await march(t.companyId);
    const now = Date.now();
    await insertCalls(
      db,
      [0, 1, 5, 29, 30, 45].map((days, index) =>
        callRow(t.companyId, MADRID, {
          startedAt: new Date(now - days * DAY - index * 1000).toISOString(),
          costMinor: 7 + index,
          durationSeconds: 11 * index,
          result: callResults[index % callResults.length]!,
        }),
      ),
    );
    const periods = [
      "from=2026-03-01&to=2026-03-31",
      "from=2026-03-02&to=2026-03-02",
      "from=2026-03-11&to=2026-03-11",
      "",
    ];
    for (const query of periods) {
      const analytics = (await call(`/api/v1/analytics/calls?${query}`, { key: t.key })).json;
      const listQuery = `start_date=${analytics.period.from}&end_date=${analytics.period.to}`;
      const list = (await call(`/api/v1/calls?limit=1&${listQuery}`, { key: t.key })).json.aggregates;
      expect({ count: list.count, duration: list.total_duration_seconds, cost: list.total_cost }, query).toEqual({
        count: analytics.totals.calls,
        duration: analytics.totals.duration_seconds,
        cost: analytics.totals.cost,
      });
      expect(list.by_result, query).toEqual(
        Object.fromEntries(analytics.by_result.map((r: { result: string; calls: number }) => [r.result, r.calls])),
      );
      expect(analytics.totals.calls, query).toBeGreaterThan(0);
    }
  });

  it("defaults to the last 30 days up to today in the company's time zone", async () => {
    const t = await tenant({ defaultRegion: "ES" });
    await setCallSettings(db, t.companyId, { timeZone: "Pacific/Auckland" });
    const now = Date.now();
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Auckland" }).format(new Date(now));
    await insertCalls(db, [
      callRow(t.companyId, "Pacific/Auckland", { startedAt: new Date(now - 60_000).toISOString() }),
      callRow(t.companyId, "Pacific/Auckland", { startedAt: new Date(now - 40 * DAY).toISOString() }),
    ]);
    const response = await call("/api/v1/analytics/calls", { key: t.key });
    expect(response.json.period).toEqual({
      from: addDays(today, -29),
      to: today,
      days: 30,
      time_zone: "Pacific/Auckland",
    });
    expect(response.json.totals.calls).toBe(1);
    const onlyTo = await call(`/api/v1/analytics/calls?to=${today}`, { key: t.key });
    expect(onlyTo.json.period).toMatchObject({ from: addDays(today, -29), days: 30 });
    const onlyFrom = await call(`/api/v1/analytics/calls?from=${addDays(today, -6)}`, { key: t.key });
    expect(onlyFrom.json.period).toMatchObject({ to: today, days: 7 });
  });

  it("answers 400 for an invalid or reversed period, naming the parameter", async () => {
    const t = await tenant();
    for (const [query, path] of [
      ["from=yesterday", "query.from"],
      ["to=2026-02-30", "query.to"],
      ["from=2026-3-1", "query.from"],
      ["from=2026-03-01T00:00:00Z", "query.from"],
      ["from=2026-03-10&to=2026-03-09", "query.to"],
      ["from=2999-01-01", "query.from"],
      ["from=2000-01-01&to=2026-01-01", "query.from"],
    ]) {
      for (const operation of ["/api/v1/analytics/calls", "/api/v1/analytics/dashboard"]) {
        const response = await call(`${operation}?${query}`, { key: t.key });
        expect(response.status, `${operation}?${query}`).toBe(400);
        expect(slug(response.json)).toBe("validation_error");
        expect(
          response.json.errors.map((error: { path: string }) => error.path),
          query,
        ).toEqual([path]);
      }
    }
    expect((await call("/api/v1/analytics/calls?from=2026-03-10&to=2026-03-10", { key: t.key })).json.period.days).toBe(
      1,
    );
  });

  it("counts only the company's own calls and needs analytics:read", async () => {
    const a = await tenant({ defaultRegion: "ES" });
    const b = await tenant({ defaultRegion: "ES" });
    await march(a.companyId);
    expect((await call("/api/v1/analytics/calls?from=2026-03-01&to=2026-03-31", { key: b.key })).json.totals).toEqual({
      calls: 0,
      duration_seconds: 0,
      average_duration_seconds: null,
      cost: 0,
    });
    const noScope = await keyFor(a.companyId, ["calls:read"]);
    for (const path of ["/api/v1/analytics/calls", "/api/v1/analytics/dashboard"]) {
      expect(slug((await call(path, { key: noScope.key })).json)).toBe("insufficient_scope");
    }
  });
});
