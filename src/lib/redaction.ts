import { z } from "@hono/zod-openapi";

/**
 * What a declaration says of a field that must not rest in a log: `secret` (a key, a signing secret,
 * a password: shown once or never) or `personal` (a person's address, number or words). The request
 * log (src/core/stages/request-log.ts) keeps bodies with every marked field replaced by
 * REDACTED, walking the operation's own request and response schemas, so a new field is redacted by
 * marking it where it is declared, never by a list of names kept elsewhere.
 */
export type Sensitivity = "secret" | "personal";

export const REDACTED = "[redacted]";

/**
 * The marks. A zod registry: a copy made by `.openapi()` or `.meta()` (its parent is the marked
 * schema) is marked too; a wrapper (`.optional()`, `.nullable()`, an array) is walked into.
 */
const marks = z.registry<{ sensitivity: Sensitivity }>();

/** Marks a field as a secret: the request log never keeps its value. */
export function secret<T extends z.ZodType>(schema: T): T {
  marks.add(schema, { sensitivity: "secret" });
  return schema;
}

/** Marks a field as personal data: the request log never keeps its value. */
export function personal<T extends z.ZodType>(schema: T): T {
  marks.add(schema, { sensitivity: "personal" });
  return schema;
}

/** The field's mark, if it has one (its own or a parent's, the schema it was copied from). */
export const sensitivityOf = (schema: z.core.$ZodType): Sensitivity | undefined => marks.get(schema)?.sensitivity;

type Def = Record<string, unknown>;
const defOf = (schema: z.core.$ZodType) => schema._zod.def as unknown as Def;
const isSchema = (value: unknown): value is z.core.$ZodType => value instanceof z.ZodType;
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** Wrappers whose value is their inner schema's. */
const WRAPPERS = new Set([
  "optional",
  "nullable",
  "default",
  "prefault",
  "readonly",
  "catch",
  "nonoptional",
  "success",
]);
/** How deep the walk goes: bodies are capped, and a schema nests far less. */
const MAX_DEPTH = 32;

/** The schemas a value may hold, by kind: what the walk follows. */
function children(def: Def): unknown[] {
  switch (def.type as string) {
    case "pipe":
      return [def.in, def.out];
    case "lazy":
      return [(def.getter as () => unknown)()];
    case "union":
      return def.options as unknown[];
    case "intersection":
      return [def.left, def.right];
    case "array":
      return [def.element];
    case "record":
      return [def.valueType];
    case "object":
      return [...Object.values(def.shape as Record<string, unknown>), def.catchall];
    default:
      return WRAPPERS.has(def.type as string) ? [def.innerType] : [];
  }
}

/** Whether a schema holds a mark anywhere, found once per schema: a body whose schema holds none is kept as it is, unwalked. */
const holdsMark = new WeakMap<z.core.$ZodType, boolean>();
function marked(schema: z.core.$ZodType): boolean {
  let holds = holdsMark.get(schema);
  if (holds === undefined) holdsMark.set(schema, (holds = reachesMark(schema, new Set())));
  return holds;
}

/** Whether a body of this schema can hold a marked field: one that cannot is kept as it was sent, unparsed. */
export const holdsMarks = (schema: z.core.$ZodType | undefined): boolean => schema !== undefined && marked(schema);

/** The walk behind `marked`; a schema met again (a recursive one) adds nothing new, so it is cut there. */
function reachesMark(schema: z.core.$ZodType, seen: Set<z.core.$ZodType>): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  return (
    sensitivityOf(schema) !== undefined ||
    children(defOf(schema)).some((child) => isSchema(child) && reachesMark(child, seen))
  );
}

/**
 * `value` (a JSON body, parsed) with each field `schema` marks replaced by REDACTED. The walk
 * follows the value and the schema together and keeps whatever the schema does not describe as it
 * is (a problem's members, a body that did not match its schema), so it never throws; every
 * option of a union is applied, so a mark in any of them redacts.
 */
export function redact(value: unknown, schema: z.core.$ZodType | undefined, depth = 0): unknown {
  if (!schema || value === null || value === undefined || depth > MAX_DEPTH || !marked(schema)) return value;
  if (sensitivityOf(schema)) return REDACTED;
  const def = defOf(schema);
  const type = def.type as string;
  const next = depth + 1;
  if (WRAPPERS.has(type)) return redact(value, def.innerType as z.core.$ZodType, next);
  switch (type) {
    case "pipe":
      return redact(redact(value, def.in as z.core.$ZodType, next), def.out as z.core.$ZodType, next);
    case "lazy":
      return redact(value, (def.getter as () => z.core.$ZodType)(), next);
    case "union":
      return (def.options as z.core.$ZodType[]).reduce<unknown>(
        (current, option) => redact(current, option, next),
        value,
      );
    case "intersection":
      return redact(redact(value, def.left as z.core.$ZodType, next), def.right as z.core.$ZodType, next);
    case "array":
      return Array.isArray(value) ? value.map((item) => redact(item, def.element as z.core.$ZodType, next)) : value;
    case "record":
      return isPlainObject(value)
        ? Object.fromEntries(
            Object.entries(value).map(([name, item]) => [name, redact(item, def.valueType as z.core.$ZodType, next)]),
          )
        : value;
    case "object": {
      if (!isPlainObject(value)) return value;
      const shape = def.shape as Record<string, z.core.$ZodType>;
      const catchall = isSchema(def.catchall) ? def.catchall : undefined;
      return Object.fromEntries(
        Object.entries(value).map(([name, item]) => [
          name,
          redact(item, Object.hasOwn(shape, name) ? shape[name] : catchall, next),
        ]),
      );
    }
    default:
      return value;
  }
}
