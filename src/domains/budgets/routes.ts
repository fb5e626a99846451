import { nowIso } from "../../core/db/schema";
import { ApiError } from "../../core/errors";
import { defineOperation } from "../../core/operation";
import { OffsetPageQuery, offsetEnvelope } from "../../core/pagination";
import { computeTotals, currencyExponent, MoneyError, toMajor } from "../../core/money";
import { budgetCreated } from "./events";
import { BudgetSummary, budgetPageExample, CreateBudgetBody, createBudgetExample, CreatedBudget, createdBudgetExample } from "./model";
import { budgetSeries, drawnBudgetNumber, insertBudgetStatements, listBudgets } from "./queries";

export const budgetOperations = [
  defineOperation({
    operationId: "listBudgets",
    method: "get",
    path: "/api/v1/budgets",
    summary: "List budgets",
    description: "Budget documents of the key's company, newest first (created_at, then id, descending).",
    scope: "budgets:read",
    gate: "A",
    codes: [200, 401, 403, 404, 429, 500],
    request: { query: OffsetPageQuery },
    responses: { 200: { description: "A page of budgets", schema: offsetEnvelope(BudgetSummary, "BudgetPage", "A page of budgets, newest first"), example: budgetPageExample } },
    handler: async ({ db, caller, query }) => ({
      status: 200,
      body: await listBudgets(db, caller.company.id, query),
    }),
  }),

  defineOperation({
    operationId: "createBudget",
    method: "post",
    path: "/api/v1/budgets",
    summary: "Create a draft budget",
    description:
      "Creates a draft, non-fiscal budget; totals are computed by the server. Never creates an invoice, credit note, " +
      "fiscal number or fiscal-registry record. With an Idempotency-Key, a repeat returns the same budget.",
    scope: "budgets:write",
    gate: "A",
    codes: [201, 400, 401, 403, 404, 429, 500],
    request: { body: CreateBudgetBody, example: createBudgetExample },
    responses: { 201: { description: "The created draft budget", schema: CreatedBudget, example: createdBudgetExample } },
    handler: async ({ db, caller, body, commit }) => {
      if (body.document_type !== undefined && body.document_type !== "budget") {
        throw new ApiError(
          "fiscal_document_type",
          `document_type ${JSON.stringify(body.document_type)} is refused: the API creates non-fiscal budgets only.`,
        );
      }
      const company = caller.company;
      const currency = body.document_currency ?? company.defaultCurrency ?? "EUR";
      const exponent = currencyExponent(currency) ?? 2;
      let totals;
      try {
        totals = computeTotals(body.items, exponent, company.defaultVatRate);
      } catch (error) {
        if (!(error instanceof MoneyError)) throw error;
        throw new ApiError("validation_error", error.message, { errors: [{ path: `body.${error.path}`, message: error.message }] });
      }
      const id = crypto.randomUUID();
      const createdAt = nowIso();
      const statements = insertBudgetStatements(db, {
        id,
        companyId: company.id,
        createdAt,
        clientName: body.client_name,
        clientEmail: body.client_email ?? null,
        description: body.description ?? null,
        notes: body.notes ?? null,
        validity: body.validity ?? company.defaultValidity,
        currency,
        totals,
        items: body.items,
      });
      const amounts = {
        subtotal: toMajor(totals.subtotalMinor, exponent),
        iva_amount: toMajor(totals.ivaAmountMinor, exponent),
        total: toMajor(totals.totalMinor, exponent),
      };
      const event = budgetCreated.of(
        {
          id,
          budget_number: "", // drawn inside the batch; filled from the sequence when the event row is written

          status: "draft",
          client_name: body.client_name,
          client_email: body.client_email ?? null,
          document_currency: currency,
          ...amounts,
          created_at: createdAt,
        },
        { budget_number: drawnBudgetNumber(company.id, budgetSeries(createdAt)) },
      );
      const results = await commit(statements, { resourceType: "budget", resourceId: id }, [event]);
      const [inserted] = results[1] as { budgetNumber: string }[];
      return {
        status: 201,
        body: {
          id,
          budget_number: inserted!.budgetNumber,
          status: "draft" as const,
          document_type: "budget" as const,
          ...amounts,
          document_currency: currency,
          created_at: createdAt,
        },
      };
    },
  }),
];
