import { eq } from "drizzle-orm";
import { defineDomain } from "../../core/domain";
import { clients } from "../clients";
import { budgetEvents } from "./events";
import { budgetOperations } from "./routes";
import { seedDocuments } from "./seed";

export { documentLines, documents, fiscalRegistry } from "./schema";
export { DocumentCurrency, documentAmountFields, DocumentLineItem } from "./model";
export { budgetPageQuery, documentKeys, documentSummaryColumns, withMajorAmounts } from "./queries";
export { seedBulkBudgets } from "./seed";
/** For the benchmark's write floor: the batch of POST /budgets. */
export { newBudget } from "./actions";

/** Non-fiscal budgets: list and create drafts. Seeds budgets and issued invoices for the company's clients. */
export default defineDomain({
  name: "budgets",
  defaults: {
    tag: "Budgets",
    tagDescription:
      "Non-fiscal quotes: list them, and create drafts whose totals the server computes. Never an invoice or any fiscal document.",
    plans: "ALL",
    capability: "budgets",
  },
  operations: budgetOperations,
  events: budgetEvents,
  seed: async ({ db, company, random, now, scale }) => {
    const ofCompany = await db
      .select({ id: clients.id, name: clients.name, email: clients.email, phone: clients.phone })
      .from(clients)
      .where(eq(clients.companyId, company.id));
    const counts = scale === "full" ? { budgets: 36, invoices: 18 } : { budgets: 5, invoices: 3 };
    return seedDocuments(
      db,
      company.id,
      ofCompany,
      random,
      { currency: company.currency, vatRate: company.vatRate, ...counts },
      now,
    );
  },
});
