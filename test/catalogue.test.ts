import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import catalogueFile from "../spec/catalogue.json";
import { CatalogueSchema, extensionCodes } from "../scripts/lib/catalogue";
import { createApp } from "../src/app";
import { configOf } from "../src/config";
import { declaredCodes, pipelineExtensions } from "../src/core/operation";
import { openApiDocument } from "../src/core/registry";
import { allOperations as operations } from "./helpers";

/**
 * The implementation and its OpenAPI document against spec/catalogue.json, the catalogue the API
 * promises. The documented extensions are the catalogue's pipelineExtensions: codes the request
 * pipeline can answer beyond those an operation declares (413 on every operation with a JSON body;
 * 400 and 409 on every write, for Idempotency-Key). Nothing else may differ from the catalogue.
 */
const catalogue = CatalogueSchema.parse(catalogueFile);
const catalogued = new Map(catalogue.operations.map((op) => [`${op.method} ${op.path}`, op]));
const documentedExtensions = new Set(catalogue.pipelineExtensions.rules.flatMap((rule) => rule.codes));

const keyOf = (op: { method: string; path: string }) => `${op.method.toUpperCase()} ${op.path}`;
const sorted = (codes: Iterable<number>) => [...codes].sort((a, b) => a - b);

describe("implementation against spec/catalogue.json", () => {
  it("declares only catalogued operations, each once, with distinct operationIds", () => {
    const seen = new Set<string>();
    for (const op of operations) {
      const key = keyOf(op);
      expect(catalogued.has(key), key).toBe(true);
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
    expect(new Set(operations.map((op) => op.operationId)).size).toBe(operations.length);
  });

  for (const op of operations) {
    const key = keyOf(op);
    it(`${key}: scope, gate, plans and codes match`, () => {
      const expected = catalogued.get(key);
      expect(expected, `${key} is not in spec/catalogue.json`).toBeDefined();
      expect({ scope: op.scope, gate: op.gate, plans: op.plans }).toEqual({ scope: expected!.scope, gate: expected!.gate, plans: expected!.plans });
      expect(sorted(op.codes)).toEqual(expected!.codes);
      const extensions = extensionCodes(catalogue, { codes: expected!.codes, hasBody: op.request?.body !== undefined, isWrite: op.method !== "get" });
      expect(pipelineExtensions(op)).toEqual(extensions);
      const extra = declaredCodes(op).filter((code) => !expected!.codes.includes(code));
      expect(extra).toEqual(extensions);
      for (const code of extra) expect(documentedExtensions.has(code), `${key} adds ${code}`).toBe(true);
    });
  }
});

describe("the OpenAPI document against spec/catalogue.json", () => {
  type Described = {
    "x-scope": string;
    "x-gate": string;
    "x-plans": string;
    "x-capability": string;
    "x-pipeline-codes"?: number[];
    requestBody?: unknown;
    responses: Record<string, unknown>;
  };
  const document = openApiDocument(createApp(), configOf(env)) as unknown as {
    openapi: string;
    paths: Record<string, Record<string, Described>>;
  };

  it("is OpenAPI 3.1", () => {
    expect(document.openapi).toBe("3.1.0");
  });

  for (const op of operations) {
    const key = keyOf(op);
    it(`${key}: listed with its scope, gate, plans and every code it can answer`, () => {
      const expected = catalogued.get(key);
      const described = document.paths[op.path]?.[op.method];
      expect(expected, `${key} is not in spec/catalogue.json`).toBeDefined();
      expect(described, `${key} is not in the document`).toBeDefined();
      expect(described).toMatchObject({ "x-scope": expected!.scope, "x-gate": expected!.gate, "x-plans": expected!.plans, "x-capability": op.capability });
      // The extensions that apply follow from the document itself: a request body, a write method.
      const extensions = extensionCodes(catalogue, { codes: expected!.codes, hasBody: described!.requestBody !== undefined, isWrite: op.method !== "get" });
      expect(described!["x-pipeline-codes"] ?? []).toEqual(extensions);
      expect(sorted(Object.keys(described!.responses).map(Number))).toEqual(sorted(new Set([...expected!.codes, ...extensions])));
    });
  }
});
