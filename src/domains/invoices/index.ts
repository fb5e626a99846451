import { defineDomain } from "../../core/domain";
import { invoiceOperations } from "./routes";

/** Issued invoices, read only (the budgets domain's documents of type invoice; it seeds them). */
export default defineDomain({
  name: "invoices",
  defaults: {
    tag: "Invoices",
    tagDescription: "Issued invoices, read only: the documents, never the fiscal ledger or registry.",
    plans: "ALL",
    capability: "invoices",
  },
  operations: invoiceOperations,
});
