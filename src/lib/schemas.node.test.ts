import { z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { fieldErrors } from "./errors";
import { email, namedValues, optional, strictObjects } from "./schemas";

const unknownPaths = (schema: z.ZodType, value: unknown) => {
  const result = strictObjects(schema).safeParse(value);
  return result.success ? [] : fieldErrors("body", result.error.issues).map((error) => error.path);
};

describe("strictObjects", () => {
  const Line = z.object({ concept: z.string() }).openapi("TestLine", { description: "A line" });
  const Body = z
    .object({
      name: z.string(),
      lines: z.array(Line),
      address: optional(z.object({ city: z.string() })),
      choice: z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]).optional(),
      fields: namedValues(z.string(), z.object({ value: z.string() })),
    })
    .transform((body) => ({ ...body, named: true }));

  it("refuses unknown members at every depth, through arrays, optionals, unions, records and transforms", () => {
    const value = {
      name: "n",
      extra: 1,
      lines: [{ concept: "c", sku: "x" }],
      address: { city: "Madrid", zip: "28001" },
      choice: { a: "a", z: 1 },
      fields: { colour: { value: "red", hue: 1 } },
    };
    expect(unknownPaths(Body, value)).toEqual(
      expect.arrayContaining(["body.extra", "body.lines.0.sku", "body.address.zip", "body.fields.colour.hue"]),
    );
    expect(unknownPaths(Body, { name: "n", lines: [{ concept: "c" }], address: null, fields: {} })).toEqual([]);
  });

  it("keeps refinements, transforms, the component's name and metadata, and returns one copy per schema", () => {
    const strict = strictObjects(Body);
    expect(strict.parse({ name: "n", lines: [], fields: {} })).toMatchObject({ named: true });
    expect(strictObjects(Body)).toBe(strict);
    const document = z.toJSONSchema(strictObjects(z.object({ line: Line })), { io: "input" });
    expect(document).toMatchObject({
      additionalProperties: false,
      properties: { line: { additionalProperties: false } },
    });
  });

  it("leaves a schema without objects as it is", () => {
    const text = z.string().max(5);
    expect(strictObjects(text)).toBe(text);
  });
});

describe("email", () => {
  it("refuses what the server refuses, and its pattern says the same", () => {
    const pattern = new RegExp(z.toJSONSchema(email()).pattern as string);
    for (const [address, accepted] of [
      ["0@com", false],
      ["a@b.co", true],
      ["billing@acme.example", true],
      ["a@b", false],
    ] as const) {
      expect(email().safeParse(address).success, address).toBe(accepted);
      expect(pattern.test(address), address).toBe(accepted);
    }
  });
});
