import type { Database } from "../../core/db/client";
import { upsertPaymentMethod } from "./queries";
import { InputError } from "../../core/input-error";

/** The panel's side of payments (npm run admin -- billing payment-method): the card top-ups charge. */
export async function setPaymentMethod(
  db: Database,
  input: { companyId: string; paymentMethodId: string; customerId?: string | null; brand?: string | null; last4?: string | null },
): Promise<{ company_id: string; payment_method: string }> {
  if (!/^pm_[A-Za-z0-9_]{1,200}$/.test(input.paymentMethodId)) throw new InputError("invalid_argument", `Not a Stripe payment method id (pm_...): ${input.paymentMethodId}`);
  if (input.customerId && !/^cus_[A-Za-z0-9]{1,200}$/.test(input.customerId)) throw new InputError("invalid_argument", `Not a Stripe customer id (cus_...): ${input.customerId}`);
  const now = new Date().toISOString();
  await upsertPaymentMethod(db, {
    companyId: input.companyId,
    provider: "stripe",
    customerId: input.customerId ?? null,
    paymentMethodId: input.paymentMethodId,
    brand: input.brand ?? null,
    last4: input.last4 ?? null,
    createdAt: now,
    updatedAt: now,
  });
  return { company_id: input.companyId, payment_method: input.paymentMethodId };
}
