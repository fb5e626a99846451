/**
 * SIP trunk passwords at rest: AES-256-GCM under a key HKDF derives from WEBHOOK_SECRET_KEY (base64
 * of 32 bytes) with its own label, so operators keep one secret and no two uses share a key (as
 * webhook signing secrets and provider settings). The trunk's company and id are the authenticated
 * data: a ciphertext copied to another trunk does not open (src/lib/sealing.ts).
 */
import { seal, unseal } from "../../lib/sealing";

const LABEL = "sip-trunk-passwords/v1";

const context = (companyId: string, trunkId: string) => `sip-trunk:${companyId}:${trunkId}`;

/** Seals a password for storage; without the at-rest key, SecretMissing (503 where the operation declares it). */
export function sealPassword(
  secretKey: string | undefined,
  companyId: string,
  trunkId: string,
  password: string,
): Promise<string> {
  return seal(secretKey, LABEL, context(companyId, trunkId), password);
}

/** The password, for the platform's SIP registration only (never an API answer); throws when altered or moved. */
export function openPassword(
  secretKey: string | undefined,
  companyId: string,
  trunkId: string,
  stored: string,
): Promise<string> {
  return unseal(secretKey, LABEL, context(companyId, trunkId), stored);
}
