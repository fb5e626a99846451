import { env } from "cloudflare:test";
import { call, db } from "../../../test/helpers";
import { OPEN } from "../../../test/security/declarations";
import { spendingCompany } from "../../../test/security/spend-fixtures";
import type { Plan } from "../../core/operation";
import { setPaymentMethod } from "./panel";

/** The billing tests' requests: every gate open, a fresh Idempotency-Key unless one is given. */
export async function send(method: string, path: string, key: string, body?: unknown, options: { idempotencyKey?: string; vars?: Record<string, string> } = {}) {
  return call(path, { method, key, body, vars: { ...OPEN, ...options.vars }, headers: { "Idempotency-Key": options.idempotencyKey ?? crypto.randomUUID() } });
}

export const read = (path: string, key: string, vars: Record<string, string> = {}) => call(path, { key, vars: { ...OPEN, ...vars } });

/** A company enabled for spending with `balanceMinor` in its wallet (EUR) and, unless `card` is null, that card on file. */
export async function billedCompany(options: { balanceMinor?: number; card?: string | null; plan?: Plan } = {}) {
  const company = await spendingCompany({ balanceMinor: options.balanceMinor ?? 0, plan: options.plan });
  if (options.card !== null) await setPaymentMethod(db, { companyId: company.companyId, paymentMethodId: options.card ?? "pm_card_visa", customerId: customerOf(company.companyId), brand: "visa", last4: "4242" });
  return company;
}

/** The events the company's writes emitted (the webhooks outbox), oldest first, with their data parsed. */
export async function eventsOf(companyId: string): Promise<{ type: string; data: Record<string, unknown> }[]> {
  const { results } = await env.DB.prepare("SELECT type, data FROM webhook_events WHERE company_id = ? ORDER BY created_at, rowid").bind(companyId).all<{ type: string; data: string }>();
  return results.map((row) => ({ type: row.type, data: JSON.parse(row.data) as Record<string, unknown> }));
}

/** The Stripe customer id billedCompany files: unique per company, so a test finds its own requests at the shared fake. */
export const customerOf = (companyId: string) => `cus_${companyId.replaceAll("-", "")}`;

const stripeFake = (JSON.parse(env.FAKE_PROVIDERS) as Record<string, string>).stripe!;

export interface StripeRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** What the Stripe fake received that contains `match` (a customer id). */
export async function stripeRequests(match: string): Promise<StripeRequest[]> {
  const response = await fetch(`${stripeFake}/__fake/requests?match=${encodeURIComponent(match)}`);
  return ((await response.json()) as { requests: StripeRequest[] }).requests;
}

/** Tells the Stripe fake something (/__fake/<action>): script a failure, decline a payment method. */
export async function stripeControl(action: string, body: unknown): Promise<void> {
  const response = await fetch(`${stripeFake}/__fake/${action}`, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
  if (response.status !== 200) throw new Error(`Stripe fake /__fake/${action} answered ${response.status}`);
}
