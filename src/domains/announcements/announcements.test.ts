import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, keyFor, operator, slug, tenant } from "../../../test/helpers";
import { seededRandom } from "../../lib/random";
import { companies } from "../../data/schema";
import { parseAudience, publishAnnouncement, withdrawAnnouncement } from "./panel";
import { announcements } from "./schema";
import { seedAnnouncementDomain } from "./seed";
import { InputError } from "../../lib/input-error";

const row = (companyId: string, n: number, overrides: Partial<typeof announcements.$inferInsert> = {}) => ({
  id: `ann-${n}-${companyId}`,
  companyId,
  publicationId: `pub-${n}-${companyId}`,
  category: "news" as const,
  title: `Title ${n}`,
  body: `Body ${n}`,
  publishedAt: `2026-03-0${n}T10:00:00.000Z`,
  withdrawnAt: null,
  ...overrides,
});

const ids = (response: { json: { data: { id: string }[] } }) => response.json.data.map((item) => item.id);

describe("GET /api/v1/announcements", () => {
  it("lists the company's published announcements, newest first, without the withdrawn ones", async () => {
    const t = await tenant();
    await db.insert(announcements).values([
      row(t.companyId, 1),
      row(t.companyId, 3, { category: "maintenance" }),
      row(t.companyId, 2, { withdrawnAt: "2026-03-02T11:00:00.000Z" }),
      // Same instant as 3: the id breaks the tie, descending.
      row(t.companyId, 4, { publishedAt: "2026-03-03T10:00:00.000Z" }),
    ]);
    const response = await call("/api/v1/announcements", { key: t.key });
    expect(response.status).toBe(200);
    expect(ids(response)).toEqual([`ann-4-${t.companyId}`, `ann-3-${t.companyId}`, `ann-1-${t.companyId}`]);
    expect(response.json).toMatchObject({ limit: 50, offset: 0 });
    expect(response.json.data[1]).toEqual({
      id: `ann-3-${t.companyId}`,
      category: "maintenance",
      title: "Title 3",
      body: "Body 3",
      published_at: "2026-03-03T10:00:00.000Z",
    });
  });

  it("pages with limit and offset in a stable order", async () => {
    const t = await tenant();
    await db.insert(announcements).values([1, 2, 3, 4, 5].map((n) => row(t.companyId, n)));
    const first = await call("/api/v1/announcements?limit=2", { key: t.key });
    const second = await call("/api/v1/announcements?limit=2&offset=2", { key: t.key });
    const third = await call("/api/v1/announcements?limit=2&offset=4", { key: t.key });
    expect([...ids(first), ...ids(second), ...ids(third)]).toEqual(
      [5, 4, 3, 2, 1].map((n) => `ann-${n}-${t.companyId}`),
    );
    expect(second.json).toMatchObject({ limit: 2, offset: 2 });
  });

  it("filters by category and by publication time, and answers 400 for an invalid filter", async () => {
    const t = await tenant();
    await db
      .insert(announcements)
      .values([
        row(t.companyId, 1, { category: "incident" }),
        row(t.companyId, 2),
        row(t.companyId, 3, { category: "incident" }),
      ]);
    expect(ids(await call("/api/v1/announcements?category=incident", { key: t.key }))).toEqual([
      `ann-3-${t.companyId}`,
      `ann-1-${t.companyId}`,
    ]);
    // 11:00 in UTC+01:00 is 10:00 UTC: published at or after it.
    expect(ids(await call("/api/v1/announcements?since=2026-03-02T11:00:00%2B01:00", { key: t.key }))).toEqual([
      `ann-3-${t.companyId}`,
      `ann-2-${t.companyId}`,
    ]);
    expect(ids(await call("/api/v1/announcements?since=2026-03-02T10:00:00.001Z", { key: t.key }))).toEqual([
      `ann-3-${t.companyId}`,
    ]);
    for (const [query, path] of [
      ["category=gossip", "query.category"],
      ["since=last-week", "query.since"],
      ["since=2026-03-02", "query.since"],
    ]) {
      const bad = await call(`/api/v1/announcements?${query}`, { key: t.key });
      expect(bad.status, query).toBe(400);
      expect(slug(bad.json)).toBe("validation_error");
      expect(bad.json.errors.map((error: { path: string }) => error.path)).toEqual([path]);
    }
  });

  it("shows only the company's own announcements and needs announcements:read", async () => {
    const a = await tenant();
    const b = await tenant();
    await db.insert(announcements).values(row(a.companyId, 1));
    expect((await call("/api/v1/announcements", { key: b.key })).json.data).toEqual([]);
    const noScope = await keyFor(a.companyId, ["alerts:read"]);
    expect(slug((await call("/api/v1/announcements", { key: noScope.key })).json)).toBe("insufficient_scope");
  });
});

describe("GET /api/v1/announcements/{announcement_id}", () => {
  it("reads one; a withdrawn, unknown, malformed or other company's id is 404", async () => {
    const a = await tenant();
    const b = await tenant();
    await db
      .insert(announcements)
      .values([row(a.companyId, 1), row(a.companyId, 2, { withdrawnAt: "2026-03-02T12:00:00.000Z" })]);
    const found = await call(`/api/v1/announcements/ann-1-${a.companyId}`, { key: a.key });
    expect(found.status).toBe(200);
    expect(found.json).toMatchObject({ id: `ann-1-${a.companyId}`, title: "Title 1" });
    const missing = await call(`/api/v1/announcements/${crypto.randomUUID()}`, { key: a.key });
    for (const path of [`ann-2-${a.companyId}`, "not a uuid", "x".repeat(300)]) {
      const response = await call(`/api/v1/announcements/${encodeURIComponent(path)}`, { key: a.key });
      expect(response.status, path).toBe(404);
      expect(slug(response.json)).toBe("not_found");
      expect(response.json.detail).toBe(missing.json.detail);
    }
    expect((await call(`/api/v1/announcements/ann-1-${a.companyId}`, { key: b.key })).status).toBe(404);
  });
});

describe("the panel: npm run admin -- announcement publish | withdraw", () => {
  it("publishes to every company: each gets its own copy, listed first, with its own id", async () => {
    const a = await tenant();
    const b = await tenant();
    const companyCount = (await db.select({ n: count() }).from(companies).get())!.n;
    const published = await publishAnnouncement(db, {
      title: "  New dashboard  ",
      body: "Compare periods.",
      category: "feature",
    });
    expect(published).toMatchObject({
      title: "New dashboard",
      category: "feature",
      audience: "all",
      companies: companyCount,
    });
    const seenByA = (await call("/api/v1/announcements", { key: a.key })).json.data[0];
    const seenByB = (await call("/api/v1/announcements", { key: b.key })).json.data[0];
    expect(seenByA).toMatchObject({
      title: "New dashboard",
      body: "Compare periods.",
      category: "feature",
      published_at: published.published_at,
    });
    expect(seenByA.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(seenByB.id).not.toBe(seenByA.id);
    expect((await call(`/api/v1/announcements/${seenByA.id}`, { key: b.key })).status).toBe(404);
  });

  it("publishes to the companies on some plans, or to named companies, only", async () => {
    const starter = await tenant({ plan: "Starter" });
    const business = await tenant({ plan: "Business" });
    const byPlan = await publishAnnouncement(db, { title: "Starter news", body: "b", audience: "plans:Starter" });
    expect((await call("/api/v1/announcements", { key: starter.key })).json.data[0].title).toBe("Starter news");
    expect(
      (await call("/api/v1/announcements", { key: business.key })).json.data.map((a: { title: string }) => a.title),
    ).not.toContain("Starter news");
    const starters = (await db.select({ n: count() }).from(companies).where(eq(companies.plan, "Starter")).get())!.n;
    expect(byPlan.companies).toBe(starters);
    const named = await publishAnnouncement(db, {
      title: "Just you",
      body: "b",
      audience: `companies:${business.companyId}`,
    });
    expect(named.companies).toBe(1);
    expect((await call("/api/v1/announcements", { key: business.key })).json.data[0].title).toBe("Just you");
    expect((await call("/api/v1/announcements", { key: starter.key })).json.data[0].title).toBe("Starter news");
  });

  it("withdraws a publication from every company, or one company's copy; withdrawn ones are 404", async () => {
    const a = await tenant({ plan: "Partner" });
    const b = await tenant({ plan: "Partner" });
    const published = await publishAnnouncement(db, { title: "To withdraw", body: "b", audience: "plans:Partner" });
    const copyOf = async (t: { key: string }) =>
      (await call("/api/v1/announcements", { key: t.key })).json.data[0].id as string;
    const copyA = await copyOf(a);
    const copyB = await copyOf(b);

    expect(await withdrawAnnouncement(db, copyA)).toEqual({ id: copyA, withdrawn: 1, already_withdrawn: 0 });
    expect((await call(`/api/v1/announcements/${copyA}`, { key: a.key })).status).toBe(404);
    expect((await call(`/api/v1/announcements/${copyB}`, { key: b.key })).status).toBe(200);

    const all = await withdrawAnnouncement(db, published.publication_id);
    expect(all).toEqual({ id: published.publication_id, withdrawn: published.companies - 1, already_withdrawn: 1 });
    expect((await call(`/api/v1/announcements/${copyB}`, { key: b.key })).status).toBe(404);
    expect((await call("/api/v1/announcements", { key: b.key })).json.data).toEqual([]);
    expect(await withdrawAnnouncement(db, published.publication_id)).toMatchObject({
      withdrawn: 0,
      already_withdrawn: published.companies,
    });
    await expect(withdrawAnnouncement(db, "no-such-id")).rejects.toThrow(InputError);
  });

  it("refuses invalid input and an audience that matches no company, publishing nothing", async () => {
    const before = (await db.select({ n: count() }).from(announcements).get())!.n;
    await expect(publishAnnouncement(db, { title: "", body: "b" })).rejects.toThrow(/^title:/);
    await expect(publishAnnouncement(db, { title: "t" })).rejects.toThrow(/^body:/);
    await expect(publishAnnouncement(db, { title: "t", body: "b", category: "gossip" })).rejects.toThrow(
      /^category:.*news, feature/,
    );
    await expect(publishAnnouncement(db, { title: "t".repeat(201), body: "b" })).rejects.toThrow(/^title:/);
    await expect(publishAnnouncement(db, { title: "t", body: "b", audience: "companies:nobody" })).rejects.toThrow(
      /No company matches/,
    );
    expect(() => parseAudience("plans:Gold")).toThrow(/unknown plans/);
    expect(() => parseAudience("everyone")).toThrow(/^audience must be/);
    expect(() => parseAudience("plans:")).toThrow(/^audience must be/);
    expect(parseAudience(undefined)).toEqual({ kind: "all" });
    expect(parseAudience("plans:Starter, Business")).toEqual({ kind: "plans", plans: ["Starter", "Business"] });
    const after = (await db.select({ n: count() }).from(announcements).get())!.n;
    expect(after).toBe(before);
  });
});

describe("seed", () => {
  it("gives a company recent announcements, one withdrawn and not listed", async () => {
    const t = await tenant();
    const counts = await seedAnnouncementDomain(db, t.companyId, seededRandom(1), Date.now(), "full");
    const listed = (await call("/api/v1/announcements", { key: t.key })).json.data;
    expect(listed.length).toBe(counts.announcements! - 1);
    expect(listed.map((a: { published_at: string }) => a.published_at)).toEqual(
      listed
        .map((a: { published_at: string }) => a.published_at)
        .sort()
        .reverse(),
    );
    const small = await tenant();
    await seedAnnouncementDomain(db, small.companyId, seededRandom(2), Date.now(), "small");
    expect((await call("/api/v1/announcements", { key: small.key })).json.data).toHaveLength(2);
  });
});

describe("the operator API: POST /admin/v1/announcements and /announcements/{id}/withdraw", () => {
  it("publishes to its audience, withdraws, and refuses bad input and unknown ids", async () => {
    const a = await tenant();
    const b = await tenant();
    const published = await operator("/announcements", {
      method: "POST",
      body: {
        title: "Maintenance",
        body: "Sunday 02:00 UTC.",
        category: "maintenance",
        audience: `companies:${a.companyId}`,
      },
    });
    expect(published.status, published.text).toBe(201);
    expect(published.json).toMatchObject({
      title: "Maintenance",
      category: "maintenance",
      audience: `companies:${a.companyId}`,
      companies: 1,
    });
    expect((await call("/api/v1/announcements", { key: a.key })).json.data[0]).toMatchObject({
      title: "Maintenance",
      body: "Sunday 02:00 UTC.",
    });
    expect((await call("/api/v1/announcements", { key: b.key })).json.data).toEqual([]);
    const audit = await operator("/audit-log?limit=500");
    expect(audit.json.data).toContainEqual(
      expect.objectContaining({
        operation: "publishAnnouncement",
        company_id: null,
        resource_id: published.json.publication_id,
      }),
    );

    const withdrawn = await operator(`/announcements/${published.json.publication_id}/withdraw`, { method: "POST" });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.json).toEqual({ id: published.json.publication_id, withdrawn: 1, already_withdrawn: 0 });
    expect((await call("/api/v1/announcements", { key: a.key })).json.data).toEqual([]);
    expect(
      (await operator(`/announcements/${published.json.publication_id}/withdraw`, { method: "POST" })).json,
    ).toMatchObject({ withdrawn: 0, already_withdrawn: 1 });
    expect((await operator("/announcements/no-such-id/withdraw", { method: "POST" })).status).toBe(404);

    for (const body of [
      { title: "t" },
      { title: "t", body: "b", category: "gossip" },
      { title: "t", body: "b", audience: "plans:Gold" },
      { title: "t", body: "b", extra: 1 },
    ]) {
      const refused = await operator("/announcements", { method: "POST", body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(slug(refused.json)).toBe("validation_error");
    }
    expect(
      (
        await operator("/announcements", {
          method: "POST",
          body: { title: "t", body: "b", audience: "companies:nobody" },
        })
      ).status,
    ).toBe(404);
  });
});
