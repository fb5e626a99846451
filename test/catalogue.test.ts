import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import catalogueFile from "../spec/catalogue.json";
import { CatalogueSchema, extensionCodes } from "../scripts/lib/catalogue";
import { createApp } from "../src/app";
import { domains } from "../src/domains";
import { configOf } from "../src/config";
import { declaredCodes, pipelineCodes, pipelineExtensions, pipelineRules } from "../src/core/operation";
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

/**
 * Codes the pipeline can answer for an operation (src/core/operation.ts, pipelineRules: by gate,
 * path, body and method) that the specification does not declare for it and that are no
 * documented extension. The document keeps the specification's list for these operations; each
 * difference is named here, with the reason the pipeline can answer it.
 */
const UNDECLARED_PIPELINE_CODES: Record<string, { codes: number[]; why: string }> = {
  "POST /api/v1/whatsapp/check": {
    codes: [500],
    why: "internal_error: any operation can fail unexpectedly; the specification lists no 500 for this one",
  },
  "POST /api/v1/whatsapp/typing": {
    codes: [500],
    why: "internal_error: any operation can fail unexpectedly; the specification lists no 500 for this one",
  },
  "GET /api/v1/team/mention-list": {
    codes: [500],
    why: "internal_error: any operation can fail unexpectedly; the specification lists no 500 for this one",
  },
  "GET /api/v1/calendar": {
    codes: [500],
    why: "internal_error: any operation can fail unexpectedly; the specification lists no 500 for this one",
  },
  "GET /api/v1/calendar/check": {
    codes: [500],
    why: "internal_error: any operation can fail unexpectedly; the specification lists no 500 for this one",
  },
  "POST /api/v1/email/send": {
    codes: [404, 500],
    why: "not_found while the write switch is off (gate W), and internal_error: the specification lists neither for this one",
  },
  "POST /api/v1/sms/check": {
    codes: [500],
    why: "internal_error: any operation can fail unexpectedly; the specification lists no 500 for this one",
  },
  "POST /api/v1/sms/send": {
    codes: [500],
    why: "internal_error: any operation can fail unexpectedly; the specification lists no 500 for this one",
  },
};
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
      expect({ scope: op.scope, gate: op.gate, plans: op.plans }).toEqual({
        scope: expected!.scope,
        gate: expected!.gate,
        plans: expected!.plans,
      });
      expect(sorted(op.codes)).toEqual(expected!.codes);
      const extensions = extensionCodes(catalogue, {
        codes: expected!.codes,
        hasBody: op.request?.body !== undefined,
        isWrite: op.method !== "get",
      });
      expect(pipelineExtensions(op)).toEqual(extensions);
      const extra = declaredCodes(op).filter((code) => !expected!.codes.includes(code));
      expect(extra).toEqual(extensions);
      for (const code of extra) expect(documentedExtensions.has(code), `${key} adds ${code}`).toBe(true);
    });
  }
});

describe("status codes derived from the pipeline", () => {
  it("every rule that extends the declared codes is a rule of the catalogue's pipelineExtensions", () => {
    const catalogued = new Set(
      catalogue.pipelineExtensions.rules.flatMap((rule) => rule.codes.map((code) => `${rule.appliesTo} ${code}`)),
    );
    for (const rule of pipelineRules.filter((rule) => rule.extendsDeclared)) {
      const appliesTo =
        { "every write": "write", "a JSON body": "body", "every operation": "every" }[rule.appliesTo as string] ??
        rule.appliesTo;
      for (const code of rule.codes)
        expect(catalogued.has(`${appliesTo} ${code}`), `${rule.appliesTo}: ${code}`).toBe(true);
    }
  });

  it("every code the pipeline can answer is declared, except the differences named in UNDECLARED_PIPELINE_CODES", () => {
    const differences = Object.fromEntries(
      operations.flatMap((op) => {
        const missing = pipelineCodes(op).filter((code) => !declaredCodes(op).includes(code));
        return missing.length ? [[keyOf(op), missing]] : [];
      }),
    );
    expect(differences).toEqual(
      Object.fromEntries(Object.entries(UNDECLARED_PIPELINE_CODES).map(([key, { codes }]) => [key, codes])),
    );
  });
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
  const document = openApiDocument(createApp(domains), configOf(env)) as unknown as {
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
      expect(described).toMatchObject({
        "x-scope": expected!.scope,
        "x-gate": expected!.gate,
        "x-plans": expected!.plans,
        "x-capability": op.capability,
      });
      // The extensions that apply follow from the document itself: a request body, a write method.
      const extensions = extensionCodes(catalogue, {
        codes: expected!.codes,
        hasBody: described!.requestBody !== undefined,
        isWrite: op.method !== "get",
      });
      expect(described!["x-pipeline-codes"] ?? []).toEqual(extensions);
      expect(sorted(Object.keys(described!.responses).map(Number))).toEqual(
        sorted(new Set([...expected!.codes, ...extensions])),
      );
    });
  }
});
