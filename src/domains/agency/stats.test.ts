import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { db, tenant } from "../../../test/helpers";
import { walletWith } from "../../../test/wallet";
import { companies } from "../../data/schema";
import { callRow, insertCalls } from "../../../test/fixtures/calls";
import { agency, childOf, get } from "../../../test/fixtures/agency";

const stats = (key: string, query = "") => get(`/api/v1/agency/stats${query}`, key);
const MADRID = "Europe/Madrid";
const LONDON = "Europe/London";

describe("GET /api/v1/agency/stats", () => {
  it("aggregates the subaccounts over the period's dates, each in its own time zone: the whole tree by default, the direct ones with scope=direct; other trees never", async () => {
    const a = await agency();
    const madrid = await childOf(a.companyId);
    const london = await tenant({
      plan: "Business",
      parentCompanyId: a.companyId,
      defaultRegion: "GB",
      defaultCurrency: "GBP",
    });
    await db.update(companies).set({ status: "suspended" }).where(eq(companies.id, london.companyId));
    await db.update(companies).set({ createdAt: "2026-03-15T09:00:00.000Z" }).where(eq(companies.id, madrid.companyId));
    const grandchild = await childOf(madrid.companyId);
    const stranger = await childOf((await agency()).companyId);

    await insertCalls(db, [
      callRow(madrid.companyId, MADRID, { startedAt: "2026-03-10T10:00:00.000Z", durationSeconds: 120 }),
      // 1 March in Madrid (UTC+1): inside the period.
      callRow(madrid.companyId, MADRID, { startedAt: "2026-02-28T23:30:00.000Z", durationSeconds: 60 }),
      callRow(madrid.companyId, MADRID, { startedAt: "2026-04-01T12:00:00.000Z", durationSeconds: 600 }),
      // 1 April in London (summer time since 29 March): outside.
      callRow(london.companyId, LONDON, {
        startedAt: "2026-03-31T23:30:00.000Z",
        durationSeconds: 90,
        currency: "GBP",
      }),
      callRow(london.companyId, LONDON, {
        startedAt: "2026-03-31T22:30:00.000Z",
        durationSeconds: 30,
        currency: "GBP",
      }),
      callRow(grandchild.companyId, MADRID, { startedAt: "2026-03-10T10:00:00.000Z", durationSeconds: 999 }),
      callRow(stranger.companyId, MADRID, { startedAt: "2026-03-10T10:00:00.000Z", durationSeconds: 999 }),
    ]);
    await walletWith(madrid.companyId, [
      { kind: "top_up", amountMinor: 10_000, at: "2026-02-01T10:00:00.000Z" },
      { kind: "charge", amountMinor: -2_000, at: "2026-03-05T10:00:00.000Z" },
      { kind: "refund", amountMinor: 500, at: "2026-03-06T10:00:00.000Z" },
      // 1 April 00:30 in Madrid (UTC+2): after the period.
      { kind: "charge", amountMinor: -700, at: "2026-03-31T22:30:00.000Z" },
      // A refund after the period, larger than the charges after it: the period's spend stays its own.
      { kind: "refund", amountMinor: 1_000, at: "2026-04-05T10:00:00.000Z" },
    ]);
    await walletWith(
      london.companyId,
      [
        { kind: "top_up", amountMinor: 5_000, at: "2026-02-01T10:00:00.000Z" },
        { kind: "charge", amountMinor: -300, at: "2026-03-31T22:30:00.000Z" },
      ],
      "GBP",
    );
    await walletWith(grandchild.companyId, [
      { kind: "top_up", amountMinor: 5_000, at: "2026-02-01T10:00:00.000Z" },
      { kind: "charge", amountMinor: -4_000, at: "2026-03-10T10:00:00.000Z" },
    ]);

    const response = await stats(a.key, "?from=2026-03-01&to=2026-03-31&scope=direct");
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      scope: "direct",
      period: { from: "2026-03-01", to: "2026-03-31", days: 31 },
      subaccounts: { total: 2, active: 1, suspended: 1, created_in_period: 1 },
      calls: 3,
      minutes: 3.5,
      spend: [
        { currency: "EUR", amount: 15 },
        { currency: "GBP", amount: 3 },
      ],
    });

    // The tree (the default): the grandchild's call (999 s) and spend (40 EUR) too; the stranger's never.
    const tree = await stats(a.key, "?from=2026-03-01&to=2026-03-31");
    expect(tree.status).toBe(200);
    expect(tree.json).toEqual({
      scope: "tree",
      period: { from: "2026-03-01", to: "2026-03-31", days: 31 },
      subaccounts: { total: 3, active: 2, suspended: 1, created_in_period: 1 },
      calls: 4,
      minutes: 20.2,
      spend: [
        { currency: "EUR", amount: 55 },
        { currency: "GBP", amount: 3 },
      ],
    });
    expect((await stats(a.key, "?from=2026-03-01&to=2026-03-31&scope=tree")).json).toEqual(tree.json);
    const invalid = await stats(a.key, "?scope=everything");
    expect(invalid.status).toBe(400);
    expect(invalid.json.errors.map((e: { path: string }) => e.path)).toEqual(["query.scope"]);
  });

  it("an agency without subaccounts: zeros; the default period is the 30 days up to today in the agency's time zone", async () => {
    const a = await agency();
    const response = await stats(a.key);
    const today = DateTime.now().setZone(MADRID).toISODate()!;
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      scope: "tree",
      period: { from: DateTime.fromISO(today).minus({ days: 29 }).toISODate(), to: today, days: 30 },
      subaccounts: { total: 0, active: 0, suspended: 0, created_in_period: 0 },
      calls: 0,
      minutes: 0,
      spend: [],
    });
    expect((await stats(a.key, "?to=2026-02-10")).json.period).toEqual({
      from: "2026-01-12",
      to: "2026-02-10",
      days: 30,
    });
  });

  it("refuses reversed, invalid and over-long periods with 400 naming the parameter", async () => {
    const a = await agency();
    const cases: [string, string][] = [
      ["?from=2026-03-10&to=2026-03-01", "query.to"],
      ["?from=2026-02-30", "query.from"],
      ["?to=yesterday", "query.to"],
      ["?from=2010-01-01&to=2026-01-01", "query.from"],
      ["?from=2999-01-01", "query.from"],
    ];
    for (const [query, path] of cases) {
      const response = await stats(a.key, query);
      expect(response.status, query).toBe(400);
      expect(
        response.json.errors.map((e: { path: string }) => e.path),
        query,
      ).toEqual([path]);
    }
  });
});
