import { walletLedger, wallets, type WalletEntryKind } from "../src/domains/billing/schema";
import { db } from "./helpers";

/** One movement of a test wallet's ledger. */
export interface Movement {
  kind: WalletEntryKind;
  /** Signed minor units. */
  amountMinor: number;
  /** ISO 8601 UTC, as stored. */
  at: string;
}

/**
 * A company's wallet whose ledger is exactly `movements` (in time order, seq 1, 2, ...), with
 * balances that chain as the billing domain writes them; the wallet's balance is their sum.
 * For tests that need a ledger at given instants (wallet.ts's debit and credit stamp "now").
 */
export async function walletWith(companyId: string, movements: readonly Movement[], currency = "EUR"): Promise<number> {
  let balance = 0;
  const rows = movements.map((movement, index) => {
    balance += movement.amountMinor;
    return {
      id: crypto.randomUUID(),
      companyId,
      seq: index + 1,
      kind: movement.kind,
      amountMinor: movement.amountMinor,
      balanceAfterMinor: balance,
      currency,
      referenceType: movement.kind === "top_up" ? ("payment" as const) : ("call" as const),
      referenceId: crypto.randomUUID(),
      description: null,
      createdAt: movement.at,
    };
  });
  const first = movements[0]?.at ?? new Date().toISOString();
  await db
    .insert(wallets)
    .values({ companyId, currency, balanceMinor: balance, createdAt: first, updatedAt: movements.at(-1)?.at ?? first });
  if (rows.length > 0) await db.insert(walletLedger).values(rows);
  return balance;
}

/** An instant `ms` after (or before, when negative) `iso`. */
export const shifted = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
