import type { z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { redact, REDACTED, sensitivityOf, type Sensitivity } from "../src/lib/redaction";
import { allOperations } from "./helpers";

/**
 * Every field a declaration marks secret or personal (src/lib/redaction.ts) is redacted in the
 * request log, in every operation's request body and every success response: the marked fields are
 * found by walking the schemas on their own (not through `redact`), a body holding a sentinel in
 * each of them is built, and `redact` must leave none of it.
 */

type Path = (string | "[]" | "{}")[];
const SENTINEL = "SENTINEL-d0c5e1f2";

function markedPaths(
  schema: z.core.$ZodType,
  path: Path = [],
  seen = new Set<unknown>(),
): { path: Path; mark: Sensitivity }[] {
  const mark = sensitivityOf(schema);
  if (mark) return [{ path, mark }];
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown>;
  const walk = (child: unknown, at: Path) => (child ? markedPaths(child as z.core.$ZodType, at, seen) : []);
  switch (def.type as string) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
      return walk(def.innerType, path);
    case "pipe":
      return [...walk(def.in, path), ...walk(def.out, path)];
    case "lazy":
      return walk((def.getter as () => unknown)(), path);
    case "union":
      return (def.options as unknown[]).flatMap((option) => walk(option, path));
    case "intersection":
      return [...walk(def.left, path), ...walk(def.right, path)];
    case "array":
      return walk(def.element, [...path, "[]"]);
    case "record":
      return walk(def.valueType, [...path, "{}"]);
    case "object":
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([name, member]) =>
        walk(member, [...path, name]),
      );
    default:
      return [];
  }
}

/** A value with the sentinel at each path (an array of one item, a record of one member). */
function valueWith(paths: Path[]): unknown {
  const build = (rest: Path): unknown => {
    if (rest.length === 0) return SENTINEL;
    const [head, ...tail] = rest;
    if (head === "[]") return [build(tail)];
    return { [head === "{}" ? "member" : head!]: build(tail) };
  };
  const merge = (a: unknown, b: unknown): unknown => {
    if (Array.isArray(a) && Array.isArray(b)) return [merge(a[0], b[0])];
    if (a && b && typeof a === "object" && typeof b === "object") {
      const merged: Record<string, unknown> = { ...(a as Record<string, unknown>) };
      for (const [name, value] of Object.entries(b)) merged[name] = name in merged ? merge(merged[name], value) : value;
      return merged;
    }
    return a ?? b;
  };
  return paths.map(build).reduce((value, next) => merge(value, next), undefined);
}

const bodies = allOperations.flatMap((op) => [
  ...(op.request?.body ? [{ where: `${op.operationId} request`, schema: op.request.body as z.core.$ZodType }] : []),
  ...Object.entries(op.responses).map(([status, response]) => ({
    where: `${op.operationId} ${status}`,
    schema: response!.schema as z.core.$ZodType,
  })),
]);
const marked = bodies
  .map((body) => ({ ...body, fields: markedPaths(body.schema) }))
  .filter((body) => body.fields.length > 0);

describe("redaction by the declarations", () => {
  it("finds the secrets the declarations mark: API keys, webhook signing secrets, SIP passwords", () => {
    const secrets = marked.flatMap((body) =>
      body.fields.filter((field) => field.mark === "secret").map((field) => `${body.where}: ${field.path.join(".")}`),
    );
    expect(secrets).toEqual(
      expect.arrayContaining([
        "rotateApiKey 201: api_key",
        "putWebhookSubscription 200: secret",
        "updateWebhookSubscription 200: secret",
        "createSipTrunk request: password",
        "updateSipTrunk request: password",
      ]),
    );
  });

  it("redacts every marked field of every body", () => {
    const kept = marked.flatMap((body) => {
      const value = valueWith(body.fields.map((field) => field.path));
      const redacted = JSON.stringify(redact(value, body.schema));
      return redacted.includes(SENTINEL) ? [`${body.where}: ${redacted}`] : [];
    });
    expect(kept).toEqual([]);
    // The sentinel is where a field was: each marked field now reads as redacted.
    for (const body of marked)
      expect(JSON.stringify(redact(valueWith(body.fields.map((field) => field.path)), body.schema))).toContain(
        REDACTED,
      );
  });

  it("keeps what is not marked, and what the schema does not describe", () => {
    const rotation = bodies.find((body) => body.where === "rotateApiKey 201")!;
    expect(
      redact({ key_id: "key_1", api_key: "svc_test_x", name: "n", extra: { api_key: "kept" } }, rotation.schema),
    ).toEqual({ key_id: "key_1", api_key: REDACTED, name: "n", extra: { api_key: "kept" } });
  });
});
