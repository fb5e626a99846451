/**
 * Secrets at rest: AES-256-GCM under a key HKDF-SHA-256 derives from the deployment's at-rest key
 * (WEBHOOK_SECRET_KEY, base64 of 32 bytes) with a label per purpose, so operators keep one secret
 * and no two purposes share a key. The context (the owner's company and row) is the authenticated
 * data: a ciphertext copied onto another row does not open. Stored as v1.<iv>.<ciphertext>.
 */
import { base64ToUint8Array, uint8ArrayToBase64 } from "uint8array-extras";
import { SecretMissing } from "./errors";

const encoder = new TextEncoder();

/** Standard or URL-safe base64, padded or not (operators paste keys in either form); surrounding blanks ignored. */
const fromBase64 = (text: string) => base64ToUint8Array(text.trim());

// One derived key per label, rebuilt only when the at-rest key changes.
const keys = new Map<string, { raw: string; key: Promise<CryptoKey> }>();

function keyFor(raw: string | undefined, label: string): Promise<CryptoKey> {
  if (!raw) throw new SecretMissing("WEBHOOK_SECRET_KEY", label);
  const cached = keys.get(label);
  if (cached?.raw === raw) return cached.key;
  const bytes = fromBase64(raw);
  if (bytes.length !== 32) throw new Error("WEBHOOK_SECRET_KEY must be the base64 encoding of 32 bytes.");
  const key = crypto.subtle
    .importKey("raw", bytes, "HKDF", false, ["deriveKey"])
    .then((master) =>
      crypto.subtle.deriveKey(
        { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode(label) },
        master,
        { name: "AES-GCM", length: 256 },
        false,
        ["encrypt", "decrypt"],
      ),
    );
  keys.set(label, { raw, key });
  return key;
}

/** What a sealed value looks like; anything else in a sealed column is a plaintext left from before sealing. */
export const isSealed = (stored: string): boolean => /^v1\.[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/.test(stored);

/** Seals `plain` for storage under the key of `label`, bound to `context`. */
export async function seal(rawKey: string | undefined, label: string, context: string, plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(context) },
    await keyFor(rawKey, label),
    encoder.encode(plain),
  );
  return `v1.${uint8ArrayToBase64(iv)}.${uint8ArrayToBase64(sealed)}`;
}

/** Opens what `seal` stored; throws, without the content, when it was altered, moved or sealed under another key. */
export async function unseal(
  rawKey: string | undefined,
  label: string,
  context: string,
  stored: string,
): Promise<string> {
  const [version, iv, sealed] = stored.split(".");
  if (version !== "v1" || !iv || !sealed) throw new Error(`Unknown format of a sealed value (${label}).`);
  const key = await keyFor(rawKey, label);
  const plain = await crypto.subtle
    .decrypt({ name: "AES-GCM", iv: fromBase64(iv), additionalData: encoder.encode(context) }, key, fromBase64(sealed))
    .catch(() => {
      throw new Error(
        `A sealed value (${label}, ${context}) does not decrypt: altered, moved, or sealed under another key.`,
      );
    });
  return new TextDecoder().decode(plain);
}
