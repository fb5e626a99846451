import type { z } from "@hono/zod-openapi";
import type { Uses } from "../../core/action";
import { commitNamed } from "../../core/commit";
import type { Database } from "../../data/client";
import { nowIso } from "../../data/schema";
import { ApiError } from "../../lib/errors";
import { computeTotals, currencyExponent, MoneyError, toMajor } from "../../lib/money";
import type { Caller } from "../../keys/caller";
import { budgetCreated } from "./events";
import type { CreateBudgetBody, CreatedBudget } from "./model";
import { budgetSeries, drawnBudgetNumber, insertBudgetStatements } from "./queries";

/**
 * A new draft budget from POST /budgets's body: the statements of its batch (by name in `write`,
 * for the handler; in batch order in `statements`, which the benchmark's write floor replays), its
 * event, and what the answer shows.
 */
export function newBudget(db: Database, company: Caller["company"], body: z.output<typeof CreateBudgetBody>) {
  if (body.document_type !== undefined && body.document_type !== "budget") {
    throw new ApiError(
      "fiscal_document_type",
      `document_type ${JSON.stringify(body.document_type)} is refused: the API creates non-fiscal budgets only.`,
    );
  }
  const currency = body.document_currency ?? company.defaultCurrency ?? "EUR";
  const exponent = currencyExponent(currency) ?? 2;
  let totals;
  try {
    totals = computeTotals(body.items, exponent, company.defaultVatRate);
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
    throw new ApiError("validation_error", error.message, {
      errors: [{ path: `body.${error.path}`, message: error.message }],
    });
  }
  const id = crypto.randomUUID();
  const createdAt = nowIso();
  const write = insertBudgetStatements(db, {
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
  return {
    id,
    createdAt,
    currency,
    amounts,
    write,
    statements: [write.bump, write.client, write.document, ...write.lines],
    event,
  };
}

/** POST /budgets: the draft and its event in one batch; its number is drawn from the company's series inside it. */
export async function createBudget(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  body: z.output<typeof CreateBudgetBody>,
): Promise<z.input<typeof CreatedBudget>> {
  const { id, createdAt, currency, amounts, write, event } = newBudget(db, caller.company, body);
  const { document } = await commitNamed(commit, write, { resourceType: "budget", resourceId: id }, [event]);
  const [inserted] = document as { budgetNumber: string }[];
  return {
    id,
    budget_number: inserted!.budgetNumber,
    status: "draft",
    document_type: "budget",
    ...amounts,
    document_currency: currency,
    created_at: createdAt,
  };
}
