import type { z } from "@hono/zod-openapi";
import { PreconditionFailed } from "../../core/db/precondition";
import { ApiError, notFound } from "../../core/errors";
import type { OperationContext, Reply } from "../../core/operation";
import { ADDON_CATALOGUE, billingCurrency, cyclePrice, isAddonType } from "./catalogue";
import { addonCancelled, addonHired } from "./events";
import type { CancelledAddon, HireAddonInput, HiredAddon } from "./model";
import { addonNotHired, addonStillHired, deleteAddon, hiredAddon, insertAddon } from "./queries";
import { addonViews, toMinorUnits } from "./views";
import { debit } from "./wallet";

type Context<P = unknown, B = unknown> = OperationContext<P, unknown, B>;

async function viewOf(ctx: Context, type: string, chargedMajor: number): Promise<z.input<typeof HiredAddon>> {
  const view = (await addonViews(ctx.db, ctx.caller)).find((addon) => addon.type === type)!;
  return { ...view, charged: chargedMajor };
}

/** POST /billing/addons: hires and charges the first month (201); already hired: 200, nothing charged. */
export async function hireAddon(ctx: Context<unknown, z.output<typeof HireAddonInput>>): Promise<Reply<z.input<typeof HiredAddon>>> {
  const { db, caller, body, commit } = ctx;
  const companyId = caller.company.id;
  const type = body.addon_type;
  if (await hiredAddon(db, companyId, type)) return { status: 200, body: await viewOf(ctx, type, 0) };
  const offer = ADDON_CATALOGUE[type];
  if (!offer.plans.includes(caller.company.plan)) {
    throw new ApiError("conflict", `The add-on ${type} cannot be hired on the ${caller.company.plan} plan; it is for ${offer.plans.join(", ")}.`, { addon_type: type, plan: caller.company.plan });
  }
  const currency = billingCurrency(caller.company);
  const price = cyclePrice(offer.monthly, currency, "monthly");
  if (price === undefined) throw new ApiError("conflict", `The add-on ${type} is not sold in ${currency}, the account's billing currency.`, { addon_type: type });
  const priceMinor = toMinorUnits(price, currency, "body.addon_type");
  const payment = await debit(db, {
    companyId,
    amountMinor: priceMinor,
    currency,
    kind: "charge",
    reference: { type: "add_on", id: type },
    description: `Add-on: ${offer.name} (first month)`,
    // The operation declares no 402: a balance short of the price is a 409 naming the amounts.
    refuseAs: "conflict",
  });
  try {
    const hiredAt = new Date().toISOString();
    await commit(
      [addonNotHired(db, companyId, type), ...payment, insertAddon(db, { companyId, addonType: type, priceMinor, currency, hiredAt })],
      { resourceType: "add_on", resourceId: type },
      [addonHired.of({ addon_type: type, charged: price, currency, hired_at: hiredAt })],
    );
  } catch (error) {
    // Another request hired it first: that one paid; this one answers as for an add-on already hired.
    if (error instanceof PreconditionFailed && (await hiredAddon(db, companyId, type))) return { status: 200, body: await viewOf(ctx, type, 0) };
    throw error;
  }
  return { status: 201, body: await viewOf(ctx, type, price) };
}

/** DELETE /billing/addons/{addon_type}: cancels now; one not hired is 404. */
export async function cancelAddon(ctx: Context<{ addon_type: string }>): Promise<z.input<typeof CancelledAddon>> {
  const { db, caller, params, commit } = ctx;
  const type = params.addon_type;
  if (!isAddonType(type)) throw notFound(`add-on ${type} in the catalogue`);
  const companyId = caller.company.id;
  const cancelledAt = new Date().toISOString();
  await commit([addonStillHired(db, companyId, type), deleteAddon(db, companyId, type)], { resourceType: "add_on", resourceId: type }, [addonCancelled.of({ addon_type: type, cancelled_at: cancelledAt })]);
  return { type, hired: false, cancelled_at: cancelledAt };
}
