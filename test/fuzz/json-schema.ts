import fc from "fast-check";

/**
 * A compact JSON Schema (OpenAPI 3.1 dialect) to fast-check converter: `wellFormed` draws values a
 * schema accepts (so handlers run their real logic), `hostile` draws values meant to break them.
 * Supported: type (one or a list), enum, const, format uuid/email/date/date-time, minLength,
 * maxLength, minimum, maximum, minItems, maxItems, properties, required, additionalProperties,
 * anyOf/oneOf and $ref to #/components/schemas.
 *
 * Values too large to print in a counterexample are markers (see markers.ts), expanded when the
 * request is written.
 */

export type Schema = Readonly<Record<string, unknown>>;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export interface SchemaContext {
  /** #/components/schemas of the document. */
  components: Readonly<Record<string, Schema>>;
  /**
   * Well-formed values for a property whose meaning the schema does not carry (a phone, an event
   * type, an id of the caller's company). Undefined: use the schema.
   */
  hint(name: string, schema: Schema): fc.Arbitrary<unknown> | undefined;
  /**
   * Makes a drawn object of a named component satisfy rules JSON Schema does not state (fields
   * that go together, a bound that depends on another field). Undefined: leave it as drawn.
   */
  refine?(component: string, value: Record<string, unknown>): Record<string, unknown>;
}

const MAX_DEPTH = 8;
const num = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isFinite(value) ? value : undefined;

/** Follows $ref (and the bare `{ type: "object" }` whose description names "the fields of X"). */
export function resolve(schema: Schema, ctx: SchemaContext, seen = 0): Schema {
  const ref = schema.$ref;
  if (typeof ref === "string") {
    const name = /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1];
    const target = name ? ctx.components[name] : undefined;
    if (!target) throw new Error(`Unresolvable $ref ${ref}`);
    return seen > 20 ? target : resolve(target, ctx, seen + 1);
  }
  if (schema.type === "object" && !isRecord(schema.properties) && schema.additionalProperties === undefined) {
    const named = typeof schema.description === "string" ? /fields of (\w+)/.exec(schema.description)?.[1] : undefined;
    const target = named ? ctx.components[named] : undefined;
    if (target) return resolve(target, ctx, seen + 1);
  }
  return schema;
}

export function typesOf(schema: Schema): string[] {
  if (typeof schema.type === "string") return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === "string");
  if (isRecord(schema.properties) || schema.additionalProperties !== undefined) return ["object"];
  if (isRecord(schema.items)) return ["array"];
  return [];
}

export function propertiesOf(schema: Schema): [string, Schema][] {
  return isRecord(schema.properties)
    ? Object.entries(schema.properties).filter((entry): entry is [string, Schema] => isRecord(entry[1]))
    : [];
}

export function requiredOf(schema: Schema): string[] {
  return Array.isArray(schema.required) ? schema.required.filter((key): key is string => typeof key === "string") : [];
}

const alternativesOf = (schema: Schema): Schema[] | undefined => {
  const list = schema.anyOf ?? schema.oneOf;
  return Array.isArray(list) ? list.filter(isRecord) : undefined;
};

/** Short ASCII text within the bounds most of the time, sometimes any Unicode. */
function text(minLength: number, maxLength: number): fc.Arbitrary<string> {
  const max = Math.max(minLength, Math.min(maxLength, minLength + 24));
  return fc.oneof(
    { weight: 8, arbitrary: fc.string({ unit: "grapheme-ascii", minLength, maxLength: max }) },
    { weight: 2, arbitrary: fc.string({ unit: "grapheme", minLength, maxLength: max }) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", minLength, maxLength: max }) },
  );
}

const isoDate = fc.date({
  min: new Date("1990-01-01T00:00:00Z"),
  max: new Date("2100-12-31T23:59:59Z"),
  noInvalidDate: true,
});

function wellFormedString(schema: Schema): fc.Arbitrary<string> {
  const minLength = num(schema.minLength) ?? 0;
  const maxLength = num(schema.maxLength) ?? 200;
  switch (schema.format) {
    case "uuid":
      return fc.uuid();
    case "email":
      return fc
        .tuple(
          fc.stringMatching(/^[a-z][a-z0-9]{0,8}(\.[a-z0-9]{1,5})?$/),
          fc.constantFrom("example.com", "mail.example.org", "EXAMPLE.com"),
        )
        .map(([user, domain]) => `${user}@${domain}`);
    case "date":
      return isoDate.map((date) => date.toISOString().slice(0, 10));
    case "date-time":
      return isoDate.map((date) => date.toISOString());
    default:
      break;
  }
  const bounded = text(minLength, maxLength);
  // Exactly at the bound, now and then: the edge a validator gets wrong.
  if (maxLength <= 20_000)
    return fc.oneof({ weight: 12, arbitrary: bounded }, { weight: 1, arbitrary: fc.constant(big(maxLength, "a")) });
  return bounded;
}

function wellFormedNumber(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = num(schema.minimum) ?? num(schema.exclusiveMinimum) ?? -1e6;
  const max = num(schema.maximum) ?? num(schema.exclusiveMaximum) ?? 1e6;
  // Anywhere in the bounds but within ±1e6: products of large bounds overflow totals (the edges try that).
  const low = Math.max(min, -1e6);
  const high = Math.max(low, Math.min(max, 1e6));
  const any = integer
    ? fc.integer({ min: Math.ceil(low), max: Math.max(Math.ceil(low), Math.floor(high)) })
    : fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true });
  const [smallLow, smallHigh] = [Math.max(Math.ceil(min), -1000), Math.min(Math.floor(max), 1000)];
  const small = smallLow <= smallHigh ? fc.integer({ min: smallLow, max: smallHigh }) : any;
  const edgeValues = [min, max].filter((value) => !integer || Number.isInteger(value));
  const edges = edgeValues.length > 0 ? fc.constantFrom(...edgeValues) : any;
  return fc.oneof({ weight: 8, arbitrary: small }, { weight: 3, arbitrary: any }, { weight: 1, arbitrary: edges });
}

function wellFormedObject(schema: Schema, ctx: SchemaContext, depth: number): fc.Arbitrary<unknown> {
  const properties = propertiesOf(schema);
  if (properties.length > 0) {
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [key, property] of properties) model[key] = wellFormed(property, ctx, key, depth + 1);
    const required = requiredOf(schema).filter((key) => key in model);
    return fc.record(model, { requiredKeys: required });
  }
  const valueSchema = isRecord(schema.additionalProperties) ? schema.additionalProperties : {};
  const key = fc.oneof(
    { weight: 9, arbitrary: fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/) },
    { weight: 1, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  );
  return fc.dictionary(key, wellFormed(valueSchema, ctx, "", depth + 1), { maxKeys: 6, noNullPrototype: true });
}

/** Field names that are also names of Object.prototype members, or oddly spelled. */
const FIELD_NAMES = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "a.b",
  "-",
  "_",
  "A".repeat(64),
];

function ofType(type: string, schema: Schema, ctx: SchemaContext, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return wellFormedNumber(schema, true);
    case "number":
      return wellFormedNumber(schema, false);
    case "string":
      return wellFormedString(schema);
    case "array": {
      const items = isRecord(schema.items) ? schema.items : {};
      const minLength = num(schema.minItems) ?? 0;
      const maxLength = num(schema.maxItems) ?? 20;
      const element = wellFormed(items, ctx, "", depth + 1);
      const usual = fc.array(element, {
        minLength,
        maxLength: Math.max(minLength, Math.min(maxLength, minLength + 4)),
      });
      if (depth > 1 || maxLength > 1000) return usual;
      // A full array as a member of a body, rarely: the batch paths of bulk operations.
      return fc.oneof(
        { weight: 60, arbitrary: usual },
        { weight: 1, arbitrary: fc.array(element, { minLength: maxLength, maxLength }) },
      );
    }
    case "object":
      return wellFormedObject(schema, ctx, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values the schema accepts (as far as JSON Schema can say; the server may refine further). */
export function wellFormed(input: Schema, ctx: SchemaContext, name = "", depth = 0): fc.Arbitrary<unknown> {
  const component = typeof input.$ref === "string" ? input.$ref.split("/").pop() : undefined;
  const drawn = drawWellFormed(input, ctx, name, depth);
  const refine = ctx.refine;
  if (!component || !refine) return drawn;
  return drawn.map((value) => (isRecord(value) ? refine(component, value) : value));
}

function drawWellFormed(input: Schema, ctx: SchemaContext, name: string, depth: number): fc.Arbitrary<unknown> {
  const schema = resolve(input, ctx);
  const types = typesOf(schema);
  const nullable = types.includes("null") || (Array.isArray(schema.enum) && schema.enum.includes(null));
  const hinted = name ? ctx.hint(name, schema) : undefined;
  if (hinted)
    return nullable ? fc.oneof({ weight: 8, arbitrary: hinted }, { weight: 1, arbitrary: fc.constant(null) }) : hinted;
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = alternativesOf(schema);
  if (alternatives && alternatives.length > 0)
    return fc.oneof(...alternatives.map((alternative) => wellFormed(alternative, ctx, name, depth + 1)));
  if (types.length === 0 || depth > MAX_DEPTH) return fc.jsonValue({ maxDepth: 2 });
  const arbitraries = types.map((type) => ({
    weight: type === "null" ? 1 : 8,
    arbitrary: ofType(type, schema, ctx, depth),
  }));
  return arbitraries.length === 1 ? arbitraries[0]!.arbitrary : fc.oneof(...arbitraries);
}

// ---------------------------------------------------------------------------------------------
// Hostile values

/** A string value of `count` repetitions of `unit`, written out only when the request is sent. */
export const big = (count: number, unit = "x") => `@@BIG:${count}:${unit}@@`;
/** A literal JSON text (a number JSON.stringify cannot write, deep nesting), spliced in when sent. */
const raw = (jsonText: string) => `@@RAW:${jsonText}@@`;
const deep = (kind: "array" | "object", depth: number) => `@@DEEP:${kind}:${depth}@@`;

const SPECIAL_NUMBERS: readonly number[] = [
  0,
  -0,
  1,
  -1,
  0.5,
  -0.5,
  1e308,
  -1e308,
  5e-324,
  1e21,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  2 ** 31,
  2 ** 63,
  123456789.123456789,
  1.7976931348623157e308,
];

const SPECIAL_STRINGS: readonly string[] = [
  "",
  " ",
  "\t\n\r",
  "NaN",
  "-NaN",
  "Infinity",
  "-Infinity",
  "-0",
  "+0",
  "0",
  "-1",
  "1e308",
  "1e-308",
  "0x1f",
  "0b11",
  "1_000",
  "99999999999999999999999",
  "null",
  "undefined",
  "true",
  "false",
  "[]",
  "{}",
  "１２３",
  "٣",
  "😀",
  "👩‍👩‍👧‍👦",
  "ñandú",
  "\u202Eevil",
  "\u200B",
  "e\u0301",
  "\uFEFF",
  "\ud800",
  "\udfff",
  "\u0000",
  "\u0000abc",
  "a\u0000b",
  "<script>alert(1)</script>",
  "' OR '1'='1' --",
  '"; DROP TABLE contacts; --',
  "%00",
  "%s%s%n",
  "../../etc/passwd",
  "{{7*7}}",
  "${7*7}",
  "__proto__",
  "constructor",
  "\\",
  "\\u0000",
  "https://hooks.example.com/x",
  "javascript:alert(1)",
  "http://127.0.0.1/",
  "*",
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(big(10_001), big(100_000), big(20_001, "é"), big(12_000, "😀"), big(2_049, "a")),
  },
);

const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SPECIAL_NUMBERS) },
  // JSON cannot write NaN or an infinity: they go as raw text (NaN makes the body invalid JSON).
  {
    weight: 2,
    arbitrary: fc
      .double()
      .map((value) =>
        Number.isFinite(value) ? value : raw(Number.isNaN(value) ? "NaN" : value > 0 ? "1e400" : "-1e400"),
      ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      raw("1e400"),
      raw("-1e400"),
      raw("1E-400"),
      raw("-0.0"),
      raw("0e0"),
      raw("100000000000000000000000000000"),
      raw("1.0000000000000000000000001"),
    ),
  },
);

/** Any JSON value that is rarely what a field wants: wrong types, extremes, deep nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
  { weight: 1, arbitrary: fc.constantFrom([], {}, [null], [[]], { "": "" }, [1, "a", null, {}]) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      deep("array", 64),
      deep("object", 64),
      deep("array", 3000),
      deep("object", 3000),
      deep("array", 200_000),
    ),
  },
);

function withOwn(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  // defineProperty: `target[key] = value` would set the prototype for "__proto__".
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

function copy(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) withOwn(out, key, entry);
  return out;
}

const EXTRA_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "id",
  "company_id",
  "companyId",
  "created_at",
  "source",
  "status",
  "unexpected",
  "",
  "a".repeat(300),
];

/** An object the schema accepts, then broken in one place: a missing field, a wrong value or extra fields. */
function brokenObject(schema: Schema, ctx: SchemaContext, depth: number): fc.Arbitrary<unknown> {
  const properties = propertiesOf(schema);
  const base = wellFormedObject(schema, ctx, depth);
  const mutations: fc.Arbitrary<(value: Record<string, unknown>) => Record<string, unknown>>[] = [];
  const required = requiredOf(schema);
  if (required.length > 0) {
    mutations.push(
      fc.constantFrom(...required).map((key) => {
        const drop = (value: Record<string, unknown>) => {
          const out = copy(value);
          delete out[key];
          return out;
        };
        return Object.assign(drop, { [fc.toStringMethod]: () => `drop ${key}` });
      }),
    );
  }
  if (properties.length > 0) {
    mutations.push(
      fc
        .oneof(...properties.map(([key, property]) => hostile(property, ctx, depth + 1).map((bad) => ({ key, bad }))))
        .map(({ key, bad }) => {
          const set = (value: Record<string, unknown>) => withOwn(copy(value), key, bad);
          return Object.assign(set, { [fc.toStringMethod]: () => `set ${key} = ${fc.stringify(bad)}` });
        }),
    );
  }
  mutations.push(
    fc
      .array(fc.tuple(fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 8 })), hostileValue), {
        minLength: 1,
        maxLength: 3,
      })
      .map((extras) => {
        const add = (value: Record<string, unknown>) =>
          extras.reduce((out, [key, extra]) => withOwn(out, key, extra), copy(value));
        return Object.assign(add, { [fc.toStringMethod]: () => `add ${fc.stringify(extras)}` });
      }),
  );
  return fc.tuple(base, fc.oneof(...mutations)).map(([value, mutate]) => (isRecord(value) ? mutate(value) : value));
}

/** Values aimed at a field of this schema that it should refuse, or that sit on its edges. */
export function hostile(input: Schema, ctx: SchemaContext, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(input, ctx);
  const types = typesOf(schema);
  const options: fc.WeightedArbitrary<unknown>[] = [{ weight: 3, arbitrary: hostileValue }];
  if (depth < MAX_DEPTH && types.includes("object"))
    options.push({ weight: 4, arbitrary: brokenObject(schema, ctx, depth) });
  if (depth < MAX_DEPTH && types.includes("array")) {
    const items = isRecord(schema.items) ? schema.items : {};
    const maxItems = num(schema.maxItems) ?? 50;
    options.push({
      weight: 3,
      arbitrary: fc.oneof(
        fc.array(hostile(items, ctx, depth + 1), { minLength: 1, maxLength: 3 }),
        fc
          .tuple(fc.array(wellFormed(items, ctx, "", depth + 1), { maxLength: 3 }), hostile(items, ctx, depth + 1))
          .map(([good, bad]) => [...good, bad]),
        // One more than allowed (copies of one element: cheap to draw, and a body well under 1 MiB).
        maxItems <= 1000
          ? wellFormed(items, ctx, "", depth + 1).map((item) => Array.from({ length: maxItems + 1 }, () => item))
          : fc.constant([]),
        fc.constant([]),
      ),
    });
  }
  if (types.includes("string")) {
    const maxLength = num(schema.maxLength);
    const minLength = num(schema.minLength);
    const edges = [
      maxLength !== undefined ? big(maxLength + 1) : undefined,
      maxLength !== undefined ? big(maxLength, "😀") : undefined,
      minLength ? "" : undefined,
      " ".repeat(Math.max(1, minLength ?? 1)),
    ];
    options.push({
      weight: 2,
      arbitrary: fc.constantFrom(...edges.filter((edge): edge is string => edge !== undefined)),
    });
    if (schema.format === "date-time" || schema.format === "date")
      options.push({ weight: 3, arbitrary: fc.constantFrom(...BAD_DATES) });
    if (schema.format === "email") options.push({ weight: 2, arbitrary: fc.constantFrom(...BAD_EMAILS) });
  }
  if (types.includes("number") || types.includes("integer")) {
    const edges = [num(schema.minimum), num(schema.maximum)].flatMap((edge) =>
      edge === undefined ? [] : [edge - 1, edge + 1, edge - 1e-9, edge + 1e-9],
    );
    options.push({ weight: 2, arbitrary: edges.length > 0 ? fc.constantFrom(...edges, 0.5) : hostileNumber });
  }
  if (Array.isArray(schema.enum))
    options.push({
      weight: 2,
      arbitrary: fc.constantFrom(
        "",
        "other",
        ...schema.enum
          .filter((value): value is string => typeof value === "string")
          .map((value) => value.toUpperCase()),
      ),
    });
  return fc.oneof(...options);
}

const BAD_DATES: readonly string[] = [
  "2026-02-30T00:00:00Z",
  "2026-02-29T00:00:00Z",
  "2024-02-29T12:00:00Z",
  "2026-13-01T00:00:00Z",
  "2026-00-10T00:00:00Z",
  "2026-01-01T24:00:00Z",
  "2026-01-01T23:59:60Z",
  "2026-01-01T00:00:00",
  "2026-01-01T00:00Z",
  "2026-01-01",
  "+002026-01-01T00:00:00Z",
  "0000-01-01T00:00:00Z",
  "9999-12-31T23:59:59.999-23:59",
  "0000-01-01T00:00:00+23:59",
  "2026-01-01T00:00:00.123456789Z",
  "2026-01-01T00:00:00+14:00",
  "2026-01-01T00:00:00+24:00",
  "2026-01-01t00:00:00z",
  "2026-01-01 00:00:00Z",
  "1e308",
  "now",
  "",
];

const BAD_EMAILS: readonly string[] = [
  "a@b",
  "@example.com",
  "a@",
  "a@@example.com",
  "a b@example.com",
  '"quoted"@example.com',
  "ümlaut@exämple.com",
  "a@example.com\n",
  `${"a".repeat(250)}@example.com`,
];
