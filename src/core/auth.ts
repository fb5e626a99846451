import { and, eq, isNull, sql } from "drizzle-orm";
import { preparedStatement, type Database } from "./db/client";
import { apiKeys, companies } from "./db/schema";
import { ApiError } from "./errors";
import type { Caller } from "./operation";
import { isScope } from "./scopes";

/**
 * API keys: svc_<env>_<hex>, where the hex is 32 characters naming the key's lineage (the id of
 * the first key of its rotation chain, `key_<32 hex>`) and 64 random ones. The lineage names the
 * key's Durable Object (src/core/guard.ts), so a request reaches it straight from the key, and the
 * object, not a D1 lookup before it, authenticates the key.
 */
const KEY_PATTERN = /^svc_(test|live)_([0-9a-f]{32})([0-9a-f]{64})$/;
const SECRET_BYTES = 32;

/** Every byte's two hex digits, so that hashing a request's key and fingerprint converts by lookup. */
const HEX_PAIRS = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));
const encoder = new TextEncoder();

const hex = (bytes: Uint8Array) => {
  let text = "";
  for (const byte of bytes) text += HEX_PAIRS[byte];
  return text;
};

export async function sha256Hex(text: string): Promise<string> {
  return hex(new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text))));
}

/** A new key id: `key_` and 32 hex characters. */
const newKeyId = () => `key_${crypto.randomUUID().replaceAll("-", "")}`;

/**
 * A new key of `lineageId` (a new lineage when absent: the key's own id), and what is stored of it
 * (only the hash and a display prefix).
 */
export async function mintKey(environment: "test" | "live", lineageId?: string) {
  const id = newKeyId();
  const lineage = lineageId ?? id;
  const value = `svc_${environment}_${lineage.slice("key_".length)}${hex(crypto.getRandomValues(new Uint8Array(SECRET_BYTES)))}`;
  return { id, lineageId: lineage, value, hash: await sha256Hex(value), prefix: value.slice(0, 14) };
}

export const unauthorized = (detail: string, error?: "invalid_token") =>
  new ApiError("unauthorized", detail, {
    headers: { "WWW-Authenticate": error ? `Bearer realm="api", error="${error}"` : 'Bearer realm="api"' },
  });

export const UNKNOWN_KEY = "The API key is unknown or revoked.";
export const SUSPENDED_ACCOUNT = "The account of this API key is suspended.";

/**
 * The presented key, checked for form only: which lineage it names, and the key itself for that
 * lineage's Durable Object to verify against the stored hash (the Worker hashes nothing).
 */
export interface PresentedKey {
  lineageId: string;
  token: string;
}

/** Reads the Authorization header (no I/O): a malformed or foreign key is 401 here. */
export function presentedKey(header: string | undefined, environment: string): PresentedKey {
  if (!header) throw unauthorized("Send the API key as Authorization: Bearer <API key>.");
  const [scheme, token, ...rest] = header.trim().split(/\s+/);
  if (scheme?.toLowerCase() !== "bearer" || !token || rest.length > 0) {
    throw unauthorized("The Authorization header must be: Bearer <API key>.", "invalid_token");
  }
  const match = KEY_PATTERN.exec(token);
  if (!match) throw unauthorized("The API key is malformed: expected svc_<env>_<hex>.", "invalid_token");
  if (match[1] !== environment) {
    throw unauthorized(`This is a ${match[1]} key; this deployment accepts ${environment} keys.`, "invalid_token");
  }
  return { lineageId: `key_${match[2]}`, token };
}

/** What the key's Durable Object keeps of its lineage: the active key and its company. */
export interface KeyRecord {
  keyHash: string;
  companyStatus: "active" | "suspended";
  caller: Caller;
}

/**
 * The active key of a lineage and its company (at most one: a rotation revokes the key it replaces
 * in the batch that creates its successor). Read by the lineage's Durable Object only.
 */
const activeKeyOfLineage = preparedStatement((db) =>
  db
    .select({
      keyId: apiKeys.id,
      lineageId: apiKeys.lineageId,
      keyName: apiKeys.name,
      scopes: apiKeys.scopes,
      keyHash: apiKeys.keyHash,
      companyStatus: companies.status,
      company: {
        id: companies.id,
        name: companies.name,
        plan: companies.plan,
        parentCompanyId: companies.parentCompanyId,
        capabilities: companies.capabilities,
        spendEnabled: companies.spendEnabled,
        defaultVatRate: companies.defaultVatRate,
        defaultCurrency: companies.defaultCurrency,
        defaultValidity: companies.defaultValidity,
        defaultRegion: companies.defaultRegion,
      },
    })
    .from(apiKeys)
    .innerJoin(companies, eq(companies.id, apiKeys.companyId))
    .where(and(eq(apiKeys.lineageId, sql.placeholder("lineage")), isNull(apiKeys.revokedAt)))
    .prepare(),
);

export async function keyRecordOf(db: Database, lineageId: string): Promise<KeyRecord | undefined> {
  const row = await activeKeyOfLineage(db).get({ lineage: lineageId });
  if (!row) return undefined;
  const { keyHash, companyStatus, scopes, ...caller } = row;
  // D1 holds plain strings: only known scopes reach the typed caller (no operation requires another).
  return { keyHash, companyStatus, caller: { ...caller, scopes: scopes.filter(isScope) } };
}

/** The lineages of a company's active keys: the Durable Objects to tell when the company changes. */
export async function activeLineagesOf(db: Database, companyId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ lineageId: apiKeys.lineageId })
    .from(apiKeys)
    .where(and(eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt)));
  return rows.map((row) => row.lineageId);
}

/** Whether two strings are equal, in a time that depends on their length only (Web Crypto's compare). */
export function timingSafeEqualText(a: string, b: string): boolean {
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  return left.byteLength === right.byteLength && crypto.subtle.timingSafeEqual(left, right);
}
