import { z } from "@hono/zod-openapi";
import { clock } from "../../lib/clock";
import type { Database } from "../../data/client";
import { scheduleDue } from "../../work/due";
import { ApiError, type ProblemSlug } from "../../lib/errors";
import { defineJob, type JobDefinition, type JobOutcome } from "../../work/jobs";
import type { WriteStatement } from "../../core/operation";
import type { ScheduledDue } from "../../data/write-batch";
import {
  cyclePrice,
  debit,
  invoiceFor,
  major,
  monthAfter,
  SIP_TRUNK_MONTHLY,
  toMinorUnits,
  walletBalance,
} from "../billing";
import { sipTrunkRenewed, sipTrunkSuspended } from "./events";
import { findTrunk as trunkRow, trunkRenewalDue, updateTrunk } from "./queries";

export interface TrunkMonth {
  statements: WriteStatement[];
  /** The end of the month paid for. */
  periodEnd: string;
  /** The renewal scheduled at periodEnd: its id goes in the trunk's renewal_id. */
  renewal: ScheduledDue;
}

/**
 * The invoice of a trunk's month from `start` and the renewal due at its end, for the batch that
 * charges it (the caller's debit, with the reference `sip_trunk` and the trunk's id).
 */
export async function trunkMonthInvoice(
  db: Database,
  input: {
    companyId: string;
    trunkId: string;
    priceMinor: number;
    currency: string;
    start: string;
    description: string;
    ledgerEntryId?: string;
  },
): Promise<TrunkMonth> {
  const { companyId, trunkId, priceMinor, currency, description } = input;
  const periodEnd = monthAfter(input.start);
  const reference = { type: "sip_trunk" as const, id: trunkId };
  const invoice = await invoiceFor(db, {
    companyId,
    currency,
    lines: [{ description, amountMinor: priceMinor }],
    reference,
    ledgerEntryId: input.ledgerEntryId,
    period: { start: input.start, end: periodEnd },
  });
  const renewal = scheduleDue(renewTrunk, companyId, periodEnd, { trunkId });
  return { statements: [...invoice.statements, renewal], periodEnd, renewal };
}

/**
 * One month of a trunk from `start`, for the batch that renews or resumes it: the wallet charge,
 * its invoice, and the renewal due at the month's end. Throws the debit's refusal (`refuseAs`)
 * when the wallet cannot pay.
 */
export async function trunkMonth(
  db: Database,
  input: {
    companyId: string;
    trunkId: string;
    priceMinor: number;
    currency: string;
    start: string;
    description: string;
    refuseAs?: ProblemSlug;
  },
): Promise<TrunkMonth> {
  const { companyId, trunkId, priceMinor, currency, description } = input;
  const entryId = crypto.randomUUID();
  const payment = await debit(db, {
    companyId,
    amountMinor: priceMinor,
    currency,
    kind: "charge",
    reference: { type: "sip_trunk", id: trunkId },
    description,
    entryId,
    refuseAs: input.refuseAs,
  });
  const month = await trunkMonthInvoice(db, { ...input, ledgerEntryId: entryId });
  return { ...month, statements: [...payment, ...month.statements] };
}

/**
 * A trunk's anniversary (due work scheduled by the batch that paid its month): the next month is
 * charged, invoiced and its own renewal scheduled; a wallet that cannot pay suspends the trunk
 * (kept, not deleted), with `sip_trunk.suspended`. A renewal runs only while the trunk is active
 * and still names this renewal (the job's id is the due item's): a delete or a resumption
 * meanwhile wins, and a batch that loses the compare-and-set is retried, which then finds nothing
 * to do.
 */
export const renewTrunk: JobDefinition<{ trunkId: string }> = defineJob({
  kind: "sip-trunks.renew_trunk",
  payload: z.object({ trunkId: z.string() }),
  async run(job, { trunkId }): Promise<JobOutcome> {
    const { db, companyId } = job;
    const row = await trunkRow(db, companyId, trunkId);
    if (row?.status !== "active" || row.renewalId !== job.id) return { status: "done" };
    const price = cyclePrice(SIP_TRUNK_MONTHLY, row.currency, "monthly");
    // A trunk no longer sold in the currency renews at the price it had.
    const priceMinor = price === undefined ? row.monthlyPriceMinor : toMinorUnits(price, row.currency, "price");
    const at = clock.iso();
    const still = trunkRenewalDue(db, companyId, trunkId, job.id);
    try {
      const month = await trunkMonth(db, {
        companyId,
        trunkId,
        priceMinor,
        currency: row.currency,
        start: row.currentPeriodEnd,
        description: `SIP trunk "${row.name}" (monthly renewal)`,
      });
      return {
        status: "done",
        statements: [
          still,
          ...month.statements,
          ...updateTrunk(db, companyId, trunkId, row.version, {
            monthlyPriceMinor: priceMinor,
            currentPeriodEnd: month.periodEnd,
            renewalId: month.renewal.id,
            updatedAt: at,
          }),
        ],
        events: [
          sipTrunkRenewed.of({
            id: trunkId,
            name: row.name,
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
          ...updateTrunk(db, companyId, trunkId, row.version, { status: "suspended", renewalId: null, updatedAt: at }),
        ],
        events: [
          sipTrunkSuspended.of({
            id: trunkId,
            name: row.name,
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
