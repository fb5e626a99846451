import { z } from "@hono/zod-openapi";
import { and, eq, isNull, sql } from "drizzle-orm";
import { mintKey, unauthorized } from "../../core/auth";
import { precondition } from "../../core/db/precondition";
import { apiKeys, nowIso } from "../../core/db/schema";
import { notFound } from "../../core/errors";
import { defineOperation } from "../../core/operation";

const RotatedKey = z
  .object({
    key_id: z.string(),
    api_key: z.string().openapi({ description: "The new key. Shown only in this response; store it now." }),
    name: z.string(),
    scopes: z.array(z.string()),
    created_at: z.string().openapi({ format: "date-time" }),
    replaces: z.string().openapi({ description: "Id of the key this one replaces, revoked by this call" }),
  })
  .openapi("RotatedKey");

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
    request: { params: z.object({ key_id: z.string().max(100).openapi({ description: "Id of the calling key" }) }) },
    responses: { 201: { description: "The new key", schema: RotatedKey } },
    storeIdempotentResponse: false,
    handler: async ({ db, config, caller, params, commit }) => {
      if (params.key_id !== caller.keyId) throw notFound("API key");
      const minted = await mintKey(config.environment);
      const newId = `key_${crypto.randomUUID().replaceAll("-", "")}`;
      const createdAt = nowIso();
      await commit(
        [
          // Compare-and-set: only a key that is still active is rotated, once.
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
            environment: config.environment,
            keyHash: minted.hash,
            keyPrefix: minted.prefix,
            createdAt,
          }),
          db.update(apiKeys).set({ revokedAt: createdAt, replacedBy: newId }).where(eq(apiKeys.id, caller.keyId)),
        ],
        { resourceType: "api_key", resourceId: caller.keyId },
      );
      return {
        status: 201,
        body: { key_id: newId, api_key: minted.value, name: caller.keyName, scopes: [...caller.scopes], created_at: createdAt, replaces: caller.keyId },
      };
    },
  }),
];
