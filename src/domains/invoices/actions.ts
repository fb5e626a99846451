import type { z } from "@hono/zod-openapi";
import type { OperatorContext } from "../../core/operator";
import { isUniqueViolation } from "../../data/bulk";
import type { Database } from "../../data/client";
import { retryOnConflict } from "../../data/precondition";
import { nowIso } from "../../data/schema";
import { ApiError } from "../../lib/errors";
import { InputError } from "../../lib/input-error";
import { computeTotals, currencyExponent, MoneyError, toMajor } from "../../lib/money";
import { sha256Hex } from "../../keys/auth";
import type { IssuedInvoice, IssueInvoiceBody } from "./model";
import {
  acceptBudget,
  budgetOf,
  clientOf,
  companyDefaults,
  type DocumentLineRow,
  drawNumber,
  insertInvoice,
  invoiceNumber,
  invoiceOfBudget,
  invoiceSeries,
  lastNumber,
  linesOf,
  saveClient,
} from "./queries";

type Commit = OperatorContext<unknown, unknown, unknown>["commit"];
type Body = z.output<typeof IssueInvoiceBody>;

/** What an invoice bills, before its number is drawn: from a budget as it is, or from lines given. */
interface Billed {
  budget: Awaited<ReturnType<typeof budgetOf>>;
  client: { id: string | null; name: string | null; email: string | null; phone: string | null };
  description: string | null;
  notes: string | null;
  currency: string;
  subtotalMinor: number;
  ivaAmountMinor: number;
  totalMinor: number;
  lines: Omit<DocumentLineRow, "id" | "companyId" | "documentId">[];
}

/** A budget that may be invoiced: the company's, not rejected nor expired, not invoiced yet. */
async function fromBudget(db: Database, companyId: string, budgetId: string, body: Body): Promise<Billed> {
  const budget = await budgetOf(db, companyId, budgetId);
  if (!budget) throw new InputError("not_found", `The company has no budget ${budgetId}.`);
  if (budget.status === "rejected" || budget.status === "expired")
    throw new InputError(
      "conflict",
      `The budget ${budget.budgetNumber ?? budget.id} is ${budget.status}: it is not invoiced.`,
    );
  const issued = await invoiceOfBudget(db, companyId, budget.id);
  if (issued)
    throw new InputError(
      "conflict",
      `The budget ${budget.budgetNumber ?? budget.id} was invoiced already: ${issued.number} (${issued.id}).`,
    );
  const lines = await linesOf(db, companyId, budget.id);
  if (lines.length === 0) throw new InputError("conflict", `The budget ${budget.id} has no lines to invoice.`);
  return {
    budget,
    client: { id: budget.clientId, name: budget.clientName, email: budget.clientEmail, phone: budget.clientPhone },
    description: body.description ?? budget.description,
    notes: body.notes ?? budget.notes,
    currency: budget.documentCurrency,
    subtotalMinor: budget.subtotalMinor,
    ivaAmountMinor: budget.ivaAmountMinor,
    totalMinor: budget.totalMinor,
    lines: lines.map(({ id: _id, companyId: _company, documentId: _document, ...line }) => line),
  };
}

/** Lines given: totals computed as a budget's are (src/lib/money.ts), in the company's currency unless given. */
function fromLines(defaults: { currency: string | null; vatRate: number }, body: Body): Billed {
  const items = body.items ?? [];
  const currency = body.document_currency ?? defaults.currency ?? "EUR";
  const exponent = currencyExponent(currency) ?? 2;
  let totals: ReturnType<typeof computeTotals>;
  try {
    totals = computeTotals(items, exponent, defaults.vatRate);
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
    throw new ApiError("validation_error", error.message, {
      errors: [{ path: `body.${error.path}`, message: error.message }],
    });
  }
  return {
    budget: undefined,
    client: {
      id: null,
      name: body.client_name ?? null,
      email: body.client_email ?? null,
      phone: body.client_phone ?? null,
    },
    description: body.description ?? null,
    notes: body.notes ?? null,
    currency,
    subtotalMinor: totals.subtotalMinor,
    ivaAmountMinor: totals.ivaAmountMinor,
    totalMinor: totals.totalMinor,
    lines: items.map((item, position) => {
      const line = totals.lines[position]!;
      return {
        position,
        concept: item.concept,
        units: item.units,
        unitPrice: item.unit_price,
        unitType: item.unit_type ?? null,
        ivaRate: line.ivaRate,
        discountType: item.discount_type ?? null,
        discountValue: item.discount_value ?? null,
        netMinor: line.netMinor,
        ivaMinor: line.ivaMinor,
      };
    }),
  };
}

/**
 * Issues an invoice of the company: the document (type invoice, `issued`, `unpaid`), its lines and
 * its fiscal-registry record, numbered from the company's yearly series (F-2026-0001), in one batch.
 * The number is drawn by a compare-and-set on the series (drawNumber): an issue that lost the race
 * draws the next one and tries again, so numbers stay gap-free and never shared (and the registry's
 * unique index stands behind it). An invoice of a budget moves the budget to `accepted`, and a
 * budget is invoiced once (documents_company_source_idx: two issues of it at once, one lands).
 */
export async function issueInvoice(
  db: Database,
  commit: Commit,
  companyId: string,
  body: Body,
): Promise<z.input<typeof IssuedInvoice>> {
  const defaults = await companyDefaults(db, companyId);
  if (!defaults) throw new InputError("unknown_company", `No company ${companyId}.`);
  const id = crypto.randomUUID();
  let budget: Billed["budget"];
  try {
    return await retryOnConflict(async () => {
      // Read again on each attempt: an attempt that lost to an issue of the same budget then finds it invoiced (409).
      const billed = body.budget_id ? await fromBudget(db, companyId, body.budget_id, body) : fromLines(defaults, body);
      budget = billed.budget;
      const exponent = currencyExponent(billed.currency) ?? 2;
      const at = nowIso();
      const series = invoiceSeries(at);
      const last = await lastNumber(db, companyId, series);
      const number = invoiceNumber(series, last.highest + 1);
      const client =
        billed.budget || billed.client.name === null
          ? { statements: [], id: billed.client.id }
          : (() => {
              const saved = saveClient(db, {
                companyId,
                name: billed.client.name,
                email: billed.client.email,
                phone: billed.client.phone,
                at,
              });
              return { statements: [saved.statement], id: saved.id };
            })();
      const record = {
        id: crypto.randomUUID(),
        companyId,
        documentId: id,
        fiscalNumber: number,
        recordHash: await sha256Hex(`${number}|${billed.totalMinor}`),
        registeredAt: at,
      };
      await commit(companyId, [
        ...drawNumber(db, companyId, series, last.stored, last.highest + 1),
        ...client.statements,
        ...(billed.budget ? acceptBudget(db, billed.budget, at) : []),
        ...insertInvoice(
          db,
          {
            id,
            companyId,
            documentType: "invoice",
            budgetNumber: number,
            status: "issued",
            paymentStatus: "unpaid",
            paidAt: null,
            date: at.slice(0, 10),
            validity: null,
            clientId: client.id,
            clientName: billed.client.name,
            clientEmail: billed.client.email,
            clientPhone: billed.client.phone,
            description: billed.description,
            notes: billed.notes,
            documentCurrency: billed.currency,
            subtotalMinor: billed.subtotalMinor,
            ivaAmountMinor: billed.ivaAmountMinor,
            totalMinor: billed.totalMinor,
            sourceDocumentId: billed.budget?.id ?? null,
            createdAt: at,
            updatedAt: at,
          },
          billed.lines.map((line) => ({ ...line, id: crypto.randomUUID(), companyId, documentId: id })),
          record,
        ),
      ]);
      // The client saved in the batch (or the one of that identity the company had): read back from the invoice.
      const clientId = billed.budget ? billed.client.id : ((await clientOf(db, companyId, id)) ?? null);
      return {
        id,
        company_id: companyId,
        invoice_number: number,
        document_type: "invoice" as const,
        status: "issued" as const,
        payment_status: "unpaid" as const,
        date: at.slice(0, 10),
        budget_id: billed.budget?.id ?? null,
        client_id: clientId,
        client_name: billed.client.name,
        client_email: billed.client.email,
        client_phone: billed.client.phone,
        document_currency: billed.currency,
        subtotal: toMajor(billed.subtotalMinor, exponent),
        iva_amount: toMajor(billed.ivaAmountMinor, exponent),
        total: toMajor(billed.totalMinor, exponent),
        lines: billed.lines.map((line) => ({
          position: line.position,
          concept: line.concept,
          units: line.units,
          unit_price: line.unitPrice,
          unit_type: line.unitType,
          iva_rate: line.ivaRate,
          discount_type: line.discountType,
          discount_value: line.discountValue,
          net: toMajor(line.netMinor, exponent),
          iva: toMajor(line.ivaMinor, exponent),
        })),
        fiscal_record: { fiscal_number: number, record_hash: record.recordHash, registered_at: at },
        created_at: at,
      };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The budget's invoice landed from another issue at the same moment (or, behind the series' compare-and-set, a number did).
    throw new InputError(
      "conflict",
      budget
        ? `The budget ${budget.budgetNumber ?? budget.id} was invoiced already, by another issue at the same moment.`
        : "Another invoice took this number at the same moment; issue it again.",
    );
  }
}
