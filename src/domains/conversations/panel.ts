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
  if (!secretKey) throw new InputError("missing_secret", "The at-rest key WEBHOOK_SECRET_KEY is needed to seal the token (.dev.vars locally, the environment with --remote).");
  if (!input.token) throw new InputError("missing_secret", "The token is read from the environment variable WHATSAPP_CONNECTION_TOKEN (not from the command line, which shell histories keep).");
  const company = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, input.companyId)).get();
  if (!company) throw new InputError("unknown_company", `No company ${input.companyId}.`);
  const phone = parsePhone(input.phone);
  if (!phone) throw new InputError("invalid_argument", "--phone must be a valid number in E.164, such as +34911234567.");
  for (const [name, value] of [["--phone-number-id", input.phoneNumberId], ["--business-account-id", input.businessAccountId]] as const) {
    if (!CLOUD_API_ID.test(value)) throw new InputError("invalid_argument", `${name} must be the Cloud API's numeric id.`);
  }
  const displayName = input.displayName.trim();
  if (displayName.length === 0 || displayName.length > 120) throw new InputError("invalid_argument", "--name must be 1 to 120 characters.");
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
