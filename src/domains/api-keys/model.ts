import { z } from "@hono/zod-openapi";

/** The answer to a rotation: the new key, shown once. */
export const RotatedKey = z
  .object({
    key_id: z.string(),
    api_key: z.string().openapi({ description: "The new key. Shown only in this response; store it now." }),
    name: z.string(),
    scopes: z.array(z.string()),
    created_at: z.string().openapi({ format: "date-time" }),
    replaces: z.string().openapi({ description: "Id of the key this one replaces, revoked by this call" }),
  })
  .openapi("RotatedKey");

/** `key_` and 32 lowercase hex digits: how every API key id reads. */
export const API_KEY_ID_PATTERN = "^key_[0-9a-f]{32}$";

/**
 * The path of a key operation. The pattern is documented, not enforced: an id of another form is
 * not the calling key's, which answers 404 like any other id but the caller's own.
 */
export const KeyPath = z.object({
  key_id: z.string().max(100).openapi({ description: "Id of the calling key (`key_<32 hex>`)", pattern: API_KEY_ID_PATTERN, example: "key_3f0c9a7e5b2d4c18a6e0f1b2c3d4e5f6" }),
});
