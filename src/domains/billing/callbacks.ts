import { z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { defineCallback } from "../../core/callbacks";
import { clock } from "../../lib/clock";
import { companies } from "../../data/schema";
import { defineJob } from "../../work/jobs";
import { currencyExponent } from "../../lib/money";
import { walletToppedUp } from "./events";
import {
  completeTopUp,
  failTopUp,
  insertTopUp,
  paymentNotCredited,
  topUpByPayment,
  topUpOf,
  walletBalance,
} from "./queries";
import { credit } from "./wallet";
import { major } from "./views";
import { receiptFor } from "./invoicing";

/**
 * Stripe's payment_intent.succeeded and payment_intent.payment_failed events (one webhook endpoint
 * for the account). The top-up's company and id come back in the metadata the charge gave the
 * PaymentIntent; any other event type, or an intent without that metadata, is acknowledged and ignored.
 */
const StripePaymentEvent = z.object({
  body: z.object({
    id: z.string().startsWith("evt_"),
    object: z.literal("event"),
    type: z.enum(["payment_intent.succeeded", "payment_intent.payment_failed"]),
    data: z.object({
      object: z.object({
        id: z.string().startsWith("pi_"),
        object: z.literal("payment_intent"),
        amount: z.number().int().positive(),
        currency: z.string().regex(/^[a-zA-Z]{3}$/),
        status: z.string(),
        metadata: z.object({ company_id: z.string().min(1), top_up_id: z.string().uuid() }),
      }),
    }),
  }),
});

/**
 * Applies a payment event to the top-up named in the intent's metadata. payment_intent.succeeded:
 * a top-up already succeeded (its request credited it) changes nothing; a pending one (its request
 * died after Stripe confirmed the charge) is credited here, in one batch that states it is still
 * pending and that no top-up has this payment, so it and its request's own credit cannot both
 * commit. A payment of ours whose top-up row is missing is recorded and credited the same way.
 * payment_intent.payment_failed: a pending top-up becomes failed; any other changes nothing.
 */
const applyPaymentEvent = defineJob({
  kind: "billing.payment_event",
  payload: StripePaymentEvent,
  async run(job, { body }) {
    const intent = body.data.object;
    const id = intent.metadata.top_up_id;
    const topUp = await topUpOf(job.db, job.companyId, id);
    if (body.type === "payment_intent.payment_failed") {
      return { status: "done", statements: topUp?.status === "pending" ? [failTopUp(job.db, job.companyId, id)] : [] };
    }
    if (intent.status !== "succeeded" || topUp?.status === "succeeded" || (await topUpByPayment(job.db, intent.id)))
      return { status: "done" };
    const currency = intent.currency.toUpperCase();
    if (currencyExponent(currency) === undefined)
      return { status: "failed", reason: `Stripe's payment ${intent.id} is in an unknown currency.` };
    const wallet = await walletBalance(job.db, job.companyId);
    if (wallet && wallet.currency !== currency)
      return {
        status: "failed",
        reason: `Stripe's payment ${intent.id} is in ${currency}; the wallet is in ${wallet.currency}.`,
      };
    const ledgerEntryId = crypto.randomUUID();
    const createdAt = topUp?.createdAt ?? clock.iso();
    const credited = await credit(job.db, {
      companyId: job.companyId,
      amountMinor: intent.amount,
      currency,
      kind: "top_up",
      reference: { type: "payment", id: intent.id },
      description: "Top-up by card",
      entryId: ledgerEntryId,
    });
    const receipt = await receiptFor(job.db, {
      companyId: job.companyId,
      currency,
      amountMinor: intent.amount,
      paymentId: intent.id,
      ledgerEntryId,
    });
    const recorded = topUp
      ? completeTopUp(job.db, job.companyId, id, ["pending", "failed"], intent.id, ledgerEntryId)
      : [
          paymentNotCredited(job.db, id, intent.id),
          insertTopUp(job.db, {
            id,
            companyId: job.companyId,
            amountMinor: intent.amount,
            currency,
            status: "succeeded",
            paymentIntentId: intent.id,
            ledgerEntryId,
            createdAt,
          }),
        ];
    return {
      status: "done",
      statements: [...recorded, ...credited, ...receipt.statements],
      events: [
        walletToppedUp.of({
          top_up_id: id,
          amount: major(intent.amount, currency),
          currency,
          payment_reference: intent.id,
          created_at: createdAt,
          status: "succeeded",
          previous_status: topUp ? (topUp.status === "failed" ? "failed" : "pending") : null,
        }),
      ],
    };
  },
});

/** POST /providers/stripe/events: the account's webhook endpoint (Stripe-Signature). */
export const paymentEventCallback = defineCallback({
  provider: "stripe",
  topic: "events",
  job: applyPaymentEvent,
  eventId: ({ body }) => body.id,
  companyOf: async (db, { body }) => {
    const companyId = body.data.object.metadata.company_id;
    const company = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).get();
    return company?.id;
  },
});
