import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, slug } from "../../../test/helpers";
import { auditEntries, balanceOf, checkedLedgerSum, ledgerOf } from "../../../test/wallet-operations";
import {
  billedCompany,
  customerOf,
  eventsOf,
  send,
  stripeControl,
  stripeRequests,
} from "../../../test/fixtures/billing";
import { topUps } from "./schema";

const topUp = (key: string, amount: unknown, options: Parameters<typeof send>[4] = {}) =>
  send("POST", "/api/v1/billing/topups", key, { amount }, options);

describe("POST /billing/topups", () => {
  it("charges the card on file through a Stripe PaymentIntent and credits the wallet with its ledger and audit entries", async () => {
    const t = await billedCompany({ balanceMinor: 1_000 });
    const response = await topUp(t.key, 50);
    expect(response.status, response.text).toBe(201);
    expect(response.json.top_up).toMatchObject({ amount: 50, currency: "EUR", status: "succeeded" });
    expect(response.json.top_up.payment_reference).toMatch(/^pi_/);
    expect(response.json.balance).toMatchObject({ amount: 60, currency: "EUR" });
    expect(response.text).not.toContain("client_secret");

    const [sent, ...others] = await stripeRequests(customerOf(t.companyId));
    expect(others).toHaveLength(0);
    expect(sent!.path).toBe("/v1/payment_intents");
    const form = new URLSearchParams(sent!.body);
    expect(Object.fromEntries(form)).toMatchObject({
      amount: "5000",
      currency: "eur",
      payment_method: "pm_card_visa",
      confirm: "true",
      off_session: "true",
      "metadata[company_id]": t.companyId,
      "metadata[top_up_id]": response.json.top_up.id,
    });
    expect(sent!.headers["idempotency-key"]).toMatch(/^topup_[0-9a-f]{64}$/);

    expect(await balanceOf(t.companyId)).toBe(6_000);
    const ledger = await ledgerOf(t.companyId);
    expect(ledger.at(-1)).toMatchObject({
      kind: "top_up",
      amountMinor: 5_000,
      referenceType: "payment",
      referenceId: response.json.top_up.payment_reference,
    });
    expect(await checkedLedgerSum(t.companyId)).toBe(6_000);
    const audit = await auditEntries(t.companyId, "createTopUp");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ resourceType: "top_up", resourceId: response.json.top_up.id });
    const [row] = await db.select().from(topUps).where(eq(topUps.companyId, t.companyId));
    expect(row).toMatchObject({
      id: response.json.top_up.id,
      status: "succeeded",
      amountMinor: 5_000,
      paymentIntentId: response.json.top_up.payment_reference,
      ledgerEntryId: ledger.at(-1)!.id,
    });
    expect(await eventsOf(t.companyId)).toEqual([
      {
        type: "wallet.topped_up",
        data: {
          top_up_id: response.json.top_up.id,
          amount: 50,
          currency: "EUR",
          payment_reference: response.json.top_up.payment_reference,
          created_at: response.json.top_up.created_at,
          status: "succeeded",
          previous_status: "pending",
          sequence: 1,
        },
      },
    ]);
  });

  it("creates the wallet on a first top-up", async () => {
    const t = await billedCompany({ balanceMinor: 0 });
    const response = await topUp(t.key, 10.5);
    expect(response.status).toBe(201);
    expect(response.json.balance.amount).toBe(10.5);
    expect(await checkedLedgerSum(t.companyId)).toBe(1_050);
  });

  it("refuses amounts outside the configured bounds or with more decimals than the currency: 400 on body.amount, no charge", async () => {
    const t = await billedCompany();
    for (const amount of [9.99, 5_000.01, 20.005, -10, "10"]) {
      const response = await topUp(t.key, amount);
      expect(response.status, String(amount)).toBe(400);
      expect(response.json.errors[0].path).toBe("body.amount");
    }
    const bounded = await topUp(t.key, 30, { vars: { TOPUP_MINIMUM_AMOUNT: "50" } });
    expect(bounded.status).toBe(400);
    expect(bounded.json.errors[0].message).toContain("between 50 and 5000 EUR");
    expect(await stripeRequests(customerOf(t.companyId))).toHaveLength(0);
    expect(await ledgerOf(t.companyId)).toHaveLength(0);
  });

  it("a declined card is 409 payment_declined with the decline code and reason in our words, and credits nothing", async () => {
    const t = await billedCompany({ balanceMinor: 1_000, card: "pm_card_chargeDeclinedInsufficientFunds" });
    const response = await topUp(t.key, 100);
    expect(response.status).toBe(409);
    expect(slug(response.json)).toBe("payment_declined");
    expect(response.json.decline_code).toBe("insufficient_funds");
    expect(response.json.detail).toContain("the card has insufficient funds");
    expect(response.text).not.toMatch(/Your card was declined|pm_card|cus_/);
    expect(await balanceOf(t.companyId)).toBe(1_000);
    expect(await ledgerOf(t.companyId)).toHaveLength(1);
    expect(await auditEntries(t.companyId, "createTopUp")).toHaveLength(0);
    // Written pending before the charge, failed by the decline, never credited.
    expect(await db.select().from(topUps).where(eq(topUps.companyId, t.companyId))).toEqual([
      expect.objectContaining({ status: "failed", paymentIntentId: null, ledgerEntryId: null }),
    ]);
  });

  it("the fake declines any payment method it is told to, with that reason", async () => {
    const card = `pm_test${crypto.randomUUID().replaceAll("-", "")}`;
    await stripeControl("decline", { payment_method: card, decline_code: "expired_card" });
    const t = await billedCompany({ card });
    const response = await topUp(t.key, 20);
    expect(response.status).toBe(409);
    expect(response.json).toMatchObject({ decline_code: "expired_card" });
    expect(response.json.detail).toContain("the card has expired");
    expect(await ledgerOf(t.companyId)).toHaveLength(0);
  });

  it("503 without a payment method on file, and without a payment provider configured; nothing charged", async () => {
    const without = await billedCompany({ card: null });
    const noCard = await topUp(without.key, 20);
    expect(noCard.status).toBe(503);
    expect(slug(noCard.json)).toBe("integration_not_configured");
    expect(noCard.json.detail).toContain("no payment method");

    const t = await billedCompany();
    const noProvider = await topUp(t.key, 20, { vars: { STRIPE_SECRET_KEY: "" } });
    expect(noProvider.status).toBe(503);
    expect(slug(noProvider.json)).toBe("integration_not_configured");
    expect(noProvider.json.provider).toBe("stripe");
    expect(await stripeRequests(customerOf(t.companyId))).toHaveLength(0);
    expect(await ledgerOf(t.companyId)).toHaveLength(0);
  });

  it("a failing provider is 503 provider_unavailable; the retry with the same Idempotency-Key sends Stripe the same key and credits once", async () => {
    const t = await billedCompany();
    const customer = customerOf(t.companyId);
    await stripeControl("script", { status: 500, match: customer });
    const key = crypto.randomUUID();
    const failed = await topUp(t.key, 25, { idempotencyKey: key });
    expect(failed.status).toBe(503);
    expect(slug(failed.json)).toBe("provider_unavailable");
    expect(await ledgerOf(t.companyId)).toHaveLength(0);

    const retried = await topUp(t.key, 25, { idempotencyKey: key });
    expect(retried.status).toBe(201);
    const sent = await stripeRequests(customer);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.headers["idempotency-key"]).toBe(sent[0]!.headers["idempotency-key"]);
    // Another request (another key) is another payment.
    const again = await topUp(t.key, 25);
    expect(again.status).toBe(201);
    expect((await stripeRequests(customer))[2]!.headers["idempotency-key"]).not.toBe(
      sent[0]!.headers["idempotency-key"],
    );
    expect(await checkedLedgerSum(t.companyId)).toBe(5_000);
    expect(
      await db
        .select()
        .from(topUps)
        .where(and(eq(topUps.companyId, t.companyId))),
    ).toHaveLength(2);
  });
});
