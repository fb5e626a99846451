import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, slug, tenant } from "../../../test/helpers";
import { callRow, insertCalls, insertLabels, setCallSettings } from "../../../test/fixtures/calls";
import { callAssignments, callLabelLinks, callQualifications, callResults, calls, type CallResult } from "./schema";

const MADRID = "Europe/Madrid";
const DAY = 86_400_000;

/** Every page of GET /calls for `query`, with the aggregates each page carried. */
async function allPages(key: string, query: string, limit: number) {
  const pages = [];
  for (let offset = 0; ; offset += limit) {
    const page = await call(`/api/v1/calls?limit=${limit}&offset=${offset}${query}`, { key });
    expect(page.status).toBe(200);
    pages.push(page.json);
    if (page.json.data.length < limit) return pages;
  }
}

describe("GET /calls", () => {
  it("lists calls newest first with cost in major units, labels, members and verdict", async () => {
    const t = await tenant({ defaultRegion: "ES" });
    const now = Date.now();
    const older = callRow(t.companyId, MADRID, {
      startedAt: new Date(now - 2 * DAY).toISOString(),
      costMinor: 1234,
      summary: "Quote requested",
      agentId: crypto.randomUUID(),
    });
    const newer = callRow(t.companyId, MADRID, {
      startedAt: new Date(now - DAY).toISOString(),
      result: "busy",
      direction: "inbound",
    });
    await insertCalls(db, [older, newer]);
    await insertLabels(db, t.companyId, ["interested", "vip"]);
    await db.insert(callLabelLinks).values([
      { companyId: t.companyId, callId: older.id, labelKey: "vip", labeledAt: older.endedAt },
      { companyId: t.companyId, callId: older.id, labelKey: "interested", labeledAt: older.endedAt },
    ]);
    const member = crypto.randomUUID();
    await db
      .insert(callAssignments)
      .values({ companyId: t.companyId, callId: older.id, memberId: member, assignedAt: older.endedAt });
    await db.insert(callQualifications).values({
      id: crypto.randomUUID(),
      companyId: t.companyId,
      callId: older.id,
      verdict: "qualified",
      score: 87,
      reason: "Budget confirmed",
      qualifiedAt: older.endedAt,
    });

    const response = await call("/api/v1/calls", { key: t.key });
    expect(response.status).toBe(200);
    expect(response.json.data.map((c: { id: string }) => c.id)).toEqual([newer.id, older.id]);
    expect(response.json.data[1]).toEqual({
      id: older.id,
      direction: "outbound",
      from: "+34910000000",
      to: "+34612345678",
      agent_id: older.agentId,
      status: "completed",
      result: "answered",
      started_at: older.startedAt,
      ended_at: older.endedAt,
      duration_seconds: 60,
      cost: 12.34,
      currency: "EUR",
      labels: [
        { key: "interested", name: "Interested" },
        { key: "vip", name: "Vip" },
      ],
      members: [{ member_id: member, assigned_at: older.endedAt }],
      qualification: { verdict: "qualified", score: 87, reason: "Budget confirmed", qualified_at: older.endedAt },
      summary: "Quote requested",
      archived: false,
      // No event was emitted about a call inserted as it ended.
      sequence: 0,
    });
    expect(response.json.data[0]).toMatchObject({
      result: "busy",
      labels: [],
      members: [],
      qualification: null,
      cost: 0.12,
    });
    expect(response.json.aggregates).toEqual({
      start_date: null,
      end_date: null,
      time_zone: MADRID,
      count: 2,
      total_duration_seconds: 60,
      total_cost: 12.46,
      currency: "EUR",
      by_result: { answered: 1, no_answer: 0, busy: 1, failed: 0, voicemail: 0, cancelled: 0 },
    });
  });

  it("carries the aggregates of the whole period on every page, equal to the sum over all pages", async () => {
    const t = await tenant();
    const now = Date.parse("2026-03-31T12:00:00.000Z");
    const rows = Array.from({ length: 437 }, (_, i) =>
      callRow(t.companyId, MADRID, {
        startedAt: new Date(now - i * 3_617_000).toISOString(),
        result: callResults[(i * 7) % callResults.length] as CallResult,
        durationSeconds: (i * 37) % 500,
        costMinor: (i * 13) % 250,
      }),
    );
    await insertCalls(db, rows);
    for (const query of ["", "&start_date=2026-03-10&end_date=2026-03-20"]) {
      const pages = await allPages(t.key, query, 100);
      const listed = pages.flatMap((page) => page.data);
      const aggregates = pages[0].aggregates;
      for (const page of pages) expect(page.aggregates).toEqual(aggregates);
      expect(new Set(listed.map((c: { id: string }) => c.id)).size).toBe(listed.length);
      expect(aggregates.count).toBe(listed.length);
      expect(aggregates.total_duration_seconds).toBe(
        listed.reduce((sum: number, c: { duration_seconds: number }) => sum + c.duration_seconds, 0),
      );
      const centsListed = listed.reduce((sum: number, c: { cost: number }) => sum + Math.round(c.cost * 100), 0);
      expect(Math.round(aggregates.total_cost * 100)).toBe(centsListed);
      for (const result of callResults)
        expect(aggregates.by_result[result]).toBe(listed.filter((c: { result: string }) => c.result === result).length);
      if (query === "") expect(aggregates.count).toBe(437);
    }
  });

  it("reads start_date and end_date as days of the company's time zone, both included, across a DST change", async () => {
    const t = await tenant({ defaultRegion: "ES" });
    // Madrid moves from UTC+1 to UTC+2 at 01:00 UTC on 29 March 2026.
    const at = (iso: string) => callRow(t.companyId, MADRID, { startedAt: iso });
    const lastOf28 = at("2026-03-28T22:59:59.999Z"); // 23:59:59.999 on the 28th in Madrid
    const firstOf29 = at("2026-03-28T23:00:00.000Z"); // 00:00 on the 29th
    const lastOf29 = at("2026-03-29T21:59:59.999Z"); // 23:59:59.999 on the 29th (now UTC+2)
    const firstOf30 = at("2026-03-29T22:00:00.000Z");
    await insertCalls(db, [lastOf28, firstOf29, lastOf29, firstOf30]);
    const ids = async (query: string) => {
      const response = await call(`/api/v1/calls?${query}`, { key: t.key });
      expect(response.status).toBe(200);
      expect(response.json.aggregates.count).toBe(response.json.data.length);
      return response.json.data.map((c: { id: string }) => c.id);
    };
    expect(await ids("start_date=2026-03-29&end_date=2026-03-29")).toEqual([lastOf29.id, firstOf29.id]);
    expect(await ids("start_date=2026-03-28&end_date=2026-03-28")).toEqual([lastOf28.id]);
    expect(await ids("start_date=2026-03-29")).toEqual([firstOf30.id, lastOf29.id, firstOf29.id]);
    expect(await ids("end_date=2026-03-29")).toEqual([lastOf29.id, firstOf29.id, lastOf28.id]);
    const day = await call("/api/v1/calls?start_date=2026-03-29&end_date=2026-03-29", { key: t.key });
    expect(day.json.aggregates).toMatchObject({
      start_date: "2026-03-29",
      end_date: "2026-03-29",
      time_zone: MADRID,
      count: 2,
    });

    // The company's own time zone, once set, decides instead (local dates were written in it).
    const other = await tenant({ defaultRegion: "ES" });
    await setCallSettings(db, other.companyId, { timeZone: "America/New_York" });
    const evening = callRow(other.companyId, "America/New_York", { startedAt: "2026-03-29T02:00:00.000Z" }); // 22:00 on the 28th in New York
    await insertCalls(db, [evening]);
    const ny = await call("/api/v1/calls?start_date=2026-03-28&end_date=2026-03-28", { key: other.key });
    expect(ny.json.data.map((c: { id: string }) => c.id)).toEqual([evening.id]);
    expect(ny.json.aggregates).toMatchObject({ time_zone: "America/New_York", count: 1 });
  });

  it("answers 400 for a reversed range or a date that does not exist", async () => {
    const t = await tenant();
    for (const query of [
      "start_date=2026-03-10&end_date=2026-03-09",
      "start_date=2026-02-30",
      "end_date=2026-02-29",
      "start_date=2026-13-01",
      "start_date=yesterday",
      "end_date=2026-3-1",
    ]) {
      const response = await call(`/api/v1/calls?${query}`, { key: t.key });
      expect(response.status, query).toBe(400);
      expect(slug(response.json)).toBe("validation_error");
    }
    const reversed = await call("/api/v1/calls?start_date=2026-03-10&end_date=2026-03-09", { key: t.key });
    expect(reversed.json.errors).toEqual([
      { path: "query.end_date", message: expect.stringContaining("before start_date") },
    ]);
    expect((await call("/api/v1/calls?start_date=2024-02-29&end_date=2024-02-29", { key: t.key })).status).toBe(200);
  });

  it("keeps the day totals equal to the calls when calls change or go", async () => {
    const t = await tenant();
    const rows = Array.from({ length: 60 }, (_, i) =>
      callRow(t.companyId, MADRID, {
        startedAt: new Date(Date.parse("2026-02-01T10:00:00.000Z") + i * 7 * 3_600_000).toISOString(),
        costMinor: i,
      }),
    );
    await insertCalls(db, rows);
    await db
      .update(calls)
      .set({ result: "voicemail", durationSeconds: 20, costMinor: 5 })
      .where(and(eq(calls.companyId, t.companyId), sql`${calls.costMinor} % 3 = 0`));
    await db.delete(calls).where(and(eq(calls.companyId, t.companyId), sql`${calls.costMinor} % 5 = 1`));
    const direct = await db
      .select({ n: sql<number>`count(*)`, d: sql<number>`sum(duration_seconds)`, c: sql<number>`sum(cost_minor)` })
      .from(calls)
      .where(and(eq(calls.companyId, t.companyId), sql`local_date BETWEEN '2026-02-03' AND '2026-02-12'`))
      .get();
    const listed = await call("/api/v1/calls?start_date=2026-02-03&end_date=2026-02-12&limit=100", { key: t.key });
    expect(listed.json.aggregates).toMatchObject({
      count: direct!.n,
      total_duration_seconds: direct!.d,
      total_cost: direct!.c / 100,
    });
    expect(listed.json.data).toHaveLength(direct!.n);
  });
});

describe("GET /calls/{call_id}", () => {
  it("answers the company's call, 400 for a malformed id, 404 for another company's or an unknown id", async () => {
    const owner = await tenant();
    const other = await tenant();
    const row = callRow(owner.companyId, MADRID, {
      startedAt: new Date(Date.now() - DAY).toISOString(),
      currency: "JPY",
      costMinor: 150,
    });
    await insertCalls(db, [row]);
    const mine = await call(`/api/v1/calls/${row.id}`, { key: owner.key });
    expect(mine.status).toBe(200);
    expect(mine.json).toMatchObject({ id: row.id, cost: 150, currency: "JPY", archived: false });
    const foreign = await call(`/api/v1/calls/${row.id}`, { key: other.key });
    expect(foreign.status).toBe(404);
    expect(slug(foreign.json)).toBe("not_found");
    expect((await call(`/api/v1/calls/${crypto.randomUUID()}`, { key: owner.key })).status).toBe(404);
    for (const malformed of ["123", "not-a-uuid", `${row.id}x`]) {
      const response = await call(`/api/v1/calls/${malformed}`, { key: owner.key });
      expect(response.status, malformed).toBe(400);
      expect(response.json.errors[0].path).toBe("path.call_id");
    }
  });

  it("marks a call older than the retention archived", async () => {
    const t = await tenant();
    const old = callRow(t.companyId, MADRID, { startedAt: new Date(Date.now() - 366 * DAY).toISOString() });
    await insertCalls(db, [old]);
    expect((await call(`/api/v1/calls/${old.id}`, { key: t.key })).json.archived).toBe(true);
    await setCallSettings(db, t.companyId, { retentionDays: 400 });
    expect((await call(`/api/v1/calls/${old.id}`, { key: t.key })).json.archived).toBe(false);
  });
});
