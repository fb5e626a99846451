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

/** The largest int32: the bound of counts, sizes and positions the API reports. */
const INT32_MAX = 2_147_483_647;

/**
 * A whole number of the API's responses, documented with its format and bounds (a count, a
 * position, a duration): int32 from `min` (0 by default) to `max` (INT32_MAX by default).
 */
export const int32 = (options: { min?: number; max?: number } = {}) =>
  z
    .number()
    .int()
    .min(options.min ?? 0)
    .max(options.max ?? INT32_MAX)
    .openapi({ format: "int32" });

/** An amount in integer minor units (cents), signed: int64 within JavaScript's safe integers. */
export const int64 = (options: { min?: number; max?: number } = {}) =>
  z
    .number()
    .int()
    .min(options.min ?? -Number.MAX_SAFE_INTEGER)
    .max(options.max ?? Number.MAX_SAFE_INTEGER)
    .openapi({ format: "int64" });

/** An id the server issued: a UUID. */
export const uuid = () => z.uuid().openapi({ maxLength: 36 });

/** An instant: an ISO 8601 date-time in UTC, as the server writes it. */
export const timestamp = () => z.string().openapi({ format: "date-time" });
