import { z } from "@hono/zod-openapi";
import { DateTime } from "luxon";
import { clock } from "../../lib/clock";
import type { Database } from "../../data/client";
import { scheduleDue } from "../../work/due";
import { ApiError, type ProblemSlug } from "../../lib/errors";
import { defineJob, type JobDefinition, type JobOutcome } from "../../work/jobs";
import type { WriteStatement } from "../../core/operation";
import type { ScheduledDue } from "../../data/write-batch";
import { ADDON_CATALOGUE, cyclePrice, isAddonType, type AddonType } from "./catalogue";
import { addonRenewed, addonSuspended } from "./events";
import { invoiceFor } from "./invoicing";
import { addonOf, addonRenewalDue, updateAddon, walletBalance } from "./queries";
import { major, toMinorUnits } from "./views";
import { debit } from "./wallet";

/** The end of a month that starts at `start` (ISO): the anniversary its renewal is due at. */
export const monthAfter = (start: string) =>
  DateTime.fromISO(start, { zone: "UTC" }).plus({ months: 1 }).toJSDate().toISOString();

export interface AddonMonth {
  statements: WriteStatement[];
  /** The end of the month paid for. */
  periodEnd: string;
  /** The renewal scheduled at periodEnd: its id goes in the row's renewal_id. */
  renewal: ScheduledDue;
}

/**
 * One month of an add-on from `start`, for the batch that hires, resumes or renews it: the wallet
 * charge, its invoice, and the renewal due at the month's end. Throws the debit's refusal
 * (`refuseAs`) when the wallet cannot pay.
 */
export async function addonMonth(
  db: Database,
  input: {
    companyId: string;
    type: AddonType;
    priceMinor: number;
    currency: string;
    start: string;
    description: string;
    refuseAs?: ProblemSlug;
  },
): Promise<AddonMonth> {
  const { companyId, type, priceMinor, currency, description } = input;
  const reference = { type: "add_on" as const, id: type };
  const entryId = crypto.randomUUID();
  const periodEnd = monthAfter(input.start);
  const payment = await debit(db, {
    companyId,
    amountMinor: priceMinor,
    currency,
    kind: "charge",
    reference,
    description,
    entryId,
    refuseAs: input.refuseAs,
  });
  const invoice = await invoiceFor(db, {
    companyId,
    currency,
    lines: [{ description, amountMinor: priceMinor }],
    reference,
    ledgerEntryId: entryId,
    period: { start: input.start, end: periodEnd },
  });
  const renewal = scheduleDue(renewAddon, companyId, periodEnd, { addonType: type });
  return { statements: [...payment, ...invoice.statements, renewal], periodEnd, renewal };
}

/**
 * An add-on's anniversary (due work scheduled by the batch that paid its month): the next month is
 * charged, invoiced and its own renewal scheduled; a wallet that cannot pay suspends the add-on
 * (kept, granting nothing, until hired again), with `addon.suspended`. A renewal runs only while
 * the add-on is active and still names this renewal (the job's id is the due item's): a cancel or a
 * re-hire meanwhile wins, and a batch that loses the compare-and-set is retried, which then finds
 * nothing to do.
 */
export const renewAddon: JobDefinition<{ addonType: string }> = defineJob({
  kind: "billing.renew_addon",
  payload: z.object({ addonType: z.string() }),
  async run(job, { addonType }): Promise<JobOutcome> {
    const { db, companyId } = job;
    const row = await addonOf(db, companyId, addonType);
    if (row?.status !== "active" || row.renewalId !== job.id || !isAddonType(addonType)) return { status: "done" };
    const offer = ADDON_CATALOGUE[addonType];
    const price = cyclePrice(offer.monthly, row.currency, "monthly");
    // An add-on no longer sold in the currency renews at the price it had.
    const priceMinor = price === undefined ? row.priceMinor : toMinorUnits(price, row.currency, "price");
    const at = clock.iso();
    const still = addonRenewalDue(db, companyId, addonType, job.id);
    try {
      const month = await addonMonth(db, {
        companyId,
        type: addonType,
        priceMinor,
        currency: row.currency,
        start: row.currentPeriodEnd,
        description: `Add-on: ${offer.name} (monthly renewal)`,
      });
      return {
        status: "done",
        statements: [
          still,
          ...month.statements,
          updateAddon(db, companyId, addonType, row.version, {
            priceMinor,
            currentPeriodEnd: month.periodEnd,
            renewalId: month.renewal.id,
          }),
        ],
        events: [
          addonRenewed.of({
            addon_type: addonType,
            charged: major(priceMinor, row.currency),
            currency: row.currency,
            current_period_end: month.periodEnd,
            renewed_at: at,
          }),
        ],
      };
    } catch (error) {
      if (!(error instanceof ApiError && error.slug === "insufficient_funds")) throw error;
      const balance = await walletBalance(db, companyId);
      return {
        status: "done",
        statements: [
          still,
          updateAddon(db, companyId, addonType, row.version, { status: "suspended", renewalId: null }),
        ],
        events: [
          addonSuspended.of({
            addon_type: addonType,
            price: major(priceMinor, row.currency),
            currency: row.currency,
            balance: major(balance?.balanceMinor ?? 0, row.currency),
            suspended_at: at,
          }),
        ],
      };
    }
  },
});
