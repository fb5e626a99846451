import { env } from "cloudflare:test";
import { db } from "../../../test/helpers";
import { spendingCompany } from "../../../test/security/spend-fixtures";
import type { Plan } from "../../core/operation";
import { createAgent } from "../agents";
import { saleRates } from "../telephony";

/** Spanish mobiles at 0.12 EUR a minute, 60 s minimum, 60 s steps: a dial reserves 5 min, 0.60 EUR. */
export const MOBILE_RATE = { prefix: "346", pricePerMinuteMicros: 120_000, minimumSeconds: 60, billingIncrementSeconds: 60 };
export const RESERVED_MINOR = 60;

/** A company enabled for spending, with a voice agent and a rate for Spanish mobiles. */
export async function dialCompany(options: { balanceMinor?: number; plan?: Plan } = {}) {
  const company = await spendingCompany({ balanceMinor: options.balanceMinor ?? 10_000, plan: options.plan });
  const { agent } = await createAgent(db, { companyId: company.companyId, name: "Outbound agent" });
  const now = new Date().toISOString();
  await db.insert(saleRates).values({ id: crypto.randomUUID(), companyId: company.companyId, country: "ES", destination: "Spain mobile", currency: "EUR", createdAt: now, updatedAt: now, ...MOBILE_RATE });
  return { ...company, agentId: agent.id };
}

/** A Spanish mobile number no other test dials (the Twilio fake is shared by every test file). */
export const uniqueMobile = () => `+346${String(Math.floor(Math.random() * 100_000_000)).padStart(8, "0")}`;

const twilioFake = (JSON.parse(env.FAKE_PROVIDERS) as Record<string, string>).twilio!;

export async function twilioCalls(to: string): Promise<{ path: string; body: string }[]> {
  const response = await fetch(`${twilioFake}/__fake/requests?match=${encodeURIComponent(to)}`);
  return ((await response.json()) as { requests: { path: string; body: string }[] }).requests.filter((request) => request.path.endsWith("/Calls.json"));
}

export async function refuseAtTwilio(to: string) {
  await fetch(`${twilioFake}/__fake/refuse`, { method: "POST", body: JSON.stringify({ recipient: to }), headers: { "Content-Type": "application/json" } });
}
