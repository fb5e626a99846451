import { DateTime } from "luxon";
import { runWriteBatch } from "../../core/commit";
import type { Database } from "../../data/client";
import { ApiError } from "../../lib/errors";
import { isPreconditionAbort } from "../../data/precondition";
import type { Plan, WriteStatement } from "../../core/operation";
import { CYCLE_MONTHS, cyclePrice, PLAN_CATALOGUE } from "./catalogue";
import {
  deleteSubscription,
  dueSubscriptions,
  insertSubscription,
  setCompanyPlan,
  subscriptionUnchanged,
  updateSubscription,
} from "./queries";
import type { SubscriptionRow } from "./schema";
import { toMinorUnits } from "./views";
import { invoiceFor } from "./invoicing";
import { debit } from "./wallet";
import { clock } from "../../lib/clock";

/** The plan an account falls back to when its subscription ends: pay as you go, no monthly price. */
const PLAN_WITHOUT_SUBSCRIPTION = "PAYG" as const;
/** Subscriptions renewed per run of the Cron Trigger (each is its own batch). */
const RENEWALS_PER_RUN = 100;

export type RenewalOutcome = "renewed" | "ended" | "unpaid";

/**
 * What happens when a subscription's period ends: cancelled, it ends and the account falls back to
 * PAYG; else the next period starts on the scheduled plan (a downgrade) or the same one, its price
 * charged to the wallet; a wallet that cannot pay it ends the subscription like a cancellation.
 * One batch per subscription, a compare-and-set on its version (a request changing it meanwhile wins).
 */
async function renewSubscription(db: Database, row: SubscriptionRow, now: number): Promise<RenewalOutcome | undefined> {
  const at = new Date(now).toISOString();
  const unchanged = subscriptionUnchanged(db, row.companyId, row.version);
  const end = async (outcome: RenewalOutcome) => {
    await runWriteBatch(db, [
      unchanged,
      deleteSubscription(db, row.companyId),
      setCompanyPlan(db, row.companyId, PLAN_WITHOUT_SUBSCRIPTION, at),
    ]);
    return outcome;
  };
  try {
    if (row.cancelAtPeriodEnd) return await end("ended");
    const plan = row.scheduledPlan ?? row.plan;
    const price = cyclePrice(PLAN_CATALOGUE[plan].monthly, row.currency, row.cycle);
    // A plan no longer sold in the currency renews at the price it had.
    const priceMinor = price === undefined ? row.priceMinor : toMinorUnits(price, row.currency, "plan");
    const start = DateTime.fromISO(row.currentPeriodEnd, { zone: "UTC" });
    const changes = {
      plan,
      priceMinor,
      scheduledPlan: null,
      currentPeriodStart: row.currentPeriodEnd,
      currentPeriodEnd: start.plus({ months: CYCLE_MONTHS[row.cycle] }).toJSDate().toISOString(),
      updatedAt: at,
    };
    let payment: WriteStatement[] = [];
    if (priceMinor > 0) {
      const reference = { type: "subscription" as const, id: row.companyId };
      const description = `Plan ${plan}, ${row.cycle} renewal`;
      const entryId = crypto.randomUUID();
      try {
        payment = await debit(db, {
          companyId: row.companyId,
          amountMinor: priceMinor,
          currency: row.currency,
          kind: "charge",
          reference,
          description,
          entryId,
        });
      } catch (error) {
        if (!(error instanceof ApiError && error.slug === "insufficient_funds")) throw error;
        return await end("unpaid");
      }
      const invoice = await invoiceFor(db, {
        companyId: row.companyId,
        currency: row.currency,
        lines: [{ description, amountMinor: priceMinor }],
        reference,
        ledgerEntryId: entryId,
        period: { start: changes.currentPeriodStart, end: changes.currentPeriodEnd },
      });
      payment.push(...invoice.statements);
    }
    await runWriteBatch(db, [
      unchanged,
      ...payment,
      updateSubscription(db, row.companyId, row.version, changes),
      setCompanyPlan(db, row.companyId, plan, at),
    ]);
    return "renewed";
  } catch (error) {
    // Changed meanwhile (a request, or another run): the next run sees the new state.
    if (isPreconditionAbort(error)) return undefined;
    throw error;
  }
}

/**
 * The Cron Trigger's work: every subscription whose period ended, renewed or ended. `planSet` is
 * told of each company whose plan was written (a downgrade, an end), for its keys to carry it.
 */
export async function renewDueSubscriptions(
  db: Database,
  now = clock.now(),
  planSet: (companyId: string) => Promise<void> = async () => {},
): Promise<Record<RenewalOutcome, number>> {
  const counts: Record<RenewalOutcome, number> = { renewed: 0, ended: 0, unpaid: 0 };
  for (const row of await dueSubscriptions(db, new Date(now).toISOString(), RENEWALS_PER_RUN)) {
    const outcome = await renewSubscription(db, row, now);
    if (!outcome) continue;
    counts[outcome]++;
    await planSet(row.companyId);
  }
  return counts;
}

/**
 * The subscription of a company created on a paid plan (a subaccount, a company the operator
 * creates), for the creating batch: a monthly period from creation (set up by whoever created it,
 * not charged), renewed from the company's own wallet when it ends, like a hired plan. None on PAYG
 * or on a plan not sold in the company's currency.
 */
export function subscriptionFromCreation(
  db: Database,
  input: { companyId: string; plan: Plan; currency: string; at: string },
): WriteStatement[] {
  const price = cyclePrice(PLAN_CATALOGUE[input.plan].monthly, input.currency, "monthly");
  if (price === undefined || price <= 0) return [];
  return [
    insertSubscription(db, {
      companyId: input.companyId,
      plan: input.plan,
      cycle: "monthly",
      priceMinor: toMinorUnits(price, input.currency, "plan"),
      currency: input.currency,
      currentPeriodStart: input.at,
      currentPeriodEnd: DateTime.fromISO(input.at, { zone: "UTC" }).plus({ months: 1 }).toJSDate().toISOString(),
      scheduledPlan: null,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      version: 1,
      createdAt: input.at,
      updatedAt: input.at,
    }),
  ];
}
