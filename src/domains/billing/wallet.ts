import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../data/client";
import { ofCompany } from "../../data/rows";
import { precondition } from "../../data/precondition";
import { nowIso } from "../../data/schema";
import { ApiError, type ProblemSlug } from "../../lib/errors";
import type { WriteStatement } from "../../core/operation";
import { currencyExponent, toMajor } from "../../lib/money";
import { localDateOf } from "../../lib/period";
import { companyTimeZone } from "../calls";
import { insertUsageRecord, walletBalance } from "./queries";
import { walletLedger, wallets, type UsageKind, type WalletEntryKind, type WalletReferenceType } from "./schema";
import { usageInvoiceDue } from "./usage-invoices";

/*
 * The wallet's statements join the D1 batch of the write they pay for (`commit`), beside its
 * audit entry and events, so a charge and what it paid for commit or fail together.
 *
 * Why concurrent debits cannot overdraw: D1 runs a database's batches one at a time, each as one
 * transaction. A debit's batch first states, as a precondition, that the wallet still holds at
 * least the amount; the precondition is evaluated inside that transaction, right before the
 * UPDATE that subtracts it, with no other batch in between. Of two debits racing for the same
 * money, the second batch sees the balance the first left and aborts whole (no balance change, no
 * ledger row, no audit entry, no event), and `commit` throws the refusal. The CHECK on
 * wallets.balance_minor is defence in depth only: with the precondition before every UPDATE it
 * cannot fire, so its failure is not mapped to a refusal and would surface as a 500 (a bug).
 *
 * A movement that pays for a send or a call names its `usage`: the same batch then writes its
 * usage record (billing/schema.ts, usage_records), dated in the company's zone at the movement's
 * instant, with the amount as its cost (negative for a refund). So GET /billing/usage for a
 * period is, kind by kind, the net of the wallet's charges and refunds of that kind in it. The
 * same batch asks for the usage invoice of the record's month (usage-invoices.ts).
 */

interface WalletReference {
  /** What caused the movement. */
  type: WalletReferenceType;
  /** Its id (the call, campaign, subscription, add-on or payment; for manual, the ticket or note). */
  id: string;
}

interface MovementInput {
  companyId: string;
  /** Positive safe integer, in minor units of `currency`. */
  amountMinor: number;
  /** ISO 4217 code; must be the wallet's (a wallet keeps the currency of its first credit). */
  currency: string;
  reference: WalletReference;
  description?: string | null;
  /** The ledger entry's id, when the caller needs it before the commit (default: a new UUID). */
  entryId?: string;
  /**
   * What the movement paid for, when it is metered usage: its kind and quantity (SMS segments,
   * emails, messages, seconds of a call), positive; a refund's record carries it negated.
   */
  usage?: { kind: UsageKind; quantity: number };
}

export interface DebitInput extends MovementInput {
  kind: Extract<WalletEntryKind, "charge" | "adjustment">;
  /**
   * The problem an insufficient balance answers: insufficient_funds (402) where the operation
   * declares 402, else the one its specification names (e.g. unprocessable).
   */
  refuseAs?: ProblemSlug;
}

export interface CreditInput extends MovementInput {
  kind: Extract<WalletEntryKind, "top_up" | "refund" | "adjustment">;
}

/** What a refused debit needed and what the wallet held (null: it fell below the amount while the request ran). */
export interface Shortfall {
  currency: string;
  amountMinor: number;
  balanceMinor: number | null;
}

function checkInput(input: MovementInput): number {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) {
    throw new Error(`Wallet amounts are positive safe integers of minor units; got ${input.amountMinor}.`);
  }
  const exponent = /^[A-Z]{3}$/.test(input.currency) ? currencyExponent(input.currency) : undefined;
  if (exponent === undefined) throw new Error(`Not an ISO 4217 currency code: ${input.currency}.`);
  return exponent;
}

const formatMajor = (minor: number, currency: string, exponent: number) =>
  `${toMajor(minor, exponent).toFixed(exponent)} ${currency}`;

/**
 * The refusal of a debit the balance does not cover, naming the amount and the balance in minor and
 * major units. `slug` defaults to insufficient_funds (402).
 */
export function insufficientFunds(shortfall: Shortfall, slug: ProblemSlug = "insufficient_funds"): ApiError {
  const { currency, amountMinor, balanceMinor } = shortfall;
  const exponent = currencyExponent(currency) ?? 2;
  const amount = `${formatMajor(amountMinor, currency, exponent)} (${amountMinor} minor units)`;
  const detail =
    balanceMinor === null
      ? `Other charges brought the wallet balance below ${amount} while this request was being processed; nothing was charged.`
      : `The wallet balance, ${formatMajor(balanceMinor, currency, exponent)} (${balanceMinor} minor units), does not cover ${amount}; nothing was charged.`;
  return new ApiError(slug, detail, {
    currency,
    amount_minor: amountMinor,
    amount: toMajor(amountMinor, exponent),
    balance_minor: balanceMinor,
    balance: balanceMinor === null ? null : toMajor(balanceMinor, exponent),
  });
}

/** The ledger entry of a movement, with balance_after and seq read inside the batch, after the wallet changed. */
function ledgerEntry(db: Database, input: MovementInput, kind: WalletEntryKind, signedAmount: number, now: string) {
  const { companyId } = input;
  return db.insert(walletLedger).values({
    id: input.entryId ?? crypto.randomUUID(),
    companyId,
    seq: sql<number>`(SELECT coalesce(max(${walletLedger.seq}), 0) + 1 FROM ${walletLedger} WHERE ${walletLedger.companyId} = ${companyId})`,
    kind,
    amountMinor: signedAmount,
    // NULL (and so a NOT NULL failure of the whole batch) if the wallet were missing, which the
    // precondition or the upsert before this statement rules out.
    balanceAfterMinor: sql<number>`(SELECT ${wallets.balanceMinor} FROM ${wallets} WHERE ${wallets.companyId} = ${companyId})`,
    currency: input.currency,
    referenceType: input.reference.type,
    referenceId: input.reference.id,
    description: input.description ?? null,
    createdAt: now,
  });
}

/** The usage record of a movement, for its batch: cost and quantity signed like the movement. */
function usageEntry(
  db: Database,
  input: MovementInput,
  usage: NonNullable<MovementInput["usage"]>,
  sign: 1 | -1,
  timeZone: string,
  now: string,
) {
  if (!Number.isSafeInteger(usage.quantity) || usage.quantity < 0)
    throw new Error(`Usage quantities are non-negative safe integers; got ${usage.quantity}.`);
  return insertUsageRecord(db, {
    id: crypto.randomUUID(),
    companyId: input.companyId,
    kind: usage.kind,
    quantity: sign * usage.quantity,
    costMinor: sign * input.amountMinor,
    currency: input.currency,
    localDate: localDateOf(now, timeZone),
    occurredAt: now,
  });
}

/** A movement's usage record and its month's usage invoice (scheduled unless it is already), for its batch. */
function usageStatements(
  db: Database,
  input: MovementInput,
  sign: 1 | -1,
  timeZone: string | undefined,
  now: string,
): WriteStatement[] {
  if (!input.usage || timeZone === undefined) return [];
  return [
    usageEntry(db, input, input.usage, sign, timeZone, now),
    usageInvoiceDue(input.companyId, localDateOf(now, timeZone), timeZone),
  ];
}

/** The company's zone, read beside the wallet only for a movement that records usage. */
const usageZone = (db: Database, input: MovementInput) =>
  input.usage ? companyTimeZone(db, input.companyId) : Promise.resolve(undefined);

/**
 * Statements that take `amountMinor` from the company's wallet, for the write's `commit`: a
 * precondition that the wallet still holds the amount (a missing wallet holds 0), the UPDATE, and
 * the ledger entry. The wallet is read first, so a balance that already falls short is refused at
 * once, naming it exactly, with no batch run; a debit that loses a race to another charge is
 * refused by its batch (see the note at the top of this file). Either way the refusal is
 * `insufficientFunds(..., input.refuseAs)`, thrown here or by `commit`.
 * Throws an Error for a programming error: an amount that is not a positive safe integer, an
 * unknown currency, or a currency other than the wallet's.
 */
export async function debit(db: Database, input: DebitInput): Promise<WriteStatement[]> {
  checkInput(input);
  const { companyId, amountMinor, currency } = input;
  const [wallet, timeZone] = await Promise.all([walletBalance(db, companyId), usageZone(db, input)]);
  if (wallet && wallet.currency !== currency) {
    throw new Error(
      `The wallet of company ${companyId} is in ${wallet.currency}; a debit in ${currency} cannot be applied to it.`,
    );
  }
  const balanceMinor = wallet?.balanceMinor ?? 0;
  if (balanceMinor < amountMinor) throw insufficientFunds({ currency, amountMinor, balanceMinor }, input.refuseAs);

  const now = nowIso();
  const covered = sql`EXISTS (SELECT 1 FROM ${wallets} WHERE ${and(
    ofCompany(wallets, companyId),
    eq(wallets.currency, currency),
    sql`${wallets.balanceMinor} >= ${amountMinor}`,
  )})`;
  return [
    precondition(db, covered, () => insufficientFunds({ currency, amountMinor, balanceMinor: null }, input.refuseAs)),
    db
      .update(wallets)
      .set({ balanceMinor: sql`${wallets.balanceMinor} - ${amountMinor}`, updatedAt: now })
      .where(ofCompany(wallets, companyId)),
    ledgerEntry(db, input, input.kind, -amountMinor, now),
    ...usageStatements(db, input, 1, timeZone, now),
  ];
}

/**
 * Statements that add `amountMinor` to the company's wallet, creating it in `currency` when it
 * has none (INSERT ... ON CONFLICT DO UPDATE), and its ledger entry, for the write's `commit`.
 * A credit never fails for want of money. Throws an Error for the same programming errors as
 * `debit`; a wallet created in another currency by a concurrent first credit, between the read
 * and the batch, makes the batch fail whole with a conflict.
 */
export async function credit(db: Database, input: CreditInput): Promise<WriteStatement[]> {
  checkInput(input);
  const { companyId, amountMinor, currency } = input;
  const [wallet, timeZone] = await Promise.all([walletBalance(db, companyId), usageZone(db, input)]);
  if (wallet && wallet.currency !== currency) {
    throw new Error(
      `The wallet of company ${companyId} is in ${wallet.currency}; a credit in ${currency} cannot be applied to it.`,
    );
  }
  const now = nowIso();
  return [
    precondition(
      db,
      sql`NOT EXISTS (SELECT 1 FROM ${wallets} WHERE ${ofCompany(wallets, companyId, ne(wallets.currency, currency))})`,
      () =>
        new ApiError(
          "conflict",
          `The wallet was created in another currency than ${currency} while this request was being processed; nothing was credited.`,
        ),
    ),
    db
      .insert(wallets)
      .values({ companyId, currency, balanceMinor: amountMinor, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: wallets.companyId,
        set: { balanceMinor: sql`${wallets.balanceMinor} + ${amountMinor}`, updatedAt: now },
      }),
    ledgerEntry(db, input, input.kind, amountMinor, now),
    ...usageStatements(db, input, -1, timeZone, now),
  ];
}
