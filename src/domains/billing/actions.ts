import type { z } from "@hono/zod-openapi";
import { DateTime } from "luxon";
import type { Uses } from "../../core/action";
import type { Database } from "../../data/client";
import { sha256Hex } from "../../keys/auth";
import { PreconditionFailed } from "../../data/precondition";
import { ApiError, invalidField, notFound } from "../../lib/errors";
import { gateway, ProviderError } from "../../integrations";
import { companyChanged } from "../../keys/key-changes";
import type { Plan, Quote, Reply, WriteStatement } from "../../core/operation";
import { datePeriod, daysBetween, localDateOf } from "../../lib/period";
import { callSettingsOf, periodTotals } from "../calls";
import {
  ADDON_CATALOGUE,
  addonTypes,
  billingCurrency,
  CYCLE_MONTHS,
  cyclePrice,
  isAddonType,
  PLAN_CATALOGUE,
} from "./catalogue";
import { addonCancelled, addonHired, subscriptionChanged, walletToppedUp } from "./events";
import type {
  Addon,
  Balance,
  CancelledAddon,
  ChangePlanInput,
  HireAddonInput,
  HiredAddon,
  PlanChange,
  Subscription,
  TopUp,
  TopUpInput,
  Usage,
  UsageQuery,
} from "./model";
import {
  addonNotHired,
  addonOf,
  addonStillHired,
  addonUnchanged,
  deleteAddon,
  hiredAddons,
  insertAddon,
  updateAddon,
  insertSubscription,
  completeTopUp,
  failTopUp,
  insertPendingTopUp,
  topUpOf,
  paymentMethodOf,
  setCompanyPlan,
  subscriptionOf,
  subscriptionUnchanged,
  topUpByPayment,
  updateSubscription,
  usageTotals,
  walletBalance,
} from "./queries";
import type { BillingCycle, SubscriptionRow } from "./schema";
import { major, toMinorUnits, toSubscription } from "./views";
import { invoiceFor, receiptFor } from "./invoicing";
import { addonMonth } from "./jobs";
import { cancelDue, scheduleDue } from "../../work/due";
import { runWriteBatch } from "../../core/commit";
import { settleTopUp, TOP_UP_DEADLINE_MS } from "./deadlines";
import { credit, debit } from "./wallet";
import { clock } from "../../lib/clock";
import { isClosed, OPEN_PACKAGING, requireOffered, type PackagingOf } from "../../core/packaging";
import { uuidFromHex } from "../../lib/uuid";

/**
 * What the billing operations do between their declarations (routes.ts) and their SQL (queries.ts):
 * the wallet's balance and usage, top-ups by card, the plan and the add-ons the company hires.
 */

export async function balanceOf({ db, caller }: Uses<"db" | "caller">): Promise<z.input<typeof Balance>> {
  const wallet = await walletBalance(db, caller.company.id);
  const currency = wallet?.currency ?? billingCurrency(caller.company);
  return { amount: major(wallet?.balanceMinor ?? 0, currency), currency, as_of: clock.iso() };
}

/** At most this many days in a usage period. */
const MAX_USAGE_DAYS = 366;

export async function usageOf(
  { db, caller }: Uses<"db" | "caller">,
  query: z.output<typeof UsageQuery>,
): Promise<z.input<typeof Usage>> {
  const companyId = caller.company.id;
  const { timeZone } = await callSettingsOf(db, companyId, caller.company.defaultRegion);
  const today = localDateOf(clock.now(), timeZone);
  const startDate = query.start_date ?? `${today.slice(0, 8)}01`;
  const endDate = query.end_date ?? (query.start_date && query.start_date > today ? query.start_date : today);
  datePeriod({ start_date: startDate, end_date: endDate });
  const days = daysBetween(startDate, endDate) + 1;
  if (days > MAX_USAGE_DAYS)
    throw invalidField("query.end_date", `A usage period is at most ${MAX_USAGE_DAYS} days; this one has ${days}.`);
  const [calls, messaging, wallet] = await Promise.all([
    periodTotals(db, companyId, { startDate, endDate }),
    usageTotals(db, companyId, startDate, endDate),
    walletBalance(db, companyId),
  ]);
  const currency = wallet?.currency ?? billingCurrency(caller.company);
  const cost = (minor: number) => major(minor, currency);
  // Calls are counted and timed from the calls; their cost is what the wallet was charged for them
  // in the period, net of refunded reservations, like every other kind (usage records).
  const totalMinor =
    messaging.call.costMinor +
    messaging.sms_segment.costMinor +
    messaging.email.costMinor +
    messaging.whatsapp_message.costMinor;
  return {
    start_date: startDate,
    end_date: endDate,
    time_zone: timeZone,
    currency,
    calls: {
      count: calls.count,
      minutes: Math.round(calls.durationSeconds / 6) / 10,
      cost: cost(messaging.call.costMinor),
    },
    sms: { segments: messaging.sms_segment.quantity, cost: cost(messaging.sms_segment.costMinor) },
    emails: { count: messaging.email.quantity, cost: cost(messaging.email.costMinor) },
    whatsapp: { messages: messaging.whatsapp_message.quantity, cost: cost(messaging.whatsapp_message.costMinor) },
    total_cost: cost(totalMinor),
  };
}

export async function subscriptionView({ db, caller }: Uses<"db" | "caller">) {
  return toSubscription(caller, await subscriptionOf(db, caller.company.id));
}

/** The catalogue with, for each add-on, whether the plan allows it and whether it is hired. */
export async function addonViews(
  { db, caller }: Uses<"db" | "caller">,
  packagingOf: PackagingOf,
): Promise<z.input<typeof Addon>[]> {
  const [hiredRows, gates] = await Promise.all([
    hiredAddons(db, caller.company.id),
    packagingOf(db, caller.company.id),
  ]);
  // An agency's hide_addons offers none: each still shows whether it is hired.
  const offered = !isClosed(gates, "hide_addons");
  const hired = new Map(hiredRows.map((row) => [row.addonType, row]));
  const currency = billingCurrency(caller.company);
  return addonTypes.map((type) => {
    const offer = ADDON_CATALOGUE[type];
    const row = hired.get(type);
    return {
      type,
      name: offer.name,
      description: offer.description,
      monthly_price: row ? major(row.priceMinor, row.currency) : (cyclePrice(offer.monthly, currency, "monthly") ?? 0),
      currency: row?.currency ?? currency,
      available: offered && offer.plans.includes(caller.company.plan) && offer.monthly[currency] !== undefined,
      hired: row !== undefined,
      hired_at: row?.hiredAt ?? null,
    };
  });
}

/** A top-up's currency, amount and payment method, or its refusal (400 out of bounds, 503 without a payment method): the top-up's and its quote's. */
async function topUpTerms({ db, caller, config }: Uses<"db" | "caller" | "config">, body: z.output<typeof TopUpInput>) {
  const companyId = caller.company.id;
  const [wallet, method] = await Promise.all([walletBalance(db, companyId), paymentMethodOf(db, companyId)]);
  const currency = wallet?.currency ?? billingCurrency(caller.company);
  const { minimum, maximum } = config.billing.topUp;
  if (body.amount < minimum || body.amount > maximum) {
    throw invalidField("body.amount", `A top-up is between ${minimum} and ${maximum} ${currency}.`);
  }
  const amountMinor = toMinorUnits(body.amount, currency, "body.amount");
  if (!method) {
    throw new ApiError(
      "integration_not_configured",
      "The account has no payment method on file; add one in the panel before topping up.",
      { provider: "stripe" },
    );
  }
  return { currency, amountMinor, method, wallet };
}

/** What a top-up would charge the payment method and credit, for a preview before it is confirmed (the MCP server's quote). */
export async function quoteTopUp(
  { db, caller, config }: Uses<"db" | "caller" | "config">,
  body: z.output<typeof TopUpInput>,
): Promise<Quote> {
  const { currency, amountMinor, wallet } = await topUpTerms({ db, caller, config }, body);
  return {
    charge: {
      amount: major(amountMinor, currency),
      currency,
      description: "Charged to the payment method on file (a card, off session) and credited to the wallet.",
    },
    balance: { amount: major(wallet?.balanceMinor ?? 0, currency), currency },
  };
}

/**
 * POST /billing/topups. The charge and the credit cannot share a transaction (one is the
 * provider's), so the provider gets an idempotency key derived from the request's own: a retry
 * after a failure anywhere (the provider answered but the credit's batch failed, a timeout) finds
 * the same payment, and the unique payment id on top_ups credits it once.
 */
// biome-ignore lint/complexity/noExcessiveCognitiveComplexity: each outcome of the provider's payment is answered where it is known (the retry's safety depends on it)
export async function topUp(
  {
    db,
    caller,
    config,
    requestId,
    idempotencyKey,
    commit,
  }: Uses<"db" | "caller" | "config" | "requestId" | "idempotencyKey" | "commit">,
  body: z.output<typeof TopUpInput>,
): Promise<z.input<typeof TopUp>> {
  const companyId = caller.company.id;
  const { currency, amountMinor, method } = await topUpTerms({ db, caller, config }, body);
  const providerKey = `topup_${await sha256Hex(`${companyId}\n${idempotencyKey ?? requestId}`)}`;
  // The top-up's id follows from the same key, so the request and Stripe's payment_intent.succeeded
  // event (which carries it back in the metadata) name the same top-up, whichever records it first.
  const id = uuidFromHex(await sha256Hex(`top_up\n${providerKey}`), 4);
  // Pending before the charge, so that the event of a payment whose request dies after Stripe
  // confirmed it finds the top-up to credit.
  // A retry of the request finds the row its first attempt wrote: the top-up dates from then.
  let createdAt = (await topUpOf(db, companyId, id))?.createdAt;
  if (createdAt === undefined) {
    // Settled at its deadline from Stripe if neither this request nor Stripe's event completes it (docs/deadlines.md).
    const deadline = new Date(clock.now() + TOP_UP_DEADLINE_MS).toISOString();
    await runWriteBatch(db, [
      insertPendingTopUp(db, { id, companyId, amountMinor, currency, createdAt: clock.iso() }),
      scheduleDue(settleTopUp, companyId, deadline, { topUpId: id }),
    ]);
    createdAt = (await topUpOf(db, companyId, id))?.createdAt ?? clock.iso();
  }
  let payment: { id: string; status: string };
  try {
    payment = await gateway({ config, requestId, caller }).payments.createPaymentIntent({
      amountMinor,
      currency,
      customer: method.customerId ?? undefined,
      paymentMethod: method.paymentMethodId,
      confirm: true,
      offSession: true,
      description: "Wallet top-up",
      metadata: { company_id: companyId, top_up_id: id },
      idempotencyKey: providerKey,
    });
  } catch (error) {
    if (error instanceof ProviderError && error.outcome === "refused") {
      await failTopUp(db, companyId, id).run();
      const code = error.refusal.code === undefined ? "card_declined" : String(error.refusal.code);
      throw new ApiError(
        "payment_declined",
        `The payment method was declined (${code}): ${error.refusal.reason ?? "the card was declined"}. Nothing was charged or credited.`,
        {
          decline_code: code,
        },
      );
    }
    if (error instanceof ProviderError && error.outcome === "upstream_error") {
      // The operation declares no 502: the provider failing is the service being unavailable. A retry
      // with the same Idempotency-Key reaches the same payment, so it never charges twice.
      throw new ApiError(
        "provider_unavailable",
        `${error.detail} Nothing was credited; retry with the same Idempotency-Key.`,
        { provider: error.provider },
      );
    }
    throw error;
  }
  if (payment.status !== "succeeded") {
    throw new ApiError(
      "payment_declined",
      `The payment did not complete (its status is ${payment.status}); nothing was credited.`,
      { decline_code: payment.status },
    );
  }

  let already = await completedTopUp(db, companyId, id, payment.id);
  if (!already) {
    const ledgerEntryId = crypto.randomUUID();
    const credited = await credit(db, {
      companyId,
      amountMinor,
      currency,
      kind: "top_up",
      reference: { type: "payment", id: payment.id },
      description: "Top-up by card",
      entryId: ledgerEntryId,
    });
    const receipt = await receiptFor(db, { companyId, currency, amountMinor, paymentId: payment.id, ledgerEntryId });
    try {
      await commit(
        [
          ...completeTopUp(db, companyId, id, ["pending", "failed"], payment.id, ledgerEntryId),
          ...credited,
          ...receipt.statements,
        ],
        { resourceType: "top_up", resourceId: id },
        [
          walletToppedUp.of({
            top_up_id: id,
            amount: major(amountMinor, currency),
            currency,
            payment_reference: payment.id,
            created_at: createdAt,
            status: "succeeded",
            // Recorded pending by this request before the charge; a deadline (far longer than a request) fails it first only in theory.
            previous_status: "pending",
          }),
        ],
      );
    } catch (error) {
      // Stripe's payment_intent.succeeded event credited this payment while the request ran: once is enough.
      already = error instanceof PreconditionFailed ? await completedTopUp(db, companyId, id, payment.id) : undefined;
      if (!already) throw error;
    }
  }
  const balance = await walletBalance(db, companyId);
  const shown = already ?? { id, amountMinor, paymentIntentId: payment.id, createdAt };
  return {
    top_up: {
      id: shown.id,
      amount: major(shown.amountMinor, currency),
      currency,
      status: "succeeded",
      payment_reference: shown.paymentIntentId,
      created_at: shown.createdAt,
    },
    balance: { amount: major(balance?.balanceMinor ?? 0, currency), currency, as_of: clock.iso() },
  };
}

/** The top-up as its payment completed it (by this request or by Stripe's event), or undefined while it is not. */
async function completedTopUp(db: Database, companyId: string, id: string, paymentIntentId: string) {
  const row = (await topUpOf(db, companyId, id)) ?? (await topUpByPayment(db, paymentIntentId));
  return row?.status === "succeeded" && row.paymentIntentId === paymentIntentId
    ? { id: row.id, amountMinor: row.amountMinor, paymentIntentId, createdAt: row.createdAt }
    : undefined;
}

function cyclePriceMinor(plan: Plan, currency: string, cycle: BillingCycle): number {
  const price = cyclePrice(PLAN_CATALOGUE[plan].monthly, currency, cycle);
  if (price === undefined)
    throw new ApiError("conflict", `The ${plan} plan is not sold in ${currency}, the account's billing currency.`);
  return toMinorUnits(price, currency, "body.plan");
}

/** The wallet charge of a plan change and its invoice, in the statements of its batch (none for 0). */
async function charge(
  { db, caller }: Uses<"db" | "caller">,
  amountMinor: number,
  currency: string,
  description: string,
  period: { start: string; end: string },
): Promise<WriteStatement[]> {
  if (amountMinor <= 0) return [];
  const companyId = caller.company.id;
  const reference = { type: "subscription" as const, id: companyId };
  const entryId = crypto.randomUUID();
  // The operation declares no 402: a balance short of the charge is a 409 naming the amounts.
  const payment = await debit(db, {
    companyId,
    amountMinor,
    currency,
    kind: "charge",
    reference,
    description,
    entryId,
    refuseAs: "conflict",
  });
  const invoice = await invoiceFor(db, {
    companyId,
    currency,
    lines: [{ description, amountMinor }],
    reference,
    ledgerEntryId: entryId,
    period,
  });
  return [...payment, ...invoice.statements];
}

/**
 * The part of the price difference that remains of the period, rounded to the minor unit: an
 * upgrade on day 10 of 30 pays two thirds of the difference.
 */
export function proratedMinor(
  differenceMinor: number,
  row: Pick<SubscriptionRow, "currentPeriodStart" | "currentPeriodEnd">,
  now: number,
): number {
  const start = Date.parse(row.currentPeriodStart);
  const end = Date.parse(row.currentPeriodEnd);
  if (differenceMinor <= 0 || now >= end || end <= start) return 0;
  return Math.round((differenceMinor * (end - Math.max(now, start))) / (end - start));
}

const changed = (
  change: "hired" | "upgraded" | "downgrade_scheduled" | "cancelled",
  row: SubscriptionRow,
  chargedMinor: number,
  at: string,
) =>
  subscriptionChanged.of({
    change,
    plan: row.plan,
    scheduled_plan: row.scheduledPlan,
    cancel_at: row.cancelAtPeriodEnd ? row.currentPeriodEnd : null,
    charged: major(chargedMinor, row.currency),
    currency: row.currency,
    changed_at: at,
  });

/** What a plan change is, priced, or its refusal (409): a first hire, an upgrade now, or a downgrade at the period's end. */
type PlannedChange =
  | { kind: "hire"; target: Plan; currency: string; priceMinor: number }
  | { kind: "upgrade"; target: Plan; current: SubscriptionRow; priceMinor: number; chargedMinor: number }
  | { kind: "downgrade"; target: Plan; current: SubscriptionRow };

/** The plan change POST /billing/subscription would make, read and priced: the change's and its quote's. */
async function planChange(
  { db, caller }: Uses<"db" | "caller">,
  body: z.output<typeof ChangePlanInput>,
  packagingOf: PackagingOf,
  now: number,
): Promise<PlannedChange> {
  const companyId = caller.company.id;
  await requireOffered(packagingOf, db, companyId, "hide_plans", "plan changes");
  const target = body.plan as Plan;
  const current = await subscriptionOf(db, companyId);
  if (!current) {
    const currency = billingCurrency(caller.company);
    return { kind: "hire", target, currency, priceMinor: cyclePriceMinor(target, currency, body.cycle) };
  }
  if (current.plan === target)
    throw new ApiError("conflict", `The subscription is already on the ${target} plan.`, { plan: target });
  if (PLAN_CATALOGUE[target].rank > PLAN_CATALOGUE[current.plan].rank) {
    const priceMinor = cyclePriceMinor(target, current.currency, current.cycle);
    return {
      kind: "upgrade",
      target,
      current,
      priceMinor,
      chargedMinor: proratedMinor(priceMinor - current.priceMinor, current, now),
    };
  }
  if (current.scheduledPlan === target)
    throw new ApiError("conflict", `A downgrade to ${target} is already scheduled for ${current.currentPeriodEnd}.`, {
      plan: target,
    });
  cyclePriceMinor(target, current.currency, current.cycle);
  return { kind: "downgrade", target, current };
}

/** POST /billing/subscription: hire (201), upgrade now (200), or schedule a downgrade (200). */
export async function changePlan(
  { db, env, caller, commit }: Uses<"db" | "env" | "caller" | "commit">,
  body: z.output<typeof ChangePlanInput>,
  packagingOf: PackagingOf,
): Promise<Reply<z.input<typeof PlanChange>>> {
  const companyId = caller.company.id;
  const now = clock.now();
  const planned = await planChange({ db, caller }, body, packagingOf, now);
  const at = new Date(now).toISOString();
  const audit = { resourceType: "subscription", resourceId: companyId };
  const { target } = planned;

  if (planned.kind === "hire") {
    const { currency, priceMinor } = planned;
    const row: SubscriptionRow = {
      companyId,
      plan: target,
      cycle: body.cycle,
      priceMinor,
      currency,
      currentPeriodStart: at,
      currentPeriodEnd: DateTime.fromMillis(now, { zone: "UTC" })
        .plus({ months: CYCLE_MONTHS[body.cycle] })
        .toJSDate()
        .toISOString(),
      scheduledPlan: null,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      version: 1,
      createdAt: at,
      updatedAt: at,
    };
    const payment = await charge({ db, caller }, priceMinor, currency, `Plan ${target}, first ${body.cycle} period`, {
      start: row.currentPeriodStart,
      end: row.currentPeriodEnd,
    });
    await commit(
      [
        subscriptionUnchanged(db, companyId, null),
        ...payment,
        insertSubscription(db, row),
        setCompanyPlan(db, companyId, target, at),
      ],
      audit,
      [changed("hired", row, priceMinor, at)],
    );
    // The plan, and so the capabilities, every key of the company carries: from the next request on.
    await companyChanged(env, companyId);
    return {
      status: 201,
      body: { ...toSubscription(caller, row), change: "hired", charged: major(priceMinor, currency) },
    };
  }

  const { current } = planned;
  if (planned.kind === "upgrade") {
    const { priceMinor, chargedMinor } = planned;
    const payment = await charge(
      { db, caller },
      chargedMinor,
      current.currency,
      `Upgrade from ${current.plan} to ${target}, rest of the period`,
      { start: at, end: current.currentPeriodEnd },
    );
    const changes = { plan: target, priceMinor, scheduledPlan: null, updatedAt: at };
    await commit(
      [
        subscriptionUnchanged(db, companyId, current.version),
        ...payment,
        updateSubscription(db, companyId, current.version, changes),
        setCompanyPlan(db, companyId, target, at),
      ],
      audit,
      [changed("upgraded", { ...current, ...changes }, chargedMinor, at)],
    );
    await companyChanged(env, companyId);
    return {
      status: 200,
      body: {
        ...toSubscription(caller, { ...current, ...changes }),
        change: "upgraded",
        charged: major(chargedMinor, current.currency),
      },
    };
  }

  const changes = { scheduledPlan: target, updatedAt: at };
  await commit(
    [
      subscriptionUnchanged(db, companyId, current.version),
      updateSubscription(db, companyId, current.version, changes),
    ],
    audit,
    [changed("downgrade_scheduled", { ...current, ...changes }, 0, at)],
  );
  return {
    status: 200,
    body: { ...toSubscription(caller, { ...current, ...changes }), change: "downgrade_scheduled", charged: 0 },
  };
}

/** What a plan change would charge now, for a preview before it is confirmed (the MCP server's quote). */
export async function quotePlanChange(
  { db, caller }: Uses<"db" | "caller">,
  body: z.output<typeof ChangePlanInput>,
  packagingOf: PackagingOf,
): Promise<Quote> {
  const [planned, wallet] = await Promise.all([
    planChange({ db, caller }, body, packagingOf, clock.now()),
    walletBalance(db, caller.company.id),
  ]);
  const priced = (amountMinor: number, currency: string, description: string): Quote => ({
    charge: { amount: major(amountMinor, currency), currency, description },
    ...(wallet ? { balance: { amount: major(wallet.balanceMinor, wallet.currency), currency: wallet.currency } } : {}),
    notes:
      amountMinor > 0 && (wallet?.balanceMinor ?? 0) < amountMinor
        ? ["The wallet's balance does not cover the charge: the change would be refused (409)."]
        : [],
  });
  switch (planned.kind) {
    case "hire":
      return priced(
        planned.priceMinor,
        planned.currency,
        `The ${planned.target} plan's first ${body.cycle} period, taken from the wallet and invoiced; the plan applies at once.`,
      );
    case "upgrade":
      return priced(
        planned.chargedMinor,
        planned.current.currency,
        `The difference between ${planned.current.plan} and ${planned.target} for the rest of the period (until ${planned.current.currentPeriodEnd}), taken from the wallet and invoiced; the plan changes at once.`,
      );
    case "downgrade":
      return priced(
        0,
        planned.current.currency,
        `Nothing now: the downgrade from ${planned.current.plan} to ${planned.target} is scheduled for the end of the period (${planned.current.currentPeriodEnd}).`,
      );
  }
}

/** DELETE /billing/subscription: ends it when the current period ends. */
export async function cancelSubscription(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  packagingOf: PackagingOf,
): Promise<z.input<typeof Subscription>> {
  const companyId = caller.company.id;
  // A cancel is a plan change too: an agency that hides plans keeps its subaccount's plan.
  await requireOffered(packagingOf, db, companyId, "hide_plans", "plan changes");
  const current = await subscriptionOf(db, companyId);
  if (!current) throw notFound("subscription: the account has not hired a plan");
  if (current.cancelAtPeriodEnd)
    throw new ApiError("conflict", `The subscription is already cancelled; it ends at ${current.currentPeriodEnd}.`, {
      cancel_at: current.currentPeriodEnd,
    });
  const at = clock.iso();
  const changes = { cancelAtPeriodEnd: true, canceledAt: at, scheduledPlan: null, updatedAt: at };
  await commit(
    [
      subscriptionUnchanged(db, companyId, current.version),
      updateSubscription(db, companyId, current.version, changes),
    ],
    { resourceType: "subscription", resourceId: companyId },
    [changed("cancelled", { ...current, ...changes }, 0, at)],
  );
  return toSubscription(caller, { ...current, ...changes });
}

async function viewOf(
  { db, caller }: Uses<"db" | "caller">,
  type: string,
  chargedMajor: number,
): Promise<z.input<typeof HiredAddon>> {
  // Only after hireAddon's gate check passed: the add-on is offered.
  const view = (await addonViews({ db, caller }, async () => OPEN_PACKAGING)).find((addon) => addon.type === type)!;
  return { ...view, charged: chargedMajor };
}

/** An add-on hire, priced, or its refusal (409): one already active, or its first month's price. */
async function planHire(
  { db, caller }: Uses<"db" | "caller">,
  body: z.output<typeof HireAddonInput>,
  packagingOf: PackagingOf,
) {
  const companyId = caller.company.id;
  await requireOffered(packagingOf, db, companyId, "hide_addons", "add-ons");
  const type = body.addon_type;
  const existing = await addonOf(db, companyId, type);
  if (existing?.status === "active") return { type, active: true as const };
  const offer = ADDON_CATALOGUE[type];
  if (!offer.plans.includes(caller.company.plan)) {
    throw new ApiError(
      "conflict",
      `The add-on ${type} cannot be hired on the ${caller.company.plan} plan; it is for ${offer.plans.join(", ")}.`,
      { addon_type: type, plan: caller.company.plan },
    );
  }
  const currency = billingCurrency(caller.company);
  const price = cyclePrice(offer.monthly, currency, "monthly");
  if (price === undefined)
    throw new ApiError("conflict", `The add-on ${type} is not sold in ${currency}, the account's billing currency.`, {
      addon_type: type,
    });
  return {
    type,
    active: false as const,
    existing,
    offer,
    currency,
    price,
    priceMinor: toMinorUnits(price, currency, "body.addon_type"),
  };
}

/**
 * POST /billing/addons: hires and charges the first month (201), invoiced, its renewal due a month
 * later; a suspended one is resumed the same way (201); one already active: 200, nothing charged.
 */
export async function hireAddon(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  body: z.output<typeof HireAddonInput>,
  packagingOf: PackagingOf,
): Promise<Reply<z.input<typeof HiredAddon>>> {
  const companyId = caller.company.id;
  const planned = await planHire({ db, caller }, body, packagingOf);
  const { type } = planned;
  if (planned.active) return { status: 200, body: await viewOf({ db, caller }, type, 0) };
  const { existing, offer, currency, price, priceMinor } = planned;
  const hiredAt = clock.iso();
  const month = await addonMonth(db, {
    companyId,
    type,
    priceMinor,
    currency,
    start: hiredAt,
    description: `Add-on: ${offer.name} (first month)`,
    // The operation declares no 402: a balance short of the price is a 409 naming the amounts.
    refuseAs: "conflict",
  });
  const hired = {
    priceMinor,
    currency,
    hiredAt,
    status: "active" as const,
    currentPeriodEnd: month.periodEnd,
    renewalId: month.renewal.id,
  };
  // A suspended add-on is resumed in place (compare-and-set on its version); a new one is inserted once.
  const write = existing
    ? [
        addonUnchanged(db, companyId, type, existing.version, "suspended"),
        updateAddon(db, companyId, type, existing.version, hired),
      ]
    : [addonNotHired(db, companyId, type), insertAddon(db, { companyId, addonType: type, ...hired })];
  try {
    await commit([...write, ...month.statements], { resourceType: "add_on", resourceId: type }, [
      addonHired.of({ addon_type: type, charged: price, currency, hired_at: hiredAt, resumed: existing !== undefined }),
    ]);
  } catch (error) {
    // Another request hired or resumed it first: that one paid; this one answers as for an add-on already hired.
    if (error instanceof PreconditionFailed && (await addonOf(db, companyId, type))?.status === "active")
      return { status: 200, body: await viewOf({ db, caller }, type, 0) };
    throw error;
  }
  return { status: 201, body: await viewOf({ db, caller }, type, price) };
}

/** What hiring an add-on would charge now, for a preview before it is confirmed (the MCP server's quote). */
export async function quoteHire(
  { db, caller }: Uses<"db" | "caller">,
  body: z.output<typeof HireAddonInput>,
  packagingOf: PackagingOf,
): Promise<Quote> {
  const [planned, wallet] = await Promise.all([
    planHire({ db, caller }, body, packagingOf),
    walletBalance(db, caller.company.id),
  ]);
  const balance = wallet
    ? { balance: { amount: major(wallet.balanceMinor, wallet.currency), currency: wallet.currency } }
    : {};
  if (planned.active) {
    const currency = wallet?.currency ?? billingCurrency(caller.company);
    return {
      charge: { amount: 0, currency, description: `Nothing: the add-on ${planned.type} is already hired.` },
      ...balance,
    };
  }
  return {
    charge: {
      amount: planned.price,
      currency: planned.currency,
      description: `The first month of the add-on ${planned.offer.name}, taken from the wallet and invoiced; it renews monthly.`,
    },
    ...balance,
    notes:
      (wallet?.balanceMinor ?? 0) < planned.priceMinor
        ? ["The wallet's balance does not cover the charge: the hire would be refused (409)."]
        : [],
  };
}

/** DELETE /billing/addons/{addon_type}: cancels now (active or suspended), with its renewal; one not hired is 404. */
export async function cancelAddon(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  type: string,
): Promise<z.input<typeof CancelledAddon>> {
  if (!isAddonType(type)) throw notFound(`add-on ${type} in the catalogue`);
  const companyId = caller.company.id;
  const cancelledAt = clock.iso();
  const renewalId = (await addonOf(db, companyId, type))?.renewalId;
  // The renewal not yet due goes with it; one already handed over finds the add-on gone and does nothing.
  const renewal = renewalId ? [cancelDue(db, companyId, renewalId)] : [];
  await commit(
    [addonStillHired(db, companyId, type), deleteAddon(db, companyId, type), ...renewal],
    { resourceType: "add_on", resourceId: type },
    [addonCancelled.of({ addon_type: type, cancelled_at: cancelledAt })],
  );
  return { type, hired: false, cancelled_at: cancelledAt };
}

/** What DELETE /billing/subscription would charge: nothing; the plan ends at the period's end. */
export const quoteSubscriptionCancel = ({ caller }: Uses<"caller">): Quote => ({
  charge: {
    amount: 0,
    currency: billingCurrency(caller.company),
    description: "Nothing: the plan ends at the end of its current period, and nothing is refunded.",
  },
});

/** What DELETE /billing/addons/{addon_type} would charge: nothing; the add-on ends now. */
export const quoteAddonCancel = ({ caller }: Uses<"caller">, addonType: string): Quote => ({
  charge: {
    amount: 0,
    currency: billingCurrency(caller.company),
    description: `Nothing: the add-on ${addonType} ends now with what it adds, and nothing is refunded.`,
  },
});
