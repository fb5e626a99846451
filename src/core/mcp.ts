import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import {
  ErrorCode,
  isJSONRPCRequest,
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
  type CallToolResult,
  type InitializeResult,
  type JSONRPCErrorResponse,
  type JSONRPCRequest,
  type JSONRPCResponse,
  type ListToolsResult,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import type { Context } from "hono";
import type { Config } from "../config";
import { presentedKey } from "../keys/auth";
import { authorize } from "../keys/authorize";
import { readBody } from "../lib/body";
import { ApiError, loggableError, problemBody, problemOf } from "../lib/errors";
import { schemaErrors, type SchemaError } from "../lib/json-schema";
import type { Caller } from "../keys/caller";
import { isWrite, type Operation, type Quote } from "./operation";
import {
  BOOKMARK_HEADER,
  parsedInput,
  parsedJson,
  problemToolError,
  retryAfterOf,
  structuredResult,
  toolRequest,
  toolResult,
} from "./mcp/calls";
import {
  IDEMPOTENCY_ARGUMENT,
  operationTools,
  problemSchemaOf,
  spendsMoney,
  toolPath,
  type OperationTool,
} from "./mcp/tools";
import {
  CONFIRMATION_ARGUMENT,
  confirmationRefusal,
  confirmationToken,
  confirmedIdempotencyKey,
  quoteText,
  undeclaredQuote,
  type QuoteResult,
} from "./mcp/spending";
import { clock } from "../lib/clock";
import { declaredOutcome } from "../integrations/outcome";
import { parseBookmark, requestDb, withRequestSession } from "../data/session";
import { guardOf } from "../keys/key-changes";
import { requestDatabases } from "../data/tenancy";
import {
  CALL_OPERATION,
  DESCRIBE_OPERATION,
  describeOperation,
  discoveryTools,
  SEARCH_OPERATIONS,
  searchOperations,
} from "./mcp/discovery";
import {
  checkDefaultToolset,
  DEFAULT_TOOLSET,
  listing,
  MAX_TOOLS,
  requestedToolsets,
  toolsetNames,
  TOOLSETS_HEADER,
  type Listing,
} from "./mcp/toolsets";
import type { AppEnv } from "./app-env";
import { problemResponse } from "./stages/answer";
import { gateOpen } from "./stages/gate";
import { authenticatedCaller } from "./stages/key-object";

/**
 * The API as tools for AI agents: a Model Context Protocol server at /mcp (Streamable HTTP), its
 * tools generated from the same declarations as the routes. Every operation has a tool (its
 * operationId; src/core/mcp/tools.ts), but `tools/list` lists few: three discovery tools that reach
 * every operation the key may call (search, describe, call: src/core/mcp/discovery.ts) and the
 * direct tools of the toolsets the client asks for, `default` when it asks for none
 * (src/core/mcp/toolsets.ts). Any operation's tool may be called by name, listed or not.
 *
 * Stateless: every POST is answered on its own (a JSON response, no event stream), so any isolate
 * answers any request; each tool call is one request to the API. `initialize` names a session
 * (`Mcp-Session-Id`, random) that the client sends back on every later request: it keeps one
 * session's derived Idempotency-Keys apart from another's, and the key's Durable Object keeps under
 * it the bookmark the session's writes reached, which its reads carry (read your writes). The SDK's transport does the HTTP side (Accept,
 * Content-Type, protocol version header, JSON-RPC framing); the four methods a tools-only server
 * has are answered here rather than by the SDK's `Server`, which would bring a JSON Schema compiler
 * (Ajv, for elicitation this server never asks for) into the Worker's bundle.
 *
 * A call of an operation (its tool, or call_operation) is not run here: it is sent to the app as the request a client would send (the
 * caller's Authorization, the operation's method, path, query and body, an Idempotency-Key on a
 * write), so gates, key, rate limit, scope, plan, spending, validation, idempotency and the audit
 * log apply exactly as they do to HTTP clients. Its answer is the tool's result, a problem its error.
 *
 * As the MCP specification says: a tool this server does not have is a JSON-RPC error (-32602);
 * arguments are checked against the tool's input schema as sent (nothing coerced) before anything
 * is sent, and refused as a tool error the model can read and correct (2025-11-25, SEP-1303), or
 * as a JSON-RPC error (-32602) for a client of an earlier version, which says so.
 */

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The session header of Streamable HTTP, set on the answer to `initialize` and sent back by the client. */
const SESSION_HEADER = "Mcp-Session-Id";
/** What the specification allows in a session id: visible ASCII. */
const SESSION_ID = /^[\x21-\x7e]{1,128}$/;
/** The protocol a client that sends no version header speaks (the specification's rule for Streamable HTTP). */
const UNNAMED_PROTOCOL_VERSION = "2025-03-26";
/** The first version in which invalid arguments are a tool error (SEP-1303); before it, a JSON-RPC error. */
const INPUT_ERRORS_AS_TOOL_ERRORS = "2025-11-25";

export interface McpOptions {
  operations: readonly Operation[];
  /** The public OpenAPI document for a configuration: the tools' input schemas are its parameters and bodies. */
  document(config: Config): object;
  /** Sends a request through the app, every step of the pipeline included. */
  dispatch(c: Context<AppEnv>, request: Request): Promise<Response>;
}

const SERVER_INFO = { name: "public-api", version: "1.0.0" };

/** A JSON-RPC error a tool call is answered with instead of a result. */
interface ProtocolError {
  code: number;
  message: string;
  data?: unknown;
}

const isProtocolError = (value: CallToolResult | ProtocolError): value is ProtocolError =>
  "code" in value && typeof value.code === "number";

/** Every tool of the server, built once per isolate from the declarations and the document. */
interface Catalogue {
  operations: ReadonlyMap<string, OperationTool>;
  discovery: readonly Tool[];
  toolsets: readonly string[];
}

/** The /mcp handler: POST only (stateless: no stream to open with GET, no session to end with DELETE). */
export function mcpEndpoint(options: McpOptions) {
  // Built once per isolate: parameters and bodies depend on the declarations, not on the configuration.
  let built: Catalogue | undefined;
  const catalogueOf = (config: Config): Catalogue => {
    if (!built) {
      const document = options.document(config);
      const operations = operationTools(options.operations, document);
      const discovery = discoveryTools(problemSchemaOf(document));
      checkDefaultToolset(operations.values(), discovery);
      built = { operations, discovery, toolsets: toolsetNames(operations.values()) };
    }
    return built;
  };

  return async function handleMcp(c: Context<AppEnv>): Promise<Response> {
    if (c.req.method !== "POST") {
      throw new ApiError(
        "method_not_allowed",
        "The MCP endpoint is stateless: it answers POST (no event stream to open, no session to end).",
        {
          headers: { Allow: "POST" },
        },
      );
    }
    const config = c.get("config");
    const catalogue = catalogueOf(config);
    const text = await readBody(c.req.raw, config.maxBodyBytes);
    const message = parsedJson(text);
    const { initializing, session } = sessionOf(c, message);
    const exchange = new Exchange(c, options, catalogue, session);
    // A tools/call is authenticated and counted once: by the operation's own pass through the
    // pipeline, or here when it is answered here; any other message is authenticated and counted
    // here, and its toolsets read (what they list matters to initialize and tools/list only).
    if (!isToolCallMessage(message)) {
      await exchange.caller();
      exchange.selection = requestedToolsets(new URL(c.req.url), c.req.header(TOOLSETS_HEADER), catalogue.toolsets);
    }
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    transport.onmessage = (received) => {
      // Notifications (initialized, cancelled) need nothing from a stateless server.
      if (!isJSONRPCRequest(received)) return;
      void answer(received, exchange)
        .then((reply) => transport.send(reply))
        .catch((error: unknown) =>
          console.error(JSON.stringify({ request_id: c.get("requestId"), ...loggableError(error) })),
        );
    };
    await transport.start();
    let response: Response;
    try {
      // A body that is not JSON is handed on as null, which the transport answers as a parse error.
      response = await transport.handleRequest(c.req.raw, { parsedBody: message ?? null });
    } finally {
      await transport.close();
    }
    return exchange.finished(response, initializing);
  };
}

/**
 * One POST to /mcp: its caller (authenticated once, when something is answered here), the tool
 * calls it sent through the app, and the refusal that answers the whole request instead (a key the
 * API does not admit).
 */
class Exchange {
  /** The toolsets the request asks for (read for initialize and tools/list). */
  selection: readonly string[] = [DEFAULT_TOOLSET];
  private admitted: Promise<Caller> | undefined;
  private refusal: ApiError | undefined;
  private readonly dispatched: { response: Response; text: string }[] = [];
  private readonly protocolVersion: string;

  constructor(
    readonly c: Context<AppEnv>,
    private readonly options: McpOptions,
    readonly catalogue: Catalogue,
    private readonly session: string | undefined,
  ) {
    this.protocolVersion = c.req.header("Mcp-Protocol-Version") ?? UNNAMED_PROTOCOL_VERSION;
  }

  /** The key, authenticated and counted once for the whole request (steps 5 and 6 of the pipeline). */
  caller(): Promise<Caller> {
    this.admitted ??= authenticatedCaller(this.c);
    return this.admitted;
  }

  /** An operation's tool, when its gate is open (a closed gate hides it, as it hides the route). */
  private openTool(name: unknown): OperationTool | undefined {
    const tool = typeof name === "string" ? this.catalogue.operations.get(name) : undefined;
    return tool && gateOpen(tool.op.gate, this.c.get("config")) ? tool : undefined;
  }

  /** The operation tools the key may call now: the gate open, and `authorize` (the pipeline's steps 7 to 9) content with its scopes, plan and spending. */
  private callable(caller: Caller): OperationTool[] {
    return [...this.catalogue.operations.values()].filter(
      (tool) => this.openTool(tool.op.operationId) && authorize(tool.op, caller, "sent-by-the-tool-call") === undefined,
    );
  }

  /** What tools/list lists for the key and the toolsets asked for, with which toolsets it listed and left out. */
  async listing(): Promise<Listing> {
    return listing(this.selection, this.catalogue.discovery, this.callable(await this.caller()));
  }

  /** What initialize tells the client: how to find and call operations, and which toolsets it may ask for. */
  async instructions(): Promise<string> {
    const { listed, leftOut } = await this.listing();
    const others = this.catalogue.toolsets.filter((toolset) => !listed.includes(toolset));
    return [
      "The tools call the REST API with your API key: the same scopes, plan, gates, rate limit, validation, idempotency and audit log as over HTTP.",
      `To do anything the API can: ${SEARCH_OPERATIONS} (words of the task), then ${DESCRIBE_OPERATION} (its arguments, scope and cost), then ${CALL_OPERATION}; ` +
        "the other tools listed call common operations directly.",
      "Path and query parameters are arguments of their own names; a request body is the argument `body`. A refusal is a tool error whose text is the API's " +
        "problem (RFC 9457): its `detail` and `errors` say what to change.",
      `Toolsets listed: ${listed.join(", ") || "none"}.${leftOut.length > 0 ? ` Left out to stay within ${MAX_TOOLS} tools: ${leftOut.map((entry) => entry.toolset).join(", ")}.` : ""} ` +
        `Others, for direct tools of their operations (add ?toolsets=<names,comma-separated> to the server URL, or send ${TOOLSETS_HEADER}): ${others.join(", ")}.`,
    ].join("\n");
  }

  /**
   * A tool call: a discovery tool, or an operation's tool. Refused here when the tool does not
   * exist or its arguments do not fit its input schema (after authenticating the key, as any answer
   * made here); an operation's call is sent through the app.
   */
  async callTool(name: string, args: JsonObject, rpcId: string): Promise<CallToolResult | ProtocolError> {
    const discovery = this.catalogue.discovery.find((tool) => tool.name === name);
    if (discovery) {
      const errors = schemaErrors(discovery.inputSchema, args);
      if (errors.length > 0) return this.refusedArguments(undefined, name, errors);
      if (name === CALL_OPERATION) return this.callOperation(args, rpcId);
      const admitted = await this.admittedHere();
      if ("answer" in admitted) return admitted.answer;
      return name === SEARCH_OPERATIONS ? this.search(admitted.caller, args) : this.describe(admitted.caller, args);
    }
    const tool = this.openTool(name);
    if (!tool) {
      const admitted = await this.admittedHere();
      if ("answer" in admitted) return admitted.answer;
      return {
        code: ErrorCode.InvalidParams,
        message: `Unknown tool: ${name}. tools/list names the tools of this server; ${SEARCH_OPERATIONS} finds any operation.`,
      };
    }
    return this.callOperationTool(tool, args, rpcId, name, "");
  }

  private search(caller: Caller, args: JsonObject): CallToolResult {
    return structuredResult(
      searchOperations(
        this.callable(caller),
        String(args.query),
        typeof args.limit === "number" ? args.limit : undefined,
      ),
    );
  }

  private describe(caller: Caller, args: JsonObject): CallToolResult {
    const tool = this.openTool(args.operation_id);
    if (!tool) return this.noSuchOperation(args.operation_id);
    const refusal = authorize(tool.op, caller, "sent-by-the-tool-call");
    return refusal ? this.problemResult(refusal) : structuredResult(describeOperation(tool));
  }

  private noSuchOperation(operationId: unknown): CallToolResult {
    return this.problemResult(
      new ApiError(
        "not_found",
        `No operation ${String(operationId)}: ${SEARCH_OPERATIONS} finds the operations this key may call, by their operation_id.`,
      ),
    );
  }

  /** call_operation: the operation's own tool, with the arguments it was given. */
  private async callOperation(args: JsonObject, rpcId: string): Promise<CallToolResult | ProtocolError> {
    const tool = this.openTool(args.operation_id);
    if (!tool) {
      const admitted = await this.admittedHere();
      return "answer" in admitted ? admitted.answer : this.noSuchOperation(args.operation_id);
    }
    return this.callOperationTool(
      tool,
      isObject(args.arguments) ? args.arguments : {},
      rpcId,
      CALL_OPERATION,
      "arguments.",
    );
  }

  /** An operation's call, its arguments checked (and named from `prefix` in what is refused), then sent through the app. */
  private async callOperationTool(
    tool: OperationTool,
    args: JsonObject,
    rpcId: string,
    name: string,
    prefix: string,
  ): Promise<CallToolResult | ProtocolError> {
    const named = schemaErrors(tool.tool.inputSchema, args);
    const target = named.length > 0 ? undefined : toolPath(tool, args, this.catalogue.operations);
    if (!target || "errors" in target) {
      const errors = (target && "errors" in target ? target.errors : named).map((error) => ({
        ...error,
        path: `${prefix}${error.path}`.replace(/\.$/, ""),
      }));
      return this.refusedArguments(tool, name, errors);
    }
    if (spendsMoney(tool.op)) return this.spend(tool, args, rpcId, name, prefix);
    return this.dispatch(tool, target.path, args, rpcId);
  }

  /**
   * Sends an operation's request through the app: its answer is the tool's result. In a session, a
   * read carries the bookmark the session's writes reached and a write keeps the one it reached, in
   * the key's Durable Object: so a read sees the writes made before it in the session, from
   * whichever replica serves it, as an HTTP client's does with X-D1-Bookmark.
   */
  private async dispatch(
    tool: OperationTool,
    path: string,
    args: JsonObject,
    rpcId: string,
    confirmedKey?: string,
  ): Promise<CallToolResult> {
    const write = isWrite(tool.op);
    const bookmark = write ? undefined : await this.sessionBookmark();
    const request = await toolRequest(
      this.c,
      tool,
      path,
      args,
      { session: this.session, rpcId },
      { confirmedKey, bookmark },
    );
    const response = await this.options.dispatch(this.c, request);
    const answered = { response, text: await response.text() };
    this.dispatched.push(answered);
    const reached = response.headers.get(BOOKMARK_HEADER);
    if (write && response.ok && reached) await this.keepBookmark(reached);
    return toolResult(response, answered.text);
  }

  /** The key's Durable Object, which keeps the session's bookmark: none without a session, or without a key of a usable form. */
  private sessionGuard() {
    const lineageId = this.session === undefined ? undefined : this.presentedLineage();
    return lineageId === undefined ? undefined : guardOf(this.c.env, lineageId);
  }

  /** The bookmark the session's writes reached, if it wrote in the last hour. */
  private async sessionBookmark(): Promise<string | undefined> {
    const guard = this.sessionGuard();
    if (!guard || this.session === undefined) return undefined;
    const session = this.session;
    return (await this.tracked(() => guard.sessionBookmark(session, clock.now()))) ?? undefined;
  }

  private async keepBookmark(bookmark: string): Promise<void> {
    const guard = this.sessionGuard();
    if (!guard || this.session === undefined) return;
    const session = this.session;
    await this.tracked(() => guard.rememberBookmark(session, bookmark, clock.now()));
  }

  /** A call to the key's Durable Object, counted in the request's round trips when they are counted. */
  private tracked<T>(call: () => Promise<T>): Promise<T> {
    const trips = this.c.get("trips");
    return trips ? trips.track("keyguard", call) : call();
  }

  /**
   * A gate S call (src/core/mcp/spending.ts): without a confirmation token, its quote and a token;
   * with a token that confirms these arguments for this key in time, the call, once (its
   * Idempotency-Key follows from the token); with another, a tool error that says why.
   */
  private async spend(
    tool: OperationTool,
    args: JsonObject,
    rpcId: string,
    name: string,
    prefix: string,
  ): Promise<CallToolResult | ProtocolError> {
    const { [CONFIRMATION_ARGUMENT]: token, ...intent } = args;
    const secret = this.c.get("config").apiKeys.checkSecret;
    if (token === undefined || !secret) {
      const admitted = await this.admittedHere();
      if ("answer" in admitted) return admitted.answer;
      if (!secret)
        return this.problemResult(
          new ApiError(
            "integration_not_configured",
            "Spending through MCP needs the Worker secret API_KEY_CHECK_SECRET, which signs confirmation tokens.",
          ),
        );
      return this.quote(tool, admitted.caller, secret, intent, name, prefix !== "");
    }
    const lineageId = this.presentedLineage();
    const refusal =
      lineageId === undefined
        ? "No API key to confirm for."
        : await confirmationRefusal(secret, String(token), lineageId, tool.op.operationId, intent, clock.now());
    if (refusal) {
      const admitted = await this.admittedHere();
      if ("answer" in admitted) return admitted.answer;
      return this.problemResult(
        new ApiError("validation_error", refusal, {
          errors: [{ path: `${prefix}${CONFIRMATION_ARGUMENT}`, message: refusal }],
        }),
      );
    }
    const path = toolPath(tool, intent, this.catalogue.operations);
    if ("errors" in path) throw new Error(`${tool.op.operationId}: a confirmed call's path no longer builds.`);
    const confirmedKey =
      typeof intent[IDEMPOTENCY_ARGUMENT] === "string" ? undefined : await confirmedIdempotencyKey(String(token));
    return this.dispatch(tool, path.path, intent, rpcId, confirmedKey);
  }

  /** The lineage the request's key names (its form only: the call made with it authenticates it). */
  private presentedLineage(): string | undefined {
    try {
      return presentedKey(this.c.req.header("Authorization"), this.c.get("config").environment).lineageId;
    } catch {
      return undefined;
    }
  }

  /**
   * The quote of a gate S call, for a key admitted here: refused as the operation would refuse the
   * call (403, then its input 400, then what its quote finds: 402, 409, 503...), else its quote
   * and a token for these arguments. Nothing is written: the quote only reads.
   */
  private async quote(
    tool: OperationTool,
    caller: Caller,
    secret: string,
    args: JsonObject,
    name: string,
    nested: boolean,
  ): Promise<CallToolResult> {
    const { op } = tool;
    const refusal = authorize(op, caller, "sent-by-the-tool-call");
    if (refusal) return this.problemResult(refusal);
    const input = parsedInput(tool, args);
    if (input instanceof ApiError) return this.problemResult(input);
    let quoted: QuoteResult["quote"];
    try {
      quoted = op.quote ? await this.quoted(op, caller, input, await this.sessionBookmark()) : undeclaredQuote(op);
    } catch (error) {
      const problem = problemOf(declaredOutcome(op, error));
      if (problem) return this.problemResult(problem);
      throw error;
    }
    const { token, expiresAt } = await confirmationToken(secret, caller.lineageId, op.operationId, args, clock.now());
    const result: QuoteResult = {
      confirmation_required: true,
      operation_id: op.operationId,
      arguments: args,
      quote: quoted,
      confirmation_token: token,
      expires_at: expiresAt,
    };
    return {
      content: [
        { type: "text", text: quoteText(name, result, nested) },
        { type: "text", text: JSON.stringify(result) },
      ],
      structuredContent: result,
    };
  }

  /** The operation's declared quote, run over a read-only D1 session of the caller's store (after the session's bookmark, when it is of that store). */
  private quoted(
    op: Operation,
    caller: Caller,
    input: { params: unknown; query: unknown; body: unknown },
    bookmark: string | undefined,
  ): Promise<Quote> {
    const quote = op.quote!;
    const { store } = caller.company;
    const after = bookmark !== undefined && parseBookmark(bookmark)?.store === store ? bookmark : undefined;
    return withRequestSession(
      requestDatabases(this.c.env, store),
      { write: false, bookmark: after, trips: this.c.get("trips") },
      () => quote({ ...input, caller, db: requestDb, config: this.c.get("config") }),
    );
  }

  /** Arguments refused here, in the pipeline's order: the key (401, 429), then what it may call (403), then the input (400). */
  private async refusedArguments(
    tool: OperationTool | undefined,
    name: string,
    errors: readonly SchemaError[],
  ): Promise<CallToolResult | ProtocolError> {
    const admitted = await this.admittedHere();
    if ("answer" in admitted) return admitted.answer;
    const refusal = tool && authorize(tool.op, admitted.caller, "sent-by-the-tool-call");
    return refusal ? this.problemResult(refusal) : this.invalidArguments(name, errors);
  }

  /**
   * The key admitted, for a tool call answered here, or the answer instead: over the rate limit a
   * tool error that says how long to wait (as the API's own 429 is); a key refused (401) makes its
   * refusal the answer to the whole request.
   */
  private async admittedHere(): Promise<{ caller: Caller } | { answer: CallToolResult | ProtocolError }> {
    try {
      return { caller: await this.caller() };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.slug === "rate_limited") return { answer: this.problemResult(error) };
      this.refusal ??= error;
      return { answer: { code: ErrorCode.InvalidParams, message: error.detail } };
    }
  }

  /** A problem answered here, as the tool error the API's own answer would be. */
  private problemResult(error: ApiError): CallToolResult {
    const { headers = {}, ...members } = error.extra;
    const problem = problemBody(
      this.c.get("config").publicBaseUrl,
      error.slug,
      error.detail,
      this.c.get("requestId"),
      members,
    );
    return problemToolError(problem, error.status, retryAfterOf(headers["Retry-After"] ?? null));
  }

  /** Arguments the input schema refuses: a tool error the model can correct, or a JSON-RPC error for a client before SEP-1303. */
  private invalidArguments(name: string, errors: readonly SchemaError[]): CallToolResult | ProtocolError {
    const named = errors.map((error) => ({ path: error.path || "arguments", message: error.message }));
    const detail = `The arguments of ${name} do not fit its input schema: ${named.map((error) => `${error.path}: ${error.message}`).join("; ")}`;
    if (this.protocolVersion < INPUT_ERRORS_AS_TOOL_ERRORS)
      return { code: ErrorCode.InvalidParams, message: detail, data: { errors: named } };
    return this.problemResult(new ApiError("validation_error", detail, { errors: named }));
  }

  /** The HTTP answer: the transport's, or the key's refusal; with the session it opened and the key's quota after the last tool call. */
  finished(transported: Response, initializing: boolean): Response {
    if (this.refusal) return problemResponse(this.c, this.refusal);
    const last = this.dispatched.at(-1);
    if (last?.response.status === 401) return unauthorizedResponse(this.c, last.response, last.text);
    let response = transported;
    if (initializing && this.session && response.ok) {
      response = new Response(response.body, response);
      response.headers.set(SESSION_HEADER, this.session);
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
  }
}

/** The answer to one JSON-RPC request: initialize, ping, tools/list and tools/call; anything else is not a method here. */
async function answer(request: JSONRPCRequest, exchange: Exchange): Promise<JSONRPCResponse | JSONRPCErrorResponse> {
  const reply = (result: JsonObject): JSONRPCResponse => ({ jsonrpc: "2.0", id: request.id, result });
  const refuse = ({ code, message, data }: ProtocolError): JSONRPCErrorResponse => ({
    jsonrpc: "2.0",
    id: request.id,
    error: { code, message, ...(data === undefined ? {} : { data }) },
  });
  const params: JsonObject = request.params ?? {};
  try {
    switch (request.method) {
      case "initialize": {
        const asked = params.protocolVersion;
        const protocolVersion =
          typeof asked === "string" && SUPPORTED_PROTOCOL_VERSIONS.includes(asked) ? asked : LATEST_PROTOCOL_VERSION;
        const result: InitializeResult = {
          protocolVersion,
          capabilities: { tools: { listChanged: false } },
          serverInfo: SERVER_INFO,
          instructions: await exchange.instructions(),
        };
        return reply(result);
      }
      case "ping":
        return reply({});
      case "tools/list": {
        const { tools, listed, leftOut } = await exchange.listing();
        const result: ListToolsResult = { tools, _meta: { toolsets: { listed, left_out: leftOut } } };
        return reply(result);
      }
      case "tools/call": {
        const { name, arguments: args = {} } = params;
        if (typeof name !== "string" || !isObject(args))
          return refuse({
            code: ErrorCode.InvalidParams,
            message: "tools/call takes a tool name and an object of arguments.",
          });
        const result = await exchange.callTool(name, args, JSON.stringify(request.id));
        return isProtocolError(result) ? refuse(result) : reply(result);
      }
      default:
        return refuse({
          code: ErrorCode.MethodNotFound,
          message: `This server has tools only; it has no method ${request.method}.`,
        });
    }
  } catch (error) {
    console.error(JSON.stringify({ mcp_method: request.method, ...loggableError(error) }));
    return refuse({ code: ErrorCode.InternalError, message: "The tool call failed on the server." });
  }
}

/** The session the client names (one this server gave it at initialize), or a new one for an initialize. */
function sessionOf(c: Context<AppEnv>, message: unknown): { initializing: boolean; session: string | undefined } {
  if (isObject(message) && message.method === "initialize") return { initializing: true, session: crypto.randomUUID() };
  const sent = c.req.header(SESSION_HEADER);
  return { initializing: false, session: sent !== undefined && SESSION_ID.test(sent) ? sent : undefined };
}

/** Whether the message is one tools/call request (a batch, a notification or another method is authenticated up front). */
const isToolCallMessage = (message: unknown) =>
  isObject(message) && message.method === "tools/call" && message.id !== undefined;

/** The key's 401 for the whole MCP request: a tool call with a key the API does not admit. */
function unauthorizedResponse(c: Context<AppEnv>, dispatched: Response, problem: string): Response {
  const headers: Record<string, string> = { "Content-Type": "application/problem+json" };
  const challenge = dispatched.headers.get("WWW-Authenticate");
  if (challenge) headers["WWW-Authenticate"] = challenge;
  return c.newResponse(problem, 401, headers);
}
