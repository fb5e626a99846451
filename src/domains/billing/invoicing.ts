import { eq, sql } from "drizzle-orm";
import type { Database } from "../../data/client";
import { companies } from "../../data/schema";
import { clock } from "../../lib/clock";
import type { WriteStatement } from "../../core/operation";
import { billingInvoices, type BillingInvoiceLine, type WalletReferenceType } from "./schema";

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
 * The number is gapless per company under concurrency: `seq` is max + 1 read inside the batch's
 * INSERT (D1 runs a database's batches one at a time), and a unique index on (company_id, seq)
 * backs it up; `number` prints it (INV-<year>-<seq, six digits>).
 */

interface InvoiceLineInput {
  description: string;
  quantity?: number;
  /** What the wallet was charged for the line, VAT included, in minor units of the invoice's currency. */
  amountMinor: number;
}

export interface InvoiceInput {
  companyId: string;
  /** ISO 4217, the charge's. */
  currency: string;
  lines: readonly InvoiceLineInput[];
  /** What was charged: the wallet reference of its debit. */
  reference: { type: WalletReferenceType; id: string };
  /** The debit's ledger entry, when known (pass the same `entryId` to debit). */
  ledgerEntryId?: string;
  /** The period it pays for (ISO instants; stored as dates, the end inclusive); default: the day of issue. */
  period?: { start: string; end: string };
}

/** A gross amount split at `rate` percent: net rounded half away from zero, VAT the rest. */
export function splitGross(grossMinor: number, rate: number): { netMinor: number; taxMinor: number } {
  const netMinor = Math.sign(grossMinor) * Math.round((Math.abs(grossMinor) * 100) / (100 + rate));
  return { netMinor, taxMinor: grossMinor - netMinor };
}

/** YYYY-MM-DD of an ISO instant (UTC). */
const dateOf = (iso: string) => iso.slice(0, 10);

/** The day before an ISO instant: a period [start, end) as inclusive dates. */
const dayBefore = (iso: string) => new Date(Date.parse(iso) - 1).toISOString().slice(0, 10);

/** The company's VAT rate (percent), read when the invoice is built. */
async function vatRateOf(db: Database, companyId: string): Promise<number> {
  const row = await db
    .select({ rate: companies.defaultVatRate })
    .from(companies)
    .where(eq(companies.id, companyId))
    .get();
  return row?.rate ?? 0;
}

/**
 * The statements that issue the invoice of a wallet charge, for the charge's own batch: paid at
 * issue (a prepaid charge already took the money). Returns the invoice's id with them.
 */
export async function invoiceFor(
  db: Database,
  input: InvoiceInput,
): Promise<{ id: string; statements: WriteStatement[] }> {
  if (input.lines.length === 0) throw new Error("An invoice has at least one line.");
  const rate = await vatRateOf(db, input.companyId);
  const lines: BillingInvoiceLine[] = input.lines.map((line) => ({
    description: line.description,
    quantity: line.quantity ?? 1,
    ...splitGross(line.amountMinor, rate),
    taxRate: rate,
  }));
  const subtotalMinor = lines.reduce((sum, line) => sum + line.netMinor, 0);
  const taxMinor = lines.reduce((sum, line) => sum + line.taxMinor, 0);
  const now = clock.iso();
  const { companyId } = input;
  const nextSeq = sql<number>`(SELECT coalesce(max(${billingInvoices.seq}), 0) + 1 FROM ${billingInvoices} WHERE ${billingInvoices.companyId} = ${companyId})`;
  const id = crypto.randomUUID();
  const statement = db.insert(billingInvoices).values({
    id,
    companyId,
    seq: nextSeq,
    number: sql<string>`printf('INV-%s-%06d', ${now.slice(0, 4)}, ${nextSeq})`,
    status: "paid",
    periodStart: dateOf(input.period?.start ?? now),
    periodEnd: input.period ? dayBefore(input.period.end) : dateOf(now),
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
  return { id, statements: [statement] };
}
