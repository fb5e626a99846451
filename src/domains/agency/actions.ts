import type { z } from "@hono/zod-openapi";
import { companiesByStore, storeOrRequestDatabase } from "../../data/tenancy";
import type { Uses } from "../../core/action";
import { commitNamed } from "../../core/commit";
import { inChunks, isUniqueViolation } from "../../data/bulk";
import type { Database } from "../../data/client";
import { PreconditionFailed } from "../../data/precondition";
import { nowIso } from "../../data/schema";
import { ApiError, invalidField, notFound } from "../../lib/errors";
import { requirePublicHost, requireResolvedPublicDestination } from "../../lib/destination";
import { gateway, ProviderError } from "../../integrations";
import { companyChanged } from "../../keys/key-changes";
import type { Env } from "../../env";
import { currencyExponent, toMajor } from "../../lib/money";
import { plans, type Plan, type Quote } from "../../core/operation";
import {
  billingCurrency,
  debit,
  invoiceFor,
  walletBalance,
  spendBetween,
  subscriptionFromCreation,
  type PeriodSpend,
} from "../billing";
import { instantRange, localDateOf, resolvePeriod } from "../../lib/period";
import { callSettingsOf, timeZonesOf } from "../calls";
import {
  subaccountBrandingUpdated,
  subaccountCreated,
  subaccountDomainVerified,
  subaccountPackagingUpdated,
  subaccountStatusChanged,
} from "./events";
import type {
  AgencyStats,
  BrandingChanges,
  BrandingView,
  CreateSubaccountInput,
  DomainVerification,
  PackagingChanges,
  PackagingView,
  StatsQuery,
  SubaccountStatus,
  SubaccountView,
  verificationReasons,
} from "./model";
import {
  agencyPriceOf,
  brandingUpsert,
  domainTaken,
  domainVerification,
  findSubaccount,
  packagingRowOf,
  packagingUpsert,
  reactivationOf,
  suspensionOf,
  subaccountCallTotals,
  subaccountCounts,
  ownerClaim,
  subaccountInserts,
  subaccountOwnedBy,
  subaccountRegions,
  toSubaccount,
  whiteLabelOf,
} from "./queries";
import type { WhiteLabelRow } from "./schema";
import { clock } from "../../lib/clock";
import { OPEN_PACKAGING, type PackagingOf } from "../../core/packaging";

/**
 * What the agency operations do between their declarations (routes.ts) and their SQL (queries.ts):
 * the subaccounts of the tree, their white label, and the channel's figures.
 */

/**
 * The account of the caller's tree (any level down to the configured depth), or 404 for any other
 * id (whether it exists or not): the caller itself, an ancestor, another tree, too deep.
 */
export async function requireSubaccount(
  { db, caller, config }: Uses<"db" | "caller" | "config">,
  subaccountId: string,
) {
  const row = await findSubaccount(db, caller.company.id, subaccountId, config.agency.maxDepth);
  if (!row) throw notFound("subaccount");
  return row;
}

const ownerTaken = (existingId: string | undefined) =>
  new ApiError(
    "conflict",
    "Another subaccount of this agency already has this owner email.",
    existingId ? { existing_subaccount_id: existingId } : {},
  );

const rank = (plan: Plan) => plans.indexOf(plan);

/**
 * Creates a client company under the caller, with its owner, and debits the agency's setup price
 * (when the panel set one) in the same D1 batch, so a subaccount is never created unpaid nor paid
 * twice (a retry with the same Idempotency-Key replays the first answer). A balance that does not
 * cover the price is 409 (the operation declares no 402), with nothing created.
 */
export async function createSubaccount(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  input: z.output<typeof CreateSubaccountInput>,
) {
  const agency = caller.company;
  if (rank(input.plan) > rank(agency.plan)) {
    throw invalidField(
      "body.plan",
      `An agency on the ${agency.plan} plan creates subaccounts on its own plan or one below it, not ${input.plan}.`,
    );
  }
  const ownerEmail = input.owner_email.toLowerCase();
  const existing = await subaccountOwnedBy(db, agency.id, ownerEmail);
  if (existing) throw ownerTaken(existing);

  const id = crypto.randomUUID();
  const at = nowIso();
  const price = await agencyPriceOf(db, agency.id);
  const chargeMinor = price?.setupPriceMinor ?? 0;
  const entryId = crypto.randomUUID();
  const payment =
    price && chargeMinor > 0
      ? await debit(db, {
          companyId: agency.id,
          amountMinor: chargeMinor,
          currency: price.currency,
          kind: "charge",
          reference: { type: "subaccount", id },
          description: `Setup of subaccount ${input.name}`,
          entryId,
          refuseAs: "conflict",
        })
      : [];
  // The setup's invoice, to the agency, in the charge's batch.
  const invoice =
    price && payment.length > 0
      ? (
          await invoiceFor(db, {
            companyId: agency.id,
            currency: price.currency,
            lines: [{ description: `Setup of subaccount ${input.name}`, amountMinor: chargeMinor }],
            reference: { type: "subaccount", id },
            ledgerEntryId: entryId,
          })
        ).statements
      : [];
  // On a paid plan the subaccount has its subscription from creation: its first month comes with the setup, later ones from its own wallet.
  const subscription = subscriptionFromCreation(db, {
    companyId: id,
    plan: input.plan,
    currency: billingCurrency(agency),
    at,
  });

  const subaccount: SubaccountView = {
    id,
    name: input.name,
    plan: input.plan,
    status: "active",
    owner_email: ownerEmail,
    agency_id: agency.id,
    created_at: at,
    updated_at: at,
  };
  const created = {
    id,
    agencyId: agency.id,
    name: input.name,
    plan: input.plan,
    ownerEmail,
    defaultVatRate: agency.defaultVatRate,
    defaultCurrency: agency.defaultCurrency,
    defaultRegion: agency.defaultRegion,
    at,
  };
  const statements = [
    // The owner's claim first: a creation refused for its owner charges and creates nothing.
    ...ownerClaim(db, created, () => ownerTaken(undefined)),
    ...subaccountInserts(db, created),
    ...payment,
    ...invoice,
    ...subscription,
  ];
  try {
    await commit(statements, { resourceType: "subaccount", resourceId: id }, [
      subaccountCreated.of({
        subaccount,
        setup_charge_minor: payment.length > 0 ? chargeMinor : 0,
        currency: price?.currency ?? null,
      }),
    ]);
  } catch (error) {
    // Two creations with the same owner at once: the claim lets one through (its refusal is ownerTaken
    // already); the control plane's unique index is the last guard, for owners claimed before claims.
    if (isUniqueViolation(error)) throw ownerTaken(await subaccountOwnedBy(db, agency.id, ownerEmail));
    throw error;
  }
  const setupCharge =
    price && payment.length > 0
      ? {
          amount: toMajor(chargeMinor, currencyExponent(price.currency) ?? 2),
          currency: price.currency,
          transaction_id: entryId,
        }
      : null;
  return { ...subaccount, setup_charge: setupCharge };
}

/** What an account's status and suspender are, as read before a suspension or a reactivation. */
export interface AccountState {
  id: string;
  status: SubaccountStatus;
  suspendedBy: string | null;
}

/**
 * Why the account cannot move to `to`, or undefined when it can: the state it already has, or (to
 * activate) a suspension that came from an account above it, which only that account's reactivation
 * undoes. The account's state goes in `subaccount_status`, never in the problem's own `status`.
 */
export function statusConflict(account: AccountState, to: SubaccountStatus, noun = "subaccount"): ApiError | undefined {
  if (account.status === to) {
    const by =
      account.status === "suspended" && account.suspendedBy && account.suspendedBy !== account.id
        ? { suspended_by: account.suspendedBy }
        : {};
    return new ApiError("conflict", `The ${noun} is already ${to}.`, { subaccount_status: account.status, ...by });
  }
  if (to === "active" && account.suspendedBy !== null && account.suspendedBy !== account.id) {
    return new ApiError(
      "conflict",
      `The ${noun} is suspended because account ${account.suspendedBy} above it is; reactivate that account.`,
      {
        subaccount_status: account.status,
        suspended_by: account.suspendedBy,
      },
    );
  }
  return undefined;
}

/**
 * The named statements that move `account` to `to` with its subtree (see suspensionOf,
 * reactivationOf): `changed` answers the ids of the accounts changed.
 */
export function statusChangeOf(db: Database, account: AccountState, to: SubaccountStatus, at: string, noun: string) {
  const conflict = () =>
    new ApiError(
      "conflict",
      `The ${noun}'s status changed while this request was being processed; read it again and retry.`,
      { subaccount_status: account.status === "active" ? "suspended" : "active" },
    );
  return to === "suspended"
    ? suspensionOf(db, account.id, account, at, conflict)
    : reactivationOf(db, account.id, account, at, conflict);
}

/** Tells every key of the changed accounts that their company changed, so it holds from their next request. */
export async function notifyAccounts(env: Env, accountIds: readonly string[]) {
  for (const chunk of inChunks(accountIds, NOTIFY_AT_ONCE))
    await Promise.all(chunk.map((id) => companyChanged(env, id)));
}

/** Accounts whose keys' Durable Objects are told at once after a cascade. */
const NOTIFY_AT_ONCE = 20;

/**
 * Activates or suspends an account of the caller's tree, with its own subtree: a suspension
 * suspends every active account below it too, and the reactivation restores exactly those (an
 * account suspended on its own stays suspended). The state it already has is 409, and so is
 * activating an account that a suspension above it suspended. Compare-and-set on the state read:
 * of two concurrent suspensions one succeeds and the other is 409. The changed accounts' keys'
 * Durable Objects are told before the answer, so it applies from the next request on.
 */
export async function changeSubaccountStatus(
  { db, env, caller, config, commit }: Uses<"db" | "env" | "caller" | "config" | "commit">,
  { subaccountId, to }: { subaccountId: string; to: SubaccountStatus },
): Promise<SubaccountView> {
  const row = await requireSubaccount({ db, caller, config }, subaccountId);
  const refusal = statusConflict(row, to);
  if (refusal) throw refusal;
  const at = nowIso();
  let changed: { id: string }[];
  try {
    ({ changed } = await commitNamed(
      commit,
      statusChangeOf(db, row, to, at, "subaccount"),
      { resourceType: "subaccount", resourceId: subaccountId },
      [subaccountStatusChanged.of({ subaccount_id: subaccountId, status: to, previous_status: row.status })],
    ));
  } catch (error) {
    // Another request changed it first: say what it is now, as a request arriving second in sequence is told.
    if (!(error instanceof PreconditionFailed)) throw error;
    const now = await requireSubaccount({ db, caller, config }, subaccountId);
    throw statusConflict(now, to) ?? error;
  }
  await notifyAccounts(
    env,
    changed.map((account) => account.id),
  );
  return toSubaccount({ ...row, status: to, updatedAt: at });
}

/** The TXT record that proves control of `domain` for the account: `_svc-verify.<domain>` = `svc-verify=<account id>`. */
const verificationRecord = (domain: string, accountId: string) => ({
  type: "TXT" as const,
  host: `_svc-verify.${domain}`,
  value: `svc-verify=${accountId}`,
});

function toBranding(subaccountId: string, row: WhiteLabelRow | undefined): BrandingView {
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

function toPackaging(subaccountId: string, row: WhiteLabelRow | undefined): PackagingView {
  return {
    subaccount_id: subaccountId,
    allow_signup: row?.allowSignup ?? false,
    hide_plans: row?.hidePlans ?? false,
    hide_addons: row?.hideAddons ?? false,
    updated_at: row?.packagingUpdatedAt ?? null,
  };
}

/**
 * The packaging gates in force for a company (core/packaging.ts), handed by src/domains/loaders.ts to
 * the domains where a company buys or admits users. Read from the subaccount's own row, the one its
 * agency writes: each subaccount is packaged on its own, whichever ancestor set it.
 */
export const packagingOf: PackagingOf = async (db, companyId) => {
  const row = await packagingRowOf(db, companyId);
  if (!row?.parent) return OPEN_PACKAGING;
  return {
    allow_signup: row.allowSignup ?? false,
    hide_plans: row.hidePlans ?? false,
    hide_addons: row.hideAddons ?? false,
  };
};

export async function readBranding(
  { db, caller, config }: Uses<"db" | "caller" | "config">,
  subaccountId: string,
): Promise<BrandingView> {
  await requireSubaccount({ db, caller, config }, subaccountId);
  return toBranding(subaccountId, await whiteLabelOf(db, subaccountId));
}

export async function readPackaging(
  { db, caller, config }: Uses<"db" | "caller" | "config">,
  subaccountId: string,
): Promise<PackagingView> {
  await requireSubaccount({ db, caller, config }, subaccountId);
  return toPackaging(subaccountId, await whiteLabelOf(db, subaccountId));
}

const brandingFieldNames = ["company_name", "primary_color", "logo_url", "custom_domain"] as const;

/**
 * Changes the branding fields sent in one statement; a custom domain another account uses is 409.
 * The logo's host and the custom domain pass the destination check every tenant-set host passes
 * (special-purpose addresses, internal names, and what they resolve to): the platform fetches the
 * one and serves the other.
 */
export async function updateBranding(
  { db, caller, config, commit, requestId }: Uses<"db" | "caller" | "config" | "commit" | "requestId">,
  { subaccountId, changes }: { subaccountId: string; changes: BrandingChanges },
): Promise<BrandingView> {
  await requireSubaccount({ db, caller, config }, subaccountId);
  const resolve = (name: string) => gateway({ config, requestId, caller }).dns.addresses(name);
  if (changes.logo_url) await requireResolvedPublicDestination(changes.logo_url, false, resolve, "body.logo_url");
  if (changes.custom_domain) await requirePublicHost(changes.custom_domain, resolve, "body.custom_domain");
  const changed = brandingFieldNames.filter((field) => changes[field] !== undefined);
  let row: WhiteLabelRow | undefined;
  try {
    const { branding } = await commitNamed(
      commit,
      { branding: brandingUpsert(db, subaccountId, changes, nowIso()) },
      { resourceType: "subaccount_branding", resourceId: subaccountId },
      [subaccountBrandingUpdated.of({ subaccount_id: subaccountId, changed_fields: changed })],
    );
    [row] = branding;
  } catch (error) {
    if (isUniqueViolation(error) && changes.custom_domain) throw domainTaken(changes.custom_domain);
    throw error;
  }
  return toBranding(subaccountId, row);
}

export async function updatePackaging(
  { db, caller, config, commit }: Uses<"db" | "caller" | "config" | "commit">,
  { subaccountId, changes }: { subaccountId: string; changes: PackagingChanges },
): Promise<PackagingView> {
  await requireSubaccount({ db, caller, config }, subaccountId);
  const { packaging } = await commitNamed(
    commit,
    { packaging: packagingUpsert(db, subaccountId, changes, nowIso()) },
    { resourceType: "subaccount_packaging", resourceId: subaccountId },
    [subaccountPackagingUpdated.of({ subaccount_id: subaccountId, changes })],
  );
  const [row] = packaging;
  return toPackaging(subaccountId, row);
}

/**
 * A verification's answer read back (its replay): its batch is written only when the record was
 * found and marked the domain verified at the check's instant, which is all the answer says.
 * Undefined once the domain changed or lost that verification.
 */
export async function verifiedDomain(
  { db, caller, config }: Uses<"db" | "caller" | "config">,
  subaccountId: string,
): Promise<z.input<typeof DomainVerification> | undefined> {
  await requireSubaccount({ db, caller, config }, subaccountId);
  const stored = await whiteLabelOf(db, subaccountId);
  const domain = stored?.customDomain;
  const verifiedAt = stored?.customDomainVerifiedAt;
  if (!domain || !verifiedAt) return undefined;
  return {
    custom_domain: domain,
    verified: true,
    verified_at: verifiedAt,
    dns_record: verificationRecord(domain, subaccountId),
    result: "record_found",
    reason: null,
    checked_at: verifiedAt,
  };
}

type VerificationResult = (typeof verificationReasons)[number];

/** What DNS says of the record: found, absent, other values, or a resolver that could not answer. */
async function checkRecord(
  { config, requestId, caller }: Uses<"config" | "requestId" | "caller">,
  record: ReturnType<typeof verificationRecord>,
): Promise<{ result: VerificationResult; reason: string | null }> {
  let values: string[];
  try {
    values = await gateway({ config, requestId, caller }).dns.txt(record.host);
  } catch (error) {
    // verify-domain declares neither 502 nor 503: a resolver that fails (or none configured) is an answer, verified: false, with the reason.
    if (!(error instanceof ProviderError)) throw error;
    return { result: "resolver_failed", reason: `${error.detail} Nothing was changed; try again later.` };
  }
  if (values.includes(record.value)) return { result: "record_found", reason: null };
  if (values.length === 0)
    return {
      result: "no_record",
      reason: `There is no TXT record at ${record.host}; publish one with the value ${record.value}.`,
    };
  return { result: "other_value", reason: `The TXT records at ${record.host} do not include ${record.value} exactly.` };
}

/**
 * Looks the custom domain's TXT record up over DNS (the gateway's DoH adapter) and marks the
 * domain verified when the exact value is published. A failed check never revokes an earlier
 * verification (only a new custom_domain does). Without a custom domain it is 400.
 */
export async function verifyDomain(
  { db, caller, commit, config, requestId }: Uses<"db" | "caller" | "commit" | "config" | "requestId">,
  subaccountId: string,
) {
  await requireSubaccount({ db, caller, config }, subaccountId);
  const stored = await whiteLabelOf(db, subaccountId);
  const domain = stored?.customDomain;
  if (!domain) {
    throw new ApiError(
      "validation_error",
      "The subaccount has no custom domain to verify; set one with PATCH .../branding first.",
      {
        errors: [{ path: "custom_domain", message: "No custom domain is set." }],
      },
    );
  }
  const record = verificationRecord(domain, subaccountId);
  let { result, reason } = await checkRecord({ config, requestId, caller }, record);
  const checkedAt = nowIso();
  let verifiedAt = stored.customDomainVerifiedAt;
  if (result === "record_found" && verifiedAt === null) {
    try {
      await commit(
        domainVerification(db, subaccountId, domain, checkedAt),
        { resourceType: "subaccount_branding", resourceId: subaccountId },
        [subaccountDomainVerified.of({ subaccount_id: subaccountId, custom_domain: domain, verified_at: checkedAt })],
      );
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
  return {
    custom_domain: domain,
    verified: verifiedAt !== null,
    verified_at: verifiedAt,
    dns_record: record,
    result,
    reason,
    checked_at: checkedAt,
  };
}

/**
 * Spend of the subaccounts of one store over the local dates of each one's own time zone, from
 * the billing ledger (charges less refunds), per wallet currency: their zones in one read, then
 * one read per zone among them (most trees have one).
 */
async function storeSpend(
  db: Database,
  children: readonly { id: string; region: string }[],
  period: { from: string; to: string },
) {
  const zones = await timeZonesOf(db, children);
  const idsByZone = new Map<string, string[]>();
  for (const [id, zone] of zones) {
    const ids = idsByZone.get(zone);
    if (ids) ids.push(id);
    else idsByZone.set(zone, [id]);
  }
  const spends = await Promise.all(
    [...idsByZone].map(([zone, ids]) => {
      const range = instantRange({ startDate: period.from, endDate: period.to }, zone);
      return spendBetween(db, ids, { from: range.from!, until: range.until! });
    }),
  );
  return spends.flat();
}

/** Spends summed per currency, in the order of the currency codes. */
function spendByCurrency(spends: readonly PeriodSpend[]) {
  const byCurrency = new Map<string, number>();
  for (const { currency, spendMinor } of spends) {
    if (spendMinor > 0) byCurrency.set(currency, (byCurrency.get(currency) ?? 0) + spendMinor);
  }
  return [...byCurrency]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, minor]) => ({ currency, amount: toMajor(minor, currencyExponent(currency) ?? 2) }));
}

/**
 * The agency's channel over a period of dates: its whole tree (as far as it reaches) or its direct
 * subaccounts only (`scope`). Each subaccount's calls and spend are counted over those dates in its
 * own time zone (as its GET /calls reads them); the default period and the "created in period"
 * count use the agency's time zone.
 */
export async function agencyStats(
  { db, env, caller, config }: Uses<"db" | "env" | "caller" | "config">,
  query: z.output<typeof StatsQuery>,
): Promise<z.input<typeof AgencyStats>> {
  const agency = caller.company;
  const tree = { agencyId: agency.id, scope: query.scope, maxDepth: config.agency.maxDepth };
  // The tree is in the control plane; its subaccounts' data in their stores (most trees on one:
  // placement). The reads fan out to the stores involved, in parallel, one per store (tenancy.ts).
  const [{ timeZone }, children] = await Promise.all([
    callSettingsOf(db, agency.id, agency.defaultRegion),
    subaccountRegions(db, tree),
  ]);
  const period = resolvePeriod(query, localDateOf(clock.now(), timeZone));
  const created = instantRange({ startDate: period.from, endDate: period.to }, timeZone);
  const byStore = await companiesByStore(
    env,
    children.map((child) => child.id),
  );
  const request = { store: agency.store, db };
  const regionOf = new Map(children.map((child) => [child.id, child.region]));
  const stores = [...byStore].map(([store, ids]) => ({ db: storeOrRequestDatabase(env, store, request), ids }));
  const [counts, callTotals, spends] = await Promise.all([
    subaccountCounts(db, tree, { from: created.from!, until: created.until! }),
    Promise.all(stores.map((store) => subaccountCallTotals(store.db, store.ids, period))),
    Promise.all(
      stores.map((store) =>
        storeSpend(
          store.db,
          store.ids.map((id) => ({ id, region: regionOf.get(id)! })),
          period,
        ),
      ),
    ),
  ]);
  const calls = callTotals.reduce(
    (sum, totals) => ({
      calls: sum.calls + totals.calls,
      durationSeconds: sum.durationSeconds + totals.durationSeconds,
    }),
    { calls: 0, durationSeconds: 0 },
  );
  return {
    scope: query.scope,
    period,
    subaccounts: {
      total: counts.total,
      active: counts.active,
      suspended: counts.suspended,
      created_in_period: counts.createdInPeriod,
    },
    calls: calls.calls,
    minutes: Math.round(calls.durationSeconds / 6) / 10,
    spend: spendByCurrency(spends.flat()),
  };
}

/** What POST /agency/subaccounts would charge the agency: its setup price, when it has one, from its wallet. */
export async function quoteSubaccountCreation(
  { db, caller }: Uses<"db" | "caller">,
  input: z.output<typeof CreateSubaccountInput>,
): Promise<Quote> {
  const [price, wallet] = await Promise.all([
    agencyPriceOf(db, caller.company.id),
    walletBalance(db, caller.company.id),
  ]);
  const balance = wallet
    ? {
        balance: {
          amount: toMajor(wallet.balanceMinor, currencyExponent(wallet.currency) ?? 2),
          currency: wallet.currency,
        },
      }
    : {};
  if (!price || price.setupPriceMinor === 0)
    return {
      charge: {
        amount: 0,
        currency: price?.currency ?? billingCurrency(caller.company),
        description: `Nothing: the agency has no setup price for subaccount ${input.name}.`,
      },
      ...balance,
    };
  return {
    charge: {
      amount: toMajor(price.setupPriceMinor, currencyExponent(price.currency) ?? 2),
      currency: price.currency,
      description: `The setup of subaccount ${input.name} (${input.plan}), taken from the agency's wallet and invoiced to it.`,
    },
    ...balance,
    notes:
      (wallet?.balanceMinor ?? 0) < price.setupPriceMinor
        ? ["The wallet's balance does not cover the setup price: the request would be refused (409)."]
        : [],
  };
}

/** What PATCH /agency/subaccounts/{subaccount_id} would charge: nothing; what the status change reaches. */
export const quoteSubaccountStatus = (
  { caller }: Uses<"caller">,
  { subaccountId, to }: { subaccountId: string; to: "active" | "suspended" },
): Quote => ({
  charge: {
    amount: 0,
    currency: billingCurrency(caller.company),
    description:
      to === "suspended"
        ? `Nothing: subaccount ${subaccountId} and every active account below it are suspended, and their API keys answer 401.`
        : `Nothing: subaccount ${subaccountId} and what its suspension suspended become active again.`,
  },
});
