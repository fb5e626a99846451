import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { Database } from "../../core/db/client";
import { offsetList } from "../../core/db/lists";
import type { OffsetPage } from "../../core/pagination";
import { walletLedger, wallets, type WalletLedgerRow } from "./schema";

export interface WalletBalance {
  /** ISO 4217 code of the wallet, fixed when it was created. */
  currency: string;
  /** Integer minor units of `currency`, never negative. */
  balanceMinor: number;
  updatedAt: string;
}

/** The company's wallet as it is now, or undefined when it has none yet (a debit counts that as 0). */
export async function walletBalance(db: Database, companyId: string): Promise<WalletBalance | undefined> {
  return db
    .select({ currency: wallets.currency, balanceMinor: wallets.balanceMinor, updatedAt: wallets.updatedAt })
    .from(wallets)
    .where(eq(wallets.companyId, companyId))
    .get();
}

/**
 * The company's ledger, newest first: by seq, the order in which the movements committed, so each
 * row's balance_after follows from the next one's; backed by wallet_ledger_company_seq_idx.
 */
export function ledgerPage(db: Database, companyId: string, page: OffsetPage) {
  return offsetList(db.select().from(walletLedger).$dynamic(), { company: walletLedger.companyId, at: walletLedger.seq, id: walletLedger.id }, companyId, page);
}

/** What the ledger says about the time since one instant. */
export interface LedgerSince {
  /** Net spend in minor units: charges minus refunds (top-ups and staff adjustments are not spend), never below 0. */
  spendMinor: number;
  /** The highest balance_after of a movement after the instant; null when nothing moved since. */
  highestBalanceMinor: number | null;
}

/**
 * Spend and highest balance since each of `instants` (ISO 8601 UTC, as stored), until now, in one
 * aggregate query over wallet_ledger_company_created_idx, from the earliest instant on. At most 40
 * instants (each takes two bound parameters). Answers in the order of `instants`.
 */
export async function ledgerSince(db: Database, companyId: string, instants: readonly string[]): Promise<LedgerSince[]> {
  if (instants.length === 0) return [];
  if (instants.length > 40) throw new Error(`ledgerSince takes at most 40 instants; got ${instants.length}.`);
  const earliest = [...instants].sort()[0]!;
  const columns = Object.fromEntries(
    instants.flatMap((instant, index) => [
      [`spend${index}`, sql<number>`coalesce(sum(CASE WHEN ${walletLedger.createdAt} >= ${instant} AND ${walletLedger.kind} IN ('charge', 'refund') THEN -${walletLedger.amountMinor} END), 0)`.mapWith(Number)],
      [`highest${index}`, sql<number | null>`max(CASE WHEN ${walletLedger.createdAt} > ${instant} THEN ${walletLedger.balanceAfterMinor} END)`],
    ]),
  );
  const row = (await db
    .select(columns)
    .from(walletLedger)
    .where(and(eq(walletLedger.companyId, companyId), gte(walletLedger.createdAt, earliest)))
    .get()) as Record<string, number | null> | undefined;
  return instants.map((_, index) => ({
    spendMinor: Math.max(0, Number(row?.[`spend${index}`] ?? 0)),
    highestBalanceMinor: row?.[`highest${index}`] ?? null,
  }));
}
