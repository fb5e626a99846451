import { commitNamed } from "../../core/commit";
import { isUniqueViolation } from "../../core/db/bulk";
import { PreconditionFailed } from "../../core/db/precondition";
import { nowIso } from "../../core/db/schema";
import { ApiError } from "../../core/errors";
import { gateway, ProviderError } from "../../core/gateway";
import type { OperationContext } from "../../core/operation";
import { subaccountBrandingUpdated, subaccountDomainVerified, subaccountPackagingUpdated } from "./events";
import type { BrandingChanges, BrandingView, PackagingChanges, PackagingView, verificationReasons } from "./model";
import { brandingUpsert, domainTaken, domainVerification, packagingUpsert, whiteLabelOf } from "./queries";
import type { WhiteLabelRow } from "./schema";
import { requireSubaccount } from "./subaccounts";

type Context = Pick<OperationContext<unknown, unknown, unknown>, "db" | "caller" | "commit" | "config" | "requestId">;

/** The TXT record that proves control of `domain` for the account: `_svc-verify.<domain>` = `svc-verify=<account id>`. */
export const verificationRecord = (domain: string, accountId: string) => ({ type: "TXT" as const, host: `_svc-verify.${domain}`, value: `svc-verify=${accountId}` });

export function toBranding(subaccountId: string, row: WhiteLabelRow | undefined): BrandingView {
  const domain = row?.customDomain ?? null;
  return {
    subaccount_id: subaccountId,
    company_name: row?.companyName ?? null,
    primary_color: row?.primaryColor ?? null,
    logo_url: row?.logoUrl ?? null,
    custom_domain: domain,
    custom_domain_verified: domain !== null && row?.customDomainVerifiedAt != null,
    custom_domain_verified_at: domain !== null ? (row?.customDomainVerifiedAt ?? null) : null,
    dns_record: domain !== null ? verificationRecord(domain, subaccountId) : null,
    updated_at: row?.brandingUpdatedAt ?? null,
  };
}

export function toPackaging(subaccountId: string, row: WhiteLabelRow | undefined): PackagingView {
  return {
    subaccount_id: subaccountId,
    allow_signup: row?.allowSignup ?? false,
    hide_plans: row?.hidePlans ?? false,
    hide_addons: row?.hideAddons ?? false,
    updated_at: row?.packagingUpdatedAt ?? null,
  };
}

export async function readBranding(context: Pick<Context, "db" | "caller">, subaccountId: string): Promise<BrandingView> {
  await requireSubaccount(context, subaccountId);
  return toBranding(subaccountId, await whiteLabelOf(context.db, subaccountId));
}

export async function readPackaging(context: Pick<Context, "db" | "caller">, subaccountId: string): Promise<PackagingView> {
  await requireSubaccount(context, subaccountId);
  return toPackaging(subaccountId, await whiteLabelOf(context.db, subaccountId));
}

const brandingFieldNames = ["company_name", "primary_color", "logo_url", "custom_domain"] as const;

/** Changes the branding fields sent in one statement; a custom domain another account uses is 409. */
export async function updateBranding(context: Context, subaccountId: string, changes: BrandingChanges): Promise<BrandingView> {
  const { db, commit } = context;
  await requireSubaccount(context, subaccountId);
  const changed = brandingFieldNames.filter((field) => changes[field] !== undefined);
  let row: WhiteLabelRow | undefined;
  try {
    const { branding } = await commitNamed(commit, { branding: brandingUpsert(db, subaccountId, changes, nowIso()) }, { resourceType: "subaccount_branding", resourceId: subaccountId }, [
      subaccountBrandingUpdated.of({ subaccount_id: subaccountId, changed_fields: changed }),
    ]);
    [row] = branding;
  } catch (error) {
    if (isUniqueViolation(error) && changes.custom_domain) throw domainTaken(changes.custom_domain);
    throw error;
  }
  return toBranding(subaccountId, row);
}

export async function updatePackaging(context: Context, subaccountId: string, changes: PackagingChanges): Promise<PackagingView> {
  const { db, commit } = context;
  await requireSubaccount(context, subaccountId);
  const { packaging } = await commitNamed(commit, { packaging: packagingUpsert(db, subaccountId, changes, nowIso()) }, { resourceType: "subaccount_packaging", resourceId: subaccountId }, [
    subaccountPackagingUpdated.of({ subaccount_id: subaccountId, changes }),
  ]);
  const [row] = packaging;
  return toPackaging(subaccountId, row);
}

type VerificationResult = (typeof verificationReasons)[number];

/** What DNS says of the record: found, absent, other values, or a resolver that could not answer. */
async function checkRecord(context: Context, record: ReturnType<typeof verificationRecord>): Promise<{ result: VerificationResult; reason: string | null }> {
  let values: string[];
  try {
    values = await gateway(context).dns.txt(record.host);
  } catch (error) {
    // verify-domain declares neither 502 nor 503: a resolver that fails (or none configured) is an answer, verified: false, with the reason.
    if (!(error instanceof ProviderError)) throw error;
    return { result: "resolver_failed", reason: `${error.detail} Nothing was changed; try again later.` };
  }
  if (values.includes(record.value)) return { result: "record_found", reason: null };
  if (values.length === 0) return { result: "no_record", reason: `There is no TXT record at ${record.host}; publish one with the value ${record.value}.` };
  return { result: "other_value", reason: `The TXT records at ${record.host} do not include ${record.value} exactly.` };
}

/**
 * Looks the custom domain's TXT record up over DNS (the gateway's DoH adapter) and marks the
 * domain verified when the exact value is published. A failed check never revokes an earlier
 * verification (only a new custom_domain does). Without a custom domain it is 400.
 */
export async function verifyDomain(context: Context, subaccountId: string) {
  const { db, commit } = context;
  await requireSubaccount(context, subaccountId);
  const stored = await whiteLabelOf(db, subaccountId);
  const domain = stored?.customDomain;
  if (!domain) {
    throw new ApiError("validation_error", "The subaccount has no custom domain to verify; set one with PATCH .../branding first.", {
      errors: [{ path: "custom_domain", message: "No custom domain is set." }],
    });
  }
  const record = verificationRecord(domain, subaccountId);
  let { result, reason } = await checkRecord(context, record);
  const checkedAt = nowIso();
  let verifiedAt = stored.customDomainVerifiedAt;
  if (result === "record_found" && verifiedAt === null) {
    try {
      await commit(domainVerification(db, subaccountId, domain, checkedAt), { resourceType: "subaccount_branding", resourceId: subaccountId }, [
        subaccountDomainVerified.of({ subaccount_id: subaccountId, custom_domain: domain, verified_at: checkedAt }),
      ]);
      verifiedAt = checkedAt;
    } catch (error) {
      if (!(error instanceof PreconditionFailed)) throw error;
      const now = await whiteLabelOf(db, subaccountId);
      if (now?.customDomain === domain && now.customDomainVerifiedAt !== null) {
        verifiedAt = now.customDomainVerifiedAt; // a concurrent check verified it first
      } else {
        result = "domain_changed";
        reason = `The custom domain changed while ${domain} was being verified; verify the new one.`;
        verifiedAt = null;
      }
    }
  }
  return { custom_domain: domain, verified: verifiedAt !== null, verified_at: verifiedAt, dns_record: record, result, reason, checked_at: checkedAt };
}
