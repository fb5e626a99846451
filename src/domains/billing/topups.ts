import type { z } from "@hono/zod-openapi";
import { sha256Hex } from "../../core/auth";
import { ApiError, invalidField } from "../../core/errors";
import { gateway, ProviderError } from "../../core/gateway";
import type { OperationContext } from "../../core/operation";
import { billingCurrency } from "./catalogue";
import { walletToppedUp } from "./events";
import type { TopUp, TopUpInput } from "./model";
import { insertTopUp, paymentMethodOf, topUpByPayment, walletBalance } from "./queries";
import { major, toMinorUnits } from "./views";
import { credit } from "./wallet";

type Context = OperationContext<unknown, unknown, z.output<typeof TopUpInput>>;

/**
 * POST /billing/topups. The charge and the credit cannot share a transaction (one is the
 * provider's), so the provider gets an idempotency key derived from the request's own: a retry
 * after a failure anywhere (the provider answered but the credit's batch failed, a timeout) finds
 * the same payment, and the unique payment id on top_ups credits it once.
 */
export async function topUp(ctx: Context): Promise<z.input<typeof TopUp>> {
  const { db, caller, body, config, commit } = ctx;
  const companyId = caller.company.id;
  const wallet = await walletBalance(db, companyId);
  const currency = wallet?.currency ?? billingCurrency(caller.company);
  const { minimum, maximum } = config.billing.topUp;
  if (body.amount < minimum || body.amount > maximum) {
    throw invalidField("body.amount", `A top-up is between ${minimum} and ${maximum} ${currency}.`);
  }
  const amountMinor = toMinorUnits(body.amount, currency, "body.amount");

  const method = await paymentMethodOf(db, companyId);
  if (!method) {
    throw new ApiError("integration_not_configured", "The account has no payment method on file; add one in the panel before topping up.", { provider: "stripe" });
  }
  const providerKey = `topup_${await sha256Hex(`${companyId}\n${ctx.idempotencyKey ?? ctx.requestId}`)}`;
  let payment: { id: string; status: string };
  try {
    payment = await gateway(ctx).payments.createPaymentIntent({
      amountMinor,
      currency,
      customer: method.customerId ?? undefined,
      paymentMethod: method.paymentMethodId,
      confirm: true,
      offSession: true,
      description: "Wallet top-up",
      metadata: { company_id: companyId },
      idempotencyKey: providerKey,
    });
  } catch (error) {
    if (error instanceof ProviderError && error.outcome === "refused") {
      const code = error.refusal.code === undefined ? "card_declined" : String(error.refusal.code);
      throw new ApiError("payment_declined", `The payment method was declined (${code}): ${error.refusal.reason ?? "the card was declined"}. Nothing was charged or credited.`, {
        decline_code: code,
      });
    }
    if (error instanceof ProviderError && error.outcome === "upstream_error") {
      // The operation declares no 502: the provider failing is the service being unavailable. A retry
      // with the same Idempotency-Key reaches the same payment, so it never charges twice.
      throw new ApiError("provider_unavailable", `${error.detail} Nothing was credited; retry with the same Idempotency-Key.`, { provider: error.provider });
    }
    throw error;
  }
  if (payment.status !== "succeeded") {
    throw new ApiError("payment_declined", `The payment did not complete (its status is ${payment.status}); nothing was credited.`, { decline_code: payment.status });
  }

  const id = crypto.randomUUID();
  const createdAt = new Date().toISOString();
  const already = await topUpByPayment(db, payment.id);
  if (!already) {
    const ledgerEntryId = crypto.randomUUID();
    const credited = await credit(db, { companyId, amountMinor, currency, kind: "top_up", reference: { type: "payment", id: payment.id }, description: "Top-up by card", entryId: ledgerEntryId });
    await commit(
      [...credited, insertTopUp(db, { id, companyId, amountMinor, currency, status: "succeeded", paymentIntentId: payment.id, ledgerEntryId, createdAt })],
      { resourceType: "top_up", resourceId: id },
      [walletToppedUp.of({ top_up_id: id, amount: major(amountMinor, currency), currency, payment_reference: payment.id, created_at: createdAt })],
    );
  }
  const balance = await walletBalance(db, companyId);
  const shown = already ?? { id, amountMinor, currency, paymentIntentId: payment.id, createdAt };
  return {
    top_up: { id: shown.id, amount: major(shown.amountMinor, currency), currency, status: "succeeded", payment_reference: shown.paymentIntentId, created_at: shown.createdAt },
    balance: { amount: major(balance?.balanceMinor ?? 0, currency), currency, as_of: new Date().toISOString() },
  };
}
