import { eq, sql } from "drizzle-orm";
import type { Database } from "../../data/client";
import { companies } from "../../data/schema";
import { clock } from "../../lib/clock";
import { inclusiveDates } from "../../lib/period";
import type { WriteStatement } from "../../core/operation";
import { type billedTypes, billingInvoices, type BillingInvoiceLine, type UsageUnit } from "./schema";

/*
 * Every charge the platform takes from a wallet for something it sells (a plan period, an upgrade,
 * an add-on month, a SIP trunk month, a subaccount setup) issues a billing invoice in the batch of
 * the charge, so a charge and its invoice commit or fail together.
 *
 * Prices are gross: what the catalogue lists is what the wallet is charged, VAT included, so an
 * invoice's total always equals its ledger entry. Each line's net and VAT are split from its gross
 * amount at the company's VAT rate (rounded half away from zero per line, like the documents'
 * lines); the invoice's subtotal and tax are the sums of its lines'.
 *
 * Usage (calls, SMS, mail) is invoiced per calendar month by due work at its end (usage-invoices.ts),
 * and a top-up gets a receipt in its credit's batch: the same document, marked a receipt, at 0 %
 * (a prepaid balance is taxed on what it pays for, when that is invoiced).
 *
 * The number is gapless per company under concurrency: `seq` is max + 1 read inside the batch's
 * INSERT (D1 runs a database's batches one at a time), and a unique index on (company_id, seq)
 * backs it up; `number` prints it (INV-<year>-<seq, six digits>). Receipts count down from -1 in
 * the same column, a series of their own (RCT-<year>-<-seq>), so invoice numbers keep no gaps.
 */

interface InvoiceLineInput {
  description: string;
  quantity?: number;
  unit?: UsageUnit;
  /** What the wallet was charged for the line, VAT included, in minor units of the invoice's currency. */
  amountMinor: number;
}

export interface InvoiceInput {
  companyId: string;
  /** ISO 4217, the charge's. */
  currency: string;
  lines: readonly InvoiceLineInput[];
  /** What is billed: the wallet reference of the charge's debit, `usage` (and the period's first date), or `payment` for a receipt. */
  reference: { type: (typeof billedTypes)[number]; id: string };
  /** The debit's ledger entry, when known (pass the same `entryId` to debit). */
  ledgerEntryId?: string;
  /**
   * The period it pays for: ISO instants [start, end), stored as the dates they cover (inclusiveDates),
   * or dates already, both included; default: the day of issue.
   */
  period?: { start: string; end: string } | { from: string; to: string };
  /** A receipt (of a top-up): its own series, at 0 % VAT. */
  receipt?: boolean;
}

/** A gross amount split at `rate` percent: net rounded half away from zero, VAT the rest. */
export function splitGross(grossMinor: number, rate: number): { netMinor: number; taxMinor: number } {
  const netMinor = Math.sign(grossMinor) * Math.round((Math.abs(grossMinor) * 100) / (100 + rate));
  return { netMinor, taxMinor: grossMinor - netMinor };
}

/** YYYY-MM-DD of an ISO instant (UTC). */
const dateOf = (iso: string) => iso.slice(0, 10);

/** The company's VAT rate (percent), read when the invoice is built. */
async function vatRateOf(db: Database, companyId: string): Promise<number> {
  const row = await db
    .select({ rate: companies.defaultVatRate })
    .from(companies)
    .where(eq(companies.id, companyId))
    .get();
  return row?.rate ?? 0;
}

/** The dates, both included, an invoice's period covers. */
function periodDates(period: InvoiceInput["period"], now: string): { start: string; end: string } {
  if (!period) return { start: dateOf(now), end: dateOf(now) };
  return "from" in period ? { start: period.from, end: period.to } : inclusiveDates(period.start, period.end);
}

/**
 * The statements that issue the invoice of a wallet charge (or a receipt), for the charge's own
 * batch: paid at issue (a prepaid charge already took the money). Returns the invoice's id with
 * them. A usage invoice or receipt already issued for the same period or payment makes the INSERT
 * insert nothing (its unique index), and its number is not taken.
 */
export async function invoiceFor(
  db: Database,
  input: InvoiceInput,
): Promise<{ id: string; statements: WriteStatement[] }> {
  if (input.lines.length === 0) throw new Error("An invoice has at least one line.");
  const rate = input.receipt ? 0 : await vatRateOf(db, input.companyId);
  const lines: BillingInvoiceLine[] = input.lines.map((line) => ({
    description: line.description,
    quantity: line.quantity ?? 1,
    ...(line.unit ? { unit: line.unit } : {}),
    ...splitGross(line.amountMinor, rate),
    taxRate: rate,
  }));
  const subtotalMinor = lines.reduce((sum, line) => sum + line.netMinor, 0);
  const taxMinor = lines.reduce((sum, line) => sum + line.taxMinor, 0);
  const now = clock.iso();
  const { companyId } = input;
  const next = input.receipt
    ? sql<number>`(SELECT coalesce(min(${billingInvoices.seq}), 0) - 1 FROM ${billingInvoices} WHERE ${billingInvoices.companyId} = ${companyId} AND ${billingInvoices.seq} < 0)`
    : sql<number>`(SELECT coalesce(max(${billingInvoices.seq}), 0) + 1 FROM ${billingInvoices} WHERE ${billingInvoices.companyId} = ${companyId} AND ${billingInvoices.seq} > 0)`;
  const number = input.receipt
    ? sql<string>`printf('RCT-%s-%06d', ${now.slice(0, 4)}, -${next})`
    : sql<string>`printf('INV-%s-%06d', ${now.slice(0, 4)}, ${next})`;
  const dates = periodDates(input.period, now);
  const id = crypto.randomUUID();
  const insert = db.insert(billingInvoices).values({
    id,
    companyId,
    seq: next,
    number,
    status: "paid",
    periodStart: dates.start,
    periodEnd: dates.end,
    subtotalMinor,
    taxMinor,
    totalMinor: subtotalMinor + taxMinor,
    currency: input.currency,
    lines,
    referenceType: input.reference.type,
    referenceId: input.reference.id,
    ledgerEntryId: input.ledgerEntryId ?? null,
    issuedAt: now,
    dueAt: now,
    paidAt: now,
  });
  const once = input.reference.type === "usage" || input.reference.type === "payment";
  return { id, statements: [once ? insert.onConflictDoNothing() : insert] };
}

/** The receipt of a top-up, for its credit's batch: one line, the amount paid in, at 0 % VAT; one per payment. */
export function receiptFor(
  db: Database,
  input: { companyId: string; currency: string; amountMinor: number; paymentId: string; ledgerEntryId: string },
) {
  return invoiceFor(db, {
    companyId: input.companyId,
    currency: input.currency,
    lines: [{ description: "Wallet top-up by card", amountMinor: input.amountMinor }],
    reference: { type: "payment", id: input.paymentId },
    ledgerEntryId: input.ledgerEntryId,
    receipt: true,
  });
}
