import { env } from "cloudflare:test";
import { call, keyFor, tenant } from "../../../test/helpers";
import { OPEN } from "../../../test/security/declarations";
import type { Plan } from "../../core/operation";

/** Test fixtures (imported by the agency tests only): an agency with its tree, and requests to it. */

/** An agency enabled for spending, with a key of every scope. */
export const agency = (plan: Plan = "Agency") => tenant({ plan, spendEnabled: true, defaultCurrency: "EUR" });

/** A company under `parentId` (as the panel's `tenant create --parent` makes it), with a key. */
export const childOf = (parentId: string, plan: Plan = "Business", name?: string) =>
  tenant({ plan, parentCompanyId: parentId, spendEnabled: true, defaultCurrency: "EUR", ...(name ? { name } : {}) });

/**
 * A tree: an agency with two subaccounts, one of which is an agency itself with a subaccount (the
 * agency's grandchild), a sibling agency with a subaccount, and the parent both agencies share.
 */
export async function tree() {
  const partner = await agency("Partner");
  const top = await tenant({ plan: "Agency", spendEnabled: true, parentCompanyId: partner.companyId, defaultCurrency: "EUR" });
  const sibling = await tenant({ plan: "Agency", spendEnabled: true, parentCompanyId: partner.companyId, defaultCurrency: "EUR" });
  const client = await childOf(top.companyId);
  const subAgency = await childOf(top.companyId, "Agency");
  const grandchild = await childOf(subAgency.companyId);
  const siblingClient = await childOf(sibling.companyId);
  return { partner, agency: top, sibling, client, subAgency, grandchild, siblingClient };
}

/** Every switch open (gate S included) and no rate limit in the way. */
export const vars = OPEN;

export const get = (path: string, key: string) => call(path, { key, vars });
export const send = (method: string, path: string, key: string, body?: unknown, idempotencyKey: string = crypto.randomUUID()) =>
  call(path, { method, key, body, vars, headers: { "Idempotency-Key": idempotencyKey } });

const dohOrigin = (JSON.parse(env.FAKE_PROVIDERS) as Record<string, string>).doh!;

/** Publishes TXT records at `name` on the fake resolver, or makes it fail the name (`rcode`). */
export async function dnsRecords(name: string, answer: { data: string[] } | { rcode: number }) {
  const response = await fetch(`${dohOrigin}/__fake/dns`, { method: "POST", body: JSON.stringify({ name, ...answer }), headers: { "Content-Type": "application/json" } });
  if (response.status !== 200) throw new Error(`The DNS fake refused ${name}: ${response.status}`);
}

export { keyFor };
