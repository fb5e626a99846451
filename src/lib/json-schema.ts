/**
 * A JSON Schema (2020-12) validator for the keywords the API's own schemas use, where a value is
 * checked as sent, never coerced: an MCP tool's arguments against its input schema. The API's
 * schemas come from its Zod declarations (through the OpenAPI document), so this checks only the
 * shape a client can see: types, required and unknown members, enums, bounds, lengths, patterns,
 * combinations and local references. `format` is an annotation here, as JSON Schema defines it by
 * default (the operation's own validation checks formats); keywords it does not know are ignored,
 * so it never refuses a value the schema accepts for a keyword it does not read.
 *
 * No compiler (ajv builds functions with `new Function`, which a Worker may not run): a walk of
 * the schema beside the value, bounded by the value's size.
 */

export interface SchemaError {
  /** Where, from the root: `limit`, `body.items.0.units` (empty for the root itself). */
  path: string;
  message: string;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** At most this many errors are reported: enough to fix a call, not a wall of text. */
const MAX_ERRORS = 20;

/** The errors of `value` against `schema` (empty: valid); `#/...` references resolve inside `schema`. */
export function schemaErrors(schema: unknown, value: unknown): SchemaError[] {
  const errors: SchemaError[] = [];
  check(schema, value, [], { root: schema, errors });
  return errors.slice(0, MAX_ERRORS);
}

interface Walk {
  root: unknown;
  errors: SchemaError[];
}

const pathOf = (at: readonly (string | number)[]) => at.join(".");

function fail(walk: Walk, at: readonly (string | number)[], message: string): void {
  walk.errors.push({ path: pathOf(at), message });
}

/** What a JSON value is, in JSON Schema's terms ("integer" for whole numbers). */
function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

function matchesType(type: string, actual: string): boolean {
  return type === actual || (type === "number" && actual === "integer");
}

/** A local reference (`#/$defs/Name`, `#/properties/x`) inside the root schema. */
function resolve(root: unknown, ref: string): unknown {
  if (ref === "#") return root;
  if (!ref.startsWith("#/")) return undefined;
  let node: unknown = root;
  for (const part of ref.slice(2).split("/")) {
    const key = decodeURIComponent(part).replaceAll("~1", "/").replaceAll("~0", "~");
    node = isObject(node) ? node[key] : Array.isArray(node) ? node[Number(key)] : undefined;
  }
  return node;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function check(schema: unknown, value: unknown, at: readonly (string | number)[], walk: Walk): void {
  if (schema === false) {
    fail(walk, at, "No value is allowed here.");
    return;
  }
  if (!isObject(schema) || walk.errors.length >= MAX_ERRORS) return;
  if (typeof schema.$ref === "string") {
    const target = resolve(walk.root, schema.$ref);
    if (target === undefined) fail(walk, at, `The schema's reference ${schema.$ref} does not resolve.`);
    else check(target, value, at, walk);
  }
  if (!checkType(schema, value, at, walk)) return;
  if (Array.isArray(schema.enum) && !schema.enum.some((allowed) => sameJson(allowed, value))) {
    fail(walk, at, `Expected one of ${schema.enum.map((allowed) => JSON.stringify(allowed)).join(", ")}.`);
  }
  if ("const" in schema && !sameJson(schema.const, value)) fail(walk, at, `Expected ${JSON.stringify(schema.const)}.`);
  if (typeof value === "number") checkNumber(schema, value, at, walk);
  if (typeof value === "string") checkString(schema, value, at, walk);
  if (Array.isArray(value)) checkArray(schema, value, at, walk);
  if (isObject(value)) checkObject(schema, value, at, walk);
  checkCombinations(schema, value, at, walk);
}

/** `type`: false (and an error) when the value is of another type, so that nothing else is said of it. */
function checkType(schema: Json, value: unknown, at: readonly (string | number)[], walk: Walk): boolean {
  if (schema.type === undefined) return true;
  const types = Array.isArray(schema.type) ? schema.type.map(String) : [String(schema.type)];
  const actual = typeOf(value);
  if (types.some((type) => matchesType(type, actual))) return true;
  fail(
    walk,
    at,
    `Expected ${types.map(article).join(" or ")}, not ${article(actual)}${typeof value === "string" ? ` (${JSON.stringify(value.slice(0, 40))})` : ""}.`,
  );
  return false;
}

function checkNumber(schema: Json, value: number, at: readonly (string | number)[], walk: Walk): void {
  const bound = (keyword: string) => (typeof schema[keyword] === "number" ? (schema[keyword] as number) : undefined);
  const minimum = bound("minimum");
  const maximum = bound("maximum");
  const exclusiveMinimum = bound("exclusiveMinimum");
  const exclusiveMaximum = bound("exclusiveMaximum");
  const multipleOf = bound("multipleOf");
  if (minimum !== undefined && value < minimum) fail(walk, at, `Expected at least ${minimum}.`);
  if (maximum !== undefined && value > maximum) fail(walk, at, `Expected at most ${maximum}.`);
  if (exclusiveMinimum !== undefined && value <= exclusiveMinimum)
    fail(walk, at, `Expected more than ${exclusiveMinimum}.`);
  if (exclusiveMaximum !== undefined && value >= exclusiveMaximum)
    fail(walk, at, `Expected less than ${exclusiveMaximum}.`);
  if (multipleOf !== undefined && multipleOf > 0 && !Number.isInteger(Number((value / multipleOf).toPrecision(12))))
    fail(walk, at, `Expected a multiple of ${multipleOf}.`);
}

function checkString(schema: Json, value: string, at: readonly (string | number)[], walk: Walk): void {
  // Lengths in code points, as JSON Schema counts them.
  const length = [...value].length;
  if (typeof schema.minLength === "number" && length < schema.minLength)
    fail(walk, at, `Expected at least ${count(schema.minLength, "character")}.`);
  if (typeof schema.maxLength === "number" && length > schema.maxLength)
    fail(walk, at, `Expected at most ${count(schema.maxLength, "character")}.`);
  if (typeof schema.pattern === "string" && !patternOf(schema.pattern).test(value))
    fail(walk, at, `Expected to match the pattern ${schema.pattern}.`);
}

/** Each pattern compiled once per isolate (a schema's patterns are few and fixed). */
const patterns = new Map<string, RegExp>();

function patternOf(source: string): RegExp {
  let pattern = patterns.get(source);
  if (!pattern) {
    pattern = new RegExp(source, "u");
    patterns.set(source, pattern);
  }
  return pattern;
}

function checkArray(schema: Json, value: readonly unknown[], at: readonly (string | number)[], walk: Walk): void {
  if (typeof schema.minItems === "number" && value.length < schema.minItems)
    fail(walk, at, `Expected at least ${count(schema.minItems, "item")}.`);
  if (typeof schema.maxItems === "number" && value.length > schema.maxItems)
    fail(walk, at, `Expected at most ${count(schema.maxItems, "item")}.`);
  if (schema.uniqueItems === true && new Set(value.map((item) => JSON.stringify(item))).size !== value.length)
    fail(walk, at, "Expected items that are all different.");
  if (schema.items === undefined) return;
  for (const [index, item] of value.entries()) check(schema.items, item, [...at, index], walk);
}

function checkObject(schema: Json, value: Json, at: readonly (string | number)[], walk: Walk): void {
  const members = Object.keys(value).length;
  if (Array.isArray(schema.required)) {
    for (const name of schema.required)
      if (typeof name === "string" && !Object.hasOwn(value, name)) fail(walk, [...at, name], "Required.");
  }
  if (typeof schema.minProperties === "number" && members < schema.minProperties)
    fail(walk, at, `Expected at least ${count(schema.minProperties, "member")}.`);
  if (typeof schema.maxProperties === "number" && members > schema.maxProperties)
    fail(walk, at, `Expected at most ${count(schema.maxProperties, "member")}.`);
  if (schema.propertyNames !== undefined)
    for (const name of Object.keys(value)) check(schema.propertyNames, name, [...at, name], walk);
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const [name, member] of Object.entries(value))
    checkMember(schema, properties, name, member, [...at, name], walk);
}

/** One member: by its own schema, else by additionalProperties (false: unknown). */
function checkMember(
  schema: Json,
  properties: Json,
  name: string,
  member: unknown,
  at: readonly (string | number)[],
  walk: Walk,
): void {
  if (Object.hasOwn(properties, name)) check(properties[name], member, at, walk);
  else if (schema.additionalProperties === false) {
    const known = Object.keys(properties);
    fail(walk, at, `Unknown member: the schema declares ${known.length > 0 ? known.join(", ") : "none"}.`);
  } else if (isObject(schema.additionalProperties)) check(schema.additionalProperties, member, at, walk);
}

/**
 * allOf, anyOf, oneOf and not. A value that matches no branch of anyOf or oneOf is told the errors
 * of the branch it comes closest to (fewest errors: an object with one wrong member, not "not null").
 */
function checkCombinations(schema: Json, value: unknown, at: readonly (string | number)[], walk: Walk): void {
  if (Array.isArray(schema.allOf)) for (const branch of schema.allOf) check(branch, value, at, walk);
  for (const keyword of ["anyOf", "oneOf"] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches) || branches.length === 0) continue;
    const results = branches.map((branch) => branchErrors(branch, value, at, walk));
    const passing = results.filter((errors) => errors.length === 0).length;
    if (passing === 0) {
      const closest = results.reduce((best, errors) => (errors.length < best.length ? errors : best));
      walk.errors.push(...closest);
    } else if (keyword === "oneOf" && passing > 1) {
      fail(walk, at, "Expected a value of exactly one allowed shape; it matches several.");
    }
  }
  if (schema.not !== undefined && branchErrors(schema.not, value, at, walk).length === 0)
    fail(walk, at, "This value is not allowed here.");
}

function branchErrors(schema: unknown, value: unknown, at: readonly (string | number)[], walk: Walk): SchemaError[] {
  const branch: Walk = { root: walk.root, errors: [] };
  check(schema, value, at, branch);
  return branch.errors;
}
