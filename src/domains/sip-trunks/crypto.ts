/**
 * SIP trunk passwords at rest: AES-256-GCM under a key HKDF derives from WEBHOOK_SECRET_KEY (base64
 * of 32 bytes) with its own label, so operators keep one secret and no two uses share a key (as
 * webhook signing secrets and provider settings). The trunk's company and id are the authenticated
 * data: a ciphertext copied to another trunk does not open. Stored as v1.<iv>.<ciphertext>.
 */
const encoder = new TextEncoder();
const LABEL = "sip-trunk-passwords/v1";

export class TrunkKeyMissing extends Error {
  constructor() {
    super("WEBHOOK_SECRET_KEY is not set, so SIP trunk passwords cannot be sealed.");
    this.name = "TrunkKeyMissing";
  }
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

let cached: { raw: string; key: Promise<CryptoKey> } | undefined;

function passwordKey(raw: string | undefined): Promise<CryptoKey> {
  if (!raw) throw new TrunkKeyMissing();
  if (cached?.raw !== raw) {
    const bytes = fromBase64(raw.trim());
    if (bytes.length !== 32) throw new Error("WEBHOOK_SECRET_KEY must be the base64 encoding of 32 bytes.");
    const key = crypto.subtle
      .importKey("raw", bytes, "HKDF", false, ["deriveKey"])
      .then((master) =>
        crypto.subtle.deriveKey({ name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode(LABEL) }, master, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]),
      );
    cached = { raw, key };
  }
  return cached.key;
}

const aad = (companyId: string, trunkId: string) => encoder.encode(`sip-trunk:${companyId}:${trunkId}`);

export async function sealPassword(secretKey: string | undefined, companyId: string, trunkId: string, password: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: aad(companyId, trunkId) }, await passwordKey(secretKey), encoder.encode(password));
  return `v1.${toBase64(iv)}.${toBase64(new Uint8Array(sealed))}`;
}

/** The password, for the platform's SIP registration only (never an API answer); throws when altered or moved. */
export async function openPassword(secretKey: string | undefined, companyId: string, trunkId: string, stored: string): Promise<string> {
  const [version, iv, sealed] = stored.split(".");
  if (version !== "v1" || !iv || !sealed) throw new Error("Unknown format of a sealed SIP trunk password.");
  const plain = await crypto.subtle
    .decrypt({ name: "AES-GCM", iv: fromBase64(iv), additionalData: aad(companyId, trunkId) }, await passwordKey(secretKey), fromBase64(sealed))
    .catch(() => {
      throw new Error(`The password of SIP trunk ${trunkId} does not decrypt (altered, moved, or another key).`);
    });
  return new TextDecoder().decode(plain);
}
