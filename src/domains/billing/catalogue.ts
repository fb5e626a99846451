import { planSets, plans, type Plan } from "../../core/operation";
import type { BillingCycle } from "./schema";

/**
 * What the platform sells, as data: plans and add-ons with their prices per currency (major
 * units), and what each gives. Prices are per month; a yearly cycle costs YEARLY_MONTHS months.
 * A currency missing from a price list is not sold in (409).
 */

export type PriceList = Readonly<Record<string, number>>;

export interface PlanOffer {
  plan: Plan;
  /** Order of the plans: a change to a higher rank is an upgrade (now), to a lower one a downgrade (at period end). */
  rank: number;
  monthly: PriceList;
  /** Simultaneous calls the plan includes. */
  concurrentCalls: number;
}

/** A plan's offer; its rank is its place in `plans` (lowest first). */
const offer = (plan: Plan, monthly: PriceList, concurrentCalls: number): PlanOffer => ({
  plan,
  rank: plans.indexOf(plan),
  monthly,
  concurrentCalls,
});

export const PLAN_CATALOGUE: Readonly<Record<Plan, PlanOffer>> = {
  PAYG: offer("PAYG", { EUR: 0, GBP: 0, USD: 0, MXN: 0 }, 2),
  Starter: offer("Starter", { EUR: 29, GBP: 25, USD: 32, MXN: 590 }, 5),
  Business: offer("Business", { EUR: 99, GBP: 85, USD: 109, MXN: 1990 }, 10),
  Agency: offer("Agency", { EUR: 299, GBP: 259, USD: 329, MXN: 5990 }, 25),
  Partner: offer("Partner", { EUR: 599, GBP: 519, USD: 659, MXN: 11990 }, 50),
  Enterprise: offer("Enterprise", { EUR: 1499, GBP: 1299, USD: 1649, MXN: 29990 }, 100),
};

/** A yearly cycle is paid as this many months (two months free). */
const YEARLY_MONTHS = 10;
export const CYCLE_MONTHS: Readonly<Record<BillingCycle, number>> = { monthly: 1, yearly: 12 };

export const addonTypes = [
  "extra_concurrent_calls",
  "call_recording",
  "advanced_analytics",
  "white_label",
  "priority_support",
] as const;
export type AddonType = (typeof addonTypes)[number];

export interface AddonOffer {
  type: AddonType;
  name: string;
  description: string;
  monthly: PriceList;
  /** The plans it can be hired on; on any other plan hiring it is 409. */
  plans: readonly Plan[];
  /** Simultaneous calls it adds to the plan's. */
  extraConcurrentCalls: number;
}

const everyPlan = plans;
const paidPlans = plans.filter((plan) => plan !== "PAYG");
const agencyPlans = planSets.AGY;

export const ADDON_CATALOGUE: Readonly<Record<AddonType, AddonOffer>> = {
  extra_concurrent_calls: {
    type: "extra_concurrent_calls",
    name: "10 more simultaneous calls",
    description: "Adds 10 simultaneous calls to the plan's quota.",
    monthly: { EUR: 49, GBP: 42, USD: 54, MXN: 990 },
    plans: everyPlan,
    extraConcurrentCalls: 10,
  },
  call_recording: {
    type: "call_recording",
    name: "Call recording",
    description: "Records every call and keeps the recordings for a year.",
    monthly: { EUR: 19, GBP: 16, USD: 21, MXN: 390 },
    plans: everyPlan,
    extraConcurrentCalls: 0,
  },
  advanced_analytics: {
    type: "advanced_analytics",
    name: "Advanced analytics",
    description: "Conversation analytics and exports; plans from Starter up.",
    monthly: { EUR: 29, GBP: 25, USD: 32, MXN: 590 },
    plans: paidPlans,
    extraConcurrentCalls: 0,
  },
  white_label: {
    type: "white_label",
    name: "White label",
    description: "The agency's brand and domain on its subaccounts' panel; agency plans only.",
    monthly: { EUR: 99, GBP: 85, USD: 109, MXN: 1990 },
    plans: agencyPlans,
    extraConcurrentCalls: 0,
  },
  priority_support: {
    type: "priority_support",
    name: "Priority support",
    description: "Answers within four working hours; plans from Starter up.",
    monthly: { EUR: 39, GBP: 34, USD: 43, MXN: 790 },
    plans: paidPlans,
    extraConcurrentCalls: 0,
  },
};

/** A SIP trunk of the company's own (sip-trunks domain): charged per month, per trunk, when it is created. */
export const SIP_TRUNK_MONTHLY: PriceList = { EUR: 15, GBP: 13, USD: 17, MXN: 290 };

export const isAddonType = (value: string): value is AddonType => (addonTypes as readonly string[]).includes(value);

/** The price of one cycle in major units, or undefined when the currency is not sold in. */
export function cyclePrice(list: PriceList, currency: string, cycle: BillingCycle): number | undefined {
  const monthly = list[currency];
  if (monthly === undefined) return undefined;
  return cycle === "yearly" ? monthly * YEARLY_MONTHS : monthly;
}

/** Simultaneous calls a company may have: its plan's, plus those of its hired add-ons. */
export function concurrencyQuota(plan: Plan, hired: readonly string[]): number {
  const extra = hired.filter(isAddonType).reduce((sum, type) => sum + ADDON_CATALOGUE[type].extraConcurrentCalls, 0);
  return PLAN_CATALOGUE[plan].concurrentCalls + extra;
}

/** The billing currency of a company: its default currency, else EUR. */
export const billingCurrency = (company: { defaultCurrency: string | null }) => company.defaultCurrency ?? "EUR";
