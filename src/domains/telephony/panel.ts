import { z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { isUniqueViolation } from "../../data/bulk";
import type { Database } from "../../data/client";
import { companies, nowIso } from "../../data/schema";
import { ApiError, notFound } from "../../lib/errors";
import { gateway, type GatewayContext, type NumberKind, type RentedNumber } from "../../integrations";
import {
  CompanyParams,
  defineOperatorOperation,
  type OperatorContext,
  type OperatorOperation,
} from "../../core/operator";
import { requirePublicHost } from "../../lib/destination";
import { countryCode, parsePhone } from "../../lib/phone";
import { requireCompany } from "../../data/rows";
import { membersByIds } from "../team";
import { SipExtension, TelephonyProfile } from "./model";
import { sealExtensionSecret, sealProfileSecret } from "./secrets";
import { numberWebhooks } from "./webhooks";
import {
  insertExtensionStatements,
  insertProfile,
  activateNumber,
  assignNumberStatements,
  dropPendingNumber,
  hasNumber,
  operatorNumber,
  pendingNumberStatements,
  removeNumberStatements,
} from "./queries";
import {
  audioCodecs,
  dtmfModes,
  extensionStatuses,
  numberStatuses,
  sipTransports,
  type NumberCapability,
  type PhoneNumberRow,
} from "./schema";

/**
 * The panel's side of numbers: the operator rents a number for a company from the platform's
 * provider account (Twilio), gives it to an agent, routes it through one of the company's SIP
 * trunks, and releases it. The company then sees it in GET /api/v1/numbers.
 */

/** What the panel's functions use: the database, the operator's commit, and the gateway's context (platform credentials). */
type PanelContext = Pick<OperatorContext<unknown, unknown, unknown>, "db" | "commit"> & GatewayContext;
type Numbers = ReturnType<typeof gateway>["numbers"];

const id = z.string().min(1).max(100);
const NumberParams = z.object({ company_id: id, number_id: id });

const OperatorNumber = z.object({
  number_id: z.string(),
  number: z.string().openapi({ description: "E.164" }),
  name: z.string(),
  country: z.string(),
  capabilities: z.array(z.string()).max(10),
  agent_id: z.string().nullable(),
  trunk_id: z
    .string()
    .nullable()
    .openapi({ description: "The company's SIP trunk the number routes through; null: the platform's provider" }),
  provider_sid: z.string().nullable().openapi({
    description:
      "The provider's id of the rented number (Twilio PN...); null for a number not rented through the platform",
  }),
  status: z.enum(numberStatuses),
  created_at: z.string(),
  updated_at: z.string(),
});

type NumberView = z.input<typeof OperatorNumber>;
const numberView = (row: PhoneNumberRow & { trunkId: string | null }): NumberView => ({
  number_id: row.id,
  number: row.e164,
  name: row.name,
  country: row.country,
  capabilities: row.capabilities,
  agent_id: row.agentId,
  trunk_id: row.trunkId,
  provider_sid: row.providerSid,
  status: row.status,
  created_at: row.createdAt,
  updated_at: row.updatedAt,
});

async function numberOf(db: Database, companyId: string, numberId: string) {
  const row = await operatorNumber(db, companyId, numberId);
  if (!row) throw notFound("phone number");
  return row;
}

const capabilitiesOf = (rented: RentedNumber): NumberCapability[] => [
  ...(rented.voice ? (["voice"] as const) : []),
  ...(rented.sms ? (["sms"] as const) : []),
];

/**
 * Rents a number: the inventory is searched, the purchase is recorded as a pending row, then the
 * provider is asked once. Its refusal or failure removes the pending row (no number, nothing to
 * list; see afterFailedPurchase); its success makes the row the company's number. A pending row
 * that outlives its request (the Worker stopped in between) is never bought again: releasing it
 * finds the number at the provider by its E.164 and releases that.
 */
async function buyNumber(
  { db, commit, ...context }: PanelContext,
  input: { companyId: string; country?: string; kind: NumberKind; agentId?: string; name?: string },
) {
  const company = await db
    .select({ region: companies.defaultRegion })
    .from(companies)
    .where(eq(companies.id, input.companyId))
    .get();
  if (!company) throw notFound("company");
  const country = input.country ?? company.region;
  const provider = gateway(context).numbers;
  const offered = await provider.available({ country, kind: input.kind, voice: true });
  let candidate: string | undefined;
  for (const offer of offered) {
    if (
      parsePhone(offer.phoneNumber)?.e164 === offer.phoneNumber &&
      !(await hasNumber(db, input.companyId, offer.phoneNumber))
    ) {
      candidate = offer.phoneNumber;
      break;
    }
  }
  if (!candidate)
    throw new ApiError("unprocessable", `The provider has no ${input.kind} number of ${country} to rent now.`);
  const numberId = crypto.randomUUID();
  const at = nowIso();
  try {
    await commit(
      input.companyId,
      pendingNumberStatements(db, {
        id: numberId,
        companyId: input.companyId,
        e164: candidate,
        name: input.name ?? candidate,
        country,
        capabilities: [],
        agentId: input.agentId ?? null,
        createdAt: at,
        updatedAt: at,
      }),
    );
  } catch (error) {
    // Another purchase for the company took the same offer first: this one asked the provider nothing.
    if (isUniqueViolation(error))
      throw new ApiError("conflict", `The company is already renting ${candidate}; try again.`);
    throw error;
  }
  let rented: RentedNumber;
  // Inbound calls and messages on the number come to this API, naming the company and the number.
  const webhooks = numberWebhooks(context.config.callbacks.baseUrl, input.companyId, numberId);
  try {
    // The friendly name is the number's id: the provider's account names whose number it is.
    rented = await provider.buy({ phoneNumber: candidate, friendlyName: numberId, webhooks });
  } catch (error) {
    rented = await afterFailedPurchase(db, provider, { companyId: input.companyId, numberId, e164: candidate }, error);
    // The purchase found was made by this request, but its webhooks are set again: a rental that
    // answered nothing is never left routing its calls and messages nowhere.
    await provider.configure(rented.sid, webhooks);
  }
  const [activated] = await activateNumber(
    db,
    input.companyId,
    numberId,
    { providerSid: rented.sid, capabilities: capabilitiesOf(rented) },
    nowIso(),
  );
  if (!activated) {
    // The pending purchase was released meanwhile: what the provider just rented goes back too.
    await provider.release(rented.sid);
    throw new ApiError("conflict", "The number was released while it was being rented; nothing was kept.");
  }
  return numberOf(db, input.companyId, numberId);
}

/**
 * A purchase whose answer was an error may still have happened (a timeout after the provider
 * acted): the provider is asked, by reading, whether it rents the number under this purchase's id.
 * It does: that is the purchase. It does not: the pending row goes, and the error stands. The
 * provider cannot say: the pending row stays, and releasing it settles whatever the provider has.
 */
async function afterFailedPurchase(
  db: Database,
  provider: Numbers,
  purchase: { companyId: string; numberId: string; e164: string },
  error: unknown,
): Promise<RentedNumber> {
  let found: RentedNumber | undefined;
  try {
    found = await provider.find(purchase.e164);
  } catch {
    throw error;
  }
  if (found?.friendlyName === purchase.numberId) return found;
  await dropPendingNumber(db, purchase.companyId, purchase.numberId);
  throw error;
}

/** Releases the number at the provider, then removes it and its route. A number not rented through the platform is only removed. */
async function releaseNumber({ db, commit, ...context }: PanelContext, input: { companyId: string; numberId: string }) {
  const row = await numberOf(db, input.companyId, input.numberId);
  const provider = gateway(context).numbers;
  const sid = row.providerSid ?? (row.status === "pending" ? (await provider.find(row.e164))?.sid : undefined);
  if (sid) await provider.release(sid);
  await commit(input.companyId, removeNumberStatements(db, input.companyId, input.numberId, row.providerSid));
  return { number_id: row.id, number: row.e164, provider_sid: sid ?? null, released_at: nowIso() };
}

const rentNumber = defineOperatorOperation({
  operationId: "rentNumber",
  method: "post",
  path: "/admin/v1/companies/{company_id}/numbers",
  summary: "Rent a phone number for a company",
  description:
    "Searches the provider's inventory of the country (default: the company's) and rents the first number offered, asking the provider once, with its webhooks (VoiceUrl, SmsUrl, StatusCallback) pointed at this API: an inbound call is answered by the number's agent, an inbound SMS lands in a conversation. A provider failure leaves no number (502 or 503). With `agent_id` the number is that agent's (an agent of another company: 404).",
  tag: "Numbers",
  request: {
    params: CompanyParams,
    body: z.object({
      country: countryCode().optional(),
      agent_id: id.optional(),
      type: z.enum(["local", "mobile"]).optional(),
      name: z.string().trim().min(1).max(100).optional(),
    }),
  },
  responses: { 201: { description: "The rented number", schema: OperatorNumber } },
  codes: [409, 422, 502, 503],
  handler: async ({ db, commit, config, requestId, params, body }) => {
    const row = await buyNumber(
      { db, commit, config, requestId },
      {
        companyId: params.company_id,
        country: body.country,
        kind: body.type ?? "local",
        agentId: body.agent_id,
        name: body.name,
      },
    );
    return {
      status: 201,
      body: numberView(row),
      audit: { companyId: params.company_id, resourceType: "phone_number", resourceId: row.id },
    };
  },
});

const getNumber = defineOperatorOperation({
  operationId: "getCompanyNumber",
  method: "get",
  path: "/admin/v1/companies/{company_id}/numbers/{number_id}",
  summary: "Read a company's number with its provider sid, status and route",
  tag: "Numbers",
  request: { params: NumberParams },
  responses: { 200: { description: "The number", schema: OperatorNumber } },
  codes: [],
  handler: async ({ db, params }) => ({
    status: 200,
    body: numberView(await numberOf(db, params.company_id, params.number_id)),
  }),
});

const assignNumber = defineOperatorOperation({
  operationId: "assignNumber",
  method: "patch",
  path: "/admin/v1/companies/{company_id}/numbers/{number_id}",
  summary: "Give a number to an agent, or route it through a SIP trunk",
  description:
    "`agent_id`: the company's agent that answers it (null: none). `trunk_id`: the company's SIP trunk it routes through (null: the platform's provider). An id of another company is 404.",
  tag: "Numbers",
  request: {
    params: NumberParams,
    body: z.object({ agent_id: id.nullable().optional(), trunk_id: id.nullable().optional() }),
  },
  responses: { 200: { description: "The number as changed", schema: OperatorNumber } },
  codes: [409],
  handler: async ({ db, commit, params, body }) => {
    const { company_id: companyId, number_id: numberId } = params;
    await commit(
      companyId,
      assignNumberStatements(db, companyId, numberId, { agentId: body.agent_id, trunkId: body.trunk_id }, nowIso()),
    );
    return {
      status: 200,
      body: numberView(await numberOf(db, companyId, numberId)),
      audit: { companyId, resourceType: "phone_number", resourceId: numberId },
    };
  },
});

const releaseCompanyNumber = defineOperatorOperation({
  operationId: "releaseNumber",
  method: "delete",
  path: "/admin/v1/companies/{company_id}/numbers/{number_id}",
  summary: "Release a company's number",
  description:
    "Released at the provider first (a number the provider no longer has counts as released), then removed with its route. A provider failure keeps the number (502).",
  tag: "Numbers",
  request: { params: NumberParams },
  responses: {
    200: {
      description: "The number is released",
      schema: z.object({
        number_id: z.string(),
        number: z.string(),
        provider_sid: z.string().nullable(),
        released_at: z.string(),
      }),
    },
  },
  codes: [502, 503],
  handler: async ({ db, commit, config, requestId, params }) => {
    const released = await releaseNumber(
      { db, commit, config, requestId },
      { companyId: params.company_id, numberId: params.number_id },
    );
    return {
      status: 200,
      body: released,
      audit: { companyId: params.company_id, resourceType: "phone_number", resourceId: released.number_id },
    };
  },
});

/** A SIP password or trunk secret as the operator sets it; sealed at once, never answered. */
const sipSecret = z
  .string()
  .min(12)
  .max(128)
  .regex(/^[\x21-\x7e]+$/, "visible ASCII characters, no spaces");
const hostname = z
  .string()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, "a host name (sip.example.net)");

const addExtension = defineOperatorOperation({
  operationId: "addSipExtension",
  method: "post",
  path: "/admin/v1/companies/{company_id}/telephony/extensions",
  summary: "Add a SIP extension of a company",
  description:
    "An extension of the company's PBX: its short number (unique in the company: 409 otherwise), name, the team member who uses it and its telephony profile (another company's: 404), and what devices register as. The SIP password is sealed at once and never answered (without the at-rest key: 503). Listed in GET /api/v1/telephony/extensions.",
  tag: "Telephony",
  request: {
    params: CompanyParams,
    body: z.object({
      extension: z
        .string()
        .max(6)
        .regex(/^[0-9]{2,6}$/, "2 to 6 digits"),
      name: z.string().trim().min(1).max(100),
      member_id: id.nullable().optional(),
      profile_id: id.nullable().optional(),
      status: z.enum(extensionStatuses).optional(),
      sip_domain: hostname,
      sip_username: z
        .string()
        .max(64)
        .regex(/^[A-Za-z0-9._-]{1,64}$/)
        .optional(),
      sip_password: sipSecret,
    }),
  },
  responses: { 201: { description: "The extension (never its password)", schema: SipExtension } },
  codes: [409, 503],
  handler: async ({ db, commit, config, params, body }) => {
    const companyId = params.company_id;
    await requireCompany(db, companyId);
    const memberId = body.member_id ?? null;
    // Members are suspended, never removed: a member read here is still the company's at the write.
    if (memberId !== null && (await membersByIds(db, companyId, [memberId])).length === 0)
      throw notFound("team member");
    const row = {
      id: crypto.randomUUID(),
      companyId,
      extension: body.extension,
      name: body.name,
      memberId,
      profileId: body.profile_id ?? null,
      status: body.status ?? ("active" as const),
      sipUsername: body.sip_username ?? `ext${body.extension}`,
      sipDomain: body.sip_domain.toLowerCase(),
      sipSecret: "",
      createdAt: nowIso(),
    };
    row.sipSecret = await sealExtensionSecret(config.webhookSecretKey, companyId, row.id, body.sip_password);
    try {
      await commit(companyId, insertExtensionStatements(db, row));
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ApiError("conflict", `The company already has an extension ${body.extension}.`);
      throw error;
    }
    return {
      status: 201,
      body: {
        id: row.id,
        extension: row.extension,
        name: row.name,
        member_id: row.memberId,
        profile_id: row.profileId,
        status: row.status,
        sip_username: row.sipUsername,
        sip_domain: row.sipDomain,
        created_at: row.createdAt,
      },
      audit: { companyId, resourceType: "sip_extension", resourceId: row.id },
    };
  },
});

const addProfile = defineOperatorOperation({
  operationId: "addTelephonyProfile",
  method: "post",
  path: "/admin/v1/companies/{company_id}/telephony/profiles",
  summary: "Add a telephony profile of a company",
  description:
    "How the company's lines connect: SIP transport, codecs in order of preference, DTMF mode, SRTP, recording, concurrent calls, and optionally the carrier trunk it registers with (host, username, password; the password sealed at once and never answered, without the at-rest key 503). Listed in GET /api/v1/telephony/profiles.",
  tag: "Telephony",
  request: {
    params: CompanyParams,
    body: z.object({
      name: z.string().trim().min(1).max(100),
      transport: z.enum(sipTransports),
      codecs: z
        .array(z.enum(audioCodecs))
        .min(1)
        .max(audioCodecs.length)
        .refine((codecs) => new Set(codecs).size === codecs.length, "each codec once"),
      dtmf_mode: z.enum(dtmfModes),
      srtp: z.boolean(),
      recording: z.boolean(),
      max_concurrent_calls: z.number().int().min(1).max(10_000),
      trunk: z.object({ host: hostname, username: z.string().min(1).max(100), password: sipSecret }).optional(),
    }),
  },
  responses: { 201: { description: "The profile (never its trunk's credentials)", schema: TelephonyProfile } },
  codes: [503],
  handler: async ({ db, commit, config, requestId, params, body }) => {
    const companyId = params.company_id;
    await requireCompany(db, companyId);
    // Calls go to the carrier's host: the destination check of every host set for a company.
    if (body.trunk)
      await requirePublicHost(
        body.trunk.host,
        (name) => gateway({ config, requestId, caller: { company: { id: companyId } } }).dns.addresses(name),
        "body.trunk.host",
      );
    const id = crypto.randomUUID();
    const at = nowIso();
    const trunkSecret = body.trunk
      ? await sealProfileSecret(config.webhookSecretKey, companyId, id, body.trunk.password)
      : null;
    await commit(companyId, [
      insertProfile(db, {
        id,
        companyId,
        name: body.name,
        transport: body.transport,
        codecs: body.codecs,
        dtmfMode: body.dtmf_mode,
        srtp: body.srtp,
        recording: body.recording,
        maxConcurrentCalls: body.max_concurrent_calls,
        trunkHost: body.trunk?.host.toLowerCase() ?? null,
        trunkUsername: body.trunk?.username ?? null,
        trunkSecret,
        createdAt: at,
        updatedAt: at,
      }),
    ]);
    return {
      status: 201,
      body: {
        id,
        name: body.name,
        transport: body.transport,
        codecs: body.codecs,
        dtmf_mode: body.dtmf_mode,
        srtp: body.srtp,
        recording: body.recording,
        max_concurrent_calls: body.max_concurrent_calls,
        trunk_host: body.trunk?.host.toLowerCase() ?? null,
        created_at: at,
        updated_at: at,
      },
      audit: { companyId, resourceType: "telephony_profile", resourceId: id },
    };
  },
});

export const telephonyOperatorOperations: readonly OperatorOperation[] = [
  rentNumber,
  getNumber,
  assignNumber,
  releaseCompanyNumber,
  addExtension,
  addProfile,
];
