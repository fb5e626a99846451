/**
 * The SDK's generated files (sdk/src/schema.d.ts and sdk/src/operations.ts), written by
 * `npm run client` from the OpenAPI document; test/e2e/document.e2e.test.ts fails when they are stale.
 *
 * operations.ts groups the operations by tag into namespaces (`Contact lists` → `contactLists`) and
 * names each method by its operationId without the tag's noun (`listContactListMembers` →
 * `contactLists.listMembers`, `createBudget` → `budgets.create`). A list with `offset` or `cursor`
 * in its query returns a PagedList.
 */
import { clientTypes } from "./client";

export const SDK_TYPES_PATH = "sdk/src/schema.d.ts";
export const SDK_OPERATIONS_PATH = "sdk/src/operations.ts";

/** Names the noun rule gets wrong: the noun is not the operation's object, or a preposition is left over. */
const METHOD_NAMES: Record<string, string> = {
  getCallAnalytics: "getCalls",
  replyInConversation: "reply",
};

const HTTP_METHODS = ["get", "post", "put", "patch", "delete"] as const;

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
}
interface Operation {
  operationId: string;
  summary?: string;
  tags?: string[];
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { required?: boolean; content?: Record<string, unknown> };
  "x-scope"?: string;
  "x-gate"?: string;
}
interface Document {
  paths: Record<string, Partial<Record<(typeof HTTP_METHODS)[number], Operation>>>;
}

/** The SDK's schema.d.ts: the same types as the test client's. */
export const sdkTypes = (document: unknown) => clientTypes(document);

const words = (text: string) => text.split(/[^A-Za-z0-9]+/).filter(Boolean);
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
const namespaceOf = (tag: string) =>
  words(tag)
    .map((word, index) => (index === 0 ? word.toLowerCase() : capital(word)))
    .join("");
const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** The operationId without the tag's noun (plural first, then singular), where it stands as a whole word. */
function methodNameOf(operationId: string, tag: string): string {
  const named = METHOD_NAMES[operationId];
  if (named) return named;
  const plural = words(tag).map(capital).join("");
  for (const noun of [plural, plural.replace(/s$/, "")]) {
    const lower = operationId.toLowerCase();
    for (let at = lower.indexOf(noun.toLowerCase(), 1); at > 0; at = lower.indexOf(noun.toLowerCase(), at + 1)) {
      const after = operationId.charAt(at + noun.length);
      const whole = /[A-Z]/.test(operationId.charAt(at)) && (after === "" || /[A-Z]/.test(after));
      if (!whole) continue;
      const rest = operationId.slice(0, at) + operationId.slice(at + noun.length);
      return rest.charAt(0).toLowerCase() + rest.slice(1);
    }
  }
  return operationId;
}

/** sdk/src/operations.ts: a method per operation, grouped by tag. */
export function sdkOperations(document: unknown): string {
  const { paths } = document as Document;
  const namespaces = new Map<string, Map<string, string>>();
  for (const [path, item] of Object.entries(paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const namespace = namespaceOf(operation.tags?.[0] ?? "operations");
      const name = methodNameOf(operation.operationId, operation.tags?.[0] ?? "");
      const methods = namespaces.get(namespace) ?? new Map<string, string>();
      if (methods.has(name)) throw new Error(`sdk: two operations are named ${namespace}.${name}`);
      methods.set(name, methodSource(path, method, operation, name));
      namespaces.set(namespace, methods);
    }
  }
  const body = [...namespaces]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([namespace, methods]) => `    ${namespace}: {${[...methods.values()].join("")}\n    },`)
    .join("\n");
  return `${HEADER}export function operations(t: Transport) {\n  return {\n${body}\n  };\n}\n\n/** The namespaces of a Client: one per tag of the OpenAPI document. */\nexport type Operations = ReturnType<typeof operations>;\n`;
}

const HEADER = `// A method per operation of the OpenAPI document, grouped by tag, written by \`npm run client\`
// (scripts/lib/sdk.ts). Do not edit: change the declarations and run it again.

import type { PagedList } from "./pagination.js";
import type { RequestOptions, Transport, WithLastResponse } from "./transport.js";
import type { BodyOf, ItemOf, PathOf, QueryOf, ResultOf } from "./types.js";

`;

function methodSource(path: string, method: (typeof HTTP_METHODS)[number], operation: Operation, name: string): string {
  const id = JSON.stringify(operation.operationId);
  const parameters = (operation.parameters ?? []).filter((parameter): parameter is Parameter => "in" in parameter);
  const pathNames = parameters.filter((parameter) => parameter.in === "path").map((parameter) => parameter.name);
  const queryNames = parameters.filter((parameter) => parameter.in === "query");
  const queryRequired = queryNames.some((parameter) => parameter.required);
  const hasBody = operation.requestBody?.content?.["application/json"] !== undefined;
  const pagination = queryNames.some((parameter) => parameter.name === "cursor")
    ? "cursor"
    : queryNames.some((parameter) => parameter.name === "offset")
      ? "offset"
      : undefined;

  const signature = pathNames.map((parameter) => `${camel(parameter)}: PathOf<${id}>[${JSON.stringify(parameter)}]`);
  if (hasBody) signature.push(`body${operation.requestBody?.required ? "" : "?"}: BodyOf<${id}>`);
  else if (queryNames.length > 0) signature.push(`query${queryRequired ? "" : "?"}: QueryOf<${id}>`);
  signature.push("options?: RequestOptions");
  const params = pathNames.length
    ? `{ ${pathNames.map((parameter) => (camel(parameter) === parameter ? parameter : `${parameter}: ${camel(parameter)}`)).join(", ")} }`
    : "undefined";

  const verb = method.toUpperCase();
  const gate =
    operation["x-gate"] === "S" ? " Spends money (gate S): requires an Idempotency-Key, which the client sends." : "";
  const doc = `\n      /** ${(operation.summary ?? operation.operationId).replaceAll("*/", "*\\/")}: \`${verb} ${path}\`, scope \`${operation["x-scope"] ?? "none"}\`.${gate} */`;
  const call = pagination
    ? `: PagedList<ItemOf<${id}>, ResultOf<${id}>> => t.list<${id}>("${pagination}", "${path}", ${params}, query, options)`
    : `: Promise<WithLastResponse<ResultOf<${id}>>> => t.call<${id}>("${verb}", "${path}", { params: ${params}${hasBody ? ", body" : queryNames.length ? ", query" : ""} }, options)`;
  return `${doc}\n      ${name}: (${signature.join(", ")})${call},`;
}
