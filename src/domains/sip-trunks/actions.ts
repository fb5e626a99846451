import type { z } from "@hono/zod-openapi";
import type { Uses } from "../../core/action";
import { isUniqueViolation } from "../../data/bulk";
import { cancelDue } from "../../work/due";
import { ApiError, notFound } from "../../lib/errors";
import { updateWithVersion } from "../../data/versioned";
import {
  billingCurrency,
  cyclePrice,
  debit,
  major,
  monthAfter,
  SIP_TRUNK_MONTHLY,
  toMinorUnits,
  walletBalance,
} from "../billing";
import type { Quote } from "../../core/operation";
import { trunkMonth, trunkMonthInvoice } from "./jobs";
import { openPassword, sealPassword } from "./crypto";
import { changedMeanwhile, PreconditionFailed } from "../../data/precondition";
import { gateway, type ProviderTrunk } from "../../integrations";
import { requirePublicHost } from "../../lib/destination";
import { asDeclared, originationUri, provisionTrunk, trunking, unprovisionTrunk } from "./provider";
import { sipTrunkCreated, sipTrunkDeleted, sipTrunkResumed, sipTrunkUpdated } from "./events";
import type { CreateTrunkInput, DeletedTrunk, SipTrunk, UpdateTrunkInput } from "./model";
import type { OffsetPage } from "../../lib/pagination";
import {
  deletableTrunk,
  deleteTrunk,
  duplicateName,
  findTrunk,
  insertTrunk,
  routedThrough,
  sealedPassword,
  trunkNamed,
  trunkPage,
  updateTrunk,
  type PublicTrunk,
} from "./queries";
import type { SipTrunkRow, TrunkTransport } from "./schema";
import { clock } from "../../lib/clock";

/** The port a transport listens on when none is given (SIP over TLS: 5061). */
const defaultPort = (transport: TrunkTransport) => (transport === "tls" ? 5061 : 5060);

const toTrunk = ({
  providerTrunkSid: _trunk,
  providerCredentialListSid: _list,
  providerOriginationUrlSid: _origination,
  ...row
}: PublicTrunk): z.input<typeof SipTrunk> => ({
  id: row.id,
  name: row.name,
  host: row.host,
  port: row.port,
  transport: row.transport,
  username: row.username,
  password_set: true,
  status: row.status,
  current_period_end: row.currentPeriodEnd,
  caller_id: row.callerId,
  channels: row.channels,
  monthly_price: major(row.monthlyPriceMinor, row.currency),
  currency: row.currency,
  numbers: row.numbers,
  created_at: row.createdAt,
  updated_at: row.updatedAt,
});

// Without the at-rest key, SecretMissing: 503 integration_not_configured (the operations declare 503).
const seal = ({ config, caller }: Uses<"config" | "caller">, trunkId: string, password: string): Promise<string> =>
  sealPassword(config.webhookSecretKey, caller.company.id, trunkId, password);

/**
 * The platform places calls to the trunk's host: besides its form (model.ts), what the name resolves
 * to must be public too (a name pointed at 127.0.0.1 or 169.254.169.254 is refused), as for every
 * host a tenant sets.
 */
const requirePublicTrunkHost = ({ config, requestId, caller }: Uses<"config" | "requestId" | "caller">, host: string) =>
  requirePublicHost(host, (name) => gateway({ config, requestId, caller }).dns.addresses(name), "body.host");

/**
 * POST /sip-trunks: the provider first (trunk, credential list, origination URL; what a failed step
 * made is removed), then one batch with the trunk (its provider sids), its first month's charge and
 * its event. A provider failure charges nothing (503); a batch that fails removes the provider's trunk.
 */
export async function createTrunk(
  { db, caller, config, requestId, commit }: Uses<"db" | "caller" | "config" | "requestId" | "commit">,
  input: z.output<typeof CreateTrunkInput>,
): Promise<z.input<typeof SipTrunk>> {
  const companyId = caller.company.id;
  await requirePublicTrunkHost({ config, requestId, caller }, input.host);
  if (await trunkNamed(db, companyId, input.name)) throw duplicateName(input.name);
  const currency = billingCurrency(caller.company);
  const price = cyclePrice(SIP_TRUNK_MONTHLY, currency, "monthly");
  if (price === undefined)
    throw new ApiError("conflict", `SIP trunks are not sold in ${currency}, the account's billing currency.`);
  const monthlyPriceMinor = toMinorUnits(price, currency, "body");
  const id = crypto.randomUUID();
  const now = clock.iso();
  const port = input.port ?? defaultPort(input.transport);
  const passwordSealed = await seal({ config, caller }, id, input.password);
  // The operation declares no 402: a balance short of the month's price is a 409 naming the amounts,
  // refused here before the provider is asked anything (the batch checks the balance again).
  const entryId = crypto.randomUUID();
  const payment = await debit(db, {
    companyId,
    amountMinor: monthlyPriceMinor,
    currency,
    kind: "charge",
    reference: { type: "sip_trunk", id },
    description: `SIP trunk "${input.name}" (first month)`,
    entryId,
    refuseAs: "conflict",
  });
  // The month's invoice and the renewal at its end, in the charge's batch.
  const month = await trunkMonthInvoice(db, {
    companyId,
    trunkId: id,
    priceMinor: monthlyPriceMinor,
    currency,
    start: now,
    description: `SIP trunk "${input.name}" (first month)`,
    ledgerEntryId: entryId,
  });
  const provider = trunking({ config, requestId, caller });
  let made: ProviderTrunk;
  try {
    made = await provisionTrunk(provider, {
      trunkId: id,
      sipUrl: originationUri({ host: input.host, port, transport: input.transport }),
      username: input.username,
      password: input.password,
    });
  } catch (error) {
    throw asDeclared(error, "No trunk was made and nothing was charged.");
  }
  const row: SipTrunkRow = {
    id,
    companyId,
    name: input.name,
    host: input.host,
    port,
    transport: input.transport,
    username: input.username,
    passwordSealed,
    callerId: input.caller_id ?? null,
    channels: input.channels,
    monthlyPriceMinor,
    currency,
    status: "active",
    currentPeriodEnd: monthAfter(now),
    renewalId: month.renewal.id,
    providerTrunkSid: made.trunkSid,
    providerCredentialListSid: made.credentialListSid,
    providerOriginationUrlSid: made.originationUrlSid,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await commit(
      [...payment, ...month.statements, insertTrunk(db, row)],
      { resourceType: "sip_trunk", resourceId: id },
      [sipTrunkCreated.of({ id, name: row.name, host: row.host, created_at: now })],
    );
  } catch (error) {
    // Nothing was recorded or charged (a name taken meanwhile, the balance spent meanwhile): the provider's trunk goes too.
    await unprovisionTrunk(provider, id, made).catch((cleanup: unknown) =>
      console.error(
        JSON.stringify({ request_id: requestId, sip_trunk: id, cleanup: "failed", error: String(cleanup) }),
      ),
    );
    if (isUniqueViolation(error)) throw duplicateName(input.name);
    throw error;
  }
  const { passwordSealed: _sealed, ...shown } = row;
  return toTrunk({ ...shown, numbers: 0 });
}

/**
 * PATCH /sip-trunks/{trunk_id}: a partial change, compare-and-set on the trunk's version, applied
 * again over a concurrent one. A new host, port or transport changes the provider's origination URL;
 * a new username or password its credential (set to the whole merged state, so applying it again
 * over a concurrent change is right). A provider failure changes nothing here (503).
 */
export async function changeTrunk(
  { db, caller, config, requestId, commit }: Uses<"db" | "caller" | "config" | "requestId" | "commit">,
  input: { trunkId: string; patch: z.output<typeof UpdateTrunkInput> },
): Promise<z.input<typeof SipTrunk>> {
  const { trunkId, patch } = input;
  const companyId = caller.company.id;
  if (patch.host !== undefined) await requirePublicTrunkHost({ config, requestId, caller }, patch.host);
  return updateWithVersion(
    "SIP trunk",
    () => findTrunk(db, companyId, trunkId),
    // biome-ignore lint/complexity/noExcessiveCognitiveComplexity: a PATCH whose fields each have a rule of their own and a provider call
    async (current) => {
      if (
        patch.name !== undefined &&
        patch.name !== current.name &&
        (await trunkNamed(db, companyId, patch.name, current.id))
      )
        throw duplicateName(patch.name);
      const now = clock.iso();
      const transport = patch.transport ?? current.transport;
      const changes: Partial<SipTrunkRow> = {
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.host !== undefined ? { host: patch.host } : {}),
        ...(patch.port !== undefined ? { port: patch.port } : {}),
        ...(patch.transport !== undefined ? { transport } : {}),
        ...(patch.username !== undefined ? { username: patch.username } : {}),
        ...(patch.caller_id !== undefined ? { callerId: patch.caller_id } : {}),
        ...(patch.channels !== undefined ? { channels: patch.channels } : {}),
        ...(patch.password !== undefined
          ? { passwordSealed: await seal({ config, caller }, current.id, patch.password) }
          : {}),
        updatedAt: now,
      };
      await applyAtProvider({ db, caller, config, requestId }, current, { ...current, ...changes }, patch.password);
      const changed = Object.keys(patch).sort();
      try {
        await commit(
          updateTrunk(db, companyId, current.id, current.version, changes),
          { resourceType: "sip_trunk", resourceId: current.id },
          [
            sipTrunkUpdated.of({
              id: current.id,
              name: changes.name ?? current.name,
              changed_fields: changed,
              updated_at: now,
            }),
          ],
        );
      } catch (error) {
        if (isUniqueViolation(error) && patch.name !== undefined) throw duplicateName(patch.name);
        throw error;
      }
      const { passwordSealed: _sealed, ...shown } = changes;
      return toTrunk({ ...current, ...shown, version: current.version + 1 });
    },
  );
}

/** The provider's side of a change: the origination URL and the credential, from the trunk as it will be. A trunk never provisioned (demo) has none. */
async function applyAtProvider(
  { db, caller, config, requestId }: Uses<"db" | "caller" | "config" | "requestId">,
  current: PublicTrunk,
  next: PublicTrunk,
  newPassword: string | undefined,
): Promise<void> {
  const { providerTrunkSid, providerCredentialListSid, providerOriginationUrlSid } = current;
  const routeChanged = next.host !== current.host || next.port !== current.port || next.transport !== current.transport;
  const credentialChanged = next.username !== current.username || newPassword !== undefined;
  if (!providerTrunkSid || (!routeChanged && !credentialChanged)) return;
  const provider = trunking({ config, requestId, caller });
  try {
    if (routeChanged && providerOriginationUrlSid)
      await provider.updateOriginationUrl(providerTrunkSid, providerOriginationUrlSid, originationUri(next));
    if (credentialChanged && providerCredentialListSid) {
      let password = newPassword;
      if (password === undefined) {
        // The stored password at the version read: changed since, the compare-and-set retries anyway.
        const sealed = await sealedPassword(db, caller.company.id, current.id, current.version);
        if (sealed === undefined) throw new PreconditionFailed(changedMeanwhile("SIP trunk"));
        password = await openPassword(config.webhookSecretKey, caller.company.id, current.id, sealed);
      }
      await provider.setCredential(providerCredentialListSid, next.username, password);
    }
  } catch (error) {
    throw asDeclared(error, "The trunk was not changed.");
  }
}

/**
 * DELETE /sip-trunks/{trunk_id}: 409 while a number routes through it (checked before the provider
 * is asked, and again in the delete's batch); the provider's trunk and credential list go first
 * (already gone counts as removed, so a retry after a failure completes), then the row.
 */
export async function removeTrunk(
  { db, caller, config, requestId, commit }: Uses<"db" | "caller" | "config" | "requestId" | "commit">,
  trunkId: string,
): Promise<z.input<typeof DeletedTrunk>> {
  const companyId = caller.company.id;
  const current = await findTrunk(db, companyId, trunkId);
  if (!current) throw notFound("SIP trunk");
  if (current.numbers > 0) throw routedThrough();
  if (current.providerTrunkSid) {
    try {
      await unprovisionTrunk(trunking({ config, requestId, caller }), current.id, {
        trunkSid: current.providerTrunkSid,
        credentialListSid: current.providerCredentialListSid ?? undefined,
      });
    } catch (error) {
      throw asDeclared(error, "The trunk was not deleted; retry.");
    }
  }
  const now = clock.iso();
  // Its renewal not yet due goes with it; one already handed over finds the trunk gone and does nothing.
  const renewal = current.renewalId ? [cancelDue(db, companyId, current.renewalId)] : [];
  await commit(
    [...deletableTrunk(db, companyId, current.id), deleteTrunk(db, companyId, current.id), ...renewal],
    { resourceType: "sip_trunk", resourceId: current.id },
    [sipTrunkDeleted.of({ id: current.id, name: current.name, deleted_at: now })],
  );
  return { id: current.id, deleted: true };
}

/**
 * POST /sip-trunks/{trunk_id}/resume: a trunk suspended by a renewal the wallet could not pay pays
 * a new month from now (charged, invoiced, its renewal scheduled) and is active again, in one
 * batch; compare-and-set on its version, so of two resumptions one pays. An active trunk answers
 * as it is, nothing charged.
 */
export async function resumeTrunk(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  trunkId: string,
): Promise<z.input<typeof SipTrunk>> {
  const companyId = caller.company.id;
  const current = await findTrunk(db, companyId, trunkId);
  if (!current) throw notFound("SIP trunk");
  if (current.status === "active") return toTrunk(current);
  const price = cyclePrice(SIP_TRUNK_MONTHLY, current.currency, "monthly");
  // A trunk no longer sold in its currency resumes at the price it had.
  const monthlyPriceMinor =
    price === undefined ? current.monthlyPriceMinor : toMinorUnits(price, current.currency, "price");
  const at = clock.iso();
  // The operation declares no 402: a balance short of the month's price is a 409 naming the amounts.
  const month = await trunkMonth(db, {
    companyId,
    trunkId: current.id,
    priceMinor: monthlyPriceMinor,
    currency: current.currency,
    start: at,
    description: `SIP trunk "${current.name}" (resumed)`,
    refuseAs: "conflict",
  });
  const changes = {
    status: "active" as const,
    monthlyPriceMinor,
    currentPeriodEnd: month.periodEnd,
    renewalId: month.renewal.id,
    updatedAt: at,
  };
  try {
    await commit(
      [...updateTrunk(db, companyId, current.id, current.version, changes), ...month.statements],
      { resourceType: "sip_trunk", resourceId: current.id },
      [
        sipTrunkResumed.of({
          id: current.id,
          name: current.name,
          charged: major(monthlyPriceMinor, current.currency),
          currency: current.currency,
          current_period_end: month.periodEnd,
          resumed_at: at,
        }),
      ],
    );
  } catch (error) {
    // Another request resumed it first: that one paid.
    const now = error instanceof PreconditionFailed ? await findTrunk(db, companyId, current.id) : undefined;
    if (now?.status === "active") return toTrunk(now);
    throw error;
  }
  return toTrunk({ ...current, ...changes, version: current.version + 1 });
}

/** One trunk as the API shows it, read back (the replay of a write that answered it); 404 once it is gone. */
export async function trunkView({ db, caller }: Uses<"db" | "caller">, trunkId: string) {
  const trunk = await findTrunk(db, caller.company.id, trunkId);
  if (!trunk) throw notFound("SIP trunk");
  return toTrunk(trunk);
}

/** A page of the company's trunks, as the API shows them. */
export async function trunkList({ db, caller }: Uses<"db" | "caller">, page: OffsetPage) {
  const trunks = await trunkPage(db, caller.company.id, page);
  return { ...trunks, data: trunks.data.map(toTrunk) };
}

/** The wallet's balance as a quote shows it, and whether it covers `amountMinor`. */
async function balanceFor(db: Uses<"db">["db"], companyId: string, amountMinor: number) {
  const wallet = await walletBalance(db, companyId);
  return {
    balance: wallet
      ? { balance: { amount: major(wallet.balanceMinor, wallet.currency), currency: wallet.currency } }
      : {},
    covered: amountMinor === 0 || (wallet !== undefined && wallet.balanceMinor >= amountMinor),
  };
}

const SHORT_BALANCE = "The wallet's balance does not cover the month's price: the request would be refused (409).";

/** What POST /sip-trunks would charge: the first month, from the wallet, renewed monthly. */
export async function quoteTrunkCreation(
  { db, caller }: Uses<"db" | "caller">,
  input: z.output<typeof CreateTrunkInput>,
): Promise<Quote> {
  const currency = billingCurrency(caller.company);
  const price = cyclePrice(SIP_TRUNK_MONTHLY, currency, "monthly");
  if (price === undefined)
    return {
      charge: {
        amount: 0,
        currency,
        description: `Nothing: SIP trunks are not sold in ${currency}; the request would be refused (409).`,
      },
    };
  const { balance, covered } = await balanceFor(db, caller.company.id, toMinorUnits(price, currency, "body"));
  return {
    charge: {
      amount: price,
      currency,
      description: `The first month of the SIP trunk "${input.name}" (${input.host}), taken from the wallet and invoiced; it renews monthly.`,
    },
    ...balance,
    notes: covered ? [] : [SHORT_BALANCE],
  };
}

/** What POST /sip-trunks/{trunk_id}/resume would charge: a new month for a suspended trunk, nothing for an active one. */
export async function quoteTrunkResumption({ db, caller }: Uses<"db" | "caller">, trunkId: string): Promise<Quote> {
  const current = await findTrunk(db, caller.company.id, trunkId);
  if (!current) throw notFound("SIP trunk");
  if (current.status === "active")
    return { charge: { amount: 0, currency: current.currency, description: "Nothing: the trunk is active." } };
  const price = cyclePrice(SIP_TRUNK_MONTHLY, current.currency, "monthly");
  const priceMinor = price === undefined ? current.monthlyPriceMinor : toMinorUnits(price, current.currency, "price");
  const { balance, covered } = await balanceFor(db, caller.company.id, priceMinor);
  return {
    charge: {
      amount: major(priceMinor, current.currency),
      currency: current.currency,
      description: `A new month of the SIP trunk "${current.name}" from now, taken from the wallet and invoiced; it renews monthly.`,
    },
    ...balance,
    notes: covered ? [] : [SHORT_BALANCE],
  };
}

/** PATCH and DELETE /sip-trunks/{trunk_id} charge nothing: what they change, for the confirmation. */
export async function quoteTrunkChange(
  { db, caller }: Uses<"db" | "caller">,
  trunkId: string,
  change: "update" | "delete",
): Promise<Quote> {
  const current = await findTrunk(db, caller.company.id, trunkId);
  if (!current) throw notFound("SIP trunk");
  return {
    charge: {
      amount: 0,
      currency: current.currency,
      description:
        change === "delete"
          ? `Nothing: the SIP trunk "${current.name}" is removed at the provider and its monthly renewal ends; the month paid is not refunded.`
          : `Nothing: the SIP trunk "${current.name}" changes; its monthly price stays ${major(current.monthlyPriceMinor, current.currency)} ${current.currency}.`,
    },
  };
}
