import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Commercial documents of a company: budgets (non-fiscal quotes) and invoices share one table,
 * told apart by document_type. Money is stored in integer minor units of document_currency.
 */
export const documents = sqliteTable(
  "documents",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    documentType: text("document_type", { enum: ["budget", "invoice", "credit_note"] }).notNull(),
    /** Budget number for budgets, the invoice number for invoices. */
    budgetNumber: text("budget_number"),
    status: text("status").notNull(),
    paymentStatus: text("payment_status"),
    paidAt: text("paid_at"),
    date: text("date"),
    validity: text("validity"),
    clientId: text("client_id"),
    clientName: text("client_name"),
    clientEmail: text("client_email"),
    clientPhone: text("client_phone"),
    description: text("description"),
    notes: text("notes"),
    documentCurrency: text("document_currency").notNull(),
    subtotalMinor: integer("subtotal_minor").notNull(),
    ivaAmountMinor: integer("iva_amount_minor").notNull(),
    totalMinor: integer("total_minor").notNull(),
    /** On an invoice, the budget it was issued from (once: documents_company_source_idx); null otherwise. */
    sourceDocumentId: text("source_document_id"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("documents_company_type_created_idx").on(t.companyId, t.documentType, t.createdAt, t.id),
    // A budget is invoiced once: two issues of it at once cannot both land.
    uniqueIndex("documents_company_source_idx").on(t.companyId, t.sourceDocumentId),
  ],
);

export const documentLines = sqliteTable(
  "document_lines",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    documentId: text("document_id").notNull(),
    position: integer("position").notNull(),
    concept: text("concept").notNull(),
    units: real("units").notNull(),
    unitPrice: real("unit_price").notNull(),
    unitType: text("unit_type"),
    ivaRate: real("iva_rate").notNull(),
    discountType: text("discount_type", { enum: ["percentage", "amount"] }),
    discountValue: real("discount_value"),
    netMinor: integer("net_minor").notNull(),
    ivaMinor: integer("iva_minor").notNull(),
  },
  (t) => [index("document_lines_company_document_idx").on(t.companyId, t.documentId, t.position)],
);

/**
 * The fiscal registry (invoice chain records sent to the tax authority). The public API only ever
 * reads invoices; nothing it does may write here, and tests check that it does not. The operator's
 * invoice issue (src/domains/invoices/panel.ts) writes one record per invoice it issues.
 */
export const fiscalRegistry = sqliteTable(
  "fiscal_registry",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    documentId: text("document_id").notNull(),
    fiscalNumber: text("fiscal_number").notNull(),
    recordHash: text("record_hash").notNull(),
    registeredAt: text("registered_at").notNull(),
  },
  (t) => [
    index("fiscal_registry_company_idx").on(t.companyId, t.registeredAt),
    // A fiscal number is one invoice's: the last guard behind the number's compare-and-set.
    uniqueIndex("fiscal_registry_company_number_idx").on(t.companyId, t.fiscalNumber),
  ],
);
