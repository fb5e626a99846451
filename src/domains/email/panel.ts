import { z } from "@hono/zod-openapi";
import { and, eq, isNull } from "drizzle-orm";
import type { Config } from "../../config";
import { isUniqueViolation } from "../../data/bulk";
import type { Database } from "../../data/client";
import { nowIso } from "../../data/schema";
import { gateway } from "../../integrations";
import type { PostmarkDomain, PostmarkSender } from "../../integrations/adapters/email";
import { InputError } from "../../lib/input-error";
import { CompanyParams, defineOperatorOperation } from "../../core/operator";
import { emailIdentities, type EmailIdentityRow, type IdentityDnsRecord } from "./schema";
import { requireCompany } from "../../data/rows";
import { headerText } from "../../lib/schemas";

/**
 * The operator's side of email: a company's sending identities, added at the provider (Postmark's
 * Domains API for the address's domain, with its DKIM and Return-Path records, and a Sender
 * Signature for the address) and verified there. A verified identity is what the company's email
 * goes out from (POST /api/v1/email/send).
 */

const IdentityParams = z.object({ identity_id: z.string().min(1).max(100) });

const DnsRecord = z.object({
  purpose: z.enum(["dkim", "return_path"]),
  type: z.enum(["TXT", "CNAME"]),
  name: z.string(),
  value: z.string(),
  verified: z.boolean(),
});

const EmailIdentity = z.object({
  identity_id: z.string(),
  company_id: z.string(),
  email: z.string(),
  name: z.string(),
  status: z.enum(["pending", "verified"]),
  dns_records: z.array(DnsRecord),
  verified_at: z.string().nullable(),
  checked_at: z.string().nullable(),
  created_at: z.string(),
});

const identityView = (row: EmailIdentityRow): z.input<typeof EmailIdentity> => ({
  identity_id: row.id,
  company_id: row.companyId,
  email: row.address,
  name: row.displayName,
  status: row.verified ? "verified" : "pending",
  dns_records: row.dnsRecords,
  verified_at: row.verifiedAt,
  checked_at: row.checkedAt,
  created_at: row.createdAt,
});

/** What the provider says of the identity: the records to publish and whether it may send. */
function providerState(
  domain: PostmarkDomain | undefined,
  sender: PostmarkSender | undefined,
): { verified: boolean; dnsRecords: IdentityDnsRecord[] } {
  const dnsRecords: IdentityDnsRecord[] = [];
  if (domain) {
    // Before DKIM is verified the provider shows the key to publish as "pending".
    const host = (domain.DKIMVerified ? domain.DKIMHost : domain.DKIMPendingHost || domain.DKIMHost) ?? "";
    const value =
      (domain.DKIMVerified ? domain.DKIMTextValue : domain.DKIMPendingTextValue || domain.DKIMTextValue) ?? "";
    if (host) dnsRecords.push({ purpose: "dkim", type: "TXT", name: host, value, verified: domain.DKIMVerified });
    if (domain.ReturnPathDomain)
      dnsRecords.push({
        purpose: "return_path",
        type: "CNAME",
        name: domain.ReturnPathDomain,
        value: domain.ReturnPathDomainCNAMEValue ?? "",
        verified: domain.ReturnPathDomainVerified,
      });
  }
  // A DKIM-verified domain sends from any of its addresses; a confirmed signature from its one address.
  return { verified: Boolean(domain?.DKIMVerified || sender?.Confirmed), dnsRecords };
}

const operatorGateway = (config: Config, requestId: string) => gateway({ config, requestId }).email;

/**
 * Adds a sending identity: the address's domain at the provider (reused when another identity of
 * the company has it), a sender signature for the address, and the row with what the provider
 * answered. Pending until the provider finds the DNS records (or the address confirms).
 */
async function addEmailIdentity(
  db: Database,
  config: Config,
  requestId: string,
  input: { companyId: string; email: string; name: string },
): Promise<EmailIdentityRow> {
  await requireCompany(db, input.companyId);
  const address = input.email.toLowerCase();
  const existing = await db
    .select({ id: emailIdentities.id })
    .from(emailIdentities)
    .where(and(eq(emailIdentities.companyId, input.companyId), eq(emailIdentities.address, address)))
    .get();
  if (existing)
    throw new InputError("conflict", `The company already has the sending identity ${address} (${existing.id}).`);
  const domainName = address.slice(address.indexOf("@") + 1);
  const sameDomain = (
    await db
      .select({ address: emailIdentities.address, providerDomainId: emailIdentities.providerDomainId })
      .from(emailIdentities)
      .where(eq(emailIdentities.companyId, input.companyId))
      .all()
  ).find((row) => row.providerDomainId !== null && row.address.endsWith(`@${domainName}`));
  const email = operatorGateway(config, requestId);
  const domain = sameDomain?.providerDomainId
    ? await email.verifyDkim(sameDomain.providerDomainId)
    : await email.createDomain(domainName, `pm-bounces.${domainName}`);
  const sender = await email.createSender(address, input.name);
  const state = providerState(domain, sender);
  const at = nowIso();
  const row: EmailIdentityRow = {
    id: crypto.randomUUID(),
    companyId: input.companyId,
    address,
    displayName: input.name,
    verified: state.verified,
    verifiedAt: state.verified ? at : null,
    sealedProviderSettings: null,
    providerDomainId: domain.ID,
    providerSenderId: sender.ID,
    dnsRecords: state.dnsRecords,
    checkedAt: at,
    createdAt: at,
  };
  try {
    await db.insert(emailIdentities).values(row);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new InputError("conflict", `The company already has the sending identity ${address}.`);
    throw error;
  }
  return row;
}

/**
 * Asks the provider again (DKIM, Return-Path, the signature) and records its answer. Written only
 * if no other check was recorded since this one read the row (compare-and-set on checked_at);
 * otherwise that newer check is the answer.
 */
async function verifyEmailIdentity(
  db: Database,
  config: Config,
  requestId: string,
  identityId: string,
): Promise<EmailIdentityRow> {
  const row = await db.select().from(emailIdentities).where(eq(emailIdentities.id, identityId)).get();
  if (!row) throw new InputError("not_found", `No sending identity ${identityId}.`);
  if (row.providerDomainId === null && row.providerSenderId === null) return row;
  const email = operatorGateway(config, requestId);
  let domain: PostmarkDomain | undefined;
  if (row.providerDomainId !== null) {
    domain = await email.verifyDkim(row.providerDomainId);
    if (domain.ReturnPathDomain && !domain.ReturnPathDomainVerified)
      domain = await email.verifyReturnPath(row.providerDomainId);
  }
  const sender = row.providerSenderId === null ? undefined : await email.sender(row.providerSenderId);
  const state = providerState(domain, sender);
  const at = nowIso();
  const checkedBefore =
    row.checkedAt === null ? isNull(emailIdentities.checkedAt) : eq(emailIdentities.checkedAt, row.checkedAt);
  const [updated] = await db
    .update(emailIdentities)
    .set({
      verified: state.verified,
      verifiedAt: state.verified ? (row.verifiedAt ?? at) : null,
      dnsRecords: state.dnsRecords,
      checkedAt: at,
    })
    .where(and(eq(emailIdentities.id, row.id), eq(emailIdentities.companyId, row.companyId), checkedBefore))
    .returning();
  return updated ?? (await db.select().from(emailIdentities).where(eq(emailIdentities.id, row.id)).get()) ?? row;
}

const createEmailIdentity = defineOperatorOperation({
  operationId: "createEmailIdentity",
  method: "post",
  path: "/admin/v1/companies/{company_id}/email-identities",
  summary: "Add a sending identity (an address) to a company",
  description:
    "Adds the address's domain at the email provider (its DKIM TXT and Return-Path CNAME records come back in `dns_records`, to publish) and a sender signature for the address. " +
    "`pending` until the provider finds the DKIM record (or the address confirms the provider's email); then `verified`, and the company's email goes out from it. " +
    "409 if the company has the address; 502 if the provider fails or refuses; 503 without the provider's account token.",
  tag: "Email identities",
  request: {
    params: CompanyParams,
    body: z.object({ email: z.string().trim().email().max(254), name: headerText(120) }),
  },
  responses: { 201: { description: "The identity, with the DNS records to publish", schema: EmailIdentity } },
  codes: [409, 502, 503],
  handler: async ({ db, config, requestId, params, body }) => {
    const row = await addEmailIdentity(db, config, requestId, {
      companyId: params.company_id,
      email: body.email,
      name: body.name,
    });
    return {
      status: 201,
      body: identityView(row),
      audit: { companyId: row.companyId, resourceType: "email_identity", resourceId: row.id },
    };
  },
});

const verifyIdentity = defineOperatorOperation({
  operationId: "verifyEmailIdentity",
  method: "post",
  path: "/admin/v1/email-identities/{identity_id}/verify",
  summary: "Check a sending identity at the provider again",
  description:
    "Asks the provider to look up the DNS records again (and whether the address confirmed), and answers the identity's status.",
  tag: "Email identities",
  request: { params: IdentityParams },
  responses: { 200: { description: "The identity as the provider now sees it", schema: EmailIdentity } },
  codes: [502, 503],
  handler: async ({ db, config, requestId, params }) => {
    const row = await verifyEmailIdentity(db, config, requestId, params.identity_id);
    return {
      status: 200,
      body: identityView(row),
      audit: { companyId: row.companyId, resourceType: "email_identity", resourceId: row.id },
    };
  },
});

const listEmailIdentities = defineOperatorOperation({
  operationId: "listEmailIdentities",
  method: "get",
  path: "/admin/v1/companies/{company_id}/email-identities",
  summary: "List a company's sending identities",
  tag: "Email identities",
  request: { params: CompanyParams },
  responses: {
    200: { description: "The identities, oldest first", schema: z.object({ data: z.array(EmailIdentity) }) },
  },
  codes: [],
  handler: async ({ db, params }) => {
    await requireCompany(db, params.company_id);
    const rows = await db
      .select()
      .from(emailIdentities)
      .where(eq(emailIdentities.companyId, params.company_id))
      .orderBy(emailIdentities.createdAt, emailIdentities.id)
      .all();
    return { status: 200, body: { data: rows.map(identityView) } };
  },
});

export const emailOperatorOperations = [createEmailIdentity, verifyIdentity, listEmailIdentities];
