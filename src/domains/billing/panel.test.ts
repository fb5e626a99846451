import { describe, expect, it } from "vitest";
import { call, operator } from "../../../test/helpers";
import { onboarded, unknownId } from "../../../test/fixtures/onboarding";

// The payment method through the operator API; a top-up then charges it (the Stripe fake).

const topUp = (key: string) =>
  call("/api/v1/billing/topups", {
    key,
    method: "POST",
    body: { amount: 20 },
    headers: { "Idempotency-Key": crypto.randomUUID() },
    vars: { PUBLIC_API_SPEND_ENABLED: "true" },
  });

describe("the payment method (operator)", () => {
  it("sets the card the company's top-ups charge; a top-up then succeeds", async () => {
    const t = await onboarded({ spend_enabled: true });
    const before = await topUp(t.key);
    expect(before.status).not.toBe(201);
    const customer = `cus_${crypto.randomUUID().replaceAll("-", "")}`;
    const set = await operator(`/companies/${t.companyId}/payment-method`, {
      method: "PUT",
      body: { payment_method_id: "pm_card_visa", customer_id: customer, brand: "visa", last4: "4242" },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.json).toMatchObject({
      company_id: t.companyId,
      provider: "stripe",
      payment_method_id: "pm_card_visa",
      customer_id: customer,
      brand: "visa",
      last4: "4242",
    });
    const after = await topUp(t.key);
    expect(after.status, after.text).toBe(201);
    expect(after.json.top_up).toMatchObject({ amount: 20, currency: "EUR", status: "succeeded" });
  });

  it("refuses an unknown company (404) and ids that are not Stripe's (400)", async () => {
    const t = await onboarded();
    expect(
      (
        await operator(`/companies/${unknownId()}/payment-method`, {
          method: "PUT",
          body: { payment_method_id: "pm_card_visa" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await operator(`/companies/${t.companyId}/payment-method`, {
          method: "PUT",
          body: { payment_method_id: "card_123" },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await operator(`/companies/${t.companyId}/payment-method`, {
          method: "PUT",
          body: { payment_method_id: "pm_card_visa", customer_id: "x" },
        })
      ).status,
    ).toBe(400);
  });
});
