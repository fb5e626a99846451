import type { z } from "@hono/zod-openapi";
import { isUniqueViolation } from "../../core/db/bulk";
import { ApiError, notFound } from "../../core/errors";
import type { OperationContext } from "../../core/operation";
import { updateWithVersion } from "../../core/db/versioned";
import { billingCurrency, cyclePrice, debit, major, SIP_TRUNK_MONTHLY, toMinorUnits } from "../billing";
import { sealPassword, TrunkKeyMissing } from "./crypto";
import { sipTrunkCreated, sipTrunkDeleted, sipTrunkUpdated } from "./events";
import type { CreateTrunkInput, DeletedTrunk, SipTrunk, UpdateTrunkInput } from "./model";
import { deletableTrunk, deleteTrunk, duplicateName, findTrunk, insertTrunk, trunkNamed, updateTrunk, type PublicTrunk } from "./queries";
import type { SipTrunkRow, TrunkTransport } from "./schema";

type Context<P = unknown, B = unknown> = OperationContext<P, unknown, B>;

/** The port a transport listens on when none is given (SIP over TLS: 5061). */
const defaultPort = (transport: TrunkTransport) => (transport === "tls" ? 5061 : 5060);

export const toTrunk = (row: PublicTrunk): z.input<typeof SipTrunk> => ({
  id: row.id,
  name: row.name,
  host: row.host,
  port: row.port,
  transport: row.transport,
  username: row.username,
  password_set: true,
  caller_id: row.callerId,
  channels: row.channels,
  monthly_price: major(row.monthlyPriceMinor, row.currency),
  currency: row.currency,
  numbers: row.numbers,
  created_at: row.createdAt,
  updated_at: row.updatedAt,
});

async function seal(ctx: Context, trunkId: string, password: string): Promise<string> {
  try {
    return await sealPassword(ctx.config.webhookSecretKey, ctx.caller.company.id, trunkId, password);
  } catch (error) {
    if (error instanceof TrunkKeyMissing) throw new ApiError("integration_not_configured", "Stored secrets cannot be encrypted on this deployment (WEBHOOK_SECRET_KEY is not set).");
    throw error;
  }
}

/** POST /sip-trunks: the trunk, its sealed password and its first month's charge in one batch. */
export async function createTrunk(ctx: Context<unknown, z.output<typeof CreateTrunkInput>>): Promise<z.input<typeof SipTrunk>> {
  const { db, caller, body, commit } = ctx;
  const companyId = caller.company.id;
  if (await trunkNamed(db, companyId, body.name)) throw duplicateName(body.name);
  const currency = billingCurrency(caller.company);
  const price = cyclePrice(SIP_TRUNK_MONTHLY, currency, "monthly");
  if (price === undefined) throw new ApiError("conflict", `SIP trunks are not sold in ${currency}, the account's billing currency.`);
  const monthlyPriceMinor = toMinorUnits(price, currency, "body");
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const row: SipTrunkRow = {
    id,
    companyId,
    name: body.name,
    host: body.host,
    port: body.port ?? defaultPort(body.transport),
    transport: body.transport,
    username: body.username,
    passwordSealed: await seal(ctx, id, body.password),
    callerId: body.caller_id ?? null,
    channels: body.channels,
    monthlyPriceMinor,
    currency,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  // The operation declares no 402: a balance short of the month's price is a 409 naming the amounts.
  const payment = await debit(db, { companyId, amountMinor: monthlyPriceMinor, currency, kind: "charge", reference: { type: "sip_trunk", id }, description: `SIP trunk "${body.name}" (first month)`, refuseAs: "conflict" });
  try {
    await commit([...payment, insertTrunk(db, row)], { resourceType: "sip_trunk", resourceId: id }, [sipTrunkCreated.of({ id, name: row.name, host: row.host, created_at: now })]);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(body.name);
    throw error;
  }
  const { passwordSealed: _sealed, ...shown } = row;
  return toTrunk({ ...shown, numbers: 0 });
}

/** PATCH /sip-trunks/{trunk_id}: a partial change, compare-and-set on the trunk's version, applied again over a concurrent one. */
export async function changeTrunk(ctx: Context<{ trunk_id: string }, z.output<typeof UpdateTrunkInput>>): Promise<z.input<typeof SipTrunk>> {
  const { db, caller, body, params, commit } = ctx;
  const companyId = caller.company.id;
  return updateWithVersion("SIP trunk", () => findTrunk(db, companyId, params.trunk_id), async (current) => {
    if (body.name !== undefined && body.name !== current.name && (await trunkNamed(db, companyId, body.name, current.id))) throw duplicateName(body.name);
    const now = new Date().toISOString();
    const transport = body.transport ?? current.transport;
    const changes: Partial<SipTrunkRow> = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.host !== undefined ? { host: body.host } : {}),
      ...(body.port !== undefined ? { port: body.port } : {}),
      ...(body.transport !== undefined ? { transport } : {}),
      ...(body.username !== undefined ? { username: body.username } : {}),
      ...(body.caller_id !== undefined ? { callerId: body.caller_id } : {}),
      ...(body.channels !== undefined ? { channels: body.channels } : {}),
      ...(body.password !== undefined ? { passwordSealed: await seal(ctx, current.id, body.password) } : {}),
      updatedAt: now,
    };
    const changed = Object.keys(body).sort();
    try {
      await commit(
        updateTrunk(db, companyId, current.id, current.version, changes),
        { resourceType: "sip_trunk", resourceId: current.id },
        [sipTrunkUpdated.of({ id: current.id, name: changes.name ?? current.name, changed_fields: changed, updated_at: now })],
      );
    } catch (error) {
      if (isUniqueViolation(error) && body.name !== undefined) throw duplicateName(body.name);
      throw error;
    }
    const { passwordSealed: _sealed, ...shown } = changes;
    return toTrunk({ ...current, ...shown, version: current.version + 1 });
  });
}

/** DELETE /sip-trunks/{trunk_id}: 409 while a number routes through it (checked in the delete's batch). */
export async function removeTrunk(ctx: Context<{ trunk_id: string }>): Promise<z.input<typeof DeletedTrunk>> {
  const { db, caller, params, commit } = ctx;
  const companyId = caller.company.id;
  const current = await findTrunk(db, companyId, params.trunk_id);
  if (!current) throw notFound("SIP trunk");
  const now = new Date().toISOString();
  await commit([...deletableTrunk(db, companyId, current.id), deleteTrunk(db, companyId, current.id)], { resourceType: "sip_trunk", resourceId: current.id }, [
    sipTrunkDeleted.of({ id: current.id, name: current.name, deleted_at: now }),
  ]);
  return { id: current.id, deleted: true };
}
