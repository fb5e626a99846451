import { z } from "zod";
import type { Config } from "../config";
import { seal, unseal } from "../lib/sealing";
import type { ProviderName } from "./provider";

/**
 * Per-company provider settings: what a company may set for itself instead of the deployment's
 * configuration (its own token, sender, phone number id). Base URLs are never per company, so a
 * company cannot point the Worker's requests somewhere else; the one exception is the document
 * archive's and a mailbox's mail server, which only the operator sets (a company's own Paperless-ngx
 * instance, its JMAP server).
 */
const companySettingsSchemas = {
  whatsapp: z
    .object({ accessToken: z.string().min(1), phoneNumberId: z.string().min(1), businessAccountId: z.string().min(1) })
    .partial()
    .strict(),
  postmark: z
    .object({ serverToken: z.string().min(1), from: z.string().min(1) })
    .partial()
    .strict(),
  twilio: z
    .object({ accountSid: z.string().min(1), authToken: z.string().min(1), from: z.string().min(1) })
    .partial()
    .strict(),
  stripe: z
    .object({ secretKey: z.string().min(1) })
    .partial()
    .strict(),
  paperless: z
    .object({ baseUrl: z.string().url(), token: z.string().min(1) })
    .partial()
    .strict(),
  doh: z.object({}).strict(),
  jmap: z
    .object({ baseUrl: z.string().url(), username: z.string().min(1), token: z.string().min(1) })
    .partial()
    .strict(),
} satisfies Record<ProviderName, z.ZodType>;

export type CompanySettings<P extends ProviderName> = z.output<(typeof companySettingsSchemas)[P]>;

const LABEL = "provider-settings/v1";

/** The authenticated data: a ciphertext copied to another company or provider does not open. */
const context = (provider: ProviderName, companyId: string) => `${provider}:${companyId}`;

/** Seals a company's settings of one provider for storage (src/lib/sealing.ts, its own key label). */
export function sealProviderSettings<P extends ProviderName>(
  config: Pick<Config, "webhookSecretKey">,
  provider: P,
  companyId: string,
  settings: CompanySettings<P>,
): Promise<string> {
  const plain = JSON.stringify(companySettingsSchemas[provider].parse(settings));
  return seal(config.webhookSecretKey, LABEL, context(provider, companyId), plain);
}

/** Opens what sealProviderSettings stored; throws (without the content) if it was altered or moved. */
export async function openProviderSettings<P extends ProviderName>(
  config: Pick<Config, "webhookSecretKey">,
  provider: P,
  companyId: string,
  stored: string,
): Promise<CompanySettings<P>> {
  const plain = await unseal(config.webhookSecretKey, LABEL, context(provider, companyId), stored);
  return companySettingsSchemas[provider].parse(JSON.parse(plain)) as CompanySettings<P>;
}
