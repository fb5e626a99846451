import { z } from "@hono/zod-openapi";
import { eq, or, sql } from "drizzle-orm";
import { defineCallback } from "../../core/callbacks";
import { clock } from "../../core/clock";
import type { Database } from "../../core/db/client";
import { precondition } from "../../core/db/precondition";
import { companies } from "../../core/db/schema";
import { ApiError } from "../../core/errors";
import { defineJob } from "../../core/jobs";
import { currencyExponent } from "../../core/money";
import { walletToppedUp } from "./events";
import { insertTopUp, topUpByPayment, walletBalance } from "./queries";
import { topUps } from "./schema";
import { credit } from "./wallet";
import { major } from "./views";

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

/** The top-up (by our id or Stripe's) is not recorded yet: the compare-and-set that credits a payment once. */
export const paymentNotCredited = (db: Database, topUpId: string, paymentIntentId: string) =>
  precondition(
    db,
    sql`NOT EXISTS (SELECT 1 FROM ${topUps} WHERE ${or(eq(topUps.id, topUpId), eq(topUps.paymentIntentId, paymentIntentId))})`,
    () => new ApiError("conflict", `The payment ${paymentIntentId} was credited while this one was being applied.`),
  );

/**
 * Applies a payment event. A succeeded payment whose top-up is recorded (the request that charged
 * it credited it) changes nothing; one whose request died after Stripe confirmed it is credited
 * here, once: the batch states that no top-up has this payment, so it and the request's own credit
 * cannot both commit. A failed payment changes nothing: a top-up is recorded only once its charge
 * succeeded, and the request that was declined answered 402 with nothing credited.
 */
const applyPaymentEvent = defineJob({
  kind: "billing.payment_event",
  payload: StripePaymentEvent,
  async run(job, { body }) {
    const intent = body.data.object;
    if (body.type !== "payment_intent.succeeded" || intent.status !== "succeeded") return { status: "done" };
    if (await topUpByPayment(job.db, intent.id)) return { status: "done" };
    const currency = intent.currency.toUpperCase();
    if (currencyExponent(currency) === undefined) return { status: "failed", reason: `Stripe's payment ${intent.id} is in an unknown currency.` };
    const wallet = await walletBalance(job.db, job.companyId);
    if (wallet && wallet.currency !== currency) return { status: "failed", reason: `Stripe's payment ${intent.id} is in ${currency}; the wallet is in ${wallet.currency}.` };
    const id = intent.metadata.top_up_id;
    const ledgerEntryId = crypto.randomUUID();
    const createdAt = clock.iso();
    const credited = await credit(job.db, { companyId: job.companyId, amountMinor: intent.amount, currency, kind: "top_up", reference: { type: "payment", id: intent.id }, description: "Top-up by card", entryId: ledgerEntryId });
    return {
      status: "done",
      statements: [
        paymentNotCredited(job.db, id, intent.id),
        ...credited,
        insertTopUp(job.db, { id, companyId: job.companyId, amountMinor: intent.amount, currency, status: "succeeded", paymentIntentId: intent.id, ledgerEntryId, createdAt }),
      ],
      events: [walletToppedUp.of({ top_up_id: id, amount: major(intent.amount, currency), currency, payment_reference: intent.id, created_at: createdAt })],
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
