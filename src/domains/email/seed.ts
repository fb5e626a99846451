import type { SeedContext } from "../../core/domain";
import { chunkedInserts, runBatches } from "../../data/bulk";
import { daysAgo } from "../../lib/random";
import { fromHeader } from "./model";
import { emailIdentities, emailMessages, type EmailIdentityRow, type EmailMessageRow } from "./schema";

const sent: readonly { to: string; subject: string; body: string; failed?: boolean }[] = [
  {
    to: "lucia.fernandez@example.com",
    subject: "Your kitchen quote",
    body: "Hello Lucía,\n\nHere is the quote we discussed on the phone.\n\nReformas Demo",
  },
  {
    to: "marcos.gil@example.com",
    subject: "Visit on Tuesday at 10:00",
    body: "Hello Marcos,\n\nOur technician will come on Tuesday at 10:00 to look at the tiles.\n\nReformas Demo",
  },
  {
    to: "admin@comunidadmayor12.example.com",
    subject: "Invoice of the façade repair",
    body: "Good morning,\n\nAs requested, the invoice of the façade repair is attached.\n\nReformas Demo",
  },
  {
    to: "bounced@example.com",
    subject: "Your bathroom renovation",
    body: "Hello,\n\nThank you for your enquiry.\n\nReformas Demo",
    failed: true,
  },
];

/** Two sending identities (one verified, one pending verification) and a few sent emails; one verified identity for a small seed. */
export async function seedEmailDomain({
  db,
  company,
  random,
  now,
  scale,
}: SeedContext): Promise<Record<string, number>> {
  const domain = scale === "full" ? "reformasdemo.es" : `company-${company.id.slice(0, 8)}.example.com`;
  const identities: EmailIdentityRow[] = [
    { address: `presupuestos@${domain}`, displayName: "Reformas Demo", verified: true },
    ...(scale === "full"
      ? [{ address: `facturas@${domain}`, displayName: "Reformas Demo · Facturación", verified: false }]
      : []),
  ].map((identity, index) => {
    const createdAt = daysAgo(random, now, 120 - index * 30);
    return {
      id: crypto.randomUUID(),
      companyId: company.id,
      ...identity,
      verifiedAt: identity.verified ? new Date(Date.parse(createdAt) + 3_600_000).toISOString() : null,
      sealedProviderSettings: null,
      providerDomainId: null,
      providerSenderId: null,
      failedAt: null,
      failureReason: null,
      sequence: 0,
      dnsRecords: [],
      checkedAt: null,
      createdAt,
    };
  });
  const sender = identities[0]!;
  const messages: EmailMessageRow[] = (scale === "full" ? sent : sent.slice(0, 1)).map((email, index) => {
    const createdAt = daysAgo(random, now, index * 3 + 1);
    return {
      id: crypto.randomUUID(),
      companyId: company.id,
      identityId: sender.id,
      fromAddress: fromHeader(sender),
      toAddress: email.to,
      subject: email.subject,
      body: email.body,
      status: email.failed ? "failed" : "sent",
      providerMessageId: email.failed ? null : crypto.randomUUID(),
      failureReason: email.failed
        ? "Postmark refused this recipient: the address is marked inactive (it bounced, complained of spam, or was suppressed)."
        : null,
      createdAt,
      sentAt: email.failed ? null : new Date(Date.parse(createdAt) + 800).toISOString(),
      deliveryStatus: email.failed ? null : "delivered",
      deliveryUpdatedAt: email.failed ? null : new Date(Date.parse(createdAt) + 1_800).toISOString(),
      source: "api",
      sequence: 0,
    };
  });
  await runBatches(db, [
    ...chunkedInserts(db, emailIdentities, identities),
    ...chunkedInserts(db, emailMessages, messages),
  ]);
  return { email_identities: identities.length, email_messages: messages.length };
}
