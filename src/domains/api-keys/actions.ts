import type { z } from "@hono/zod-openapi";
import type { Uses } from "../../core/action";
import { mintKey } from "../../keys/auth";
import { nowIso } from "../../data/schema";
import { notFound } from "../../lib/errors";
import { keysChanged } from "../../keys/key-changes";
import type { RotatedKey } from "./model";
import { rotationStatements } from "./queries";

/**
 * Issues the calling key's successor (same name and scopes) and revokes the calling key in one
 * batch. Any key id but the caller's own is 404.
 */
export async function rotateKey(
  { db, env, config, caller, commit }: Uses<"db" | "env" | "config" | "caller" | "commit">,
  keyId: string,
): Promise<z.input<typeof RotatedKey>> {
  if (keyId !== caller.keyId) throw notFound("API key");
  const { checkSecret } = config.apiKeys;
  // A deployment without the secret is misconfigured (no checked key authenticates there): a 500, logged.
  if (!checkSecret) throw new Error("API_KEY_CHECK_SECRET is not set: API keys cannot be issued.");
  // The successor always carries its check, so rotating a legacy key is how it is migrated.
  const minted = await mintKey(checkSecret, config.environment, caller.lineageId);
  const newId = minted.id;
  const createdAt = nowIso();
  await commit(
    rotationStatements(db, {
      caller,
      newId,
      hash: minted.hash,
      prefix: minted.prefix,
      form: minted.form,
      environment: config.environment,
      createdAt,
    }),
    {
      resourceType: "api_key",
      resourceId: caller.keyId,
    },
  );
  // The lineage's Durable Object still holds the old key: from the next request on, the new one.
  await keysChanged(env, [caller.lineageId]);
  return {
    key_id: newId,
    api_key: minted.value,
    name: caller.keyName,
    scopes: [...caller.scopes],
    created_at: createdAt,
    replaces: caller.keyId,
  };
}
