import { and, eq, isNull, sql } from "drizzle-orm";
import { unauthorized } from "../../keys/auth";
import type { Database } from "../../data/client";
import { precondition } from "../../data/precondition";
import { apiKeys } from "../../data/schema";
import type { Caller } from "../../keys/caller";
import type { WriteStatement } from "../../core/operation";

/**
 * The calling key's successor, with its name and scopes and the same lineage (so it keeps the
 * rate-limit window and Idempotency-Key records), and the calling key revoked: only while it is
 * still active, so that of concurrent rotations exactly one succeeds.
 */
export function rotationStatements(
  db: Database,
  rotation: {
    caller: Caller;
    newId: string;
    hash: string;
    prefix: string;
    form: "checked";
    environment: "test" | "live";
    createdAt: string;
  },
): WriteStatement[] {
  const { caller, newId, createdAt } = rotation;
  return [
    precondition(
      db,
      sql`EXISTS (SELECT 1 FROM ${apiKeys} WHERE ${and(eq(apiKeys.id, caller.keyId), isNull(apiKeys.revokedAt))})`,
      () => unauthorized("The API key is unknown or revoked.", "invalid_token"),
    ),
    db.insert(apiKeys).values({
      id: newId,
      companyId: caller.company.id,
      lineageId: caller.lineageId,
      name: caller.keyName,
      scopes: [...caller.scopes],
      environment: rotation.environment,
      keyHash: rotation.hash,
      keyPrefix: rotation.prefix,
      keyForm: rotation.form,
      createdAt,
    }),
    db.update(apiKeys).set({ revokedAt: createdAt, replacedBy: newId }).where(eq(apiKeys.id, caller.keyId)),
  ];
}
