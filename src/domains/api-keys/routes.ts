import { mintKey } from "../../core/auth";
import { keysChanged } from "../../core/key-changes";
import { nowIso } from "../../core/db/schema";
import { notFound } from "../../core/errors";
import { defineOperation } from "../../core/operation";
import { KeyPath, RotatedKey, rotatedKeyExample } from "./model";
import { rotationStatements } from "./queries";

export const apiKeyOperations = [
  defineOperation({
    operationId: "rotateApiKey",
    method: "post",
    path: "/api/v1/api-keys/{key_id}/rotate",
    summary: "Rotate the calling key",
    description:
      "Issues a new key with the same name and scopes and revokes the calling key at once (no grace period). " +
      "key_id must be the id of the key making the call; any other id answers 404. The new key keeps the old one's " +
      "rate-limit window and Idempotency-Key records. The response is not kept for Idempotency-Key replay, since it holds a secret. " +
      "Exactly one rotation of a key succeeds: concurrent rotations of the same key after the first answer 401 (the key is revoked) and create nothing.",
    scope: "api-keys:write",
    gate: "W",
    codes: [201, 400, 401, 403, 404, 429, 500],
    request: { params: KeyPath },
    responses: { 201: { description: "The new key", schema: RotatedKey, example: rotatedKeyExample } },
    storeIdempotentResponse: false,
    handler: async ({ db, env, config, caller, params, commit }) => {
      if (params.key_id !== caller.keyId) throw notFound("API key");
      const minted = await mintKey(config.environment, caller.lineageId);
      const newId = minted.id;
      const createdAt = nowIso();
      await commit(rotationStatements(db, { caller, newId, hash: minted.hash, prefix: minted.prefix, environment: config.environment, createdAt }), {
        resourceType: "api_key",
        resourceId: caller.keyId,
      });
      // The lineage's Durable Object still holds the old key: from the next request on, the new one.
      await keysChanged(env, [caller.lineageId]);
      return {
        status: 201,
        body: { key_id: newId, api_key: minted.value, name: caller.keyName, scopes: [...caller.scopes], created_at: createdAt, replaces: caller.keyId },
      };
    },
  }),
];
