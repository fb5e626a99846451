import { z } from "@hono/zod-openapi";
import { isCurrencyCode } from "./money";

/** Optional fields also accept null, read as "not sent". */
export const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((value) => value ?? undefined);

/** Names a JavaScript object cannot hold as plain data: assigning __proto__ changes the prototype. */
const RESERVED_KEYS = ["__proto__", "constructor", "prototype"];

/**
 * A record of caller-chosen names (custom fields and the like). Each name is checked against `key`
 * first, so that a wrong one is a 400 naming it with `key`'s own message (zod's record says only
 * "Invalid key in record"), and the reserved names are refused (zod drops a __proto__ key
 * silently). The document states `key` as `propertyNames`.
 */
export function namedValues<K extends z.ZodType<string>, V extends z.ZodType>(key: K, value: V) {
  const { $schema: _, ...propertyNames } = z.toJSONSchema(key, { io: "input" });
  return z
    .preprocess(
      (input, ctx) => {
        if (input !== null && typeof input === "object" && !Array.isArray(input)) {
          for (const name of Object.keys(input)) {
            const parsed = key.safeParse(name);
            if (!parsed.success)
              ctx.addIssue({
                code: "custom",
                path: [name],
                message: `${JSON.stringify(name)} is not a valid name: ${parsed.error.issues[0]?.message ?? "refused"}`,
              });
          }
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
    )
    .openapi(keywords({ propertyNames: { ...propertyNames, not: { enum: RESERVED_KEYS } } }));
}

/**
 * JSON Schema keywords for `.openapi()`. The metadata type of zod-to-openapi keeps only what
 * OpenAPI 3.0 and 3.1 share, which lacks `propertyNames` and `const`; the document is 3.1.
 */
type Keywords = {
  minProperties?: number;
  allOf?: readonly object[];
  oneOf?: readonly object[];
  propertyNames?: object;
};
export const keywords = (value: Keywords) => value as unknown as Parameters<z.ZodType["openapi"]>[0];

/** Whether null in this member means "not sent" (an `optional()` field), rather than a value (null clears). */
const nullIsAbsent = (member: z.core.$ZodType) => {
  const parsed = z.safeParse(member, null);
  return parsed.success && parsed.data === undefined;
};

/**
 * The object refusing a body that sends none of `names` (every member by default) with `message`,
 * and the document saying the same rule: `minProperties: 1` when every member counts, else `anyOf`
 * of `required` (in an `allOf`) (null excluded where null means "not sent"). Checked only when the body has no
 * other error, so that a wrong member is named rather than hidden behind this.
 */
export function requireSome<T extends z.ZodObject>(
  schema: T,
  message: string,
  options: { names?: readonly (keyof T["shape"] & string)[]; path?: string } = {},
): T {
  const { names } = options;
  const shape = schema.shape as Record<string, z.core.$ZodType>;
  const counted: readonly string[] = names ?? Object.keys(shape);
  const absentAsNull = counted.filter((name) => shape[name] !== undefined && nullIsAbsent(shape[name]));
  const rule =
    names === undefined && absentAsNull.length === 0
      ? { minProperties: 1 }
      : {
          // Inside allOf, so that generators intersect it with the object's own type (openapi-typescript
          // makes an `anyOf` beside `properties` a union with `unknown`, which loses every member's type).
          allOf: [
            {
              anyOf: counted.map((name) =>
                absentAsNull.includes(name)
                  ? { required: [name], properties: { [name]: { not: { type: "null" } } } }
                  : { required: [name] },
              ),
            },
          ],
        };
  return schema
    .refine((body) => counted.some((name) => (body as Record<string, unknown>)[name] !== undefined), {
      message,
      path: options.path === undefined ? undefined : [options.path],
      when: (payload) => payload.issues.length === 0,
    })
    .openapi(keywords(rule)) as T;
}

/**
 * Exactly one of `names` sent, refused otherwise with `message`; the document says `oneOf` of
 * `required`.
 */
export function requireOne<T extends z.ZodObject>(
  schema: T,
  message: string,
  names: readonly (keyof T["shape"] & string)[],
): T {
  return schema
    .refine((body) => names.filter((name) => (body as Record<string, unknown>)[name] !== undefined).length === 1, {
      message,
      when: (payload) => payload.issues.length === 0,
    })
    .openapi(keywords({ oneOf: names.map((name) => ({ required: [name] })) })) as T;
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
    .max(3)
    .refine(isCurrencyCode, "An ISO 4217 currency code (EUR, USD, GBP...).")
    .openapi({ pattern: "^[A-Z]{3}$", description: "ISO 4217 currency code", example: "EUR" });
