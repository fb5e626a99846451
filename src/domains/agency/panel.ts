import { z } from "@hono/zod-openapi";
import Big from "big.js";
import { eq } from "drizzle-orm";
import { byName } from "../../data/batch";
import type { Database } from "../../data/client";
import { PreconditionFailed } from "../../data/precondition";
import { companies, nowIso } from "../../data/schema";
import { ApiError } from "../../lib/errors";
import { InputError } from "../../lib/input-error";
import { currencyExponent, toMajor } from "../../lib/money";
import { CompanyParams, defineOperatorOperation, type OperatorContext } from "../../core/operator";
import type { WriteStatement } from "../../data/write-batch";
import { walletBalance } from "../billing";
import { notifyAccounts, statusChangeOf, statusConflict } from "./actions";
import { subaccountStatusChanged } from "./events";
import { subaccountStatuses, type SubaccountStatus } from "./model";
import { accountState, agencyPriceUpsert } from "./queries";

/** What the panel (the operator API) does with agencies: suspensions of whole trees, and the setup price. */

/** The highest setup price the panel accepts, in major units. */
const MAX_SETUP_PRICE = 100_000;

/**
 * Sets the setup price an agency pays per subaccount it creates (0 for none), in its wallet's
 * currency (or its default currency, EUR without one), so the debit always fits its wallet.
 */
export async function setAgencyPrice(db: Database, companyId: string, input: { setupPrice: string | number }) {
  const company = await db
    .select({ currency: companies.defaultCurrency })
    .from(companies)
    .where(eq(companies.id, companyId))
    .get();
  if (!company) throw new InputError("unknown_company", `No company ${companyId}.`);
  const currency = (await walletBalance(db, companyId))?.currency ?? company.currency ?? "EUR";
  const exponent = currencyExponent(currency) ?? 2;
  let minor: number;
  try {
    const price = new Big(input.setupPrice);
    if (
      price.lt(0) ||
      price.gt(MAX_SETUP_PRICE) ||
      !price
        .times(10 ** exponent)
        .mod(1)
        .eq(0)
    )
      throw new Error();
    minor = price.times(10 ** exponent).toNumber();
  } catch {
    throw new InputError(
      "invalid_argument",
      `setup_price must be an amount from 0 to ${MAX_SETUP_PRICE} ${currency} with at most ${exponent} decimals.`,
      "body.setup_price",
    );
  }
  await agencyPriceUpsert(db, companyId, minor, currency, nowIso());
  return { company_id: companyId, setup_price: toMajor(minor, exponent), currency };
}

const SuspensionResult = z.object({
  company: z.object({
    company_id: z.string(),
    name: z.string(),
    parent_company_id: z.string().nullable(),
    status: z.enum(subaccountStatuses),
    suspended_by: z.string().nullable().openapi({
      description: "The account whose suspension holds this one (itself, or an account above it); null while active",
    }),
    updated_at: z.string(),
  }),
  accounts_changed: z
    .number()
    .int()
    .min(0)
    .openapi({ description: "Accounts whose status this changed: the company and the accounts of its subtree" }),
});

/**
 * Suspends or reactivates any company with its subtree (the rules of the agency's own PATCH, which
 * share the statements): compare-and-set on the state read, every changed account's keys told
 * before the answer. The company's parent, when it has one, hears subaccount.status_changed.
 */
async function changeCompanyStatus(
  { db, env, commit }: Pick<OperatorContext<unknown, unknown, unknown>, "db" | "env" | "commit">,
  companyId: string,
  to: SubaccountStatus,
) {
  const read = await accountState(db, companyId);
  if (!read) throw new ApiError("not_found", `No company ${companyId}.`);
  const refusal = statusConflict(read, to, "company");
  if (refusal) throw refusal;
  const at = nowIso();
  const { statements, results } = byName<WriteStatement, ReturnType<typeof statusChangeOf>>(
    statusChangeOf(db, read, to, at, "company"),
  );
  const events = read.parentCompanyId
    ? [subaccountStatusChanged.of({ subaccount_id: companyId, status: to, previous_status: read.status })]
    : [];
  let changed: { id: string }[];
  try {
    ({ changed } = results(await commit(read.parentCompanyId ?? companyId, statements, events)));
  } catch (error) {
    if (!(error instanceof PreconditionFailed)) throw error;
    const now = await accountState(db, companyId);
    throw (now && statusConflict(now, to, "company")) ?? error;
  }
  await notifyAccounts(
    env,
    changed.map((account) => account.id),
  );
  const after = await accountState(db, companyId);
  const company = after ?? { ...read, status: to, updatedAt: at };
  return {
    status: 200 as const,
    body: {
      company: {
        company_id: company.id,
        name: company.name,
        parent_company_id: company.parentCompanyId,
        status: company.status,
        suspended_by: company.suspendedBy,
        updated_at: company.updatedAt,
      },
      accounts_changed: changed.length,
    },
    audit: { companyId, resourceType: "company", resourceId: companyId },
  };
}

const suspendCompany = defineOperatorOperation({
  operationId: "suspendCompany",
  method: "post",
  path: "/admin/v1/companies/{company_id}/suspend",
  summary: "Suspend a company and its whole subtree",
  description:
    "Suspends the company and every active account below it, at any depth; their keys answer 401 from their next request. Accounts " +
    "already suspended keep their own suspension. A company already suspended is 409 (`subaccount_status`, and `suspended_by` when " +
    "an account above it holds it).",
  tag: "Companies",
  request: { params: CompanyParams },
  responses: { 200: { description: "The company, and how many accounts it suspended", schema: SuspensionResult } },
  codes: [409],
  handler: ({ db, env, commit, params }) => changeCompanyStatus({ db, env, commit }, params.company_id, "suspended"),
});

const reactivateCompany = defineOperatorOperation({
  operationId: "reactivateCompany",
  method: "post",
  path: "/admin/v1/companies/{company_id}/reactivate",
  summary: "Reactivate a company and what its suspension suspended",
  description:
    "Reactivates exactly the accounts the company's own suspension suspended: itself and the accounts below it that were active then. " +
    "An account suspended on its own stays suspended. A company that is active, or suspended because an account above it is, is 409.",
  tag: "Companies",
  request: { params: CompanyParams },
  responses: { 200: { description: "The company, and how many accounts it reactivated", schema: SuspensionResult } },
  codes: [409],
  handler: ({ db, env, commit, params }) => changeCompanyStatus({ db, env, commit }, params.company_id, "active"),
});

const putAgencyPrice = defineOperatorOperation({
  operationId: "setAgencyPrice",
  method: "put",
  path: "/admin/v1/companies/{company_id}/agency-price",
  summary: "Set an agency's setup price per subaccount",
  description:
    "What the agency's wallet is debited when it creates a subaccount (POST /api/v1/agency/subaccounts), in major units of its wallet's " +
    `currency (its default currency, EUR without one): 0 to ${MAX_SETUP_PRICE}, at most the currency's decimals; 0 charges nothing.`,
  tag: "Companies",
  request: { params: CompanyParams, body: z.object({ setup_price: z.number().min(0).max(MAX_SETUP_PRICE) }) },
  responses: {
    200: {
      description: "The price now in force",
      schema: z.object({ company_id: z.string(), setup_price: z.number(), currency: z.string() }),
    },
  },
  codes: [],
  handler: async ({ db, params, body }) => ({
    status: 200,
    body: await setAgencyPrice(db, params.company_id, { setupPrice: body.setup_price }),
    audit: { companyId: params.company_id, resourceType: "agency_price", resourceId: params.company_id },
  }),
});

export const agencyOperatorOperations = [suspendCompany, reactivateCompany, putAgencyPrice];
