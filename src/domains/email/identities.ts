import { and, eq, isNull, sql } from "drizzle-orm";
import type { Config } from "../../config";
import type { Database } from "../../data/client";
import type { EmittedEvent } from "../../data/events";
import { changedMeanwhile, precondition } from "../../data/precondition";
import type { WriteStatement } from "../../data/write-batch";
import { gateway } from "../../integrations";
import type { PostmarkDomain, PostmarkSender } from "../../integrations/adapters/email";
import { emailIdentityFailed, emailIdentityVerified, type identityStatuses } from "./events";
import { emailIdentities, type EmailIdentityRow, type IdentityDnsRecord } from "./schema";

/**
 * A sending identity's lifecycle: `pending` from when the operator adds it, `verified` once the
 * provider confirms it (its domain's DKIM record found, or its address confirmed), `failed` when
 * it was still pending at its deadline. Its own due work (jobs.ts, checkEmailIdentity) asks the
 * provider again on a backing-off schedule until one of those happens or the identity is gone.
 */

type IdentityStatus = (typeof identityStatuses)[number];

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** A pending identity is failed this long after it was added (docs/deadlines.md): DNS and a confirmation email take hours, not a week. */
export const IDENTITY_DEADLINE_MS = 7 * 24 * HOUR_MS;
/** The waits before each check after it was added: soon at first (DNS published at once), then a day apart. */
const CHECK_DELAYS_MS = [MINUTE_MS, 5 * MINUTE_MS, 15 * MINUTE_MS, HOUR_MS, 3 * HOUR_MS, 6 * HOUR_MS, 12 * HOUR_MS];
const LAST_DELAY_MS = 24 * HOUR_MS;

/** When check number `attempt` (0: the first) runs: its wait after `now`, and never after the deadline. */
export function nextCheckAt(createdAt: string, attempt: number, now: number): string {
  const wait = CHECK_DELAYS_MS[attempt] ?? LAST_DELAY_MS;
  return new Date(Math.min(now + wait, Date.parse(createdAt) + IDENTITY_DEADLINE_MS)).toISOString();
}

export const identityStatus = (row: Pick<EmailIdentityRow, "verified" | "failedAt">): IdentityStatus =>
  row.verified ? "verified" : row.failedAt ? "failed" : "pending";

/** What the provider says of the identity: the records to publish and whether it may send. */
export function providerState(
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

export const identityGateway = (config: Config, requestId: string) => gateway({ config, requestId }).email;

/** Asks the provider again (DKIM, Return-Path, the signature). */
export async function askProvider(config: Config, requestId: string, row: EmailIdentityRow) {
  const email = identityGateway(config, requestId);
  let domain: PostmarkDomain | undefined;
  if (row.providerDomainId !== null) {
    domain = await email.verifyDkim(row.providerDomainId);
    if (domain.ReturnPathDomain && !domain.ReturnPathDomainVerified)
      domain = await email.verifyReturnPath(row.providerDomainId);
  }
  const sender = row.providerSenderId === null ? undefined : await email.sender(row.providerSenderId);
  return providerState(domain, sender);
}

/** The identity's row, still as `row` read it (no other check recorded since). */
const asRead = (row: EmailIdentityRow) =>
  and(
    eq(emailIdentities.id, row.id),
    eq(emailIdentities.companyId, row.companyId),
    row.checkedAt === null ? isNull(emailIdentities.checkedAt) : eq(emailIdentities.checkedAt, row.checkedAt),
    row.failedAt === null ? isNull(emailIdentities.failedAt) : eq(emailIdentities.failedAt, row.failedAt),
    eq(emailIdentities.verified, row.verified),
  );

const eventData = (after: EmailIdentityRow, previous: IdentityStatus) => ({
  identity_id: after.id,
  email: after.address,
  status: identityStatus(after),
  previous_status: previous,
  verified_at: after.verifiedAt,
  failure_reason: after.failureReason,
  checked_at: after.checkedAt,
});

export interface RecordedCheck {
  statements: WriteStatement[];
  events: EmittedEvent[];
  /** The identity as this check leaves it. */
  after: EmailIdentityRow;
}

/**
 * Records the provider's answer about `row` (as read). Moving to `verified` is a compare-and-set on
 * the row as read, with email_identity.verified in the same batch, so two checks that both find it
 * confirmed emit it once (the second's batch is refused). A check that changes no status writes
 * only if no other check was recorded since (a newer one is the answer) and emits nothing.
 */
export function recordCheck(
  db: Database,
  row: EmailIdentityRow,
  state: { verified: boolean; dnsRecords: IdentityDnsRecord[] },
  at: string,
): RecordedCheck {
  const verifiedNow = state.verified && !row.verified;
  const after: EmailIdentityRow = {
    ...row,
    // A verified identity stays verified (state only moves forward): a provider that forgets it is the operator's to see.
    verified: row.verified || state.verified,
    verifiedAt: row.verifiedAt ?? (state.verified ? at : null),
    failedAt: verifiedNow ? null : row.failedAt,
    failureReason: verifiedNow ? null : row.failureReason,
    dnsRecords: state.dnsRecords,
    checkedAt: at,
  };
  const update = db
    .update(emailIdentities)
    .set({
      verified: after.verified,
      verifiedAt: after.verifiedAt,
      failedAt: after.failedAt,
      failureReason: after.failureReason,
      dnsRecords: after.dnsRecords,
      checkedAt: at,
    })
    .where(asRead(row));
  if (!verifiedNow) return { statements: [update], events: [], after };
  return {
    statements: [
      precondition(db, sql`EXISTS (SELECT 1 FROM ${emailIdentities} WHERE ${asRead(row)})`, () =>
        changedMeanwhile("sending identity"),
      ),
      update,
    ],
    events: [emailIdentityVerified.of(eventData(after, identityStatus(row)))],
    after,
  };
}

/** A pending identity past its deadline: `failed` with the reason, by a compare-and-set, with email_identity.failed. */
export function recordFailure(db: Database, row: EmailIdentityRow, at: string): RecordedCheck {
  const reason = `The email provider had not confirmed ${row.address} ${IDENTITY_DEADLINE_MS / (24 * HOUR_MS)} days after it was added (neither its domain's DKIM record nor the address's confirmation); the operator's check (POST /admin/v1/email-identities/{id}/verify) verifies it once they are.`;
  const after: EmailIdentityRow = { ...row, failedAt: at, failureReason: reason, checkedAt: at };
  return {
    statements: [
      precondition(db, sql`EXISTS (SELECT 1 FROM ${emailIdentities} WHERE ${asRead(row)})`, () =>
        changedMeanwhile("sending identity"),
      ),
      db.update(emailIdentities).set({ failedAt: at, failureReason: reason, checkedAt: at }).where(asRead(row)),
    ],
    events: [emailIdentityFailed.of(eventData(after, "pending"))],
    after,
  };
}
