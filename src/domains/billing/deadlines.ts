import { z } from "@hono/zod-openapi";
import { and, eq, inArray, sql } from "drizzle-orm";
import { changedMeanwhile, precondition } from "../../data/precondition";
import { ofCompany } from "../../data/rows";
import { gateway } from "../../integrations";
import { clock } from "../../lib/clock";
import { DEADLINE_PASSED, noProviderOutcome, providerCannotSay } from "../../work/deadlines";
import { defineJob, type JobContext, type JobDefinition, type JobOutcome } from "../../work/jobs";
import { numberOrderCancelled, walletToppedUp, walletTopUpFailed } from "./events";
import { completeTopUp, topUpByPayment, topUpOf } from "./queries";
import { numberOrders, pendingNumberOrderStatuses, topUps, type TopUpRow } from "./schema";
import { major } from "./views";
import { credit } from "./wallet";

/*
 * The deadlines of billing's resources (docs/deadlines.md): a top-up pending past its deadline
 * (its request died, and Stripe's event never came) and a number order still pending past its own.
 */

/** The longest a top-up may stay `pending`: Stripe confirms an off-session charge within its request. */
export const TOP_UP_DEADLINE_MS = 60 * 60_000;
/** The longest a number order may wait (documents, payment, the carrier) before it is cancelled. */
export const NUMBER_ORDER_DEADLINE_MS = 30 * 24 * 60 * 60_000;

/** A top-up's payment as Stripe shows it. */
type Payment = { id: string; status: string; amountMinor: number; currency: string };

/** The statements and event that credit a top-up Stripe shows paid: the compare-and-set the request and Stripe's event use. */
async function creditPaid(job: JobContext, topUp: TopUpRow, payment: Payment) {
  const ledgerEntryId = crypto.randomUUID();
  const credited = await credit(job.db, {
    companyId: topUp.companyId,
    amountMinor: topUp.amountMinor,
    currency: topUp.currency,
    kind: "top_up",
    reference: { type: "payment", id: payment.id },
    description: "Top-up by card",
    entryId: ledgerEntryId,
  });
  return {
    statements: [
      ...completeTopUp(job.db, topUp.companyId, topUp.id, ["pending"], payment.id, ledgerEntryId),
      ...credited,
    ],
    events: [
      walletToppedUp.of({
        top_up_id: topUp.id,
        amount: major(topUp.amountMinor, topUp.currency),
        currency: topUp.currency,
        payment_reference: payment.id,
        created_at: topUp.createdAt,
        status: "succeeded",
        previous_status: "pending",
      }),
    ],
  };
}

/** The statements and event that end a pending top-up failed with `reason` (a compare-and-set on `pending`). */
function failPending(job: JobContext, topUp: TopUpRow, reason: string) {
  const at = clock.iso();
  const pending = ofCompany(topUps, topUp.companyId, eq(topUps.id, topUp.id), eq(topUps.status, "pending"));
  return {
    statements: [
      precondition(job.db, sql`EXISTS (SELECT 1 FROM ${topUps} WHERE ${pending})`, () => changedMeanwhile("top-up")),
      job.db.update(topUps).set({ status: "failed", failureReason: reason }).where(pending),
    ],
    events: [
      walletTopUpFailed.of({
        top_up_id: topUp.id,
        amount: major(topUp.amountMinor, topUp.currency),
        currency: topUp.currency,
        status: "failed",
        previous_status: "pending",
        failure_reason: reason,
        created_at: topUp.createdAt,
        failed_at: at,
      }),
    ],
  };
}

/**
 * Due work scheduled with every top-up, at its deadline: a top-up still `pending` (its request died
 * around the charge, and Stripe's event never came) is settled from Stripe, asked once by the
 * top-up's id in the payment's metadata (its search), never charged again. A payment Stripe shows
 * succeeded is credited; none, or none that succeeded, fails the top-up; Stripe unable to answer
 * fails it with no_provider_outcome. Each is a compare-and-set on `pending`: a request or an event
 * that settles it meanwhile wins whole.
 */
export const settleTopUp: JobDefinition<{ topUpId: string }> = defineJob({
  kind: "billing.settle_top_up",
  payload: z.object({ topUpId: z.string() }),
  async run(job, { topUpId }): Promise<JobOutcome> {
    const topUp = await topUpOf(job.db, job.companyId, topUpId);
    if (topUp?.status !== "pending") return { status: "done" };
    let payments: Payment[];
    try {
      payments = await gateway(job).payments.findPaymentIntents("top_up_id", topUp.id);
    } catch (error) {
      if (!providerCannotSay(error)) throw error;
      const reason = noProviderOutcome(
        "Stripe could not be asked whether the top-up's payment was made by its deadline; nothing was credited. A payment Stripe completes later is still credited.",
      );
      return { status: "done", ...failPending(job, topUp, reason) };
    }
    const paid = payments.find((payment) => payment.status === "succeeded");
    // Paid, and not credited to another top-up (one payment is credited once).
    if (paid && !(await topUpByPayment(job.db, paid.id)))
      return { status: "done", ...(await creditPaid(job, topUp, paid)) };
    const reason =
      payments.length === 0
        ? "The top-up's request ended before its payment was made; nothing was charged or credited."
        : `The top-up's payment did not complete by its deadline (Stripe shows it ${payments.map((payment) => payment.status).join(", ")}); nothing was credited.`;
    return { status: "done", ...failPending(job, topUp, reason) };
  },
});

/**
 * Due work scheduled with every number order, at its deadline: an order still pending (documents,
 * payment or the carrier never came; no provider is asked, the carrier's side is the operator's) is
 * cancelled with the reason, in a compare-and-set on the status read. Nothing was charged.
 */
export const closeNumberOrder: JobDefinition<{ orderId: string }> = defineJob({
  kind: "billing.close_number_order",
  payload: z.object({ orderId: z.string() }),
  async run(job, { orderId }): Promise<JobOutcome> {
    const order = await job.db
      .select()
      .from(numberOrders)
      .where(and(eq(numberOrders.companyId, job.companyId), eq(numberOrders.id, orderId)))
      .get();
    if (!order || !(pendingNumberOrderStatuses as readonly string[]).includes(order.status)) return { status: "done" };
    const previous = order.status as (typeof pendingNumberOrderStatuses)[number];
    const at = clock.iso();
    const reason = `${DEADLINE_PASSED}: the order waited ${NUMBER_ORDER_DEADLINE_MS / 86_400_000} days (${previous}) without completing; nothing was charged.`;
    const asRead = and(
      eq(numberOrders.companyId, order.companyId),
      eq(numberOrders.id, order.id),
      inArray(numberOrders.status, [previous]),
    );
    return {
      status: "done",
      statements: [
        precondition(job.db, sql`EXISTS (SELECT 1 FROM ${numberOrders} WHERE ${asRead})`, () =>
          changedMeanwhile("number order"),
        ),
        job.db.update(numberOrders).set({ status: "cancelled", statusReason: reason, updatedAt: at }).where(asRead),
      ],
      events: [
        numberOrderCancelled.of({
          id: order.id,
          country: order.country,
          number_type: order.numberType,
          status: "cancelled",
          previous_status: previous,
          status_reason: reason,
          cancelled_at: at,
        }),
      ],
    };
  },
});
