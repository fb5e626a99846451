import { env } from "cloudflare:test";
import { z } from "@hono/zod-openapi";
import { createApp } from "../../src/app";
import { domains } from "../../src/domains";
import { configOf } from "../../src/config";
import { defineOperation, type Operation } from "../../src/core/operation";
import { openApiDocument } from "../../src/core/registry";
import { allOperations, testApp } from "../helpers";
import { isRecord, type Schema } from "../fuzz/json-schema";

/** An app and its operations, as the security suite drives them. */
export interface Surface {
  name: string;
  operations: readonly Operation[];
  /** Undefined: the Worker's own app (the helpers' default). */
  app?: ReturnType<typeof createApp>;
  /** The OpenAPI document the app serves: request body examples and parameter schemas. */
  document: Document;
}

interface Document {
  paths: Record<string, Record<string, Schema>>;
  components: Record<string, Schema>;
}

function documentOf(app: ReturnType<typeof createApp>): Document {
  const document = openApiDocument(app, configOf(env)) as unknown as {
    paths?: unknown;
    components?: { schemas?: unknown };
  };
  const paths = isRecord(document.paths) ? (document.paths as Document["paths"]) : {};
  const components = isRecord(document.components?.schemas)
    ? (document.components.schemas as Document["components"])
    : {};
  return { paths, components };
}

/** Every operation of every domain of the Worker. */
export const worker: Surface = {
  name: "the Worker",
  operations: allOperations,
  document: documentOf(createApp(domains)),
};

/**
 * A spending operation (gate S) declared like any other, so that the generated gate S cases run
 * before the catalogue's spend operations exist: the generator is the same, and so is the
 * pipeline. Plans AGY, so that the plan cases run on it too. Its side effect is an audit entry.
 */
const spendOperation = defineOperation({
  operationId: "securitySuiteSpend",
  method: "post",
  path: "/api/v1/test/spend",
  summary: "Spend (test)",
  tag: "Test",
  scope: "billing:write",
  gate: "S",
  plans: "AGY",
  capability: "billing",
  codes: [201, 400, 401, 403, 404, 409, 429, 500],
  request: { body: z.object({ amount: z.number().positive() }) },
  responses: { 201: { description: "Spent", schema: z.object({ spent: z.number() }) } },
  handler: async ({ body, commit }) => {
    await commit([], { resourceType: "spend", resourceId: String(body.amount) });
    return { status: 201, body: { spent: body.amount } };
  },
});

const spendApp = testApp([spendOperation]);

export const spending: Surface = {
  name: "a test spending operation",
  // The declaration states tag, plans and capability itself: it is already a complete operation.
  operations: [spendOperation as Operation],
  app: spendApp,
  document: documentOf(spendApp),
};

export const surfaces: readonly Surface[] = [worker, spending];
