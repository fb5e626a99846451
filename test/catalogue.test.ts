import { describe, expect, it } from "vitest";
import spec from "../../shared/spec/operations.json";
import { createApp } from "../src/app";
import { declaredCodes, pipelineExtensions } from "../src/core/operation";
import { openApiDocument } from "../src/core/registry";
import { operations } from "../src/domains";

/**
 * The documented extensions: codes the request pipeline can answer beyond those the
 * specification declares for an operation. Nothing else may differ from operations.json.
 *   413 payload_too_large      every operation with a JSON body (bodies over 1 MiB)
 *   400 idempotency_key_*      every write (invalid or reused Idempotency-Key)
 *   409 idempotency_key_in_use every write (the same Idempotency-Key still running)
 */
const documentedExtensions = new Set([400, 409, 413]);

const specified = new Map(spec.operations.map((op) => [`${op.method} ${op.path}`, op]));

describe("implementation against spec/operations.json", () => {
  it("declares only specified operations, each once", () => {
    const seen = new Set<string>();
    for (const op of operations) {
      const key = `${op.method.toUpperCase()} ${op.path}`;
      expect(specified.has(key), key).toBe(true);
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
    expect(new Set(operations.map((op) => op.operationId)).size).toBe(operations.length);
  });

  for (const op of operations) {
    const key = `${op.method.toUpperCase()} ${op.path}`;
    it(`${key}: scope, gate, plans and codes match`, () => {
      const expected = specified.get(key)!;
      expect({ scope: op.scope, gate: op.gate, plans: op.plans }).toEqual({ scope: expected.scope, gate: expected.gate, plans: expected.plans });
      expect([...op.codes].sort()).toEqual([...expected.codes].sort());
      const extra = declaredCodes(op).filter((code) => !expected.codes.includes(code));
      expect(extra).toEqual(pipelineExtensions(op));
      for (const code of extra) expect(documentedExtensions.has(code), `${key} adds ${code}`).toBe(true);
    });
  }
});

describe("the OpenAPI document", () => {
  const document = openApiDocument(createApp(), "https://api.example.com") as unknown as {
    openapi: string;
    paths: Record<string, Record<string, { "x-scope": string; "x-gate": string; "x-plans": string; "x-capability": string; responses: Record<string, unknown> }>>;
  };

  it("is OpenAPI 3.1 and lists every declared operation with its metadata and every code it can answer", () => {
    expect(document.openapi).toBe("3.1.0");
    for (const op of operations) {
      const described = document.paths[op.path]?.[op.method];
      expect(described, `${op.method} ${op.path}`).toBeDefined();
      expect(described).toMatchObject({ "x-scope": op.scope, "x-gate": op.gate, "x-plans": op.plans, "x-capability": op.capability });
      expect(Object.keys(described!.responses).map(Number).sort()).toEqual(declaredCodes(op));
    }
  });
});
