import { eq, sql } from "drizzle-orm";
import { preparedStatement, type Database } from "./db/client";
import { apiKeys, companies } from "./db/schema";
import { ApiError } from "./errors";
import type { Caller } from "./operation";

/** svc_<env>_<hex>: the environment, then the secret as lowercase hex. */
const KEY_PATTERN = /^svc_(test|live)_([0-9a-f]{32,128})$/;

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A new key value and what is stored of it (only the hash and a display prefix). */
export async function mintKey(environment: "test" | "live") {
  const secret = crypto.getRandomValues(new Uint8Array(32));
  const value = `svc_${environment}_${[...secret].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
  return { value, hash: await sha256Hex(value), prefix: value.slice(0, 14) };
}

export const unauthorized = (detail: string, error?: "invalid_token") =>
  new ApiError("unauthorized", detail, {
    headers: { "WWW-Authenticate": error ? `Bearer realm="api", error="${error}"` : 'Bearer realm="api"' },
  });

/** The key and its company, found by the key's hash (the unique index on key_hash). */
const keyByHash = preparedStatement((db) =>
  db
    .select({
      keyId: apiKeys.id,
      lineageId: apiKeys.lineageId,
      keyName: apiKeys.name,
      scopes: apiKeys.scopes,
      keyHash: apiKeys.keyHash,
      revokedAt: apiKeys.revokedAt,
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
    .where(eq(apiKeys.keyHash, sql.placeholder("hash")))
    .prepare(),
);

/** Resolves the Authorization header to its key and company, or throws a 401 problem. */
export async function authenticate(db: Database, header: string | undefined, environment: string): Promise<Caller> {
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

  const hash = await sha256Hex(token);
  const row = await keyByHash(db).get({ hash });

  // The index lookup found the row by hash; the constant-time compare keeps the final decision
  // independent of how many characters matched.
  if (!row || !timingSafeEqualHex(row.keyHash, hash) || row.revokedAt !== null) {
    throw unauthorized("The API key is unknown or revoked.", "invalid_token");
  }
  // A suspended account (its agency suspended it) is locked out until it is activated again.
  if (row.companyStatus === "suspended") throw unauthorized("The account of this API key is suspended.", "invalid_token");
  const { keyHash: _hash, revokedAt: _revoked, companyStatus: _status, ...caller } = row;
  return caller;
}

function timingSafeEqualHex(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  return left.byteLength === right.byteLength && crypto.subtle.timingSafeEqual(left, right);
}
