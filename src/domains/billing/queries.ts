import { desc, eq } from "drizzle-orm";
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
