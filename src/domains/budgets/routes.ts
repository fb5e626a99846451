import { defineOperation } from "../../core/operation";
import { OffsetPageQuery, offsetEnvelope } from "../../lib/pagination";
import { createBudget } from "./actions";
import {
  BudgetSummary,
  budgetPageExample,
  CreateBudgetBody,
  createBudgetExample,
  CreatedBudget,
  createdBudgetExample,
} from "./model";
import { createdBudgetOf, listBudgets } from "./queries";

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
    mcp: { listedByDefault: true },
    request: { query: OffsetPageQuery },
    responses: {
      200: {
        description: "A page of budgets",
        schema: offsetEnvelope(BudgetSummary, "BudgetPage", "A page of budgets, newest first"),
        example: budgetPageExample,
      },
    },
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
    mcp: { listedByDefault: true },
    request: { body: CreateBudgetBody, example: createBudgetExample },
    responses: {
      201: { description: "The created draft budget", schema: CreatedBudget, example: createdBudgetExample },
    },
    handler: async ({ db, caller, body, commit }) => ({
      status: 201,
      body: await createBudget({ db, caller, commit }, body),
    }),
    replay: async ({ db, caller }, { resourceId }) => {
      const budget = resourceId ? await createdBudgetOf(db, caller.company.id, resourceId) : undefined;
      return budget && { status: 201, body: budget };
    },
  }),
];
