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
