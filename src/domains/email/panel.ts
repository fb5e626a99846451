import { z } from "@hono/zod-openapi";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Config } from "../../config";
import { isUniqueViolation } from "../../data/bulk";
import type { Database } from "../../data/client";
import { dueWork, nowIso } from "../../data/schema";
import type { PostmarkDomain, PostmarkSender } from "../../integrations/adapters/email";
import { ProviderError } from "../../integrations";
import { changedMeanwhile, precondition, PreconditionFailed, retryOnConflict } from "../../data/precondition";
import { clock } from "../../lib/clock";
import { scheduleDue } from "../../work/due";
import { emailIdentityRemoved, identityStatuses } from "./events";
import { askProvider, identityGateway, identityStatus, nextCheckAt, providerState, recordCheck } from "./identities";
import { checkEmailIdentity } from "./jobs";
import { InputError } from "../../lib/input-error";
import { CompanyParams, defineOperatorOperation, type OperatorContext } from "../../core/operator";
import { emailIdentities, type EmailIdentityRow } from "./schema";
import { requireCompany } from "../../data/rows";
import { email, headerText } from "../../lib/schemas";

/**
 * The operator's side of email: a company's sending identities, added at the provider (Postmark's
 * Domains API for the address's domain, with its DKIM and Return-Path records, and a Sender
 * Signature for the address) and verified there. A verified identity is what the company's email
 * goes out from (POST /api/v1/email/send).
 */

const IdentityParams = z.object({ identity_id: z.string().min(1).max(100) });
const CompanyIdentityParams = CompanyParams.extend(IdentityParams.shape);

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
  status: z.enum(identityStatuses),
  failure_reason: z.string().nullable(),
  dns_records: z.array(DnsRecord).max(10),
  verified_at: z.string().nullable(),
  checked_at: z.string().nullable(),
  created_at: z.string(),
});

const identityView = (row: EmailIdentityRow): z.input<typeof EmailIdentity> => ({
  identity_id: row.id,
  company_id: row.companyId,
  email: row.address,
  name: row.displayName,
  status: identityStatus(row),
  failure_reason: row.failureReason,
  dns_records: row.dnsRecords,
  verified_at: row.verifiedAt,
  checked_at: row.checkedAt,
  created_at: row.createdAt,
});

/** Postmark's codes for what the account has already: a domain (510), a sender signature (504). */
const DOMAIN_EXISTS = 510;
const SENDER_EXISTS = 504;
/**
 * Postmark's codes for an id the account does not have: a sender signature (501), a domain (510
 * on the Domains API's own calls). To a removal, that is a removal done already.
 */
const SENDER_NOT_FOUND = 501;
const DOMAIN_NOT_FOUND = 510;
const refusedWith = (error: unknown, code: number) =>
  error instanceof ProviderError && error.outcome === "refused" && error.refusal.code === code;

/**
 * Adds a sending identity: the address's domain at the provider (reused when another identity of
 * the company has it), a sender signature for the address, and the row with what the provider
 * answered, with its first check scheduled (due work, identities.ts). Pending until the provider
 * finds the DNS records (or the address confirms).
 *
 * A domain the provider's account has already (another company of this deployment added it) is
 * not shared: that company's DNS proves nothing about this one, so this identity is verified by
 * its address's own confirmation only (no DNS records to publish). An address whose signature the
 * account has already is 409, saying so: never the provider's 422 as a 502.
 */
async function addEmailIdentity(
  db: Database,
  config: Config,
  requestId: string,
  commit: OperatorContext<unknown, unknown, unknown>["commit"],
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
  const email = identityGateway(config, requestId);
  let domain: PostmarkDomain | undefined;
  try {
    domain = sameDomain?.providerDomainId
      ? await email.verifyDkim(sameDomain.providerDomainId)
      : await email.createDomain(domainName, `pm-bounces.${domainName}`);
  } catch (error) {
    if (!refusedWith(error, DOMAIN_EXISTS)) throw error;
  }
  let sender: PostmarkSender;
  try {
    sender = await email.createSender(address, input.name);
  } catch (error) {
    if (!refusedWith(error, SENDER_EXISTS)) throw error;
    throw new InputError(
      "conflict",
      `The email provider's account already has a sender signature for ${address} (another company of this deployment added it); an address sends for one company only.`,
    );
  }
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
    providerDomainId: domain?.ID ?? null,
    providerSenderId: sender.ID,
    dnsRecords: state.dnsRecords,
    checkedAt: at,
    createdAt: at,
    failedAt: null,
    failureReason: null,
    sequence: 0,
  };
  try {
    await commit(input.companyId, [
      db.insert(emailIdentities).values(row),
      ...(row.verified
        ? []
        : [
            scheduleDue(checkEmailIdentity, row.companyId, nextCheckAt(row.createdAt, 0, clock.now()), {
              identityId: row.id,
              attempt: 0,
            }),
          ]),
    ]);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new InputError("conflict", `The company already has the sending identity ${address}.`);
    throw error;
  }
  return row;
}

/**
 * Asks the provider again (DKIM, Return-Path, the signature) and records its answer (identities.ts,
 * recordCheck): verified now, with email_identity.verified, once; otherwise written only if no
 * other check was recorded since this one read the row, else that newer check is the answer. A
 * failed identity the provider now confirms is verified too.
 */
async function verifyEmailIdentity(
  db: Database,
  config: Config,
  requestId: string,
  commit: OperatorContext<unknown, unknown, unknown>["commit"],
  identityId: string,
): Promise<EmailIdentityRow> {
  const row = await db.select().from(emailIdentities).where(eq(emailIdentities.id, identityId)).get();
  if (!row) throw new InputError("not_found", `No sending identity ${identityId}.`);
  if (row.providerDomainId === null && row.providerSenderId === null) return row;
  const state = await askProvider(config, requestId, row);
  const recorded = recordCheck(db, row, state, nowIso());
  try {
    await commit(row.companyId, recorded.statements, recorded.events);
    return recorded.after;
  } catch (error) {
    if (!(error instanceof PreconditionFailed)) throw error;
  }
  return (await db.select().from(emailIdentities).where(eq(emailIdentities.id, row.id)).get()) ?? row;
}

/** Runs a removal at the provider; an id the provider does not have (removed already) is done. */
async function removedAtProvider(remove: () => Promise<unknown>, notFound: readonly number[]): Promise<void> {
  try {
    await remove();
  } catch (error) {
    if (!notFound.some((code) => refusedWith(error, code))) throw error;
  }
}

/**
 * Removes a sending identity: its sender signature at the provider, its domain there unless another
 * identity of the company still sends from it, then the row and its scheduled checks in one batch
 * (a check already handed to the jobs queue finds no row and ends the chain). The provider goes
 * first, so a provider failure (502) leaves the identity as it was, to remove again; one the
 * provider has removed already counts as removed, so a retry after a lost answer completes.
 * Email of the company goes out from another verified identity, or answers 503 without one.
 */
async function removeEmailIdentity(
  db: Database,
  config: Config,
  requestId: string,
  commit: OperatorContext<unknown, unknown, unknown>["commit"],
  input: { companyId: string; identityId: string },
): Promise<EmailIdentityRow> {
  await requireCompany(db, input.companyId);
  const row = await db
    .select()
    .from(emailIdentities)
    .where(and(eq(emailIdentities.companyId, input.companyId), eq(emailIdentities.id, input.identityId)))
    .get();
  if (!row) throw new InputError("not_found", `The company has no sending identity ${input.identityId}.`);
  const email = identityGateway(config, requestId);
  const senderId = row.providerSenderId;
  if (senderId !== null) await removedAtProvider(() => email.deleteSender(senderId), [SENDER_NOT_FOUND]);
  const domainId = row.providerDomainId;
  if (domainId !== null) {
    const sharing = await db
      .select({ id: emailIdentities.id })
      .from(emailIdentities)
      .where(
        and(
          eq(emailIdentities.companyId, row.companyId),
          eq(emailIdentities.providerDomainId, domainId),
          ne(emailIdentities.id, row.id),
        ),
      )
      .get();
    if (!sharing) await removedAtProvider(() => email.deleteDomain(domainId), [SENDER_NOT_FOUND, DOMAIN_NOT_FOUND]);
  }
  // The row goes with its last event, numbered after the identity's last (a check that verified or
  // failed it meanwhile drew one: the batch is refused and the removal reads it again).
  return retryOnConflict(async () => {
    const current = await db
      .select()
      .from(emailIdentities)
      .where(and(eq(emailIdentities.companyId, row.companyId), eq(emailIdentities.id, row.id)))
      .get();
    if (!current) throw new InputError("not_found", `The company has no sending identity ${row.id}.`);
    const asRead = and(
      eq(emailIdentities.companyId, current.companyId),
      eq(emailIdentities.id, current.id),
      eq(emailIdentities.sequence, current.sequence),
    );
    await commit(
      current.companyId,
      [
        precondition(db, sql`EXISTS (SELECT 1 FROM ${emailIdentities} WHERE ${asRead})`, () =>
          changedMeanwhile("sending identity"),
        ),
        db.delete(emailIdentities).where(asRead),
        db
          .delete(dueWork)
          .where(
            and(
              eq(dueWork.companyId, current.companyId),
              eq(dueWork.kind, checkEmailIdentity.kind),
              sql`json_extract(${dueWork.payload}, '$.identityId') = ${current.id}`,
            ),
          ),
      ],
      [
        emailIdentityRemoved.of({
          identity_id: current.id,
          email: current.address,
          previous_status: identityStatus(current),
          removed_at: nowIso(),
          sequence: current.sequence + 1,
        }),
      ],
    );
    return current;
  });
}

const createEmailIdentity = defineOperatorOperation({
  operationId: "createEmailIdentity",
  method: "post",
  path: "/admin/v1/companies/{company_id}/email-identities",
  summary: "Add a sending identity (an address) to a company",
  description:
    "Adds the address's domain at the email provider (its DKIM TXT and Return-Path CNAME records come back in `dns_records`, to publish) and a sender signature for the address. " +
    "`pending` until the provider finds the DKIM record (or the address confirms the provider's email); then `verified` (email_identity.verified), and the company's email goes out from it. " +
    "A pending identity is checked again by itself, a minute after it was added and then backing off to once a day; still pending 7 days after it was added, it is `failed` (email_identity.failed). " +
    "A domain the provider's account has already (another company added it) is not shared: the identity is then verified by its address's confirmation alone, with no DNS records. " +
    "409 if the company has the address, or the provider's account has a signature for it already (another company); 502 if the provider fails; 503 without the provider's account token.",
  tag: "Email identities",
  request: {
    params: CompanyParams,
    body: z.object({ email: email(), name: headerText(120) }),
  },
  responses: { 201: { description: "The identity, with the DNS records to publish", schema: EmailIdentity } },
  codes: [409, 502, 503],
  handler: async ({ db, config, requestId, params, body, commit }) => {
    const row = await addEmailIdentity(db, config, requestId, commit, {
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
    "Asks the provider to look up the DNS records again (and whether the address confirmed), and answers the identity's status. " +
    "An identity it finds confirmed becomes `verified` (email_identity.verified, once), a `failed` one too; the identity's own checks do the same by themselves.",
  tag: "Email identities",
  request: { params: IdentityParams },
  responses: { 200: { description: "The identity as the provider now sees it", schema: EmailIdentity } },
  codes: [502, 503],
  handler: async ({ db, config, requestId, params, commit }) => {
    const row = await verifyEmailIdentity(db, config, requestId, commit, params.identity_id);
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

const removeIdentity = defineOperatorOperation({
  operationId: "removeEmailIdentity",
  method: "delete",
  path: "/admin/v1/companies/{company_id}/email-identities/{identity_id}",
  summary: "Remove a sending identity of a company",
  description:
    "Removes the identity's sender signature at the email provider, and its domain there unless another identity of the company is at that domain; then the identity, whatever its status, and its pending checks (it is checked no more). " +
    "The company's email then goes out from another verified identity, or is refused (503) without one; a campaign or sequence mail already dispatched from it fails. " +
    "Emits email_identity.removed, its last event. Answers the identity as it was. 404 if the company has no such identity; 502 if the provider fails (the identity is kept: remove it again); 503 without the provider's account token. " +
    "What the provider no longer has counts as removed, so a repeat after a lost answer completes.",
  tag: "Email identities",
  request: { params: CompanyIdentityParams },
  responses: { 200: { description: "The identity removed, as it was", schema: EmailIdentity } },
  codes: [502, 503],
  handler: async ({ db, config, requestId, params, commit }) => {
    const row = await removeEmailIdentity(db, config, requestId, commit, {
      companyId: params.company_id,
      identityId: params.identity_id,
    });
    return {
      status: 200,
      body: identityView(row),
      audit: { companyId: row.companyId, resourceType: "email_identity", resourceId: row.id },
    };
  },
});

export const emailOperatorOperations = [createEmailIdentity, verifyIdentity, listEmailIdentities, removeIdentity];
