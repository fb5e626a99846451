import { z } from "@hono/zod-openapi";
import { isCurrencyCode } from "./money";
import { isRegion } from "./phone";

/** Optional fields also accept null, read as "not sent". */
export const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((value) => value ?? undefined);

/** Names a JavaScript object cannot hold as plain data: assigning __proto__ changes the prototype. */
const RESERVED_KEYS = ["__proto__", "constructor", "prototype"];

/**
 * A record of caller-chosen names (custom fields and the like) that refuses the reserved names
 * with a 400 naming them. zod drops a __proto__ key silently, so the raw object is checked first.
 */
export function namedValues<K extends z.ZodType<string>, V extends z.ZodType>(key: K, value: V) {
  return z.preprocess(
    (input, ctx) => {
      if (input !== null && typeof input === "object" && !Array.isArray(input)) {
        for (const name of RESERVED_KEYS) {
          if (Object.hasOwn(input, name))
            ctx.addIssue({
              code: "custom",
              path: [name],
              message: `${JSON.stringify(name)} is a reserved name; choose another.`,
            });
        }
      }
      return input;
    },
    z.record(key, value),
  );
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
/**
 * Text that becomes a mail header (a subject, a sender's display name): one line, trimmed, never
 * CR, LF or NUL, so no value can end its header and start another (header injection).
 */
export const headerText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((text) => !/[\r\n\0]/.test(text), "A mail header is one line: no line breaks (CR, LF) or NUL characters.")
    .openapi({ maxLength: max, pattern: "^[^\\r\\n\\u0000]*$" });

export const uuid = () => z.uuid().openapi({ maxLength: 36 });

/** An instant: an ISO 8601 date-time in UTC, as the server writes it. */
export const timestamp = () => z.string().openapi({ format: "date-time" });

/**
 * An email address as the server checks it (zod's email, which wants a dotted domain: `0@com` is
 * refused). The document states the same check as a `pattern` beside `format: email`, since the
 * format alone admits addresses the server refuses.
 */
export const email = () => z.email().max(254).openapi({ format: "email", pattern: z.regexes.email.source });

type SchemaDef = Record<string, unknown>;
const defOf = (schema: z.core.$ZodType) => schema._zod.def as unknown as SchemaDef;
const isSchema = (value: unknown): value is z.core.$ZodType => value instanceof z.ZodType;

/** A copy of `schema` with `changes` to its definition; its OpenAPI metadata (name, description, example) is inherited. */
const withDef = <T extends z.core.$ZodType>(schema: T, changes: SchemaDef): T =>
  z.core.clone(schema, { ...defOf(schema), ...changes } as unknown as T["_zod"]["def"], { parent: true });

/** Strict copies, one per schema, so a component used by several bodies stays one component. */
const strictCopies = new WeakMap<z.core.$ZodType, z.core.$ZodType>();

/**
 * The schema with every object in it strict: a member it does not declare is refused ("Unknown
 * member"), where zod would drop it silently, and the document says `additionalProperties: false`.
 * Applied to each JSON request body once, when its operation is registered. An object that states
 * its own catchall keeps it; the two sides of an intersection are left as they are (each would
 * refuse the other's members).
 */
export function strictObjects<T extends z.core.$ZodType>(schema: T): T {
  const known = strictCopies.get(schema);
  if (known) return known as T;
  const strict = makeStrict(schema);
  strictCopies.set(schema, strict);
  return strict;
}

function makeStrict<T extends z.core.$ZodType>(schema: T): T {
  const def = defOf(schema);
  const changes: SchemaDef = {};
  for (const key of ["innerType", "element", "in", "out", "valueType"] as const) {
    const child = def[key];
    if (isSchema(child)) {
      const strict = strictObjects(child);
      if (strict !== child) changes[key] = strict;
    }
  }
  if (Array.isArray(def.options)) {
    const options = def.options.map((option: unknown) => (isSchema(option) ? strictObjects(option) : option));
    if (options.some((option, i) => option !== (def.options as unknown[])[i])) changes.options = options;
  }
  if (schema instanceof z.ZodObject) {
    const shape = Object.fromEntries(
      Object.entries(schema.shape).map(([name, member]) => [name, strictObjects(member as z.core.$ZodType)]),
    );
    changes.shape = shape;
    if (def.catchall === undefined) changes.catchall = z.never();
  }
  return Object.keys(changes).length > 0 ? withDef(schema, changes) : schema;
}

/**
 * A resource's `sequence` as its GET shows it: the number of the last event about it (events
 * carry theirs, src/data/sequences.ts).
 */
export const resourceSequenceField = () =>
  int64({ min: 0 })
    .openapi({ example: 3 })
    .describe(
      "The sequence number of the last event about this resource (0: none yet). Every event about it carries its own `sequence`, strictly increasing per resource, so a webhook receiver can tell an event it already has a newer state for.",
    );

/**
 * An event's `sequence`: its number among the events about its resource. Described with
 * `describe` (last), which both the OpenAPI document and the catalogue's JSON Schema read.
 */
export const eventSequenceField = () =>
  int64({ min: 1 })
    .openapi({ example: 2 })
    .describe(
      "This event's number among the events about its resource (1, 2, 3…, strictly increasing per resource in the order the changes were committed; the resource's GET shows the last). Deliveries may arrive out of order: drop an event whose sequence is at or below the last one you handled for the resource.",
    );

/** An ISO 4217 currency code the money helpers know (EUR, GBP...): `XYZ` is a 400, not a stored surprise. */
export const currencyCode = () =>
  z
    .string()
    .refine(isCurrencyCode, "An ISO 4217 currency code (EUR, USD, GBP...).")
    .openapi({ pattern: "^[A-Z]{3}$", description: "ISO 4217 currency code", example: "EUR" });

/** An ISO 3166-1 alpha-2 country with a telephone numbering plan (ES, GB...): `ZZ` is a 400, never a provider's error. */
export const countryCode = () =>
  z
    .string()
    .refine(isRegion, "An ISO 3166-1 alpha-2 country code (ES, GB, US...).")
    .openapi({ pattern: "^[A-Z]{2}$", description: "ISO 3166-1 alpha-2 country code", example: "ES" });
