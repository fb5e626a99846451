import { eq } from "drizzle-orm";
import type { Database } from "../../core/db/client";
import { chunkedInserts, runBatches } from "../../core/db/bulk";
import { companies } from "../../core/db/schema";
import { daysAgo, type Random } from "../../admin/random";
import { currencyExponent } from "../../core/money";
import { walletLedger, wallets, type WalletEntryKind, type WalletLedgerRow, type WalletReferenceType } from "./schema";

interface Movement {
  kind: WalletEntryKind;
  /** Signed, in major units (converted with the currency's exponent). */
  amount: number;
  referenceType: WalletReferenceType;
  description: string;
}

const campaignNames = ["Spring offers", "Kitchen renovation week", "Appointment reminders", "Bathroom showroom opening", "Summer closing notice"];

/** Two months of a prepaid account: top-ups by card, campaign dispatches, calls, an add-on, a refund. */
function history(random: Random): Movement[] {
  const smsPrice = 0.045;
  const minutePrice = 0.02;
  const campaign = (): Movement => {
    const messages = random.int(300, 1500);
    return {
      kind: "charge",
      amount: -Math.round(messages * smsPrice * 100) / 100,
      referenceType: "campaign",
      description: `Campaign "${random.pick(campaignNames)}": ${messages} SMS`,
    };
  };
  const calls = (): Movement => {
    const minutes = random.int(20, 400);
    return { kind: "charge", amount: -Math.round(minutes * minutePrice * 100) / 100, referenceType: "call", description: `Outbound calls: ${minutes} min` };
  };
  const undelivered = random.int(10, 60);
  return [
    { kind: "top_up", amount: random.pick([100, 150, 200]), referenceType: "payment", description: "Top-up by card" },
    campaign(),
    calls(),
    { kind: "charge", amount: -9, referenceType: "add_on", description: "Add-on: extra phone number (monthly)" },
    campaign(),
    { kind: "refund", amount: Math.round(undelivered * smsPrice * 100) / 100, referenceType: "campaign", description: `Refund: ${undelivered} undelivered SMS` },
    calls(),
    { kind: "top_up", amount: random.pick([50, 100]), referenceType: "payment", description: "Top-up by card" },
    campaign(),
    calls(),
  ];
}

/**
 * The company's wallet, in its default currency (EUR when it has none), with a ledger of two
 * months whose amounts add up to the balance. A charge the balance would not cover is left out,
 * as the API would have refused it.
 */
export async function seedBillingDomain(db: Database, companyId: string, random: Random, now: number): Promise<Record<string, number>> {
  const company = await db.select({ currency: companies.defaultCurrency }).from(companies).where(eq(companies.id, companyId)).get();
  const currency = company?.currency ?? "EUR";
  const scale = 10 ** (currencyExponent(currency) ?? 2);
  const movements = history(random);
  const rows: WalletLedgerRow[] = [];
  let balance = 0;
  movements.forEach((movement, index) => {
    const amountMinor = Math.round(movement.amount * scale);
    if (amountMinor === 0 || balance + amountMinor < 0) return;
    balance += amountMinor;
    rows.push({
      id: crypto.randomUUID(),
      companyId,
      seq: rows.length + 1,
      kind: movement.kind,
      amountMinor,
      balanceAfterMinor: balance,
      currency,
      referenceType: movement.referenceType,
      referenceId: movement.referenceType === "payment" ? `pay_${random.int(100_000_000, 999_999_999)}` : crypto.randomUUID(),
      description: movement.description,
      // One movement every six days or so, oldest first, so created_at follows seq.
      createdAt: daysAgo(random, now, (movements.length - index) * 6),
    });
  });
  const first = rows[0]?.createdAt ?? new Date(now).toISOString();
  const last = rows.at(-1)?.createdAt ?? first;
  await runBatches(db, [
    db.insert(wallets).values({ companyId, currency, balanceMinor: balance, createdAt: first, updatedAt: last }),
    ...chunkedInserts(db, walletLedger, rows),
  ]);
  return { wallet_ledger: rows.length };
}
