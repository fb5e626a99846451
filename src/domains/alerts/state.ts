import type { Database } from "../../data/client";
import { currencyExponent, toMajor } from "../../lib/money";
import { ledgerSince, walletBalance } from "../billing";
import type { AlertStatus, AlertView } from "./model";
import type { AlertPeriod, AlertRow } from "./schema";

/*
 * An alert's state is computed when it is read, from its configuration and the billing domain's
 * wallet and ledger: nothing is stored about whether it is triggered, so it can never be stale.
 */

/** The calendar period (UTC) that contains `now`: [start, end). A week starts on Monday. */
export function periodBounds(period: AlertPeriod, now: Date): { start: string; end: string } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const day = now.getUTCDate();
  let start: Date;
  let end: Date;
  switch (period) {
    case "day":
      start = new Date(Date.UTC(year, month, day));
      end = new Date(Date.UTC(year, month, day + 1));
      break;
    case "week": {
      const sinceMonday = (now.getUTCDay() + 6) % 7;
      start = new Date(Date.UTC(year, month, day - sinceMonday));
      end = new Date(Date.UTC(year, month, day - sinceMonday + 7));
      break;
    }
    case "month":
      start = new Date(Date.UTC(year, month, 1));
      end = new Date(Date.UTC(year, month + 1, 1));
      break;
  }
  return { start: start.toISOString(), end: end.toISOString() };
}

/** What the wallet and ledger say, for the alerts being evaluated. */
export interface Facts {
  wallet: { currency: string; balanceMinor: number } | undefined;
  /** Spend since a period start, by the start. */
  spendSince: Map<string, number>;
  /** Highest balance since a dismissal, by the dismissal instant (null: no movement since). */
  highestSince: Map<string, number | null>;
}

/** The instants the ledger must be asked about for these alerts: period starts and dismissals. */
function instantsOf(rows: readonly AlertRow[], now: Date): { starts: string[]; dismissals: string[] } {
  const starts = new Set<string>();
  const dismissals = new Set<string>();
  for (const row of rows) {
    if (row.kind === "spend" && row.period) starts.add(periodBounds(row.period, now).start);
    if (row.kind === "low_balance" && row.dismissedAt) dismissals.add(row.dismissedAt);
  }
  return { starts: [...starts], dismissals: [...dismissals] };
}

/** The wallet, and one aggregate query over the ledger for every instant these alerts need. */
export async function factsFor(db: Database, companyId: string, rows: readonly AlertRow[], now: Date): Promise<Facts> {
  const { starts, dismissals } = instantsOf(rows, now);
  const instants = [...starts, ...dismissals];
  // ledgerSince takes up to 40 instants per query; a page of alerts rarely needs more than a few.
  const chunks = Array.from({ length: Math.ceil(instants.length / 40) }, (_, index) =>
    instants.slice(index * 40, index * 40 + 40),
  );
  const [wallet, ...answers] = await Promise.all([
    walletBalance(db, companyId),
    ...chunks.map((chunk) => ledgerSince(db, companyId, chunk)),
  ]);
  const ledger = answers.flat();
  return {
    wallet,
    spendSince: new Map(starts.map((start, index) => [start, ledger[index]!.spendMinor])),
    highestSince: new Map(dismissals.map((at, index) => [at, ledger[starts.length + index]!.highestBalanceMinor])),
  };
}

/**
 * One alert as a reader sees it at `now`. Triggered: enabled, and the balance below the threshold
 * (low_balance) or the period's spend at or over it (spend). A dismissal acknowledges a triggering
 * and holds until the alert clears: for spend, until the period ends; for low_balance, until a
 * movement brings the balance back to the threshold or above (even if it falls again later).
 */
// biome-ignore lint/complexity/noExcessiveCognitiveComplexity: an alert's state from its facts, read as one decision table
export function alertView(row: AlertRow, facts: Facts, now: Date): AlertView {
  const exponent = currencyExponent(row.currency) ?? 2;
  const sameCurrency = (facts.wallet?.currency ?? row.currency) === row.currency;
  const bounds = row.kind === "spend" && row.period ? periodBounds(row.period, now) : null;
  let currentMinor: number | null = null;
  if (sameCurrency)
    currentMinor = bounds ? (facts.spendSince.get(bounds.start) ?? 0) : (facts.wallet?.balanceMinor ?? 0);
  const over =
    currentMinor !== null &&
    (row.kind === "low_balance" ? currentMinor < row.thresholdMinor : currentMinor >= row.thresholdMinor);
  const triggered = row.enabled && over;

  let dismissed = false;
  if (triggered && row.dismissedAt) {
    if (bounds) dismissed = row.dismissedAt >= bounds.start;
    else {
      const highest = facts.highestSince.get(row.dismissedAt) ?? null;
      dismissed = highest === null || highest < row.thresholdMinor;
    }
  }
  const nowIso = now.toISOString();
  const silenced = row.silencedUntil !== null && row.silencedUntil > nowIso;
  let status: AlertStatus = "triggered";
  if (!row.enabled) status = "disabled";
  else if (!triggered) status = "ok";
  else if (dismissed) status = "dismissed";
  else if (silenced) status = "silenced";

  return {
    id: row.id,
    kind: row.kind,
    period: row.period,
    threshold: toMajor(row.thresholdMinor, exponent),
    currency: row.currency,
    enabled: row.enabled,
    current: currentMinor === null ? null : toMajor(currentMinor, exponent),
    period_start: bounds?.start ?? null,
    period_end: bounds?.end ?? null,
    triggered,
    status,
    silenced_until: silenced ? row.silencedUntil : null,
    dismissed,
    dismissed_at: dismissed ? row.dismissedAt : null,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/** The views of `rows` at `now`, with one wallet read and one ledger query for all of them. */
export async function alertViews(
  db: Database,
  companyId: string,
  rows: readonly AlertRow[],
  now: Date,
): Promise<AlertView[]> {
  if (rows.length === 0) return [];
  const facts = await factsFor(db, companyId, rows, now);
  return rows.map((row) => alertView(row, facts, now));
}
