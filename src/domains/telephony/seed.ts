import type { Random } from "../../lib/random";
import { chunkedInserts, runBatches } from "../../data/bulk";
import { runWriteBatch } from "../../core/commit";
import type { SeedContext } from "../../core/domain";
import { parsePhone } from "../../lib/phone";
import { companyAgentIds } from "../agents";
import { companyTrunkIds, routeStatements } from "../sip-trunks";
import { activeMemberIds } from "../team";
import { phoneNumbers, sipExtensions, telephonyProfiles, type NumberCapability } from "./schema";
import { sealExtensionSecret, sealProfileSecret } from "./secrets";

const digits = (random: Random, count: number) => Array.from({ length: count }, () => random.int(0, 9)).join("");

/** A valid number from a pattern (# is a random digit), checked like every phone; with its country. */
function phone(random: Random, pattern: string): { e164: string; country: string } {
  for (;;) {
    const parsed = parsePhone(pattern.replace(/#/g, () => digits(random, 1)));
    if (parsed?.country) return { e164: parsed.e164, country: parsed.country };
  }
}

const secret = (random: Random) =>
  Array.from({ length: 24 }, () => "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"[random.int(0, 55)]).join(
    "",
  );

/**
 * A company's telephony: numbers (some answered by an agent), SIP extensions of its team with
 * their passwords, and telephony profiles (one with a carrier trunk and its credentials). Its
 * rates are its plan's price book (the price-book domain): nothing to seed. Passwords are sealed
 * at rest, so without the at-rest key (`secretKey`) no extension and no trunk secret is seeded.
 */
export async function seedTelephonyDomain({
  db,
  company,
  random,
  now,
  scale,
  secretKey,
}: SeedContext): Promise<Record<string, number>> {
  const companyId = company.id;
  const full = scale === "full";
  const at = (daysBack: number, index = 0) => new Date(now - daysBack * 86_400_000 + index * 1000).toISOString();
  // The company's own agents (the agents domain seeds them first).
  const agents = await companyAgentIds(db, companyId);
  const gb = company.region === "GB";
  const lines: [string, string, NumberCapability[], string | null][] = gb
    ? [
        ["+44207#######", "London office", ["voice", "sms"], agents[0] ?? null],
        ["+447#########", "Mobile line", ["voice", "sms", "whatsapp"], null],
      ]
    : [
        ["+3491#######", "Madrid main line", ["voice", "sms"], agents[0] ?? null],
        ["+34932######", "Barcelona office", ["voice"], agents[1] ?? agents[0] ?? null],
        ["+346########", "Sales WhatsApp", ["voice", "sms", "whatsapp"], agents[0] ?? null],
        ["+34954######", "Sevilla showroom", ["voice"], null],
        ["+44203#######", "London (international customers)", ["voice"], null],
      ];
  const numberRows = (full ? lines : lines.slice(0, 2)).map(([pattern, name, capabilities, agentId], index) => {
    const { e164, country } = phone(random, pattern);
    const createdAt = at(300 - index * 40);
    return {
      id: crypto.randomUUID(),
      companyId,
      e164,
      name,
      country,
      capabilities,
      agentId,
      createdAt,
      updatedAt: createdAt,
    };
  });

  const profileRows = [
    {
      name: "Carrier trunk (TLS + SRTP)",
      transport: "tls",
      codecs: ["opus", "G722", "PCMA"],
      dtmfMode: "rfc2833",
      srtp: true,
      recording: true,
      maxConcurrentCalls: 30,
      trunkHost: "sip.carrier.example.net",
      trunkUsername: `trunk-${companyId.slice(0, 8)}`,
      trunkSecret: secret(random),
    },
    {
      name: "Office desk phones",
      transport: "udp",
      codecs: ["G722", "PCMA", "PCMU"],
      dtmfMode: "rfc2833",
      srtp: false,
      recording: true,
      maxConcurrentCalls: 10,
      trunkHost: null,
      trunkUsername: null,
      trunkSecret: null,
    },
  ]
    .slice(0, full ? 2 : 1)
    .map(
      (profile, index) =>
        ({
          id: crypto.randomUUID(),
          companyId,
          ...profile,
          createdAt: at(250 - index),
          updatedAt: at(30 - index),
        }) as typeof telephonyProfiles.$inferInsert,
    );
  for (const profile of profileRows) {
    profile.trunkSecret =
      profile.trunkSecret && secretKey
        ? await sealProfileSecret(secretKey, companyId, profile.id!, profile.trunkSecret)
        : null;
  }

  const members = full ? await activeMemberIds(db, companyId) : [];
  const domain = `${gb ? "other" : "reformas-demo"}-${companyId.slice(0, 8)}.sip.example.net`;
  const people: (string | null)[] = secretKey ? [null, ...members.slice(0, full ? 4 : 0)] : [];
  const extensionRows = people.map((memberId, index) => {
    const extension = String(101 + index);
    return {
      id: crypto.randomUUID() as string,
      companyId,
      extension,
      name: memberId === null ? "Reception" : `Desk ${extension}`,
      memberId,
      profileId: profileRows[profileRows.length - 1]!.id!,
      status: full && index === people.length - 1 ? ("disabled" as const) : ("active" as const),
      sipUsername: `ext${extension}`,
      sipDomain: domain,
      sipSecret: secret(random),
      createdAt: at(240 - index * 10),
    };
  });

  for (const row of extensionRows)
    row.sipSecret = await sealExtensionSecret(secretKey, companyId, row.id, row.sipSecret);

  await runBatches(db, [
    ...chunkedInserts(db, phoneNumbers, numberRows),
    ...chunkedInserts(db, telephonyProfiles, profileRows),
    ...chunkedInserts(db, sipExtensions, extensionRows),
  ]);
  // The demo company's main line comes in through its first SIP trunk (seeded before, when a key seals trunk passwords).
  const [trunkId] = full ? await companyTrunkIds(db, companyId) : [];
  if (trunkId && numberRows[0]) await runWriteBatch(db, routeStatements(db, companyId, numberRows[0].id, trunkId));
  return {
    phone_numbers: numberRows.length,
    telephony_profiles: profileRows.length,
    sip_extensions: extensionRows.length,
  };
}
