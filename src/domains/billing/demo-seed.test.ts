import { and, eq, gte, lt } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, tenant } from "../../../test/helpers";
import { read } from "../../../test/fixtures/billing";
import { balanceOf, checkedLedgerSum } from "../../../test/wallet-operations";
import { seedCompany } from "../../admin/seed";
import { addDays, instantRange, localDateOf } from "../../lib/period";
import { seededRandom } from "../../lib/random";
import { calls } from "../calls";
import { dialledCalls } from "../dialer/schema";
import { walletLedger, type WalletLedgerRow } from "./schema";

/*
 * The demo seed agrees with itself: every seeded call with a cost has its charge in the ledger,
 * every seeded send its usage record and its charge, and for every period GET /billing/usage,
 * GET /calls' aggregates, GET /analytics/* and the alerts' spend say what the ledger says.
 */

const ZONE = "Europe/Madrid";
const minor = (major: number) => Math.round(major * 100);
const net = (rows: readonly WalletLedgerRow[], type: WalletLedgerRow["referenceType"]) =>
  rows.filter((row) => row.referenceType === type).reduce((spent, row) => spent - row.amountMinor, 0);

describe("the demo seed", () => {
  it("charges what it seeds: the ledger, usage, the calls' totals, analytics and the alerts' spend agree for every period", async () => {
    const t = await tenant({ plan: "Business", defaultCurrency: "EUR", defaultRegion: "ES" });
    const now = Date.now();
    await seedCompany(
      db,
      { id: t.companyId, currency: "EUR", vatRate: 21, region: "ES" },
      seededRandom(5),
      now,
      "full",
    );

    // The ledger is a chain adding up to the balance, never below 0.
    const balance = await balanceOf(t.companyId);
    expect(balance).toBeGreaterThan(0);
    expect(await checkedLedgerSum(t.companyId)).toBe(balance);
    const ledger = await db.select().from(walletLedger).where(eq(walletLedger.companyId, t.companyId));

    // Each call's net charge (reservation and refund for a dialled one) is its cost, and nothing else is charged to calls.
    const callRows = await db.select().from(calls).where(eq(calls.companyId, t.companyId));
    const costed = callRows.filter((row) => row.costMinor > 0);
    expect(costed.length).toBeGreaterThan(1000);
    const byCall = new Map<string, number>();
    for (const row of ledger)
      if (row.referenceType === "call")
        byCall.set(row.referenceId, (byCall.get(row.referenceId) ?? 0) - row.amountMinor);
    for (const row of callRows) expect(byCall.get(row.id) ?? 0, row.id).toBe(row.costMinor);
    expect([...byCall.keys()].every((id) => callRows.some((row) => row.id === id))).toBe(true);

    // Times: a call ends after its talk time; a dialled call's talk time is ended_at - answered_at.
    for (const row of callRows)
      expect(Date.parse(row.endedAt!) - Date.parse(row.startedAt)).toBeGreaterThanOrEqual(row.durationSeconds * 1000);
    const dialled = await db.select().from(dialledCalls).where(eq(dialledCalls.companyId, t.companyId));
    expect(dialled).toHaveLength(2);
    for (const row of dialled) {
      const logged = callRows.find((candidate) => candidate.id === row.id)!;
      if (logged.durationSeconds > 0)
        expect((Date.parse(logged.endedAt!) - Date.parse(row.answeredAt!)) / 1000).toBe(logged.durationSeconds);
    }

    // Every period: each day of the last five weeks, this month, the last month, and the longest period usage reads.
    const today = localDateOf(now, ZONE);
    const periods = [
      ...Array.from({ length: 35 }, (_, back) => ({ from: addDays(today, -back), to: addDays(today, -back) })),
      { from: `${today.slice(0, 8)}01`, to: today },
      { from: addDays(today, -30), to: today },
      { from: addDays(today, -365), to: today },
    ];
    for (const { from, to } of periods) {
      const range = instantRange({ startDate: from, endDate: to }, ZONE);
      const moved = await db
        .select()
        .from(walletLedger)
        .where(
          and(
            eq(walletLedger.companyId, t.companyId),
            gte(walletLedger.createdAt, range.from!),
            lt(walletLedger.createdAt, range.until!),
          ),
        );
      const [usage, listed, analytics, dashboard] = await Promise.all([
        read(`/api/v1/billing/usage?start_date=${from}&end_date=${to}`, t.key),
        read(`/api/v1/calls?start_date=${from}&end_date=${to}&limit=1`, t.key),
        read(`/api/v1/analytics/calls?from=${from}&to=${to}`, t.key),
        read(`/api/v1/analytics/dashboard?from=${from}&to=${to}`, t.key),
      ]);
      const label = `${from}..${to}`;
      for (const response of [usage, listed, analytics, dashboard]) expect(response.status, response.text).toBe(200);
      expect(minor(usage.json.calls.cost), label).toBe(net(moved, "call"));
      expect(minor(usage.json.sms.cost), label).toBe(net(moved, "sms"));
      expect(minor(usage.json.emails.cost), label).toBe(net(moved, "campaign"));
      expect(minor(usage.json.total_cost), label).toBe(
        moved
          .filter((row) => row.kind === "charge" || row.kind === "refund")
          .reduce((spent, row) => spent - row.amountMinor, 0),
      );
      expect(minor(listed.json.aggregates.total_cost), label).toBe(net(moved, "call"));
      expect(minor(analytics.json.totals.cost), label).toBe(net(moved, "call"));
      expect(minor(dashboard.json.indicators.cost.value), label).toBe(net(moved, "call"));
      expect(usage.json.calls.count, label).toBe(listed.json.aggregates.count);
    }
    const year = (await read(`/api/v1/billing/usage?start_date=${addDays(today, -365)}&end_date=${today}`, t.key)).json;
    expect([year.calls.count, year.sms.segments, year.emails.count].every((count: number) => count > 0)).toBe(true);

    // The alerts' spend (UTC calendar periods) is the ledger's net spend since each period's start.
    const alerts = (await read("/api/v1/alerts", t.key)).json.data as {
      kind: string;
      period: string | null;
      current: number;
    }[];
    const spendSince = (start: string) =>
      ledger
        .filter((row) => row.createdAt >= start && (row.kind === "charge" || row.kind === "refund"))
        .reduce((spent, row) => spent - row.amountMinor, 0);
    const utc = new Date(now);
    const starts: Record<string, string> = {
      day: new Date(Date.UTC(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate())).toISOString(),
      month: new Date(Date.UTC(utc.getUTCFullYear(), utc.getUTCMonth(), 1)).toISOString(),
    };
    for (const alert of alerts.filter((row) => row.kind === "spend" && row.period !== null && starts[row.period]))
      expect(minor(alert.current), alert.period!).toBe(spendSince(starts[alert.period!]!));
    expect(alerts.find((row) => row.kind === "low_balance")?.current).toBe((balance ?? 0) / 100);
  }, 120_000);
});
