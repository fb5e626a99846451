import { and, asc, count, desc, eq, notInArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, tenant } from "../../../test/helpers";
import { seededRandom } from "../../lib/random";
import { seedTeamDomain } from "../team/seed";
import { teamMembers } from "../team/schema";
import { localDateOf } from "../../lib/period";
import { seedCallDomain } from "./seed";
import { callAssignments, callLabelLinks, callLabels, callQualifications, calls } from "./schema";

describe("calls seed", () => {
  it("gives a full company a realistic month: thousands of calls with labels, verdicts, assignments and a few archived", async () => {
    const t = await tenant({ defaultRegion: "ES", capabilities: ["team"] });
    const now = Date.now();
    const random = seededRandom(7);
    await seedTeamDomain(db, t.companyId, random, now);
    const counts = await seedCallDomain({
      db,
      company: { id: t.companyId, currency: "EUR", vatRate: 21, region: "ES" },
      random,
      now,
      scale: "full",
    });
    expect(counts.calls).toBeGreaterThan(1500);
    expect(counts.call_labels_applied).toBeGreaterThan(300);
    expect(counts.call_qualifications).toBeGreaterThan(300);
    expect(counts.call_assignments).toBeGreaterThan(50);

    const rows = await db.select().from(calls).where(eq(calls.companyId, t.companyId)).orderBy(desc(calls.startedAt));
    expect(rows).toHaveLength(counts.calls!);
    for (const row of rows) {
      expect(row.localDate).toBe(localDateOf(row.startedAt, "Europe/Madrid"));
      expect(Date.parse(row.startedAt)).toBeLessThanOrEqual(now);
      expect(row.status).toBe("completed");
      expect(row.endedAt! >= row.startedAt).toBe(true);
      expect(row.fromNumber).toMatch(/^\+34\d{9}$/);
      expect(row.currency).toBe("EUR");
    }
    expect(new Set(rows.map((row) => row.result))).toEqual(
      new Set(["answered", "no_answer", "busy", "failed", "voicemail", "cancelled"]),
    );
    const archived = rows.filter((row) => Date.parse(row.startedAt) < now - 365 * 86_400_000);
    expect(archived.length).toBeGreaterThan(0);

    // Labels come from the catalogue; assigned people are active members of the company.
    const keys = (
      await db.select({ key: callLabels.key }).from(callLabels).where(eq(callLabels.companyId, t.companyId))
    ).map((row) => row.key);
    const stray = await db
      .select({ n: count() })
      .from(callLabelLinks)
      .where(and(eq(callLabelLinks.companyId, t.companyId), notInArray(callLabelLinks.labelKey, keys)))
      .get();
    expect(stray!.n).toBe(0);
    const active = (
      await db
        .select({ id: teamMembers.id })
        .from(teamMembers)
        .where(and(eq(teamMembers.companyId, t.companyId), eq(teamMembers.status, "active")))
    ).map((row) => row.id);
    const assigned = await db
      .selectDistinct({ id: callAssignments.memberId })
      .from(callAssignments)
      .where(eq(callAssignments.companyId, t.companyId));
    for (const { id } of assigned) expect(active).toContain(id);

    // The newest call carries the documentation's example label; the API reads the seeded month.
    const newest = await call(`/api/v1/calls/${rows[0]!.id}`, { key: t.key });
    expect(newest.json.labels.map((label: { key: string }) => label.key)).toContain("interested");
    const listed = await call("/api/v1/calls?limit=5", { key: t.key });
    expect(listed.json.aggregates.count).toBe(rows.length);
    const direct = await db
      .select({ cost: sql<number>`sum(cost_minor)`, duration: sql<number>`sum(duration_seconds)` })
      .from(calls)
      .where(eq(calls.companyId, t.companyId))
      .get();
    expect(listed.json.aggregates).toMatchObject({
      total_duration_seconds: direct!.duration,
      total_cost: direct!.cost / 100,
      time_zone: "Europe/Madrid",
    });
    const verdicts = await call("/api/v1/qualifications?limit=100", { key: t.key });
    expect(verdicts.json.data).toHaveLength(100);
  });

  it("gives a small company a few calls of its own in its region and currency", async () => {
    const t = await tenant({ defaultRegion: "GB", defaultCurrency: "GBP" });
    const counts = await seedCallDomain({
      db,
      company: { id: t.companyId, currency: "GBP", vatRate: 20, region: "GB" },
      random: seededRandom(3),
      now: Date.now(),
      scale: "small",
    });
    expect(counts.calls).toBeGreaterThan(5);
    expect(counts.calls).toBeLessThan(40);
    const rows = await db.select().from(calls).where(eq(calls.companyId, t.companyId)).orderBy(asc(calls.startedAt));
    for (const row of rows) {
      expect(row.currency).toBe("GBP");
      expect(row.localDate).toBe(localDateOf(row.startedAt, "Europe/London"));
    }
    const verdicts = await db
      .select({ n: count() })
      .from(callQualifications)
      .where(eq(callQualifications.companyId, t.companyId))
      .get();
    expect(verdicts!.n).toBe(counts.call_qualifications);
    const listed = await call("/api/v1/calls", { key: t.key });
    expect(listed.json.aggregates).toMatchObject({ count: rows.length, currency: "GBP", time_zone: "Europe/London" });
  });
});
