/**
 * Standard Webhooks signing (https://www.standardwebhooks.com) with the reference library, the
 * one the SDK and receivers verify with; the at-rest encryption of signing secrets with Web Crypto.
 */
import { Webhook } from "standardwebhooks";
import { base64ToUint8Array, uint8ArrayToBase64 } from "uint8array-extras";
import { SecretMissing } from "../../lib/errors";

const encoder = new TextEncoder();

// Accepts the URL-safe alphabet and missing padding too, as operators paste keys in either form.
const fromBase64 = (text: string) => base64ToUint8Array(text.trim());

const SECRET_PREFIX = "whsec_";

/** A new signing secret: whsec_ + base64 of 32 random bytes. */
export function newSigningSecret(): string {
  return SECRET_PREFIX + uint8ArrayToBase64(crypto.getRandomValues(new Uint8Array(32)));
}

/** The three Standard Webhooks headers of one attempt. */
export async function webhookHeaders(
  secret: string,
  id: string,
  timestamp: number,
  body: string,
): Promise<Record<string, string>> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    // `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed with the bytes after whsec_.
    "webhook-signature": new Webhook(secret).sign(id, new Date(timestamp * 1000), body),
  };
}

let cachedKey: { raw: string; key: Promise<CryptoKey> } | undefined;

/** The AES-256-GCM key of WEBHOOK_SECRET_KEY (base64 of 32 bytes), imported once per isolate. */
function encryptionKey(raw: string | undefined): Promise<CryptoKey> {
  if (!raw) throw new SecretMissing("WEBHOOK_SECRET_KEY", "webhook signing secrets");
  if (cachedKey?.raw !== raw) {
    const bytes = fromBase64(raw);
    if (bytes.length !== 32) throw new Error("WEBHOOK_SECRET_KEY must be the base64 encoding of 32 bytes.");
    cachedKey = { raw, key: crypto.subtle.importKey("raw", bytes, { name: "AES-GCM" }, false, ["encrypt", "decrypt"]) };
  }
  return cachedKey.key;
}

/**
 * Encrypts a signing secret for storage: v1.<iv>.<ciphertext>. The company id is authenticated
 * data, so a ciphertext copied onto another company's row does not decrypt.
 */
export async function encryptSecret(rawKey: string | undefined, secret: string, companyId: string): Promise<string> {
  const key = await encryptionKey(rawKey);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(companyId) },
    key,
    encoder.encode(secret),
  );
  return `v1.${uint8ArrayToBase64(iv)}.${uint8ArrayToBase64(sealed)}`;
}

export async function decryptSecret(rawKey: string | undefined, stored: string, companyId: string): Promise<string> {
  const [version, iv, sealed] = stored.split(".");
  if (version !== "v1" || !iv || !sealed) throw new Error("Unknown signing-secret ciphertext format.");
  const key = await encryptionKey(rawKey);
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromBase64(iv), additionalData: encoder.encode(companyId) },
    key,
    fromBase64(sealed),
  );
  return new TextDecoder().decode(plain);
}
