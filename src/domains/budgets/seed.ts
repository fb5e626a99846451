import { sql } from "drizzle-orm";
import type { Database } from "../../data/client";
import { chunkedInserts, runBatches } from "../../data/bulk";
import { sequences } from "../../data/schema";
import { daysAgo, type Random } from "../../lib/random";
import type { SeededClient } from "../clients";
import { computeTotals, currencyExponent } from "../../lib/money";
import { documentLines, documents, fiscalRegistry } from "./schema";
import { sha256Hex } from "../../keys/auth";

const concepts = [
  { concept: "Project management", unit_type: "hour", price: [45, 90] },
  { concept: "Bathroom renovation labour", unit_type: "hour", price: [28, 40] },
  { concept: "Porcelain tiles 60x60", unit_type: "m2", price: [18, 55] },
  { concept: "Maintenance plan", unit_type: "month", price: [60, 240] },
  { concept: "Kitchen cabinet set", unit_type: "unit", price: [900, 3200] },
  { concept: "Electrical certificate", unit_type: "unit", price: [120, 180] },
];

export interface DocumentSeed {
  currency: string;
  vatRate: number;
  budgets: number;
  invoices: number;
}

/**
 * Budgets in every state and issued invoices (paid and unpaid) with their fiscal-registry records,
 * as the invoicing application would have created them. The budget and invoice sequences are
 * advanced so that budgets created through the API, and invoices the operator issues, continue the numbering.
 */
export async function seedDocuments(
  db: Database,
  companyId: string,
  clientsOfCompany: readonly SeededClient[],
  random: Random,
  seed: DocumentSeed,
  now: number,
) {
  const exponent = currencyExponent(seed.currency) ?? 2;
  const docs: (typeof documents.$inferInsert)[] = [];
  const lines: (typeof documentLines.$inferInsert)[] = [];
  const registry: (typeof fiscalRegistry.$inferInsert)[] = [];
  const year = new Date(now).getUTCFullYear();
  let budgetNumber = 0;
  let invoiceNumber = 0;
  const total = seed.budgets + seed.invoices;
  for (let index = 0; index < total; index++) {
    const isInvoice = index % Math.ceil(total / Math.max(1, seed.invoices)) === 0 && invoiceNumber < seed.invoices;
    const client = random.pick(clientsOfCompany);
    const items = Array.from({ length: random.int(1, 4) }, () => {
      const item = random.pick(concepts);
      const discounted = random.next() < 0.25;
      return {
        concept: item.concept,
        unit_type: item.unit_type,
        units: random.int(1, 12),
        unit_price: random.int(item.price[0]! * 100, item.price[1]! * 100) / 100,
        ...(discounted ? { discount_type: "percentage" as const, discount_value: random.pick([5, 10, 15]) } : {}),
      };
    });
    const totals = computeTotals(items, exponent, seed.vatRate);
    const createdAt = daysAgo(random, now, total - index);
    const id = crypto.randomUUID();
    const number = isInvoice
      ? `F-${year}-${String(++invoiceNumber).padStart(4, "0")}`
      : `B-${year}-${String(++budgetNumber).padStart(4, "0")}`;
    const paid = isInvoice && random.next() < 0.6;
    docs.push({
      id,
      companyId,
      documentType: isInvoice ? "invoice" : "budget",
      budgetNumber: number,
      status: isInvoice ? "issued" : random.pick(["draft", "sent", "accepted", "rejected", "expired"]),
      paymentStatus: isInvoice ? (paid ? "paid" : random.pick(["unpaid", "overdue"])) : "unpaid",
      paidAt: paid ? createdAt : null,
      date: createdAt.slice(0, 10),
      validity: isInvoice ? null : "30 days",
      clientId: client.id,
      clientName: client.name,
      clientEmail: client.email,
      clientPhone: client.phone,
      documentCurrency: seed.currency,
      subtotalMinor: totals.subtotalMinor,
      ivaAmountMinor: totals.ivaAmountMinor,
      totalMinor: totals.totalMinor,
      createdAt,
      updatedAt: createdAt,
    });
    items.forEach((item, position) => {
      const line = totals.lines[position]!;
      lines.push({
        id: crypto.randomUUID(),
        companyId,
        documentId: id,
        position,
        concept: item.concept,
        units: item.units,
        unitPrice: item.unit_price,
        unitType: item.unit_type,
        ivaRate: line.ivaRate,
        discountType: item.discount_type ?? null,
        discountValue: item.discount_value ?? null,
        netMinor: line.netMinor,
        ivaMinor: line.ivaMinor,
      });
    });
    if (isInvoice) {
      registry.push({
        id: crypto.randomUUID(),
        companyId,
        documentId: id,
        fiscalNumber: number,
        recordHash: await sha256Hex(`${number}|${totals.totalMinor}`),
        registeredAt: createdAt,
      });
    }
  }
  await runBatches(db, [
    ...chunkedInserts(db, documents, docs),
    ...chunkedInserts(db, documentLines, lines),
    ...chunkedInserts(db, fiscalRegistry, registry),
    db.insert(sequences).values({ companyId, series: `B-${year}`, lastValue: budgetNumber }),
    // The invoices' series continues after the seeded ones (the operator's invoice issue draws from it).
    ...(invoiceNumber > 0
      ? [db.insert(sequences).values({ companyId, series: `F-${year}`, lastValue: invoiceNumber })]
      : []),
  ]);
  return { budgets: budgetNumber, invoices: invoiceNumber };
}

/** Many budgets in one statement (a recursive CTE), for the benchmark's large company. */
export async function seedBulkBudgets(db: Database, companyId: string, count: number) {
  await db.run(sql`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
    INSERT INTO documents (id, company_id, document_type, budget_number, status, payment_status, date, validity,
      client_name, client_email, document_currency, subtotal_minor, iva_amount_minor, total_minor, created_at, updated_at)
    SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-a' ||
             substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
           ${companyId}, 'budget', 'BULK-' || printf('%06d', i), 'draft', 'unpaid', '2026-01-01', '30 days',
           'Bulk client ' || (i % 500), 'bulk' || (i % 500) || '@example.com', 'EUR',
           10000 + i, 2100 + (i % 100), 12100 + i + (i % 100),
           strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || i || ' seconds'),
           strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || i || ' seconds')
    FROM n`);
  return { budgets: count };
}
