import { z } from "zod";
import type { Config } from "../../config";
import type { ProviderName } from "./provider";

/**
 * Per-company provider settings: what a company may set for itself instead of the deployment's
 * configuration (its own token, sender, phone number id). Base URLs are never per company, so a
 * company cannot point the Worker's requests somewhere else; the one exception is the document
 * archive's and a mailbox's mail server, which only the operator sets (a company's own Paperless-ngx
 * instance, its JMAP server).
 */
const companySettingsSchemas = {
  whatsapp: z.object({ accessToken: z.string().min(1), phoneNumberId: z.string().min(1), businessAccountId: z.string().min(1) }).partial().strict(),
  postmark: z.object({ serverToken: z.string().min(1), from: z.string().min(1) }).partial().strict(),
  twilio: z.object({ accountSid: z.string().min(1), authToken: z.string().min(1), from: z.string().min(1) }).partial().strict(),
  stripe: z.object({ secretKey: z.string().min(1) }).partial().strict(),
  paperless: z.object({ baseUrl: z.string().url(), token: z.string().min(1) }).partial().strict(),
  doh: z.object({}).strict(),
  jmap: z.object({ baseUrl: z.string().url(), username: z.string().min(1), token: z.string().min(1) }).partial().strict(),
} satisfies Record<ProviderName, z.ZodType>;

export type CompanySettings<P extends ProviderName> = z.output<(typeof companySettingsSchemas)[P]>;

const encoder = new TextEncoder();

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const normal = text.trim().replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(normal + "=".repeat((4 - (normal.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export class SettingsKeyMissing extends Error {
  constructor() {
    super("WEBHOOK_SECRET_KEY is not set, so per-company provider settings cannot be sealed or opened.");
    this.name = "SettingsKeyMissing";
  }
}

let cached: { raw: string; key: Promise<CryptoKey> } | undefined;

/**
 * The AES-256-GCM key of provider settings: derived with HKDF-SHA-256 from the at-rest key
 * (WEBHOOK_SECRET_KEY, base64 of 32 bytes) under its own label, so it is never the key of webhook
 * signing secrets, and operators keep one secret.
 */
function settingsKey(raw: string | undefined): Promise<CryptoKey> {
  if (!raw) throw new SettingsKeyMissing();
  if (cached?.raw !== raw) {
    const bytes = fromBase64(raw);
    if (bytes.length !== 32) throw new Error("WEBHOOK_SECRET_KEY must be the base64 encoding of 32 bytes.");
    const key = crypto.subtle
      .importKey("raw", bytes, "HKDF", false, ["deriveKey"])
      .then((master) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode("provider-settings/v1") },
          master,
          { name: "AES-GCM", length: 256 },
          false,
          ["encrypt", "decrypt"],
        ),
      );
    cached = { raw, key };
  }
  return cached.key;
}

/** The authenticated data: a ciphertext copied to another company or provider does not open. */
const aad = (provider: ProviderName, companyId: string) => encoder.encode(`${provider}:${companyId}`);

/** Seals a company's settings of one provider for storage: v1.<iv>.<ciphertext>, like webhook secrets. */
export async function sealProviderSettings<P extends ProviderName>(config: Pick<Config, "webhookSecretKey">, provider: P, companyId: string, settings: CompanySettings<P>): Promise<string> {
  const plain = JSON.stringify(companySettingsSchemas[provider].parse(settings));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await settingsKey(config.webhookSecretKey);
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: aad(provider, companyId) }, key, encoder.encode(plain));
  return `v1.${toBase64(iv)}.${toBase64(new Uint8Array(sealed))}`;
}

/** Opens what sealProviderSettings stored; throws (without the content) if it was altered or moved. */
export async function openProviderSettings<P extends ProviderName>(config: Pick<Config, "webhookSecretKey">, provider: P, companyId: string, stored: string): Promise<CompanySettings<P>> {
  const [version, iv, sealed] = stored.split(".");
  if (version !== "v1" || !iv || !sealed) throw new Error(`Unknown ciphertext format of ${provider} settings.`);
  const key = await settingsKey(config.webhookSecretKey);
  const plain = await crypto.subtle
    .decrypt({ name: "AES-GCM", iv: fromBase64(iv), additionalData: aad(provider, companyId) }, key, fromBase64(sealed))
    .catch(() => {
      throw new Error(`The stored ${provider} settings of company ${companyId} do not decrypt (altered, moved, or another key).`);
    });
  return companySettingsSchemas[provider].parse(JSON.parse(new TextDecoder().decode(plain))) as CompanySettings<P>;
}
