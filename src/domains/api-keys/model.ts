import { z } from "@hono/zod-openapi";
import { timestamp } from "../../lib/schemas";
import { secret } from "../../lib/redaction";

/** `key_` and 32 lowercase hex digits: how every API key id reads. */
const API_KEY_ID_PATTERN = "^key_[0-9a-f]{32}$";

/** The answer to a rotation: the new key, shown once. */
export const RotatedKey = z
  .object({
    key_id: z.string().openapi({ description: "Id of the new key", pattern: API_KEY_ID_PATTERN }),
    api_key: secret(
      z.string().openapi({
        description:
          "The new key (`svc_<env>_<112 hex>`: its lineage, 64 random, then a 16-hex check the service verifies first). Shown only in this response; store it now.",
        pattern: "^svc_(test|live)_[0-9a-f]{112}$",
      }),
    ),
    name: z.string(),
    scopes: z.array(z.string()).max(200).openapi({ description: "The scopes of the key it replaces" }),
    created_at: timestamp(),
    replaces: z
      .string()
      .openapi({ description: "Id of the key this one replaces, revoked by this call", pattern: API_KEY_ID_PATTERN }),
  })
  .openapi("RotatedKey", {
    description:
      "The key that replaces the calling key: same name, scopes and rate-limit window; the secret is shown once.",
  });

export const rotatedKeyExample: z.input<typeof RotatedKey> = {
  key_id: "key_8d1e0b6f2a9c4e3d7b5a1f0e9d8c7b6a",
  api_key:
    "svc_test_3c9e1f4a7b2d4e8f9a0b1c2d3e4f5a6b4f9a1c2e8b7d6f5a3e0c9b8a7d6e5f4c3b2a1908f7e6d5c4b3a2918f7e6d5c4a5e7c1b9d3f20a846",
  name: "Billing integration",
  scopes: ["budgets:read", "budgets:write"],
  created_at: "2026-04-26T10:15:30.000Z",
  replaces: "key_3f0c9a7e5b2d4c18a6e0f1b2c3d4e5f6",
};

/**
 * The path of a key operation. The pattern is documented, not enforced: an id of another form is
 * not the calling key's, which answers 404 like any other id but the caller's own.
 */
export const KeyPath = z.object({
  key_id: z.string().max(100).openapi({
    description: "Id of the calling key (`key_<32 hex>`)",
    pattern: API_KEY_ID_PATTERN,
    example: "key_3f0c9a7e5b2d4c18a6e0f1b2c3d4e5f6",
  }),
});
