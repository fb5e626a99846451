import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { SchemaError } from "../../lib/json-schema";
import { isWrite, type Operation } from "../operation";
import { CONFIRMATION_ARGUMENT, CONFIRMATION_TTL_SECONDS, QUOTE_RESULT_SCHEMA } from "./spending";

/**
 * An operation as an MCP tool, read from the public OpenAPI document so that a tool says exactly
 * what the operation's reference says: its path and query parameters and its body are the tool's
 * arguments (input schema), its success responses, or the problem it may answer instead, the
 * tool's structured result (output schema). Named by the operationId.
 */
export interface OperationTool {
  op: Operation;
  tool: Tool;
  /** Its arguments that fill the path, in the path's order. */
  pathNames: readonly string[];
  /** The media type of the body it sends, when the operation takes one. */
  bodyType: string | undefined;
  /** The paths of its route: a segment for each path parameter. */
  route: RegExp;
  /** The toolset it belongs to: its tag, as a slug (`Contact lists` -> `contact-lists`). */
  toolset: string;
}

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The argument of a write's tool that carries the caller's own Idempotency-Key. */
export const IDEMPOTENCY_ARGUMENT = "idempotency_key";
/** The argument that carries an operation's request body. */
export const BODY_ARGUMENT = "body";
/** What MCP allows in a tool name. */
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

interface DocumentParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: unknown;
}

interface DocumentOperation {
  parameters?: unknown[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

const COMPONENT_SCHEMA = "#/components/schemas/";
/** The document's schema of every problem (RFC 9457): a tool error's structured result. */
const PROBLEM_SCHEMA = { $ref: `${COMPONENT_SCHEMA}Problem` };

/** Every operation's tool, by name, its schemas read from the document. */
export function operationTools(operations: readonly Operation[], document: object): ReadonlyMap<string, OperationTool> {
  const paths = (document as { paths?: Record<string, Record<string, DocumentOperation>> }).paths ?? {};
  const components = (document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {};
  const tools = new Map<string, OperationTool>();
  for (const op of operations) {
    if (!TOOL_NAME.test(op.operationId)) throw new Error(`${op.operationId}: not a valid MCP tool name.`);
    const documented = paths[op.path]?.[op.method];
    if (!documented) throw new Error(`${op.operationId}: not in the OpenAPI document.`);
    const { schema, pathNames, bodyType } = inputSchema(op, documented);
    tools.set(op.operationId, {
      op,
      pathNames,
      bodyType,
      route: routeOf(op.path),
      toolset: toolsetOf(op.tag),
      tool: {
        name: op.operationId,
        title: op.summary,
        description: describeTool(op),
        inputSchema: withDefinitions(schema, components) as Tool["inputSchema"],
        outputSchema: withDefinitions(outputSchema(op, documented), components) as Tool["outputSchema"],
        annotations: annotationsOf(op),
      },
    });
  }
  return tools;
}

/** `/api/v1/contacts/{contact_id}` -> /^\/api\/v1\/contacts\/[^/]+$/ */
const routeOf = (path: string) =>
  new RegExp(
    `^${path
      .split(/\{[^}]+\}/)
      .map((literal) => literal.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"))
      .join("[^/]+")}$`,
  );

/** Path segments a URL resolves (`.`, `..`) or a router drops (empty): as a parameter they would name another path. */
const RESOLVED_SEGMENTS = new Set(["", ".", ".."]);

/**
 * The path a tool call names, each path argument percent-encoded as one segment (a `/` in it is
 * `%2F`, which no router splits on), or why its path arguments cannot be sent: a value that is
 * empty, `.` or `..` (a URL resolves it to another path), or one that makes the path another
 * operation's (an agent id `templates` is the agent templates' list). So a tool reaches its own
 * operation only.
 */
export function toolPath(
  tool: OperationTool,
  args: JsonObject,
  tools: ReadonlyMap<string, OperationTool>,
): { path: string } | { errors: SchemaError[] } {
  const errors: SchemaError[] = [];
  let path = tool.op.path;
  for (const name of tool.pathNames) {
    const value = String(args[name] ?? "");
    if (RESOLVED_SEGMENTS.has(value))
      errors.push({ path: name, message: "A path parameter cannot be empty, . or .. (it would name another path)." });
    path = path.replace(`{${name}}`, encodeURIComponent(value));
  }
  if (errors.length > 0 || tool.pathNames.length === 0) return errors.length > 0 ? { errors } : { path };
  for (const other of tools.values()) {
    if (other !== tool && other.op.method === tool.op.method && other.route.test(path)) {
      return {
        errors: [
          {
            path: tool.pathNames.join(", "),
            message: `These values make the path ${path}, which is another operation's (${other.op.operationId}).`,
          },
        ],
      };
    }
  }
  return { path };
}

/** A tag as the name of its toolset: `Contact lists` -> `contact-lists`. */
export const toolsetOf = (tag: string) =>
  tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** Whether the operation spends money: gate S (a charge to the wallet or the payment method). */
export const spendsMoney = (op: Pick<Operation, "gate">) => op.gate === "S";

/**
 * The MCP annotations, from the declaration: a GET reads only; PATCH, PUT and DELETE are
 * destructive (they change or remove what is there), so is a spend and a POST declared so, other
 * POSTs only add; PUT and DELETE are idempotent (the same call twice leaves what one leaves); an
 * operation that may answer 502 or 503 talks to an outside service (a provider: open world).
 */
export function annotationsOf(op: Operation): NonNullable<Tool["annotations"]> {
  const write = isWrite(op);
  return {
    title: op.summary,
    readOnlyHint: !write,
    destructiveHint: write && (op.method !== "post" || spendsMoney(op) || op.mcp?.destructive === true),
    idempotentHint: !write || op.method === "put" || op.method === "delete",
    openWorldHint: op.codes.includes(502) || op.codes.includes(503),
  };
}

/** What calling the operation changes, in a sentence, from its method. */
function changes(op: Operation): string {
  switch (op.method) {
    case "get":
      return "Reads only: it changes nothing.";
    case "post":
      return op.mcp?.destructive
        ? "Writes: it replaces or revokes what is there (recorded in the audit log)."
        : "Writes: it creates or starts what its summary says (recorded in the audit log).";
    case "delete":
      return "Writes: it removes or ends what it names (recorded in the audit log).";
    default:
      return "Writes: it changes what it names in place (recorded in the audit log).";
  }
}

/** What calling the operation costs, in a sentence: a spend, or one request of the key's rate limit. */
export function cost(op: Operation): string {
  if (!spendsMoney(op)) return "Costs no money: one request of the key's rate limit.";
  return (
    `Spends money: it charges the company (its wallet or its payment method). Called without ${CONFIRMATION_ARGUMENT} it does nothing and ` +
    `answers a quote (what would be charged and sent, to whom) with a confirmation token; called again with the same arguments and that ` +
    `token within ${CONFIRMATION_TTL_SECONDS / 60} minutes, it runs once.`
  );
}

/** The summary, the description, what it changes, what it costs, and the scope it needs. */
function describeTool(op: Operation): string {
  const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
  const parts = [sentence(op.summary)];
  if (op.description && op.description !== op.summary) parts.push(op.description);
  parts.push(changes(op), cost(op), `Requires the scope ${op.scope}.`);
  if (isWrite(op)) parts.push(`Retried with the same ${IDEMPOTENCY_ARGUMENT}, it is done once.`);
  return parts.join(" ");
}

// biome-ignore lint/complexity/noExcessiveCognitiveComplexity: an operation's path, query and body schemas merged into one tool input schema, a branch per place
function inputSchema(op: Operation, documented: DocumentOperation) {
  const properties: JsonObject = {};
  const required: string[] = [];
  const pathNames: string[] = [];
  for (const parameter of documented.parameters ?? []) {
    // Header parameters (Idempotency-Key, X-D1-Bookmark) are references; the tool call sets those.
    if (!isObject(parameter) || (parameter.in !== "path" && parameter.in !== "query")) continue;
    const { name, description, schema, required: isRequired } = parameter as unknown as DocumentParameter;
    properties[name] = { ...(isObject(schema) ? schema : {}), ...(description ? { description } : {}) };
    if (isRequired) required.push(name);
    if (parameter.in === "path") pathNames.push(name);
  }
  const content = documented.requestBody?.content ?? {};
  // A JSON body where the operation takes one (the agent YAML also comes as JSON); else its first media type, as text.
  const bodyType = content["application/json"] ? "application/json" : Object.keys(content)[0];
  if (bodyType) {
    const bodySchema =
      bodyType === "application/json"
        ? content[bodyType]?.schema
        : { type: "string", description: `The body, as ${bodyType}` };
    properties[BODY_ARGUMENT] = isObject(bodySchema) ? bodySchema : {};
    required.push(BODY_ARGUMENT);
  }
  if (isWrite(op)) {
    properties[IDEMPOTENCY_ARGUMENT] = {
      type: "string",
      minLength: 1,
      maxLength: 255,
      pattern: "^[\\x21-\\x7e]+$",
      description:
        "Optional: the Idempotency-Key to send; the same key again within 24 hours returns the first call's result and does nothing. " +
        "Without it each call writes anew (a retry of the same message in the same session is done once).",
    };
  }
  if (spendsMoney(op)) {
    properties[CONFIRMATION_ARGUMENT] = {
      type: "string",
      minLength: 1,
      maxLength: 512,
      description: `The token of this call's quote. Without it nothing is done: the call answers a quote and a token, valid ${CONFIRMATION_TTL_SECONDS / 60} minutes, for these exact arguments and this API key.`,
    };
  }
  for (const name of [BODY_ARGUMENT, IDEMPOTENCY_ARGUMENT, CONFIRMATION_ARGUMENT]) {
    if (
      pathNames.includes(name) ||
      (documented.parameters ?? []).some((parameter) => isObject(parameter) && parameter.name === name)
    ) {
      throw new Error(`${op.operationId}: a parameter is named ${name}, which the tool uses for itself.`);
    }
  }
  const schema: JsonObject = {
    type: "object",
    properties,
    additionalProperties: false,
    ...(required.length ? { required } : {}),
  };
  return { schema, pathNames, bodyType };
}

/**
 * What a call's `structuredContent` is: the JSON body of one of the operation's success responses,
 * or the problem it answered instead (a tool error carries the problem too, and clients check
 * every structured result they get against this schema, an error's included), or for a spend the
 * quote it answers before it is confirmed.
 */
function outputSchema(op: Operation, documented: DocumentOperation): JsonObject {
  const successes = Object.entries(documented.responses ?? {})
    .filter(([status]) => /^2\d\d$/.test(status))
    .map(([, response]) => response.content?.["application/json"]?.schema)
    .filter(isObject);
  if (successes.length === 0)
    throw new Error(`${op.operationId}: no JSON success response, so no structured result to declare.`);
  return { type: "object", anyOf: [...successes, PROBLEM_SCHEMA, ...(spendsMoney(op) ? [QUOTE_RESULT_SCHEMA] : [])] };
}

/** The schema with its references to the document's components turned into its own `$defs`, only those it reaches. */
function withDefinitions(schema: JsonObject, components: Record<string, unknown>): JsonObject {
  const definitions: JsonObject = {};
  const pending: string[] = [];
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!isObject(node)) return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => {
        if (key === "$ref" && typeof value === "string" && value.startsWith(COMPONENT_SCHEMA)) {
          const name = value.slice(COMPONENT_SCHEMA.length);
          if (!(name in definitions) && !pending.includes(name)) pending.push(name);
          return [key, `#/$defs/${name}`];
        }
        return [key, rewrite(value)];
      }),
    );
  };
  const rewritten = rewrite(schema) as JsonObject;
  for (let name = pending.shift(); name !== undefined; name = pending.shift()) {
    // Claimed before it is rewritten, so a component that refers to itself is not queued again.
    definitions[name] = {};
    definitions[name] = rewrite(components[name] ?? {});
  }
  return Object.keys(definitions).length > 0 ? { ...rewritten, $defs: definitions } : rewritten;
}

/** The document's schema of a problem (RFC 9457), as the discovery tools' results declare it. */
export function problemSchemaOf(document: object): unknown {
  const problem = (document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas?.Problem;
  if (!isObject(problem)) throw new Error("The OpenAPI document has no Problem schema.");
  return problem;
}
