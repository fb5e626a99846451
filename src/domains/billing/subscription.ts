import type { z } from "@hono/zod-openapi";
import { DateTime } from "luxon";
import { ApiError, notFound } from "../../core/errors";
import { companyChanged } from "../../core/key-changes";
import type { OperationContext, Plan, Reply, WriteStatement } from "../../core/operation";
import { billingCurrency, CYCLE_MONTHS, cyclePrice, PLAN_CATALOGUE } from "./catalogue";
import { subscriptionChanged } from "./events";
import type { ChangePlanInput, PlanChange, Subscription } from "./model";
import { insertSubscription, setCompanyPlan, subscriptionOf, subscriptionUnchanged, updateSubscription } from "./queries";
import type { BillingCycle, SubscriptionRow } from "./schema";
import { major, toMinorUnits, toSubscription } from "./views";
import { debit } from "./wallet";

type Context<B = unknown> = OperationContext<unknown, unknown, B>;

function cyclePriceMinor(plan: Plan, currency: string, cycle: BillingCycle): number {
  const price = cyclePrice(PLAN_CATALOGUE[plan].monthly, currency, cycle);
  if (price === undefined) throw new ApiError("conflict", `The ${plan} plan is not sold in ${currency}, the account's billing currency.`);
  return toMinorUnits(price, currency, "body.plan");
}

/** The wallet charge of a plan change, in the statements of its batch (none for 0). */
async function charge(ctx: Context, amountMinor: number, currency: string, description: string): Promise<WriteStatement[]> {
  if (amountMinor <= 0) return [];
  const companyId = ctx.caller.company.id;
  // The operation declares no 402: a balance short of the charge is a 409 naming the amounts.
  return debit(ctx.db, { companyId, amountMinor, currency, kind: "charge", reference: { type: "subscription", id: companyId }, description, refuseAs: "conflict" });
}

/**
 * The part of the price difference that remains of the period, rounded to the minor unit: an
 * upgrade on day 10 of 30 pays two thirds of the difference.
 */
export function proratedMinor(differenceMinor: number, row: Pick<SubscriptionRow, "currentPeriodStart" | "currentPeriodEnd">, now: number): number {
  const start = Date.parse(row.currentPeriodStart);
  const end = Date.parse(row.currentPeriodEnd);
  if (differenceMinor <= 0 || now >= end || end <= start) return 0;
  return Math.round((differenceMinor * (end - Math.max(now, start))) / (end - start));
}

const changed = (change: "hired" | "upgraded" | "downgrade_scheduled" | "cancelled", row: SubscriptionRow, chargedMinor: number, at: string) =>
  subscriptionChanged.of({
    change,
    plan: row.plan,
    scheduled_plan: row.scheduledPlan,
    cancel_at: row.cancelAtPeriodEnd ? row.currentPeriodEnd : null,
    charged: major(chargedMinor, row.currency),
    currency: row.currency,
    changed_at: at,
  });

/** POST /billing/subscription: hire (201), upgrade now (200), or schedule a downgrade (200). */
export async function changePlan(ctx: Context<z.output<typeof ChangePlanInput>>): Promise<Reply<z.input<typeof PlanChange>>> {
  const { db, caller, body, commit } = ctx;
  const companyId = caller.company.id;
  const target = body.plan as Plan;
  const current = await subscriptionOf(db, companyId);
  const now = Date.now();
  const at = new Date(now).toISOString();
  const audit = { resourceType: "subscription", resourceId: companyId };

  if (!current) {
    const currency = billingCurrency(caller.company);
    const priceMinor = cyclePriceMinor(target, currency, body.cycle);
    const row: SubscriptionRow = {
      companyId,
      plan: target,
      cycle: body.cycle,
      priceMinor,
      currency,
      currentPeriodStart: at,
      currentPeriodEnd: DateTime.fromMillis(now, { zone: "UTC" }).plus({ months: CYCLE_MONTHS[body.cycle] }).toJSDate().toISOString(),
      scheduledPlan: null,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      version: 1,
      createdAt: at,
      updatedAt: at,
    };
    const payment = await charge(ctx, priceMinor, currency, `Plan ${target}, first ${body.cycle} period`);
    await commit([subscriptionUnchanged(db, companyId, null), ...payment, insertSubscription(db, row), setCompanyPlan(db, companyId, target, at)], audit, [changed("hired", row, priceMinor, at)]);
    // The plan, and so the capabilities, every key of the company carries: from the next request on.
    await companyChanged(ctx.env, companyId);
    return { status: 201, body: { ...toSubscription(caller, row), change: "hired", charged: major(priceMinor, currency) } };
  }

  if (current.plan === target) throw new ApiError("conflict", `The subscription is already on the ${target} plan.`, { plan: target });
  const upgrade = PLAN_CATALOGUE[target].rank > PLAN_CATALOGUE[current.plan].rank;
  if (upgrade) {
    const priceMinor = cyclePriceMinor(target, current.currency, current.cycle);
    const chargedMinor = proratedMinor(priceMinor - current.priceMinor, current, now);
    const payment = await charge(ctx, chargedMinor, current.currency, `Upgrade from ${current.plan} to ${target}, rest of the period`);
    const changes = { plan: target, priceMinor, scheduledPlan: null, updatedAt: at };
    await commit([subscriptionUnchanged(db, companyId, current.version), ...payment, updateSubscription(db, companyId, current.version, changes), setCompanyPlan(db, companyId, target, at)], audit, [
      changed("upgraded", { ...current, ...changes }, chargedMinor, at),
    ]);
    await companyChanged(ctx.env, companyId);
    return { status: 200, body: { ...toSubscription(caller, { ...current, ...changes }), change: "upgraded", charged: major(chargedMinor, current.currency) } };
  }

  if (current.scheduledPlan === target) throw new ApiError("conflict", `A downgrade to ${target} is already scheduled for ${current.currentPeriodEnd}.`, { plan: target });
  cyclePriceMinor(target, current.currency, current.cycle);
  const changes = { scheduledPlan: target, updatedAt: at };
  await commit([subscriptionUnchanged(db, companyId, current.version), updateSubscription(db, companyId, current.version, changes)], audit, [changed("downgrade_scheduled", { ...current, ...changes }, 0, at)]);
  return { status: 200, body: { ...toSubscription(caller, { ...current, ...changes }), change: "downgrade_scheduled", charged: 0 } };
}

/** DELETE /billing/subscription: ends it when the current period ends. */
export async function cancelSubscription(ctx: Context): Promise<z.input<typeof Subscription>> {
  const { db, caller, commit } = ctx;
  const companyId = caller.company.id;
  const current = await subscriptionOf(db, companyId);
  if (!current) throw notFound("subscription: the account has not hired a plan");
  if (current.cancelAtPeriodEnd) throw new ApiError("conflict", `The subscription is already cancelled; it ends at ${current.currentPeriodEnd}.`, { cancel_at: current.currentPeriodEnd });
  const at = new Date().toISOString();
  const changes = { cancelAtPeriodEnd: true, canceledAt: at, scheduledPlan: null, updatedAt: at };
  await commit([subscriptionUnchanged(db, companyId, current.version), updateSubscription(db, companyId, current.version, changes)], { resourceType: "subscription", resourceId: companyId }, [
    changed("cancelled", { ...current, ...changes }, 0, at),
  ]);
  return toSubscription(caller, { ...current, ...changes });
}
