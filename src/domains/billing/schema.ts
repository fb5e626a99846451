import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * What a ledger movement is, whatever caused it (the reference says what did):
 * top_up: money paid in (card, transfer), always positive;
 * charge: money spent (a call, a campaign dispatch, a subscription period, an add-on), always negative;
 * refund: a charge given back (a failed dispatch, a dropped call), always positive;
 * adjustment: a correction made by staff, either sign.
 */
export const walletEntryKinds = ["top_up", "charge", "refund", "adjustment"] as const;
export type WalletEntryKind = (typeof walletEntryKinds)[number];

/** What a movement refers to: the call, campaign, subscription or add-on charged, the payment topped up, or a manual correction. */
export const walletReferenceTypes = ["call", "campaign", "subscription", "add_on", "payment", "manual"] as const;
export type WalletReferenceType = (typeof walletReferenceTypes)[number];

/**
 * A company's prepaid balance, in integer minor units of its currency (ISO 4217; 1234 EUR = 12.34).
 * Changed only by the statements of wallet.ts, each with its ledger entry in the same batch. The
 * CHECK is defence in depth: debits carry a batch precondition that refuses them before the
 * balance could go negative, so the CHECK never fires through wallet.ts.
 */
export const wallets = sqliteTable(
  "wallets",
  {
    companyId: text("company_id").primaryKey(),
    /** ISO 4217 code, fixed when the wallet is created (by its first credit). */
    currency: text("currency").notNull(),
    balanceMinor: integer("balance_minor").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  () => [check("wallets_balance_not_negative", sql`balance_minor >= 0`)],
);

/**
 * Append-only: every change of a wallet's balance, never updated or deleted. `seq` numbers a
 * company's movements 1, 2, 3 ... in the order their batches committed (D1 runs batches one at a
 * time), so that newest first is exact even for movements of the same millisecond, and the chain
 * holds: balance_after(n) = balance_after(n - 1) + amount(n), and the sum of amounts is the balance.
 */
export const walletLedger = sqliteTable(
  "wallet_ledger",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    seq: integer("seq").notNull(),
    kind: text("kind", { enum: walletEntryKinds }).notNull(),
    /** Signed: credits positive, debits negative. */
    amountMinor: integer("amount_minor").notNull(),
    balanceAfterMinor: integer("balance_after_minor").notNull(),
    currency: text("currency").notNull(),
    referenceType: text("reference_type", { enum: walletReferenceTypes }).notNull(),
    referenceId: text("reference_id").notNull(),
    description: text("description"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("wallet_ledger_company_seq_idx").on(t.companyId, t.seq),
    index("wallet_ledger_company_created_idx").on(t.companyId, t.createdAt, t.id),
    check("wallet_ledger_balance_after_not_negative", sql`balance_after_minor >= 0`),
    check(
      "wallet_ledger_sign_of_kind",
      sql`(kind IN ('top_up', 'refund') AND amount_minor > 0) OR (kind = 'charge' AND amount_minor < 0) OR (kind = 'adjustment' AND amount_minor <> 0)`,
    ),
  ],
);

export type WalletRow = typeof wallets.$inferSelect;
export type WalletLedgerRow = typeof walletLedger.$inferSelect;
