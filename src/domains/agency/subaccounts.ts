import { isUniqueViolation } from "../../core/db/bulk";
import { nowIso } from "../../core/db/schema";
import { companyChanged } from "../../core/key-changes";
import { ApiError, invalidField, notFound } from "../../core/errors";
import { toMajor, currencyExponent } from "../../core/money";
import { plans, type OperationContext, type Plan } from "../../core/operation";
import { debit } from "../billing";
import { subaccountCreated, subaccountStatusChanged } from "./events";
import type { SubaccountStatus, SubaccountView } from "./model";
import { agencyPriceOf, findSubaccount, statusChange, subaccountInserts, subaccountOwnedBy, toSubaccount } from "./queries";

type Context = Pick<OperationContext<unknown, unknown, unknown>, "db" | "env" | "caller" | "commit">;

/** The subaccount, or 404 for any id that is not a direct subaccount of the caller (whether it exists or not). */
export async function requireSubaccount({ db, caller }: Pick<Context, "db" | "caller">, subaccountId: string) {
  const row = await findSubaccount(db, caller.company.id, subaccountId);
  if (!row) throw notFound("subaccount");
  return row;
}

const ownerTaken = (existingId: string | undefined) =>
  new ApiError("conflict", "Another subaccount of this agency already has this owner email.", existingId ? { existing_subaccount_id: existingId } : {});

const rank = (plan: Plan) => plans.indexOf(plan);

export interface SubaccountInput {
  name: string;
  plan: Plan;
  owner_email: string;
}

/**
 * Creates a client company under the caller, with its owner, and debits the agency's setup price
 * (when the panel set one) in the same D1 batch, so a subaccount is never created unpaid nor paid
 * twice (a retry with the same Idempotency-Key replays the first answer). A balance that does not
 * cover the price is 409 (the operation declares no 402), with nothing created.
 */
export async function createSubaccount(context: Context, input: SubaccountInput) {
  const { db, caller, commit } = context;
  const agency = caller.company;
  if (rank(input.plan) > rank(agency.plan)) {
    throw invalidField("body.plan", `An agency on the ${agency.plan} plan creates subaccounts on its own plan or one below it, not ${input.plan}.`);
  }
  const ownerEmail = input.owner_email.toLowerCase();
  const existing = await subaccountOwnedBy(db, agency.id, ownerEmail);
  if (existing) throw ownerTaken(existing);

  const id = crypto.randomUUID();
  const at = nowIso();
  const price = await agencyPriceOf(db, agency.id);
  const chargeMinor = price?.setupPriceMinor ?? 0;
  const entryId = crypto.randomUUID();
  const payment =
    price && chargeMinor > 0
      ? await debit(db, {
          companyId: agency.id,
          amountMinor: chargeMinor,
          currency: price.currency,
          kind: "charge",
          reference: { type: "subaccount", id },
          description: `Setup of subaccount ${input.name}`,
          entryId,
          refuseAs: "conflict",
        })
      : [];

  const subaccount: SubaccountView = {
    id,
    name: input.name,
    plan: input.plan,
    status: "active",
    owner_email: ownerEmail,
    agency_id: agency.id,
    created_at: at,
    updated_at: at,
  };
  const statements = [
    ...subaccountInserts(db, {
      id,
      agencyId: agency.id,
      name: input.name,
      plan: input.plan,
      ownerEmail,
      defaultVatRate: agency.defaultVatRate,
      defaultCurrency: agency.defaultCurrency,
      defaultRegion: agency.defaultRegion,
      at,
    }),
    ...payment,
  ];
  try {
    await commit(statements, { resourceType: "subaccount", resourceId: id }, [
      subaccountCreated.of({ subaccount, setup_charge_minor: payment.length > 0 ? chargeMinor : 0, currency: price?.currency ?? null }),
    ]);
  } catch (error) {
    // Two creations with the same owner at once: the unique index lets one through.
    if (isUniqueViolation(error)) throw ownerTaken(await subaccountOwnedBy(db, agency.id, ownerEmail));
    throw error;
  }
  const setupCharge =
    price && payment.length > 0 ? { amount: toMajor(chargeMinor, currencyExponent(price.currency) ?? 2), currency: price.currency, transaction_id: entryId } : null;
  return { ...subaccount, setup_charge: setupCharge };
}

/**
 * Activates or suspends a direct subaccount. The state it already has is 409; the change is a
 * compare-and-set on the status read, so of two concurrent suspensions one succeeds and the other
 * is 409. The subaccount's keys' Durable Objects are told before the answer, so it applies from
 * the next request on.
 */
export async function changeSubaccountStatus(context: Context, subaccountId: string, to: SubaccountStatus): Promise<SubaccountView> {
  const { db, env, caller, commit } = context;
  const row = await requireSubaccount(context, subaccountId);
  if (row.status === to) throw new ApiError("conflict", `The subaccount is already ${to}.`, { status: to });
  const at = nowIso();
  await commit(statusChange(db, caller.company.id, subaccountId, row.status, to, at), { resourceType: "subaccount", resourceId: subaccountId }, [
    subaccountStatusChanged.of({ subaccount_id: subaccountId, status: to, previous_status: row.status }),
  ]);
  await companyChanged(env, subaccountId);
  return toSubaccount({ ...row, status: to, updatedAt: at });
}
