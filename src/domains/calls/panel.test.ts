import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, tenant } from "../../../test/helpers";
import { callRow, insertCalls } from "../../../test/fixtures/calls";
import { bulkCalls, configureCalls } from "./panel";
import { localDateOf } from "../../lib/period";
import { callDailyTotals, calls } from "./schema";
import { InputError } from "../../lib/input-error";

/** The day totals as stored, and as a direct aggregate over calls: they must always be equal. */
async function totalsAndCalls(companyId: string) {
  const stored = await db
    .select({
      date: callDailyTotals.localDate,
      result: callDailyTotals.result,
      direction: callDailyTotals.direction,
      n: callDailyTotals.calls,
      d: callDailyTotals.durationSeconds,
      c: callDailyTotals.costMinor,
    })
    .from(callDailyTotals)
    .where(and(eq(callDailyTotals.companyId, companyId), sql`${callDailyTotals.calls} > 0`))
    .orderBy(callDailyTotals.localDate, callDailyTotals.direction, callDailyTotals.result);
  const direct = await db
    .select({
      date: calls.localDate,
      result: calls.result,
      direction: calls.direction,
      n: sql<number>`count(*)`,
      d: sql<number>`sum(duration_seconds)`,
      c: sql<number>`sum(cost_minor)`,
    })
    .from(calls)
    .where(eq(calls.companyId, companyId))
    .groupBy(calls.localDate, calls.direction, calls.result)
    .orderBy(calls.localDate, calls.direction, calls.result);
  return { stored, direct };
}

describe("calls settings (admin CLI)", () => {
  it("moves every call to its local date in a new time zone, totals included, and sets the retention", async () => {
    const t = await tenant({ defaultRegion: "ES" });
    const rows = Array.from({ length: 48 }, (_, i) =>
      callRow(t.companyId, "Europe/Madrid", {
        startedAt: new Date(Date.parse("2026-03-01T00:30:00.000Z") + i * 3_600_000).toISOString(),
      }),
    );
    await insertCalls(db, rows);
    const result = await configureCalls(db, t.companyId, { timeZone: "America/Mexico_City", retentionDays: "90" });
    expect(result).toMatchObject({ time_zone: "America/Mexico_City", time_zone_set: true, retention_days: 90 });
    const stored = await db
      .select({ startedAt: calls.startedAt, localDate: calls.localDate })
      .from(calls)
      .where(eq(calls.companyId, t.companyId));
    for (const row of stored) expect(row.localDate).toBe(localDateOf(row.startedAt, "America/Mexico_City"));
    const { stored: totals, direct } = await totalsAndCalls(t.companyId);
    expect(totals).toEqual(direct);
    const day = await call("/api/v1/calls?start_date=2026-02-28&end_date=2026-02-28&limit=100", { key: t.key });
    expect(day.json.aggregates).toMatchObject({ time_zone: "America/Mexico_City", count: day.json.data.length });
    expect(day.json.data.length).toBe(stored.filter((row) => row.localDate === "2026-02-28").length);

    const back = await configureCalls(db, t.companyId, { timeZone: "region" });
    expect(back).toMatchObject({ time_zone: "Europe/Madrid", time_zone_set: false, retention_days: 90 });
    expect((await totalsAndCalls(t.companyId)).stored.map((row) => row.date)).toEqual([
      "2026-03-01",
      "2026-03-02",
      "2026-03-03",
    ]);
  });

  it("refuses an unknown time zone, a bad retention or an unknown company", async () => {
    const t = await tenant();
    await expect(configureCalls(db, t.companyId, { timeZone: "Mars/Olympus" })).rejects.toBeInstanceOf(InputError);
    await expect(configureCalls(db, t.companyId, { retentionDays: "0" })).rejects.toBeInstanceOf(InputError);
    await expect(configureCalls(db, crypto.randomUUID(), {})).rejects.toBeInstanceOf(InputError);
  });
});

describe("bulk calls (admin CLI) and the totals at 100,000 calls", () => {
  it("inserts calls over local days whose totals equal the calls, and GET /calls reads them on every page", async () => {
    const t = await tenant({ defaultRegion: "ES" });
    const now = Date.parse("2026-04-20T12:00:00.000Z");
    expect(await bulkCalls(db, t.companyId, { count: "100000", days: "40" }, now)).toMatchObject({
      calls: 100_000,
      days: 40,
      time_zone: "Europe/Madrid",
    });
    const { stored, direct } = await totalsAndCalls(t.companyId);
    expect(stored).toEqual(direct);
    const first = await call("/api/v1/calls?limit=50", { key: t.key });
    expect(first.json.aggregates.count).toBe(100_000);
    expect(Object.values(first.json.aggregates.by_result as Record<string, number>).every((n) => n > 0)).toBe(true);
    const period = await call("/api/v1/calls?start_date=2026-03-29&end_date=2026-04-02&limit=100&offset=7000", {
      key: t.key,
    });
    const count = await db
      .select({ n: sql<number>`count(*)` })
      .from(calls)
      .where(and(eq(calls.companyId, t.companyId), sql`local_date BETWEEN '2026-03-29' AND '2026-04-02'`))
      .get();
    expect(period.json.aggregates.count).toBe(count!.n);
    expect(period.json.data.length).toBe(Math.min(100, Math.max(0, count!.n - 7000)));
    // Every local date holds exactly the calls that started on it in Madrid.
    const sample = await db
      .select({ startedAt: calls.startedAt, localDate: calls.localDate })
      .from(calls)
      .where(eq(calls.companyId, t.companyId))
      .limit(500);
    for (const row of sample) expect(row.localDate).toBe(localDateOf(row.startedAt, "Europe/Madrid"));
  }, 120_000);
});
