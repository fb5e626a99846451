import { describe, expect, it } from "vitest";
import { schemaErrors } from "./json-schema";

const listInput = {
  type: "object",
  properties: {
    limit: { type: "integer", minimum: 1, maximum: 100, default: 50 },
    status: { type: "string", enum: ["open", "closed"] },
    body: { $ref: "#/$defs/Body" },
  },
  additionalProperties: false,
  $defs: {
    Body: {
      type: "object",
      properties: {
        name: { type: "string", minLength: 1, maxLength: 3 },
        items: { type: "array", maxItems: 2, items: { $ref: "#/$defs/Item" } },
        note: { anyOf: [{ type: "string", pattern: "^n" }, { type: "null" }] },
      },
      required: ["name"],
    },
    Item: {
      type: "object",
      properties: { units: { type: "number", exclusiveMinimum: 0 } },
      required: ["units"],
      additionalProperties: false,
    },
  },
};

describe("schemaErrors: a value checked as sent against a JSON Schema", () => {
  it("accepts what the schema allows", () => {
    expect(schemaErrors(listInput, {})).toEqual([]);
    expect(
      schemaErrors(listInput, { limit: 2, status: "open", body: { name: "abc", items: [{ units: 1.5 }], note: null } }),
    ).toEqual([]);
    expect(schemaErrors(listInput, { body: { name: "é🙂x", note: "noted" } })).toEqual([]);
  });

  it("coerces nothing: a number written as text is not a number", () => {
    expect(schemaErrors(listInput, { limit: "two" })).toEqual([
      { path: "limit", message: 'Expected an integer, not a string ("two").' },
    ]);
    expect(schemaErrors(listInput, { limit: "2" })).toHaveLength(1);
    expect(schemaErrors(listInput, { limit: 2.5 })).toEqual([
      { path: "limit", message: "Expected an integer, not a number." },
    ]);
    expect(schemaErrors({ type: "number" }, 3)).toEqual([]);
    expect(schemaErrors({ type: "boolean" }, "true")).toHaveLength(1);
  });

  it("names each wrong member by its path: bounds, enums, unknown and missing members, references, nullable branches", () => {
    const errors = schemaErrors(listInput, {
      limit: 500,
      status: "pending",
      colour: "red",
      body: { name: "", items: [{ units: 0 }, { size: 1 }, {}], note: "x" },
    });
    expect(errors).toEqual([
      { path: "limit", message: "Expected at most 100." },
      { path: "status", message: 'Expected one of "open", "closed".' },
      { path: "colour", message: "Unknown member: the schema declares limit, status, body." },
      { path: "body.name", message: "Expected at least 1 character." },
      { path: "body.items", message: "Expected at most 2 items." },
      { path: "body.items.0.units", message: "Expected more than 0." },
      { path: "body.items.1.units", message: "Required." },
      { path: "body.items.1.size", message: "Unknown member: the schema declares units." },
      { path: "body.items.2.units", message: "Required." },
      { path: "body.note", message: "Expected to match the pattern ^n." },
    ]);
    expect(schemaErrors(listInput, { body: {} })).toEqual([{ path: "body.name", message: "Required." }]);
    // A member named like an Object.prototype property is a member like any other.
    expect(schemaErrors(listInput, { constructor: 1 })).toEqual([
      { path: "constructor", message: "Unknown member: the schema declares limit, status, body." },
    ]);
  });

  it("reads allOf, oneOf, not and const; a root of another type is said once", () => {
    expect(schemaErrors({ allOf: [{ type: "object", required: ["a"] }, { required: ["b"] }] }, {})).toEqual([
      { path: "a", message: "Required." },
      { path: "b", message: "Required." },
    ]);
    expect(schemaErrors({ oneOf: [{ type: "integer" }, { type: "number" }] }, 2)).toEqual([
      { path: "", message: "Expected a value of exactly one allowed shape; it matches several." },
    ]);
    expect(schemaErrors({ not: { const: "x" } }, "x")).toHaveLength(1);
    expect(schemaErrors({ type: "object", required: ["a"] }, [])).toEqual([
      { path: "", message: "Expected an object, not an array." },
    ]);
    expect(schemaErrors({ $ref: "#/$defs/Missing" }, 1)).toEqual([
      { path: "", message: "The schema's reference #/$defs/Missing does not resolve." },
    ]);
  });

  it("ignores formats and keywords it does not know (annotations), and bounds its report", () => {
    expect(schemaErrors({ type: "string", format: "uuid", example: "x", description: "d" }, "not-a-uuid")).toEqual([]);
    const many = {
      type: "object",
      properties: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`m${i}`, { type: "string" }])),
    };
    expect(schemaErrors(many, Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`m${i}`, i])))).toHaveLength(20);
  });
});
