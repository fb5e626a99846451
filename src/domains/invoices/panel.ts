import { CompanyParams, defineOperatorOperation } from "../../core/operator";
import { issueInvoice } from "./actions";
import { IssuedInvoice, IssueInvoiceBody } from "./model";

/**
 * The operator's side of invoices: what the web panel does when a company invoices its client.
 * The public API only reads invoices (GET /api/v1/invoices); it never creates a fiscal document.
 */
const issue = defineOperatorOperation({
  operationId: "issueInvoice",
  method: "post",
  path: "/admin/v1/companies/{company_id}/invoices",
  summary: "Issue an invoice of a company to its client",
  description:
    "Issues a fiscal invoice of the company, from one of its budgets (`budget_id`: its client, lines and totals as they are; the budget becomes `accepted`) or from a client and lines given (totals computed as a budget's, the client saved as a budget's is). " +
    "The invoice is `issued` and `unpaid`, numbered from the company's gap-free yearly series (F-2026-0001, drawn by a compare-and-set: two issues at once never share a number), with its fiscal-registry record, in one batch; `GET /api/v1/invoices` lists it. " +
    "404 for a budget the company does not have; 409 for a budget rejected, expired or invoiced already (a budget is invoiced once).",
  tag: "Invoices",
  request: { params: CompanyParams, body: IssueInvoiceBody },
  responses: { 201: { description: "The issued invoice, with its lines and fiscal record", schema: IssuedInvoice } },
  codes: [409],
  handler: async ({ db, params, body, commit }) => {
    const invoice = await issueInvoice(db, commit, params.company_id, body);
    return {
      status: 201,
      body: invoice,
      audit: { companyId: params.company_id, resourceType: "invoice", resourceId: invoice.id },
    };
  },
});

export const invoiceOperatorOperations = [issue];
