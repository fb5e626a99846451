import { z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { isUniqueViolation } from "../../data/bulk";
import type { Database } from "../../data/client";
import { companies, nowIso } from "../../data/schema";
import { parsePhone } from "../../lib/phone";
import { sealConnectionCredentials } from "./connections";
import { toConnection, type ConnectionView } from "./model";
import { connectionByPhone, disconnect, insertConnection, reconnectConnection } from "./queries";
import { connectionStatuses, type ConnectionRow } from "./schema";
import { scheduleRefresh } from "./tokens";
import type { Config } from "../../config";
import { clock } from "../../lib/clock";
import { ApiError } from "../../lib/errors";
import type { WriteStatement } from "../../data/write-batch";
import { InputError } from "../../lib/input-error";
import { CompanyParams, defineOperatorOperation } from "../../core/operator";

/** The Cloud API's ids are numbers written as text. */
const CLOUD_API_ID = /^\d{5,20}$/;

/** What the panel's functions need: the database, the configuration, and the commit of one batch (the operator's). */
export interface PanelDeps {
  db: Database;
  config: Config;
  commit(statements: readonly WriteStatement[]): Promise<unknown[]>;
}

/** A connection as the operator sees it: the API's view, when its token expires and when the service refreshes it. */
export type OperatorConnectionView = ConnectionView & {
  token_expires_at: string | null;
  token_refresh_at: string | null;
  disabled_reason: string | null;
};

const operatorView = (
  row: Pick<
    ConnectionRow,
    "id" | "phoneNumber" | "displayName" | "status" | "connectedAt" | "createdAt" | "tokenExpiresAt" | "disabledReason"
  >,
  refreshAt: string | null,
): OperatorConnectionView => ({
  ...toConnection(row),
  token_expires_at: row.tokenExpiresAt,
  token_refresh_at: refreshAt,
  disabled_reason: row.disabledReason,
});

/**
 * Connects a company's WhatsApp number (the panel's "connect WhatsApp"): the number in E.164, the
 * Cloud API's phone number id and business account id, and the token, sealed at once with the
 * deployment's at-rest key, with when it expires (absent: it does not). A token that expires gets its
 * refresh scheduled in the same batch (tokens.ts), when the deployment rotates tokens. A number the
 * company had, disconnected or disabled, is connected again in place (same id, its conversations kept;
 * a compare-and-set on its version, so a refresh of the old token in flight does nothing); a number
 * still connected is 409. The answer never carries the token.
 */
// biome-ignore lint/complexity/noExcessiveCognitiveComplexity: each outcome of the token exchange with Meta is answered where it is known
export async function connectWhatsAppNumber(
  { db, config, commit }: PanelDeps,
  input: {
    companyId: string;
    phone: string;
    displayName: string;
    phoneNumberId: string;
    businessAccountId: string;
    token: string | undefined;
    tokenExpiresAt?: string | null;
  },
): Promise<OperatorConnectionView> {
  const secretKey = config.webhookSecretKey;
  if (!secretKey)
    throw new InputError("missing_secret", "The at-rest key WEBHOOK_SECRET_KEY is needed to seal the token.");
  if (!input.token) throw new InputError("missing_secret", "The number's token is needed.");
  const company = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, input.companyId)).get();
  if (!company) throw new InputError("unknown_company", `No company ${input.companyId}.`);
  const phone = parsePhone(input.phone);
  if (!phone)
    throw new InputError(
      "invalid_argument",
      "phone must be a valid number in E.164, such as +34911234567.",
      "body.phone",
    );
  for (const [name, value] of [
    ["phone_number_id", input.phoneNumberId],
    ["business_account_id", input.businessAccountId],
  ] as const) {
    if (!CLOUD_API_ID.test(value))
      throw new InputError("invalid_argument", `${name} must be the Cloud API's numeric id.`, `body.${name}`);
  }
  const displayName = input.displayName.trim();
  if (displayName.length === 0 || displayName.length > 120)
    throw new InputError("invalid_argument", "display_name must be 1 to 120 characters.", "body.display_name");
  const tokenExpiresAt = input.tokenExpiresAt ? new Date(input.tokenExpiresAt) : null;
  if (tokenExpiresAt && (Number.isNaN(tokenExpiresAt.getTime()) || tokenExpiresAt.getTime() <= clock.now())) {
    throw new InputError(
      "invalid_argument",
      "token_expires_at must be a time in the future (the token has expired).",
      "body.token_expires_at",
    );
  }
  const at = nowIso();
  const credentials = await sealConnectionCredentials({ webhookSecretKey: secretKey }, input.companyId, {
    accessToken: input.token,
    phoneNumberId: input.phoneNumberId,
    businessAccountId: input.businessAccountId,
  });
  const fields = {
    displayName,
    phoneNumberId: input.phoneNumberId,
    businessAccountId: input.businessAccountId,
    credentials,
    tokenExpiresAt: tokenExpiresAt?.toISOString() ?? null,
    connectedAt: at,
  };
  const existing = await connectionByPhone(db, input.companyId, phone.e164);
  if (existing?.status === "connected")
    throw new InputError("conflict", `The company already has the number ${phone.e164} connected.`);
  const row = existing
    ? { ...existing, ...fields, status: "connected" as const, disabledReason: null, version: existing.version + 1 }
    : {
        id: crypto.randomUUID(),
        companyId: input.companyId,
        phoneNumber: phone.e164,
        status: "connected" as const,
        disabledReason: null,
        version: 1,
        createdAt: at,
        ...fields,
      };
  const refresh = scheduleRefresh(config, input.companyId, row);
  const write = existing ? reconnectConnection(db, existing, fields) : [insertConnection(db, row)];
  try {
    await commit([...write, ...(refresh ? [refresh.statement] : [])]);
  } catch (error) {
    // Another connect of the number got in first.
    if (isUniqueViolation(error) || (error instanceof ApiError && error.slug === "conflict"))
      throw new InputError("conflict", `The number ${phone.e164} was connected meanwhile.`);
    throw error;
  }
  return operatorView(row, refresh?.dueAt ?? null);
}

/** Disconnects a number: it stays listed (status disconnected) and nothing is sent from it any more; the gateway never opens a disconnected number's token, and a pending refresh of it does nothing. */
export async function disconnectWhatsAppNumber(
  db: Database,
  companyId: string,
  connectionId: string,
): Promise<OperatorConnectionView> {
  const [row] = await disconnect(db, companyId, connectionId);
  if (!row) throw new InputError("not_found", `The company ${companyId} has no WhatsApp connection ${connectionId}.`);
  return operatorView(row, null);
}

const OperatorConnection = z.object({
  connection_id: z.string(),
  company_id: z.string(),
  phone_number: z.string(),
  display_name: z.string(),
  status: z.enum(connectionStatuses),
  connected_at: z.string().nullable(),
  created_at: z.string(),
  token_expires_at: z.string().nullable(),
  token_refresh_at: z.string().nullable(),
  disabled_reason: z.string().nullable(),
});

const operatorConnection = (
  companyId: string,
  { id, ...view }: OperatorConnectionView,
): z.input<typeof OperatorConnection> => ({ connection_id: id, company_id: companyId, ...view });

const connectWhatsApp = defineOperatorOperation({
  operationId: "connectWhatsAppNumber",
  method: "post",
  path: "/admin/v1/companies/{company_id}/whatsapp",
  summary: "Connect a company's WhatsApp number (Cloud API)",
  description:
    "The number (E.164), the name WhatsApp shows, the Cloud API's phone number id and business account id, the token of the company's system user, and when the token expires " +
    "(token_expires_at; absent: it does not). The token is sealed at once and never answered. A token that expires is exchanged for a fresh one before then " +
    "(token_refresh_at; null when the deployment does not rotate tokens: WHATSAPP_APP_ID and WHATSAPP_APP_SECRET unset). " +
    "A number the company had, disconnected or disabled, is connected again in place (same connection id and conversations). " +
    "409 if the number is connected already; 503 without the at-rest key (WEBHOOK_SECRET_KEY).",
  tag: "WhatsApp",
  request: {
    params: CompanyParams,
    body: z.object({
      phone: z.string().min(3).max(32),
      display_name: z.string().trim().min(1).max(120),
      phone_number_id: z.string().max(20).regex(CLOUD_API_ID),
      business_account_id: z.string().max(20).regex(CLOUD_API_ID),
      token: z.string().min(1).max(1000),
      token_expires_at: z.iso.datetime({ offset: true }).max(64).optional(),
    }),
  },
  responses: { 201: { description: "The connected number", schema: OperatorConnection } },
  codes: [409, 503],
  handler: async ({ db, config, commit, params, body }) => {
    const connection = await connectWhatsAppNumber(
      { db, config, commit: (statements) => commit(params.company_id, statements) },
      {
        companyId: params.company_id,
        phone: body.phone,
        displayName: body.display_name,
        phoneNumberId: body.phone_number_id,
        businessAccountId: body.business_account_id,
        token: body.token,
        tokenExpiresAt: body.token_expires_at,
      },
    );
    return {
      status: 201,
      body: operatorConnection(params.company_id, connection),
      audit: { companyId: params.company_id, resourceType: "whatsapp_connection", resourceId: connection.id },
    };
  },
});

const disconnectWhatsApp = defineOperatorOperation({
  operationId: "disconnectWhatsAppNumber",
  method: "delete",
  path: "/admin/v1/companies/{company_id}/whatsapp/{connection_id}",
  summary: "Disconnect a company's WhatsApp number",
  description:
    "The number stays listed as `disconnected`; nothing is sent from it any more and its token is never opened again.",
  tag: "WhatsApp",
  request: { params: CompanyParams.extend({ connection_id: z.string().min(1).max(100) }) },
  responses: { 200: { description: "The disconnected number", schema: OperatorConnection } },
  codes: [],
  handler: async ({ db, params }) => {
    const connection = await disconnectWhatsAppNumber(db, params.company_id, params.connection_id);
    return {
      status: 200,
      body: operatorConnection(params.company_id, connection),
      audit: { companyId: params.company_id, resourceType: "whatsapp_connection", resourceId: connection.id },
    };
  },
});

export const conversationsOperatorOperations = [connectWhatsApp, disconnectWhatsApp];
