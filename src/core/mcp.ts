import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import {
  ErrorCode,
  isJSONRPCRequest,
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
  type CallToolResult,
  type InitializeResult,
  type JSONRPCRequest,
  type JSONRPCResponse,
  type ListToolsResult,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import type { Context } from "hono";
import type { Config } from "../config";
import { sha256Hex } from "../keys/auth";
import { authorize } from "../keys/authorize";
import { readBody } from "../lib/body";
import { ApiError, loggableError } from "../lib/errors";
import type { Caller } from "../keys/caller";
import { isWrite, type Operation } from "./operation";
import type { AppEnv } from "./app-env";
import { authenticatedCaller, gateOpen } from "./pipeline";

/**
 * The API as tools for AI agents: a Model Context Protocol server at /mcp (Streamable HTTP), one
 * tool per operation the caller's key may call, generated from the same declarations as the routes.
 *
 * Stateless: every POST is answered on its own (a JSON response, no event stream), so any isolate
 * answers any request and nothing is kept between them; each tool call is one request to the API.
 * `initialize` names a session (`Mcp-Session-Id`, random) that the client sends back on every
 * later request; nothing is stored under it here, it only keeps one session's derived
 * Idempotency-Keys apart from another's. The SDK's transport does the HTTP side (Accept,
 * Content-Type, protocol version header, JSON-RPC framing); the four methods a tools-only server
 * has are answered here rather than by the SDK's `Server`, which would bring a JSON Schema compiler
 * (Ajv, for elicitation this server never asks for) into the Worker's bundle.
 *
 * A tool call is not run here: it is sent to the app as the request a client would send (the
 * caller's Authorization, the operation's method, path, query and body, an Idempotency-Key on a
 * write), so gates, key, rate limit, scope, plan, spending, validation, idempotency and the audit
 * log apply exactly as they do to HTTP clients. Its answer is the tool's result, a problem its error.
 */

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

/** The argument of a write's tool that carries the caller's own Idempotency-Key. */
const IDEMPOTENCY_ARGUMENT = "idempotency_key";
/** The argument that carries an operation's request body. */
const BODY_ARGUMENT = "body";
/** The session header of Streamable HTTP, set on the answer to `initialize` and sent back by the client. */
const SESSION_HEADER = "Mcp-Session-Id";
/** What the specification allows in a session id: visible ASCII. */
const SESSION_ID = /^[\x21-\x7e]{1,128}$/;
/** What MCP allows in a tool name. */
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

export interface McpOptions {
  operations: readonly Operation[];
  /** The public OpenAPI document for a configuration: the tools' input schemas are its parameters and bodies. */
  document(config: Config): object;
  /** Sends a request through the app, every step of the pipeline included. */
  dispatch(c: Context<AppEnv>, request: Request): Promise<Response>;
}

interface McpTool {
  tool: Tool;
  op: Operation;
  pathNames: readonly string[];
  /** The media type of the body it sends, when the operation takes one. */
  bodyType: string | undefined;
}

const INSTRUCTIONS =
  "Each tool is one operation of the REST API, called with your API key: the same scopes, plan, gates, rate limit, " +
  "validation and idempotency apply. Path and query parameters are arguments of their own names; a request body is the " +
  "argument `body`. A refusal comes back as a tool error whose text is the API's problem (RFC 9457): its `type`, `detail` " +
  "and, for invalid input, `errors` say what to change.";

const SERVER_INFO = { name: "public-api", version: "1.0.0" };

/** The /mcp handler: POST only (stateless: no stream to open with GET, no session to end with DELETE). */
export function mcpEndpoint(options: McpOptions) {
  // Built once per isolate: parameters and bodies depend on the declarations, not on the configuration.
  let built: ReadonlyMap<string, McpTool> | undefined;
  const toolsOf = (config: Config) => {
    built ??= buildTools(options.operations, options.document(config));
    return built;
  };

  return async function handleMcp(c: Context<AppEnv>): Promise<Response> {
    if (c.req.method !== "POST") {
      throw new ApiError("method_not_allowed", "The MCP endpoint is stateless: it answers POST (no event stream to open, no session to end).", {
        headers: { Allow: "POST" },
      });
    }
    const config = c.get("config");
    const tools = toolsOf(config);
    const text = await readBody(c.req.raw, config.maxBodyBytes);
    const message = parsedJson(text);
    const { initializing, session } = sessionOf(c, message);
    // A message that only calls a known tool is authenticated and counted once, by the operation's
    // own pass through the pipeline; any other message is authenticated and counted here.
    const caller = isToolCall(message, tools) ? undefined : await authenticatedCaller(c);
    const dispatched: { response: Response; text: string }[] = [];
    const callTool = async (name: string, args: JsonObject, rpcId: string): Promise<CallToolResult> => {
      const tool = tools.get(name);
      if (!tool) return toolError(`No tool ${name}: tools/list names the tools this key may call.`);
      const request = await toolRequest(c, tool, args, { session, rpcId });
      if (typeof request === "string") return toolError(request);
      const response = await options.dispatch(c, request);
      const answer = { response, text: await response.text() };
      dispatched.push(answer);
      return toolResult(response, answer.text);
    };
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    transport.onmessage = (received) => {
      // Notifications (initialized, cancelled) need nothing from a stateless server.
      if (!isJSONRPCRequest(received)) return;
      void answer(received, { tools: () => (caller ? usableTools(tools, caller, config) : []), callTool })
        .then((reply) => transport.send(reply))
        .catch((error: unknown) => console.error(JSON.stringify({ request_id: c.get("requestId"), ...loggableError(error) })));
    };
    await transport.start();
    let response: Response;
    try {
      // A body that is not JSON is handed on as null, which the transport answers as a parse error.
      response = await transport.handleRequest(c.req.raw, { parsedBody: message ?? null });
    } finally {
      await transport.close();
    }
    const last = dispatched.at(-1);
    if (last?.response.status === 401) return unauthorizedResponse(c, last.response, last.text);
    if (initializing && session && response.ok) {
      response = new Response(response.body, response);
      response.headers.set(SESSION_HEADER, session);
    }
    // What is left of the key's quota after the tool call, as on the operation's own response.
    const rate = last?.response.headers.get("RateLimit");
    const policy = last?.response.headers.get("RateLimit-Policy");
    if (rate && policy) {
      response = new Response(response.body, response);
      response.headers.set("RateLimit", rate);
      response.headers.set("RateLimit-Policy", policy);
    }
    return response;
  };
}

interface Methods {
  tools(): Tool[];
  callTool(name: string, args: JsonObject, rpcId: string): Promise<CallToolResult>;
}

/** The answer to one JSON-RPC request: initialize, ping, tools/list and tools/call; anything else is not a method here. */
async function answer(request: JSONRPCRequest, methods: Methods): Promise<JSONRPCResponse> {
  const reply = (result: JsonObject): JSONRPCResponse => ({ jsonrpc: "2.0", id: request.id, result });
  const refuse = (code: ErrorCode, message: string): JSONRPCResponse => ({ jsonrpc: "2.0", id: request.id, error: { code, message } });
  const params: JsonObject = request.params ?? {};
  try {
    switch (request.method) {
      case "initialize": {
        const asked = params.protocolVersion;
        const protocolVersion = typeof asked === "string" && SUPPORTED_PROTOCOL_VERSIONS.includes(asked) ? asked : LATEST_PROTOCOL_VERSION;
        const result: InitializeResult = { protocolVersion, capabilities: { tools: { listChanged: false } }, serverInfo: SERVER_INFO, instructions: INSTRUCTIONS };
        return reply(result);
      }
      case "ping":
        return reply({});
      case "tools/list": {
        const result: ListToolsResult = { tools: methods.tools() };
        return reply(result);
      }
      case "tools/call": {
        const { name, arguments: args = {} } = params;
        if (typeof name !== "string" || !isObject(args)) return refuse(ErrorCode.InvalidParams, "tools/call takes a tool name and an object of arguments.");
        return reply(await methods.callTool(name, args, JSON.stringify(request.id)));
      }
      default:
        return refuse(ErrorCode.MethodNotFound, `This server has tools only; it has no method ${request.method}.`);
    }
  } catch (error) {
    console.error(JSON.stringify({ mcp_method: request.method, ...loggableError(error) }));
    return refuse(ErrorCode.InternalError, "The tool call failed on the server.");
  }
}

/** The session the client names (one this server gave it at initialize), or a new one for an initialize. */
function sessionOf(c: Context<AppEnv>, message: unknown): { initializing: boolean; session: string | undefined } {
  if (isObject(message) && message.method === "initialize") return { initializing: true, session: crypto.randomUUID() };
  const sent = c.req.header(SESSION_HEADER);
  return { initializing: false, session: sent !== undefined && SESSION_ID.test(sent) ? sent : undefined };
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Whether the message is one tools/call that will reach the API: a known tool, with its path
 * parameters (every other answer to a tools/call is made here, so its caller is authenticated here).
 */
function isToolCall(message: unknown, tools: ReadonlyMap<string, McpTool>): boolean {
  if (!isObject(message) || message.method !== "tools/call" || message.id === undefined || !isObject(message.params)) return false;
  const { name, arguments: args = {} } = message.params;
  const tool = typeof name === "string" ? tools.get(name) : undefined;
  return tool !== undefined && isObject(args) && tool.pathNames.every((parameter) => isPathValue(args[parameter]));
}

const isPathValue = (value: unknown): value is string | number => typeof value === "string" || typeof value === "number";

/**
 * The tools the key may call now: its gate open, and `authorize` (the pipeline's own steps 7 to 9)
 * content with its scopes, plan and spending. The Idempotency-Key is the tool call's to send.
 */
function usableTools(tools: ReadonlyMap<string, McpTool>, caller: Caller, config: Config): Tool[] {
  return [...tools.values()].filter(({ op }) => gateOpen(op.gate, config) && authorize(op, caller, "sent-by-the-tool-call") === undefined).map(({ tool }) => tool);
}

/** The key's 401 for the whole MCP request: a tool call with a key the API does not admit. */
function unauthorizedResponse(c: Context<AppEnv>, dispatched: Response, problem: string): Response {
  const headers: Record<string, string> = { "Content-Type": "application/problem+json" };
  const challenge = dispatched.headers.get("WWW-Authenticate");
  if (challenge) headers["WWW-Authenticate"] = challenge;
  return c.newResponse(problem, 401, headers);
}

const toolError = (text: string): CallToolResult => ({ isError: true, content: [{ type: "text", text }] });

/** What a replayed answer says beside it, so that an agent does not take it for a new write. */
const REPLAYED =
  "Replayed: a call with the same Idempotency-Key completed earlier (within 24 hours); this is its result, and nothing was done again. " +
  `To do it again, call without ${IDEMPOTENCY_ARGUMENT} or with a new one.`;

/** The operation's answer: its JSON as the result, a problem as a tool error; the status and request id beside. */
function toolResult(response: Response, text: string): CallToolResult {
  const json = parsedJson(text);
  const replayed = response.headers.get("Idempotent-Replayed") === "true";
  return {
    ...(response.ok ? {} : { isError: true }),
    content: [{ type: "text", text }, ...(replayed ? [{ type: "text" as const, text: REPLAYED }] : [])],
    ...(isObject(json) ? { structuredContent: json } : {}),
    _meta: {
      status: response.status,
      request_id: response.headers.get("X-Request-Id"),
      ...(replayed ? { idempotent_replayed: true } : {}),
    },
  };
}

/** Which call of which session a tool call is: what its derived Idempotency-Key is made of. */
interface CallIdentity {
  /** The session the client named; undefined when it sent none. */
  session: string | undefined;
  rpcId: string;
}

/**
 * The Idempotency-Key of a write sent without `idempotency_key`: unique to the call. JSON-RPC ids
 * restart in every session, so the id alone would make the first `createBudget` of two sessions
 * one write; with the session the same message retried in its session replays the first answer,
 * and the same call in another session (or a new call, a new id) writes anew. Without a session
 * nothing tells a retry from a new call: each message gets a random key and writes.
 */
async function derivedIdempotencyKey({ session, rpcId }: CallIdentity, op: Operation, args: JsonObject): Promise<string> {
  return `mcp-${await sha256Hex(JSON.stringify([session ?? crypto.randomUUID(), rpcId, op.operationId, args]))}`;
}

/**
 * The request a client would send for this tool call, or why it cannot be built. A write carries
 * the caller's `idempotency_key`, else one derived from the call (derivedIdempotencyKey); a derived
 * key never meets other arguments, so it is never refused as reused. The key's Durable Object keeps
 * it 24 h, per key.
 */
async function toolRequest(c: Context<AppEnv>, { op, pathNames, bodyType }: McpTool, args: JsonObject, call: CallIdentity): Promise<Request | string> {
  const { [BODY_ARGUMENT]: body, [IDEMPOTENCY_ARGUMENT]: ownKey, ...rest } = args;
  let path = op.path;
  for (const name of pathNames) {
    const value = rest[name];
    if (!isPathValue(value)) return `The argument ${name} (a path parameter) is required.`;
    path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
  }
  // Every other argument is a query parameter: the pipeline refuses one the operation does not have.
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(rest)) {
    if (value === undefined || value === null || pathNames.includes(name)) continue;
    query.set(name, typeof value === "string" ? value : JSON.stringify(value));
  }
  const headers = new Headers({ "X-Request-Id": c.get("requestId") });
  const authorization = c.req.header("Authorization");
  if (authorization) headers.set("Authorization", authorization);
  let bodyText: string | undefined;
  if (bodyType && body !== undefined) {
    bodyText = bodyType === "application/json" ? JSON.stringify(body) : String(body);
    headers.set("Content-Type", bodyType);
  }
  if (isWrite(op)) {
    const key = typeof ownKey === "string" ? ownKey : await derivedIdempotencyKey(call, op, args);
    headers.set("Idempotency-Key", key);
  }
  const search = query.size > 0 ? `?${query}` : "";
  return new Request(new URL(`${path}${search}`, c.req.url), { method: op.method.toUpperCase(), headers, body: bodyText });
}

// ---------------------------------------------------------------------------------------------
// Tools from the OpenAPI document: the same parameters, bodies, descriptions and examples.

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
}

const COMPONENT_SCHEMA = "#/components/schemas/";

/** Every tool of the operations, by name, its input schema read from the document. */
function buildTools(operations: readonly Operation[], document: object): ReadonlyMap<string, McpTool> {
  const paths = (document as { paths?: Record<string, Record<string, DocumentOperation>> }).paths ?? {};
  const components = (document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {};
  const tools = new Map<string, McpTool>();
  for (const op of operations) {
    if (!TOOL_NAME.test(op.operationId)) throw new Error(`${op.operationId}: not a valid MCP tool name.`);
    const documented = paths[op.path]?.[op.method];
    if (!documented) throw new Error(`${op.operationId}: not in the OpenAPI document.`);
    const { schema, pathNames, bodyType } = inputSchema(op, documented, components);
    tools.set(op.operationId, {
      op,
      pathNames,
      bodyType,
      tool: {
        name: op.operationId,
        title: op.summary,
        description: describeTool(op),
        inputSchema: schema as Tool["inputSchema"],
        annotations: { title: op.summary, readOnlyHint: !isWrite(op), destructiveHint: op.method === "delete", openWorldHint: false },
      },
    });
  }
  return tools;
}

/** The summary, the description, the scope, and for gate S that it spends money. */
function describeTool(op: Operation): string {
  const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
  const parts = [sentence(op.summary)];
  if (op.description && op.description !== op.summary) parts.push(op.description);
  parts.push(`Requires the scope ${op.scope}.`);
  if (op.gate === "S") parts.push("Spends money: it charges the company (wallet balance or payment method).");
  if (isWrite(op)) parts.push(`Retried with the same ${IDEMPOTENCY_ARGUMENT}, it is done once.`);
  return parts.join(" ");
}

// biome-ignore lint/complexity/noExcessiveCognitiveComplexity: an operation's path, query and body schemas merged into one tool input schema, a branch per place
function inputSchema(op: Operation, documented: DocumentOperation, components: Record<string, unknown>) {
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
    const bodySchema = bodyType === "application/json" ? content[bodyType]?.schema : { type: "string", description: `The body, as ${bodyType}` };
    properties[BODY_ARGUMENT] = isObject(bodySchema) ? bodySchema : {};
    required.push(BODY_ARGUMENT);
  }
  if (isWrite(op)) {
    properties[IDEMPOTENCY_ARGUMENT] = {
      type: "string",
      minLength: 1,
      maxLength: 255,
      description:
        "Optional: the Idempotency-Key to send; the same key again within 24 hours returns the first call's result and does nothing. " +
        "Without it each call writes anew (a retry of the same message in the same session is done once).",
    };
  }
  for (const name of [BODY_ARGUMENT, IDEMPOTENCY_ARGUMENT]) {
    if (pathNames.includes(name) || (documented.parameters ?? []).some((parameter) => isObject(parameter) && parameter.name === name)) {
      throw new Error(`${op.operationId}: a parameter is named ${name}, which the tool uses for itself.`);
    }
  }
  const schema: JsonObject = { type: "object", properties, additionalProperties: false, ...(required.length ? { required } : {}) };
  return { schema: withDefinitions(schema, components), pathNames, bodyType };
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
