import { z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { isUniqueViolation } from "../../core/db/bulk";
import type { Database } from "../../core/db/client";
import { rowOf } from "../../core/db/rows";
import { companies, nowIso } from "../../core/db/schema";
import { parsePhone } from "../../core/phone";
import { sealConnectionCredentials } from "./connections";
import { toConnection, type ConnectionView } from "./model";
import { insertConnection } from "./queries";
import { whatsappConnections } from "./schema";
import { InputError } from "../../core/input-error";
import { CompanyParams, defineOperatorOperation } from "../../core/operator";

/** The Cloud API's ids are numbers written as text. */
const CLOUD_API_ID = /^\d{5,20}$/;

/**
 * Connects a company's WhatsApp number (the panel's "connect WhatsApp"): the number in E.164, the
 * Cloud API's phone number id and business account id, and the token, sealed at once with the
 * deployment's at-rest key. The answer is the connection as the API shows it, never the token.
 */
export async function connectWhatsAppNumber(
  db: Database,
  secretKey: string | undefined,
  input: { companyId: string; phone: string; displayName: string; phoneNumberId: string; businessAccountId: string; token: string | undefined },
): Promise<ConnectionView> {
  if (!secretKey) throw new InputError("missing_secret", "The at-rest key WEBHOOK_SECRET_KEY is needed to seal the token.");
  if (!input.token) throw new InputError("missing_secret", "The number's token is needed.");
  const company = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, input.companyId)).get();
  if (!company) throw new InputError("unknown_company", `No company ${input.companyId}.`);
  const phone = parsePhone(input.phone);
  if (!phone) throw new InputError("invalid_argument", "phone must be a valid number in E.164, such as +34911234567.");
  for (const [name, value] of [["phone_number_id", input.phoneNumberId], ["business_account_id", input.businessAccountId]] as const) {
    if (!CLOUD_API_ID.test(value)) throw new InputError("invalid_argument", `${name} must be the Cloud API's numeric id.`);
  }
  const displayName = input.displayName.trim();
  if (displayName.length === 0 || displayName.length > 120) throw new InputError("invalid_argument", "display_name must be 1 to 120 characters.");
  const at = nowIso();
  const row = {
    id: crypto.randomUUID(),
    companyId: input.companyId,
    phoneNumber: phone.e164,
    displayName,
    phoneNumberId: input.phoneNumberId,
    businessAccountId: input.businessAccountId,
    status: "connected" as const,
    credentials: await sealConnectionCredentials({ webhookSecretKey: secretKey }, input.companyId, {
      accessToken: input.token,
      phoneNumberId: input.phoneNumberId,
      businessAccountId: input.businessAccountId,
    }),
    connectedAt: at,
    createdAt: at,
  };
  try {
    await insertConnection(db, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new InputError("conflict", `The company already has the number ${phone.e164}.`);
    throw error;
  }
  return toConnection(row);
}

/** Disconnects a number: it stays listed (status disconnected) and nothing is sent from it any more; the gateway never opens a disconnected number's token. */
export async function disconnectWhatsAppNumber(db: Database, companyId: string, connectionId: string): Promise<ConnectionView> {
  const [row] = await db
    .update(whatsappConnections)
    .set({ status: "disconnected", connectedAt: null })
    .where(rowOf(whatsappConnections, companyId, connectionId))
    .returning();
  if (!row) throw new InputError("not_found", `The company ${companyId} has no WhatsApp connection ${connectionId}.`);
  return toConnection(row);
}

const OperatorConnection = z.object({
  connection_id: z.string(),
  company_id: z.string(),
  phone_number: z.string(),
  display_name: z.string(),
  status: z.enum(["connected", "disconnected"]),
  connected_at: z.string().nullable(),
  created_at: z.string(),
});

const operatorConnection = (companyId: string, { id, ...view }: ConnectionView): z.input<typeof OperatorConnection> => ({ connection_id: id, company_id: companyId, ...view });


const connectWhatsApp = defineOperatorOperation({
  operationId: "connectWhatsAppNumber",
  method: "post",
  path: "/admin/v1/companies/{company_id}/whatsapp",
  summary: "Connect a company's WhatsApp number (Cloud API)",
  description:
    "The number (E.164), the name WhatsApp shows, the Cloud API's phone number id and business account id, and the token of the company's system user. " +
    "The token is sealed at once and never answered. 409 if the company already has the number; 503 without the at-rest key (WEBHOOK_SECRET_KEY).",
  tag: "WhatsApp",
  request: {
    params: CompanyParams,
    body: z.object({
      phone: z.string().min(3).max(32),
      display_name: z.string().trim().min(1).max(120),
      phone_number_id: z.string().regex(CLOUD_API_ID),
      business_account_id: z.string().regex(CLOUD_API_ID),
      token: z.string().min(1).max(1000),
    }),
  },
  responses: { 201: { description: "The connected number", schema: OperatorConnection } },
  codes: [409, 503],
  handler: async ({ db, config, params, body }) => {
    const connection = await connectWhatsAppNumber(db, config.webhookSecretKey, {
      companyId: params.company_id,
      phone: body.phone,
      displayName: body.display_name,
      phoneNumberId: body.phone_number_id,
      businessAccountId: body.business_account_id,
      token: body.token,
    });
    return { status: 201, body: operatorConnection(params.company_id, connection), audit: { companyId: params.company_id, resourceType: "whatsapp_connection", resourceId: connection.id } };
  },
});

const disconnectWhatsApp = defineOperatorOperation({
  operationId: "disconnectWhatsAppNumber",
  method: "delete",
  path: "/admin/v1/companies/{company_id}/whatsapp/{connection_id}",
  summary: "Disconnect a company's WhatsApp number",
  description: "The number stays listed as `disconnected`; nothing is sent from it any more and its token is never opened again.",
  tag: "WhatsApp",
  request: { params: CompanyParams.extend({ connection_id: z.string().min(1).max(100) }) },
  responses: { 200: { description: "The disconnected number", schema: OperatorConnection } },
  codes: [],
  handler: async ({ db, params }) => {
    const connection = await disconnectWhatsAppNumber(db, params.company_id, params.connection_id);
    return { status: 200, body: operatorConnection(params.company_id, connection), audit: { companyId: params.company_id, resourceType: "whatsapp_connection", resourceId: connection.id } };
  },
});

export const conversationsOperatorOperations = [connectWhatsApp, disconnectWhatsApp];
