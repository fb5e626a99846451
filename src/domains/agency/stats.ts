import { inChunks } from "../../core/db/bulk";
import type { Database } from "../../core/db/client";
import { invalidField } from "../../core/errors";
import { currencyExponent, toMajor } from "../../core/money";
import type { Caller } from "../../core/operation";
import { ledgerSince, walletBalance } from "../billing";
import { instantRange, localDateOf } from "../../core/period";
import { callSettingsOf } from "../calls";
import { DEFAULT_STATS_DAYS, MAX_STATS_DAYS, type AgencyStats } from "./model";
import { subaccountCallTotals, subaccountCounts, subaccountRegions } from "./queries";
import type { z } from "@hono/zod-openapi";

const DAY_MS = 86_400_000;
const epochDay = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Subaccounts whose spend is read at once (each is a few small queries). */
const SPEND_READS_AT_ONCE = 10;

/** The period asked for, as the analytics periods: `to` defaults to today, `from` to 29 days before it; reversed or over ten years is 400. */
export function statsPeriod(query: { from?: string; to?: string }, today: string) {
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -(DEFAULT_STATS_DAYS - 1));
  if (to < from) {
    const path = query.to === undefined ? "query.from" : "query.to";
    throw invalidField(path, `The period ends (${to}) before it starts (${from}); both ends are included, so a one-day period has equal dates.`);
  }
  const days = epochDay(to) - epochDay(from) + 1;
  if (days > MAX_STATS_DAYS) throw invalidField("query.from", `The period has ${days} days; at most ${MAX_STATS_DAYS}.`);
  return { from, to, days };
}

/**
 * Spend of each subaccount over the local dates of its own time zone, from the billing ledger
 * (charges minus refunds, billing's ledgerSince), summed per wallet currency.
 */
async function subaccountSpend(db: Database, agencyId: string, period: { from: string; to: string }) {
  const children = await subaccountRegions(db, agencyId);
  const byCurrency = new Map<string, number>();
  for (const chunk of inChunks(children, SPEND_READS_AT_ONCE)) {
    const spent = await Promise.all(
      chunk.map(async (child) => {
        const [settings, wallet] = await Promise.all([callSettingsOf(db, child.id, child.region), walletBalance(db, child.id)]);
        if (!wallet) return undefined;
        const range = instantRange({ startDate: period.from, endDate: period.to }, settings.timeZone);
        // Spend since the first instant less spend since the day after the period: the period's own.
        const [since, after] = await ledgerSince(db, child.id, [range.from!, range.until!]);
        return { currency: wallet.currency, minor: Math.max(0, since!.spendMinor - after!.spendMinor) };
      }),
    );
    for (const entry of spent) {
      if (entry && entry.minor > 0) byCurrency.set(entry.currency, (byCurrency.get(entry.currency) ?? 0) + entry.minor);
    }
  }
  return [...byCurrency]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, minor]) => ({ currency, amount: toMajor(minor, currencyExponent(currency) ?? 2) }));
}

/**
 * The agency's channel over a period of dates. Each subaccount's calls and spend are counted over
 * those dates in its own time zone (as its GET /calls reads them); the default period and the
 * "created in period" count use the agency's time zone.
 */
export async function agencyStats(db: Database, caller: Caller, query: { from?: string; to?: string }): Promise<z.input<typeof AgencyStats>> {
  const agency = caller.company;
  const { timeZone } = await callSettingsOf(db, agency.id, agency.defaultRegion);
  const period = statsPeriod(query, localDateOf(Date.now(), timeZone));
  const created = instantRange({ startDate: period.from, endDate: period.to }, timeZone);
  const [counts, calls, spend] = await Promise.all([
    subaccountCounts(db, agency.id, { from: created.from!, until: created.until! }),
    subaccountCallTotals(db, agency.id, period),
    subaccountSpend(db, agency.id, period),
  ]);
  return {
    period,
    subaccounts: { total: counts.total, active: counts.active, suspended: counts.suspended, created_in_period: counts.createdInPeriod },
    calls: calls.calls,
    minutes: Math.round(calls.durationSeconds / 6) / 10,
    spend,
  };
}
