import { z } from "@hono/zod-openapi";

/** Optional fields also accept null, read as "not sent". */
export const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((value) => value ?? undefined);

/** Names a JavaScript object cannot hold as plain data: assigning __proto__ changes the prototype. */
const RESERVED_KEYS = ["__proto__", "constructor", "prototype"];

/**
 * A record of caller-chosen names (custom fields and the like) that refuses the reserved names
 * with a 400 naming them. zod drops a __proto__ key silently, so the raw object is checked first.
 */
export function namedValues<K extends z.ZodType<string>, V extends z.ZodType>(key: K, value: V) {
  return z.preprocess((input, ctx) => {
    if (input !== null && typeof input === "object" && !Array.isArray(input)) {
      for (const name of RESERVED_KEYS) {
        if (Object.hasOwn(input, name)) ctx.addIssue({ code: "custom", path: [name], message: `${JSON.stringify(name)} is a reserved name; choose another.` });
      }
    }
    return input;
  }, z.record(key, value));
}
