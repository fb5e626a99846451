import { defineDomain } from "../../core/domain";
import { invoiceOperatorOperations } from "./panel";
import { invoiceOperations } from "./routes";

/**
 * Issued invoices (the budgets domain's documents of type invoice): read only through the public
 * API; issued by the operator (panel.ts), and seeded for the demo.
 */
export default defineDomain({
  name: "invoices",
  defaults: {
    tag: "Invoices",
    tagDescription: "Issued invoices, read only: the documents, never the fiscal ledger or registry.",
    plans: "ALL",
    capability: "invoices",
  },
  operations: invoiceOperations,
  operatorOperations: invoiceOperatorOperations,
});
