import { defineOperation } from "../../core/operation";
import { rotateKey } from "./actions";
import { KeyPath, RotatedKey, rotatedKeyExample } from "./model";

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
    // It revokes the calling key at once: only the new key works afterwards.
    mcp: { destructive: true },
    request: { params: KeyPath },
    responses: { 201: { description: "The new key", schema: RotatedKey, example: rotatedKeyExample } },
    storeIdempotentResponse: false,
    handler: async ({ db, env, config, caller, params, commit }) => ({
      status: 201,
      body: await rotateKey({ db, env, config, caller, commit }, params.key_id),
    }),
  }),
];
