import { and, eq, isNull, sql } from "drizzle-orm";
import { preparedStatement, type Database } from "../data/client";
import { apiKeys, companies } from "../data/schema";
import { ApiError } from "../lib/errors";
import type { Caller } from "./caller";
import { isScope } from "./scopes";
import { uint8ArrayToHex } from "uint8array-extras";

/**
 * API keys: svc_<env>_<hex>, where the hex is 32 characters naming the key's lineage (the id of
 * the first key of its rotation chain, `key_<32 hex>`), 64 random ones and a 16-character check:
 * the first 8 bytes of HMAC-SHA256, under the Worker secret API_KEY_CHECK_SECRET, of everything
 * before it. The Worker verifies the check with no I/O, so a forged or random key is refused
 * before any body is read and before any Durable Object is called. The lineage names the key's
 * Durable Object (src/keys/guard.ts), which, not a D1 lookup before it, authenticates the key.
 *
 * Why 8 bytes: the check only decides whether a request may cost a Durable Object call (the 256
 * random bits are the credential); a forger guesses one check per request, rate-limited per
 * client, so 2^-64 per guess makes reaching an object by chance beyond any flood.
 *
 * Keys minted before the check (legacy: the same without its last 16 characters) still
 * authenticate through their Durable Object while LEGACY_UNCHECKED_KEYS is "accept" (the default);
 * rotating one issues a checked key. GET /admin/v1/keys/legacy counts those still active.
 *
 * Rotating the secret itself: set API_KEY_CHECK_SECRET_PREVIOUS to the old value and
 * API_KEY_CHECK_SECRET to a new one. Keys are then minted under the new secret and keys of either
 * pass their check; once every key has been rotated (or the announced window ends), unset the
 * previous one and keys still under it are refused like forged ones.
 */
const KEY_PATTERN = /^svc_(test|live)_([0-9a-f]{32})([0-9a-f]{64})([0-9a-f]{16})?$/;
const SECRET_BYTES = 32;
const CHECK_BYTES = 8;
const CHECK_HEX = CHECK_BYTES * 2;

const encoder = new TextEncoder();

export async function sha256Hex(text: string): Promise<string> {
  return uint8ArrayToHex(new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text))));
}

/** A new key id: `key_` and 32 hex characters. */
const newKeyId = () => `key_${crypto.randomUUID().replaceAll("-", "")}`;

/** The HMAC key of each check secret, imported once per isolate (a Worker has one secret). */
const checkKeys = new Map<string, Promise<CryptoKey>>();

function checkKeyOf(secret: string): Promise<CryptoKey> {
  let key = checkKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    checkKeys.set(secret, key);
  }
  return key;
}

/** The check a key carries after `body` (svc_<env>_<lineage><random>): a truncated HMAC under the secret. */
async function keyCheck(secret: string, body: string): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await checkKeyOf(secret), encoder.encode(body));
  return uint8ArrayToHex(new Uint8Array(mac, 0, CHECK_BYTES));
}

/**
 * A new key of `lineageId` (a new lineage when absent: the key's own id), always in the checked
 * form, and what is stored of it (only the hash, a display prefix and its form).
 */
export async function mintKey(checkSecret: string, environment: "test" | "live", lineageId?: string) {
  const id = newKeyId();
  const lineage = lineageId ?? id;
  const body = `svc_${environment}_${lineage.slice("key_".length)}${uint8ArrayToHex(crypto.getRandomValues(new Uint8Array(SECRET_BYTES)))}`;
  const value = body + (await keyCheck(checkSecret, body));
  return {
    id,
    lineageId: lineage,
    value,
    hash: await sha256Hex(value),
    prefix: value.slice(0, 14),
    form: "checked" as const,
  };
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
export function presentedKey(header: string | undefined, environment: string): PresentedKey & { legacy: boolean } {
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
  return { lineageId: `key_${match[2]}`, token, legacy: match[4] === undefined };
}

/** What decides a key by its form: the deployment's environment, check secret and legacy policy. */
export interface KeyFormPolicy {
  environment: string;
  checkSecret: string | undefined;
  /** During a rotation of the check secret, the previous one: its keys still pass. */
  previousCheckSecret?: string | undefined;
  legacyKeys: "accept" | "refuse";
}

/**
 * The presented key once its form and check hold (no I/O: an HMAC in the Worker), for its
 * Durable Object to verify; `legacy` when it has no check and the policy still accepts that.
 * `checkedLately` says whether this very key passed under the same secrets and was admitted by its
 * object lately (warm-keys.ts); its check is then not computed again.
 */
export async function checkedKey(
  header: string | undefined,
  policy: KeyFormPolicy,
  checkedLately: (key: PresentedKey) => boolean = () => false,
): Promise<{ key: PresentedKey; legacy: boolean; checkedLately: boolean }> {
  const { legacy, ...key } = presentedKey(header, policy.environment);
  if (legacy && policy.legacyKeys === "refuse")
    throw unauthorized(
      "This API key has an old form no longer accepted: rotate it, or ask for a new one.",
      "invalid_token",
    );
  // This very key passed (and its object admitted it) lately under the same secrets: not checked again.
  if (checkedLately(key)) return { key, legacy, checkedLately: true };
  if (legacy) return { key, legacy, checkedLately: false };
  const body = key.token.slice(0, -CHECK_HEX);
  const check = key.token.slice(-CHECK_HEX);
  const passes = async (secret: string | undefined) =>
    secret !== undefined && timingSafeEqualText(await keyCheck(secret, body), check);
  // Without the secret no check can be verified: such a key is refused like a forged one.
  if (!(await passes(policy.checkSecret)) && !(await passes(policy.previousCheckSecret)))
    throw unauthorized(UNKNOWN_KEY, "invalid_token");
  return { key, legacy, checkedLately: false };
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
        store: companies.store,
        moving: companies.moving,
        movedFrom: companies.movedFrom,
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

/**
 * Whether a lineage has an active key of the legacy form: asked before a legacy key's Durable
 * Object is called, so that a legacy-form key of a lineage that does not exist (a random one)
 * never reaches, and never creates, an object. Only a lineage found is remembered (per isolate,
 * bounded): the object stays the authority on the key, revocation included.
 */
const activeLegacyKeyOfLineage = preparedStatement((db) =>
  db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(
      and(eq(apiKeys.lineageId, sql.placeholder("lineage")), isNull(apiKeys.revokedAt), eq(apiKeys.keyForm, "legacy")),
    )
    .limit(1)
    .prepare(),
);
const KNOWN_LEGACY_LINEAGES = 10_000;
const knownLegacyLineages = new Set<string>();

export async function legacyLineageActive(db: Database, lineageId: string): Promise<boolean> {
  if (knownLegacyLineages.has(lineageId)) return true;
  if (!(await activeLegacyKeyOfLineage(db).get({ lineage: lineageId }))) return false;
  if (knownLegacyLineages.size >= KNOWN_LEGACY_LINEAGES) knownLegacyLineages.clear();
  knownLegacyLineages.add(lineageId);
  return true;
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
