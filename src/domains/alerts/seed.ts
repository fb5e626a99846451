import type { Database } from "../../data/client";
import { daysAgo, type Random } from "../../lib/random";
import { currencyExponent } from "../../lib/money";
import { walletBalance } from "../billing";
import { insertAlerts } from "./queries";
import { NEVER_CHECKED, type AlertRow } from "./schema";

/**
 * A company's usual alerts, in its wallet's currency: low balance at 50, spend over 150 a month,
 * over 40 a week (silenced for two days), over 15 a day (disabled). Whether they are triggered
 * follows from the billing seed's ledger when they are read.
 */
export async function seedAlertDomain(
  db: Database,
  companyId: string,
  fallbackCurrency: string,
  random: Random,
  now: number,
): Promise<Record<string, number>> {
  const currency = (await walletBalance(db, companyId))?.currency ?? fallbackCurrency;
  const scale = 10 ** (currencyExponent(currency) ?? 2);
  const configs = [
    { kind: "low_balance", period: null, threshold: 50, enabled: true, silencedUntil: null },
    { kind: "spend", period: "month", threshold: 150, enabled: true, silencedUntil: null },
    {
      kind: "spend",
      period: "week",
      threshold: 40,
      enabled: true,
      silencedUntil: new Date(now + 2 * 86_400_000).toISOString(),
    },
    { kind: "spend", period: "day", threshold: 15, enabled: false, silencedUntil: null },
  ] as const;
  const rows: AlertRow[] = configs.map((config, index) => {
    const createdAt = daysAgo(random, now, 90 - index * 10);
    return {
      id: crypto.randomUUID(),
      companyId,
      kind: config.kind,
      period: config.period,
      thresholdMinor: config.threshold * scale,
      currency,
      enabled: config.enabled,
      silencedUntil: config.silencedUntil,
      dismissedAt: null,
      createdAt,
      updatedAt: createdAt,
      version: 0,
      // The first tick evaluates them like any new alert: a seeded alert over its threshold notifies once.
      notification: "armed",
      nextCheckAt: NEVER_CHECKED,
    };
  });
  await insertAlerts(db, rows);
  return { alerts: rows.length };
}
