import { z } from "@hono/zod-openapi";

/*
 * Example data of an event type, built from the Zod schema of its `data` (event definitions carry
 * no examples of their own): what a test event (POST /api/v1/webhooks/test) carries. Every value
 * is checked against the schema it was built for, so a schema this cannot satisfy fails loudly
 * (the tests build one example per catalogue type) instead of sending data the schema refuses.
 */

type Def = Record<string, unknown> & { type: string };
type Check = { kind: string; value?: unknown; inclusive?: boolean; format?: string; pattern?: RegExp; length?: number };

const defOf = (schema: z.core.$ZodType) => schema._zod.def as unknown as Def;
const isSchema = (value: unknown): value is z.core.$ZodType =>
  value instanceof z.ZodType || (typeof value === "object" && value !== null && "_zod" in value);

const checksOf = (def: Def): Check[] =>
  ((def.checks as z.core.$ZodCheck[] | undefined) ?? []).map((check) => {
    const own = check._zod.def as unknown as Record<string, unknown>;
    return {
      kind: String(own.check),
      value: own.value ?? own.minimum ?? own.maximum,
      inclusive: own.inclusive as boolean | undefined,
      format: own.format as string | undefined,
      pattern: own.pattern as RegExp | undefined,
      length: (own.length ?? own.minimum ?? own.maximum) as number | undefined,
    };
  });

/** Fixed values, so that every test event of a type carries the same data (and the docs can quote it). */
const EXAMPLE_UUID = "3f2b8c1e-7a4d-4e6b-9c0f-5d1a2b3c4d5e";
const EXAMPLE_INSTANT = "2026-04-26T10:15:30.000Z";

/** Strings a field's name suggests, tried before the generic ones (all checked against the schema). */
function namedStrings(name: string): string[] {
  if (/(^|_)(at|since|until)$/.test(name) || name.endsWith("_date") || name === "timestamp")
    return [EXAMPLE_INSTANT, "2026-04-26"];
  if (/email/.test(name)) return ["ana.garcia@example.com"];
  if (/currency/.test(name)) return ["EUR"];
  if (/(phone|^to$|^from$|number$)/.test(name) && !/budget|invoice|document/.test(name)) return ["+34910000000"];
  if (/url$|uri$|link$/.test(name)) return ["https://example.com/resource"];
  if (/country/.test(name)) return ["ES"];
  if (/(^|_)id$/.test(name)) return [EXAMPLE_UUID];
  if (/time_?zone/.test(name)) return ["Europe/Madrid"];
  if (/name$/.test(name)) return ["Ana García"];
  // Free text: a value that says which member it is.
  return [`Example ${name.replace(/_/g, " ")}`];
}

/** Strings of a format or pattern; the first that satisfies every check of the schema is used. */
const GENERIC_STRINGS = [
  "example",
  EXAMPLE_UUID,
  EXAMPLE_INSTANT,
  "2026-04-26",
  "09:00",
  "ana.garcia@example.com",
  "https://example.com/resource",
  "+34910000000",
  "EUR",
  "ES",
];

function stringCandidates(def: Def, name: string): string[] {
  const formats = [def.format, ...checksOf(def).map((check) => check.format)].filter(Boolean);
  const byFormat: string[] = formats.flatMap((format) => {
    switch (format) {
      case "uuid":
      case "guid":
        return [EXAMPLE_UUID];
      case "email":
        return ["ana.garcia@example.com"];
      case "url":
        return ["https://example.com/resource"];
      case "datetime":
        return [EXAMPLE_INSTANT];
      case "date":
        return ["2026-04-26"];
      case "time":
        return ["09:00:00"];
      case "e164":
        return ["+34910000000"];
      default:
        return [];
    }
  });
  const lengths = checksOf(def).filter((check) => check.kind === "min_length" || check.kind === "length_equals");
  const least = Math.max(0, ...lengths.map((check) => check.length ?? 0));
  const padded = least > 0 ? ["X".repeat(least)] : [];
  return [...byFormat, ...namedStrings(name), ...GENERIC_STRINGS, ...padded];
}

function numberCandidates(def: Def): number[] {
  let low = -Infinity;
  let high = Infinity;
  let integer = def.format === "safeint" || def.format === "int32" || def.format === "uint32";
  for (const check of checksOf(def)) {
    if (check.kind === "greater_than" && typeof check.value === "number")
      low = Math.max(low, check.inclusive ? check.value : check.value + 1);
    if (check.kind === "less_than" && typeof check.value === "number")
      high = Math.min(high, check.inclusive ? check.value : check.value - 1);
    if (check.kind === "number_format" && check.format !== "float32" && check.format !== "float64") integer = true;
  }
  const preferred = integer ? [1, 10, 0] : [12.5, 1, 0];
  const clamped = Math.min(Math.max(preferred[0]!, low), high);
  return [...preferred, Number.isFinite(low) ? low : clamped, clamped];
}

/** The first candidate the schema accepts; the last one otherwise (the caller's check reports it). */
const firstValid = <T>(schema: z.core.$ZodType, candidates: readonly T[]): T =>
  candidates.find((candidate) => z.safeParse(schema, candidate).success) ?? candidates[0]!;

function build(schema: z.core.$ZodType, name: string, depth: number): unknown {
  if (depth > 20) throw new Error(`The schema of ${name} nests too deep for an example.`);
  const def = defOf(schema);
  const inner = (key: string) => build(def[key] as z.core.$ZodType, name, depth + 1);
  switch (def.type) {
    case "object": {
      const shape = (def.shape ?? {}) as Record<string, z.core.$ZodType>;
      return Object.fromEntries(
        Object.entries(shape).map(([member, child]) => [member, build(child, member, depth + 1)]),
      );
    }
    case "string":
      return firstValid(schema, stringCandidates(def, name));
    case "number":
    case "int":
      return firstValid(schema, numberCandidates(def));
    case "boolean":
      return true;
    case "null":
      return null;
    case "literal":
      return (def.values as unknown[])[0];
    case "enum":
      return Object.values(def.entries as Record<string, unknown>)[0];
    case "nullable":
    case "optional":
    case "nonoptional":
    case "readonly":
    case "catch":
    case "default":
    case "prefault":
      return inner("innerType");
    case "pipe":
      return inner("in");
    case "lazy":
      return build((def.getter as () => z.core.$ZodType)(), name, depth + 1);
    case "array": {
      const least = Math.max(
        1,
        ...checksOf(def)
          .filter((check) => check.kind === "min_length")
          .map((check) => check.length ?? 0),
      );
      const element = build(def.element as z.core.$ZodType, name, depth + 1);
      return Array.from({ length: least }, () => element);
    }
    case "tuple":
      return (def.items as z.core.$ZodType[]).map((item) => build(item, name, depth + 1));
    case "record": {
      const key = build(def.keyType as z.core.$ZodType, "key", depth + 1);
      return {
        [typeof key === "string" && key !== EXAMPLE_UUID ? key : "example"]: build(
          def.valueType as z.core.$ZodType,
          name,
          depth + 1,
        ),
      };
    }
    case "union": {
      const options = (def.options as z.core.$ZodType[]).map((option) => build(option, name, depth + 1));
      return firstValid(schema, options);
    }
    case "intersection":
      return { ...(inner("left") as object), ...(inner("right") as object) };
    case "any":
    case "unknown":
      return null;
    default:
      throw new Error(`No example for a ${def.type} schema (${name}).`);
  }
}

/** A value of `schema` (an event's data), the same on every call; throws when it would not parse. */
export function exampleOf(schema: z.ZodType, type = "data"): unknown {
  if (!isSchema(schema)) throw new Error(`${type} has no schema.`);
  const value = build(schema, type, 0);
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new Error(`The example of ${type} does not parse against its schema: ${parsed.error.message}`);
  return value;
}
