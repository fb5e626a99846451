import type { SeedContext } from "../../core/domain";
import { scheduleDue } from "../../work/due";
import { billingCurrency, monthAfter, SIP_TRUNK_MONTHLY, toMinorUnits } from "../billing";
import { renewTrunk } from "./jobs";
import { sealPassword } from "./crypto";
import { insertTrunk } from "./queries";
import { uint8ArrayToHex } from "uint8array-extras";

const demoTrunks = [
  { name: "Main carrier", host: "sip.carrier.example", transport: "udp" as const, port: 5060, channels: 20 },
  {
    name: "Backup carrier (TLS)",
    host: "sips.backup-carrier.example",
    transport: "tls" as const,
    port: 5061,
    channels: 5,
  },
];

/**
 * Two trunks for the full seed (the telephony seed, after this one, routes a number through the
 * first); the passwords are random and sealed like any other (a key must be configured, else no trunks).
 */
export async function seedSipTrunks({
  db,
  company,
  random,
  now,
  scale,
  secretKey,
}: SeedContext): Promise<Record<string, number>> {
  if (!secretKey) return {};
  const sold = billingCurrency({ defaultCurrency: company.currency });
  const currency = SIP_TRUNK_MONTHLY[sold] === undefined ? "EUR" : sold;
  const monthlyPriceMinor = toMinorUnits(SIP_TRUNK_MONTHLY[currency]!, currency, "seed");
  const trunks = scale === "full" ? demoTrunks : demoTrunks.slice(0, 1);
  const ids: string[] = [];
  for (const [index, trunk] of trunks.entries()) {
    const id = crypto.randomUUID();
    const at = new Date(now - (trunks.length - index) * 86_400_000).toISOString();
    const password = uint8ArrayToHex(crypto.getRandomValues(new Uint8Array(12)));
    // Its renewal is due at its first anniversary.
    const renewal = scheduleDue(renewTrunk, company.id, monthAfter(at), { trunkId: id });
    await renewal.insert(db, at);
    await insertTrunk(db, {
      id,
      companyId: company.id,
      ...trunk,
      username: `acct${random.int(1000, 9999)}`,
      passwordSealed: await sealPassword(secretKey, company.id, id, password),
      callerId: null,
      monthlyPriceMinor,
      currency,
      status: "active",
      currentPeriodEnd: monthAfter(at),
      renewalId: renewal.id,
      // Demo rows only: never made at the provider (changing or deleting one asks the provider nothing).
      providerTrunkSid: null,
      providerCredentialListSid: null,
      providerOriginationUrlSid: null,
      version: 1,
      createdAt: at,
      updatedAt: at,
    });
    ids.push(id);
  }
  return { sip_trunks: ids.length };
}
