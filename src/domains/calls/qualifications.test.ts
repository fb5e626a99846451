import { describe, expect, it } from "vitest";
import { call, db, slug, tenant } from "../../../test/helpers";
import { callRow, insertCalls, setCallSettings } from "../../../test/fixtures/calls";
import { callQualifications, type QualificationVerdict } from "./schema";

const ZONE = "Europe/Madrid";

/** Verdicts on calls at known times: one per entry of `at`, verdicts in turn. */
async function fixture(at: string[], verdicts: QualificationVerdict[] = ["qualified", "not_qualified", "follow_up"]) {
  const t = await tenant({ defaultRegion: "ES" });
  const rows = at.map((qualifiedAt) =>
    callRow(t.companyId, ZONE, { startedAt: new Date(Date.parse(qualifiedAt) - 300_000).toISOString() }),
  );
  await insertCalls(db, rows);
  const entries = rows.map((row, i) => ({
    id: crypto.randomUUID(),
    companyId: t.companyId,
    callId: row.id,
    verdict: verdicts[i % verdicts.length]!,
    score: 40 + i,
    reason: i % 2 === 0 ? `Reason ${i}` : null,
    qualifiedAt: at[i]!,
  }));
  await db.insert(callQualifications).values(entries);
  return { ...t, entries };
}

const list = async (key: string, query = "") => {
  const response = await call(`/api/v1/qualifications${query}`, { key });
  expect(response.status, response.text).toBe(200);
  return response.json;
};

describe("GET /qualifications", () => {
  it("lists the company's verdicts newest first with call, verdict, score, reason and time", async () => {
    const t = await fixture(["2026-04-01T10:00:00.000Z", "2026-04-02T10:00:00.000Z", "2026-04-03T10:00:00.000Z"]);
    const other = await fixture(["2026-04-02T11:00:00.000Z"]);
    const page = await list(t.key);
    expect(page.data.map((q: { id: string }) => q.id)).toEqual([t.entries[2]!.id, t.entries[1]!.id, t.entries[0]!.id]);
    expect(page.data[2]).toEqual({
      id: t.entries[0]!.id,
      call_id: t.entries[0]!.callId,
      verdict: "qualified",
      score: 40,
      reason: "Reason 0",
      qualified_at: "2026-04-01T10:00:00.000Z",
    });
    expect(page.data[1].reason).toBeNull();
    expect((await list(other.key)).data.map((q: { id: string }) => q.id)).toEqual([other.entries[0]!.id]);
    const second = await list(t.key, "?limit=2&offset=2");
    expect(second).toMatchObject({ limit: 2, offset: 2, data: [{ id: t.entries[0]!.id }] });
  });

  it("filters by verdict and by days of the company's time zone, both ends included", async () => {
    // 22:30 UTC on 1 April is 00:30 on 2 April in Madrid (UTC+2).
    const t = await fixture([
      "2026-04-01T21:59:00.000Z",
      "2026-04-01T22:30:00.000Z",
      "2026-04-02T21:00:00.000Z",
      "2026-04-02T22:00:00.000Z",
    ]);
    const ids = async (query: string) => (await list(t.key, query)).data.map((q: { id: string }) => q.id);
    const [lastOf1, firstOf2, lateOf2, firstOf3] = t.entries.map((e) => e.id);
    expect(await ids("?start_date=2026-04-02&end_date=2026-04-02")).toEqual([lateOf2, firstOf2]);
    expect(await ids("?end_date=2026-04-01")).toEqual([lastOf1]);
    expect(await ids("?start_date=2026-04-03")).toEqual([firstOf3]);
    expect(await ids("?verdict=not_qualified")).toEqual([firstOf2]);
    expect(await ids("?verdict=qualified&start_date=2026-04-02")).toEqual([firstOf3]);
    expect(await ids("?verdict=follow_up&end_date=2026-04-01")).toEqual([]);

    await setCallSettings(db, t.companyId, { timeZone: "UTC" });
    expect(await ids("?start_date=2026-04-02&end_date=2026-04-02")).toEqual([firstOf3, lateOf2]);
  });

  it("answers 400 for an unknown verdict, a malformed date or a reversed range", async () => {
    const t = await tenant();
    for (const query of [
      "verdict=maybe",
      "start_date=2026-04-31",
      "start_date=2026-04-02&end_date=2026-04-01",
      "end_date=01/04/2026",
    ]) {
      const response = await call(`/api/v1/qualifications?${query}`, { key: t.key });
      expect(response.status, query).toBe(400);
      expect(slug(response.json)).toBe("validation_error");
    }
  });
});
