import { z } from "@hono/zod-openapi";
import { clock } from "../../lib/clock";
import { instantRange, isDate, monthOfDate } from "../../lib/period";
import type { ScheduledDue } from "../../data/write-batch";
import { scheduleDueOnce } from "../../work/due";
import { defineJob, type JobDefinition, type JobOutcome } from "../../work/jobs";
import { companyTimeZone } from "../calls";
import { invoiceFor } from "./invoicing";
import { usageTotals, walletBalance } from "./queries";
import { usageKinds, type UsageKind, type UsageUnit } from "./schema";

/*
 * Usage (call minutes, SMS segments, emails, WhatsApp messages) is paid from the wallet as it
 * happens and invoiced per calendar month of the company's time zone: one invoice per company and
 * month, one line per kind, each line the net of the month's usage records of that kind (a refund,
 * such as a call's unused reservation, is a negative record dated when it happened). Every wallet
 * movement that records usage also asks for its month's invoice (`usageInvoiceDue`, in its own
 * batch); the first one of a month schedules it, the rest find it scheduled. The invoice's unique
 * index makes a second run insert nothing.
 */

/**
 * How long after a month's end its invoice waits: a movement dated in the month whose batch was
 * still on its way when the month ended has committed by then.
 */
const SETTLE_MS = 60 * 60_000;

/** Each kind's line: what its quantity counts, and how many of the records' units make one (calls are recorded in seconds). */
const LINE_OF_KIND: Record<UsageKind, { description: string; unit: UsageUnit; per: number }> = {
  call: { description: "Calls", unit: "minute", per: 60 },
  sms_segment: { description: "SMS", unit: "sms_segment", per: 1 },
  email: { description: "Email (campaigns and sequences)", unit: "email", per: 1 },
  whatsapp_message: { description: "WhatsApp messages", unit: "whatsapp_message", per: 1 },
};

const UsagePeriod = z.object({
  from: z.string().refine(isDate, "a YYYY-MM-DD date"),
  to: z.string().refine(isDate, "a YYYY-MM-DD date"),
});
type UsagePeriod = z.output<typeof UsagePeriod>;

/** When a month's usage invoice is due: its end in `zone`, and the settling time. */
function dueAt(period: UsagePeriod, zone: string): number {
  const until = instantRange({ startDate: period.from, endDate: period.to }, zone).until!;
  return Date.parse(until) + SETTLE_MS;
}

/**
 * The month's usage invoice (due work at the month's end, see above): its lines from the usage
 * records of the month's dates; none when the month had no usage. A month that has not ended in
 * the company's zone (its zone changed since the item was scheduled) is tried again when it has.
 */
export const invoiceUsage: JobDefinition<UsagePeriod> = defineJob({
  kind: "billing.invoice_usage",
  payload: UsagePeriod,
  async run(job, period): Promise<JobOutcome> {
    const { db, companyId } = job;
    const due = dueAt(period, await companyTimeZone(db, companyId));
    const now = clock.now();
    if (now < due)
      return {
        status: "retry",
        reason: `The month ${period.from}..${period.to} has not ended in the company's time zone.`,
        retryAfterSeconds: Math.ceil((due - now) / 1000),
      };
    const [totals, wallet] = await Promise.all([
      usageTotals(db, companyId, period.from, period.to),
      walletBalance(db, companyId),
    ]);
    const lines = usageKinds
      .filter((kind) => totals[kind].quantity !== 0 || totals[kind].costMinor !== 0)
      .map((kind) => {
        const { description, unit, per } = LINE_OF_KIND[kind];
        // Minutes to the thousandth (a call's seconds are billed in whole seconds).
        const quantity = Math.round((totals[kind].quantity / per) * 1000) / 1000;
        return { description, unit, quantity, amountMinor: totals[kind].costMinor };
      });
    // Usage records exist only beside wallet movements, so a company with usage has a wallet.
    if (lines.length === 0 || !wallet) return { status: "done" };
    const invoice = await invoiceFor(db, {
      companyId,
      currency: wallet.currency,
      lines,
      reference: { type: "usage", id: period.from },
      period,
    });
    return { status: "done", statements: invoice.statements };
  },
});

/** For the batch of a movement that records usage on `localDate`: its month's invoice, scheduled unless it is already. */
export function usageInvoiceDue(companyId: string, localDate: string, zone: string): ScheduledDue {
  const period = monthOfDate(localDate);
  return scheduleDueOnce(invoiceUsage, companyId, new Date(dueAt(period, zone)).toISOString(), period);
}
