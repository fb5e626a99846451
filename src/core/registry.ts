import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { ApiError, methodNotAllowedProblem, ProblemSchema, problemTypes, type ProblemSlug } from "../lib/errors";
import type { EventDefinition } from "../data/events";
import { declaredCodes, isWrite, pipelineExtensions, planSets, type Operation } from "./operation";
import type { AppEnv } from "./app-env";
import { operationHandler } from "./pipeline";
import type { OperationStage } from "./stages/stage";
import { gateOpen } from "./stages/gate";
import type { Config } from "../config";
import { operationOf, type DomainSource, type OperationRoute } from "./domain-table";
import { strictObjects } from "../lib/schemas";
import { REPLAY_MAX_BYTES } from "../keys/replay-limit";

const honoPath = (path: string) => path.replace(/\{([^}]+)\}/g, ":$1");
const segments = (path: string) => path.split("/").filter(Boolean);
const isParam = (segment: string) => segment.startsWith("{");

/**
 * Route precedence: at the first segment where two paths differ in kind, a literal beats a
 * parameter (/agents/templates before /agents/{agent_id}). Routes are registered in this order,
 * so a request is served by the most specific path that matches it.
 */
export function byPrecedence(a: string, b: string): number {
  const left = segments(a);
  const right = segments(b);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const kind = Number(isParam(left[i]!)) - Number(isParam(right[i]!));
    if (kind !== 0) return kind;
  }
  return left.length - right.length;
}

/** Which problem types each status can carry, for the response descriptions of the document. */
const slugsByStatus = new Map<number, ProblemSlug[]>();
for (const [slug, type] of Object.entries(problemTypes) as [ProblemSlug, (typeof problemTypes)[ProblemSlug]][]) {
  slugsByStatus.set(type.status, [...(slugsByStatus.get(type.status) ?? []), slug]);
}

/** Problem types that only a request with a body, or a write, can meet. */
const BODY_SLUGS: readonly ProblemSlug[] = [
  "invalid_json",
  "incomplete_body",
  "payload_too_large",
  "idempotency_key_invalid",
  "idempotency_key_reused",
  "idempotency_key_in_use",
  "idempotency_key_required",
];

const ref = (kind: "headers" | "parameters" | "responses" | "schemas", name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});

/**
 * The response headers the server sends (src/core/stages/), declared once under
 * components.headers. Every response carries the first three.
 */
export const HEADERS = {
  "X-Request-Id": {
    description:
      "The request's id: the `X-Request-Id` the client sent (1 to 128 visible ASCII characters), else a new UUID. Problems repeat it as `request_id`.",
    required: true,
    schema: { type: "string", maxLength: 128, example: "3b1f0c2e-6a53-4c7e-9d0b-2f4a8c1e7d55" },
  },
  "Cache-Control": {
    description: "Always `no-store`.",
    required: true,
    schema: { type: "string", enum: ["no-store"] },
  },
  "X-Content-Type-Options": {
    description: "Always `nosniff`.",
    required: true,
    schema: { type: "string", enum: ["nosniff"] },
  },
  RateLimit: {
    description:
      'What is left of the key\'s quota: `"default";r=<remaining>;t=<seconds>`, the requests left in the rolling window and the seconds until a slot frees. ' +
      "Sent on every response to a request that presented a valid key (not on 401, nor on the 404 of a switched-off operation).",
    schema: { type: "string", maxLength: 100, example: '"default";r=118;t=60' },
  },
  "RateLimit-Policy": {
    description: 'The key\'s quota: `"default";q=<requests>;w=<seconds>`. Sent with `RateLimit`.',
    schema: { type: "string", maxLength: 100, example: '"default";q=120;w=60' },
  },
  "Retry-After": {
    description: "Seconds until the key may send a request again.",
    required: true,
    schema: { type: "integer", format: "int32", minimum: 0, maximum: 86_400, example: 12 },
  },
  "WWW-Authenticate": {
    description:
      '`Bearer realm="api"`, with `error="invalid_token"` when a key was sent but is unknown, revoked or of the other environment.',
    required: true,
    schema: { type: "string", maxLength: 100, example: 'Bearer realm="api", error="invalid_token"' },
  },
  Allow: {
    description: "The methods the path has, for example `GET, HEAD, POST`.",
    required: true,
    schema: { type: "string", maxLength: 100, example: "GET, HEAD, POST" },
  },
  "X-D1-Bookmark": {
    description:
      "The database session's bookmark after this request: send it back as the `X-D1-Bookmark` request header and that request reads data at least as new " +
      "as this response (your own writes included), from whichever read replica serves it. Without it a read may be served by a replica a moment behind the latest write.",
    // An opaque token: its form is the database's and may change, so the document states none.
    schema: {
      type: "string",
      maxLength: 65,
      example: "0000000a-00000001-00004f8c-7d9e1b2a3c4d5e6f7a8b9c0d1e2f3a4b",
    },
  },
  "Idempotent-Replayed": {
    description:
      "`true` on the stored response of an earlier request with the same `Idempotency-Key` (kept for 24 h), sent again instead of doing the write twice.",
    schema: { type: "string", enum: ["true"] },
  },
} as const;
type HeaderName = keyof typeof HEADERS;

/** The headers of a response of `op` with this status. */
function responseHeaders(op: Operation, status: number): Record<string, { $ref: string }> {
  const names: HeaderName[] = ["X-Request-Id", "Cache-Control", "X-Content-Type-Options"];
  if (status === 401) names.push("WWW-Authenticate");
  else names.push("RateLimit", "RateLimit-Policy");
  if (status === 429) names.push("Retry-After");
  if (status >= 200 && status < 300) names.push("X-D1-Bookmark");
  // Stored and replayed: the handler's outcomes, never a refusal that came before the claim.
  if (isWrite(op) && status < 500 && ![401, 413, 429].includes(status)) names.push("Idempotent-Replayed");
  return Object.fromEntries(names.map((name) => [name, ref("headers", name)]));
}

const IDEMPOTENCY_KEY = {
  name: "Idempotency-Key",
  in: "header",
  description:
    "Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again " +
    "(with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. " +
    `A response larger than ${REPLAY_MAX_BYTES} bytes is answered but not kept: a retry with its key gets 409 \`conflict\` (with \`original_status\` and \`response_bytes\`) and runs nothing again.`,
  // No example: try-it panels and generated curl lines send an example as a real value, so every
  // write tried from them would share one key (and the second would be refused as a reuse).
  schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x21-\\x7e]+$" },
} as const;

/** Read your writes: the bookmark a response carried (src/data/session.ts). */
const D1_BOOKMARK = {
  name: "X-D1-Bookmark",
  in: "header",
  required: false,
  description:
    "A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, " +
    "a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. " +
    "The bookmark is an opaque token: send it back unchanged; anything but a bookmark this API returned is 400.",
  // No example, for the reason the Idempotency-Key has none: a tool would send it as a real bookmark.
  // No pattern either: the token is opaque (its form is the database's), so generators do not forge
  // look-alikes from a published form; the server still refuses one it did not return (stages/input.ts).
  schema: { type: "string", minLength: 1, maxLength: 65 },
} as const;

/** Tags of the registered operations, each with its domain's description, per app (for openApiDocument). */
const documentTags = new WeakMap<object, Map<string, string | undefined>>();

/** The operation's description in the document: the declaration's, and the scope it requires (generated, never written by hand). */
function describe(op: Operation): string {
  const text = op.description ?? op.summary;
  return `${text}\n\nRequires the scope \`${op.scope}\`.`;
}

/**
 * The problem response of `op` for `status`, declared once per status under components.responses
 * (and once more for writes, whose problems may be replayed and may come from reading the body).
 */
function problemResponse(
  registry: OpenAPIHono<AppEnv>["openAPIRegistry"],
  declared: Set<string>,
  op: Operation,
  status: number,
) {
  const write = isWrite(op);
  const readsBody = write || op.request?.body !== undefined || op.request?.rawBody !== undefined;
  const name = `Problem${status}${write ? "OnWrite" : readsBody ? "WithBody" : ""}`;
  if (!declared.has(name)) {
    declared.add(name);
    const slugs = (slugsByStatus.get(status) ?? ["internal_error"]).filter(
      (slug) => readsBody || !BODY_SLUGS.includes(slug),
    );
    registry.registerComponent("responses", name, {
      description: `A problem (RFC 9457) of type ${slugs.map((slug) => `\`${slug}\``).join(", ")}.`,
      headers: responseHeaders(op, status),
      content: { "application/problem+json": { schema: ref("schemas", "Problem") } },
    } as never);
  }
  return ref("responses", name);
}

function requestBody(op: Operation) {
  const request = op.request ?? {};
  const example = request.example === undefined ? {} : { example: request.example };
  if (request.body) return { required: true, content: { "application/json": { schema: request.body, ...example } } };
  if (!request.rawBody) return undefined;
  const types = Object.entries(request.rawBody.content);
  return {
    required: true,
    description: request.rawBody.description,
    content: Object.fromEntries(
      types.map(([type, schema], index) => [type, { schema, ...(index === 0 ? example : {}) }]),
    ),
  };
}

/**
 * The operation with its JSON body strict (src/lib/schemas.ts): the pipeline refuses, and the
 * document forbids, members the body does not declare. Members a body accepts and ignores are
 * declared, with a description that says so.
 */
function withStrictBody(op: Operation): Operation {
  const body = op.request?.body;
  return body ? { ...op, request: { ...op.request, body: strictObjects(body) } } : op;
}

/**
 * What an app's OpenAPI document still has to register (operations, components, webhooks): done by
 * openApiDocument on first use, not at start-up, where every isolate would pay for it before its
 * first request (registering a path walks its zod schemas; the routes alone are cheap).
 */
const pendingDocumentWork = new WeakMap<object, (() => void)[]>();

function deferToDocument(app: OpenAPIHono<AppEnv>, work: () => void): void {
  const pending = pendingDocumentWork.get(app) ?? [];
  pending.push(work);
  pendingDocumentWork.set(app, pending);
}

/** Runs the registrations deferred for `app`'s document, once. */
function completeDocument(app: OpenAPIHono<AppEnv>): void {
  const pending = pendingDocumentWork.get(app);
  if (!pending) return;
  pendingDocumentWork.delete(app);
  for (const work of pending) work();
}

/**
 * For each path, the more specific paths it would also match (shadows), found by comparing
 * segments split once: at start-up, every pair of ~300 paths is compared.
 */
function shadowedPaths(paths: readonly string[]): Map<string, string[]> {
  const split = paths.map((path) => ({ path, parts: segments(path), params: segments(path).map(isParam) }));
  const byLength = new Map<number, typeof split>();
  for (const entry of split) byLength.set(entry.parts.length, [...(byLength.get(entry.parts.length) ?? []), entry]);
  const shadowed = new Map<string, string[]>();
  for (const general of split) {
    if (!general.params.includes(true)) continue; // a path without parameters matches only itself
    const found: string[] = [];
    for (const specific of byLength.get(general.parts.length) ?? []) {
      if (specific.path === general.path) continue;
      if (
        general.parts.every((part, i) => general.params[i] || part === specific.parts[i]) &&
        byPrecedence(specific.path, general.path) < 0
      )
        found.push(specific.path);
    }
    if (found.length > 0) shadowed.set(general.path, found);
  }
  return shadowed;
}

/**
 * Registers each operation once: the route now, from the table (method, path, gate), without
 * loading its domain; its pipeline on the operation's first request, when its domain is loaded (its
 * JSON body made strict); its OpenAPI operation object when the document is first built
 * (openApiDocument, after every domain is loaded).
 */
export function registerOperations(
  app: OpenAPIHono<AppEnv>,
  source: DomainSource,
  stages: readonly OperationStage[],
): void {
  const ordered = [...source.table.operations].sort((a, b) => byPrecedence(a.path, b.path));
  const byPath = new Map<string, OperationRoute[]>();
  for (const route of ordered) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route]);
  const shadowed = shadowedPaths([...byPath.keys()]);
  for (const declared of ordered) {
    // A more specific path that this one would also match (POST /contacts/import under GET
    // /contacts/{contact_id}) answers 405 for this method rather than this operation's 404,
    // unless its own gates are all closed (then it is invisible, and this operation serves).
    for (const path of shadowed.get(declared.path) ?? []) {
      const others = byPath.get(path)!;
      if (others.some((other) => other.method === declared.method)) continue;
      app.on(declared.method.toUpperCase(), honoPath(path), async (c, next) => {
        const open = others.filter((other) => gateOpen(other.gate, c.get("config"))).map((other) => other.method);
        if (open.length === 0) return next();
        throw methodNotAllowedProblem(open);
      });
    }
    let handler: ReturnType<typeof operationHandler> | undefined;
    app.on(declared.method.toUpperCase(), honoPath(declared.path), async (c) => {
      if (!handler) {
        const [op, eventSink] = await Promise.all([operationOf(source, declared), source.eventSink()]);
        handler ??= operationHandler(withStrictBody(op), eventSink, stages);
      }
      return handler(c);
    });
  }
  deferToDocument(app, () => {
    const operations = new Map(
      source.loaded().flatMap((domain) => domain.operations.map((op) => [op.operationId, op] as const)),
    );
    registerDocumentOperations(
      app,
      ordered.map((route) => operations.get(route.operationId)!),
    );
  });
}

/** The OpenAPI side of registerOperations: components, and each operation's object (in route order). */
// biome-ignore lint/complexity/noExcessiveCognitiveComplexity: each optional part of an operation's document entry (parameters, body, headers, codes) is a branch
function registerDocumentOperations(app: OpenAPIHono<AppEnv>, ordered: readonly Operation[]): void {
  const registry = app.openAPIRegistry;
  registry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description:
      "An API key: `Authorization: Bearer svc_<env>_<hex>`, where `<env>` is `test` or `live`. Keys are issued per company, with scopes; " +
      "each operation names the scope it requires.",
  });
  for (const [name, header] of Object.entries(HEADERS)) registry.registerComponent("headers", name, header as never);
  registry.registerComponent("parameters", "IdempotencyKey", { ...IDEMPOTENCY_KEY, required: false } as never);
  registry.registerComponent("parameters", "D1Bookmark", D1_BOOKMARK as never);
  if (ordered.some((op) => op.gate === "S" && isWrite(op))) {
    registry.registerComponent("parameters", "IdempotencyKeyRequired", {
      ...IDEMPOTENCY_KEY,
      required: true,
      description: `Required on spending operations (gate S): without it the answer is 400 \`idempotency_key_required\`. ${IDEMPOTENCY_KEY.description}`,
    } as never);
  }
  registry.registerComponent("responses", "MethodNotAllowed", {
    description:
      "Any method a path does not have answers 405 with the problem type `method_not_allowed` and an `Allow` header naming the methods it has. " +
      "It applies to every path and is declared once, here, rather than under each operation.",
    headers: {
      Allow: ref("headers", "Allow"),
      "X-Request-Id": ref("headers", "X-Request-Id"),
      "Cache-Control": ref("headers", "Cache-Control"),
      "X-Content-Type-Options": ref("headers", "X-Content-Type-Options"),
    },
    content: { "application/problem+json": { schema: ref("schemas", "Problem") } },
  } as never);
  registry.registerComponent("responses", "CompanyMoving", {
    description:
      "Any write may answer 503 with the problem type `company_moving` and `Retry-After` while the operator moves the account's data to another database " +
      "(reads go on meanwhile). Nothing of the request was done: retry it after `Retry-After` seconds with the same `Idempotency-Key`. " +
      "It applies to every write and is declared once, here, rather than under each operation.",
    headers: {
      "Retry-After": ref("headers", "Retry-After"),
      "X-Request-Id": ref("headers", "X-Request-Id"),
      "Cache-Control": ref("headers", "Cache-Control"),
      "X-Content-Type-Options": ref("headers", "X-Content-Type-Options"),
    },
    content: { "application/problem+json": { schema: ref("schemas", "Problem") } },
  } as never);
  // The schema of every problem response (components.responses refer to it by name).
  registry.register("Problem", ProblemSchema);
  const problemResponses = new Set<string>();
  const tags = documentTags.get(app) ?? new Map<string, string | undefined>();
  documentTags.set(app, tags);
  for (const declared of ordered) {
    const op = withStrictBody(declared);
    if (!tags.has(op.tag) || (tags.get(op.tag) === undefined && op.tagDescription)) tags.set(op.tag, op.tagDescription);
    const responses: Record<string, unknown> = {};
    for (const code of declaredCodes(op)) {
      const success = op.responses[code as 200 | 201 | 202];
      responses[String(code)] = success
        ? {
            description: success.description,
            headers: responseHeaders(op, code),
            content: {
              "application/json": {
                schema: success.schema,
                ...(success.example === undefined ? {} : { example: success.example }),
              },
            },
          }
        : problemResponse(registry, problemResponses, op, code);
    }
    const extensions = pipelineExtensions(op);
    registry.registerPath({
      method: op.method,
      path: op.path,
      operationId: op.operationId,
      summary: op.summary,
      description: describe(op),
      tags: [op.tag],
      security: [{ bearerAuth: [op.scope] }],
      // Sent by the pipeline, not parsed from the declaration's schemas: a header parameter of every write.
      parameters: [
        ...(isWrite(op) ? [ref("parameters", op.gate === "S" ? "IdempotencyKeyRequired" : "IdempotencyKey")] : []),
        ref("parameters", "D1Bookmark"),
      ],
      request: {
        params: op.request?.params as z.ZodObject | undefined,
        query: op.request?.query as z.ZodObject | undefined,
        body: requestBody(op),
      },
      responses: responses as never,
      "x-scope": op.scope,
      "x-gate": op.gate,
      "x-plans": op.plans,
      "x-plans-included": planSets[op.plans],
      "x-capability": op.capability,
      ...(extensions.length ? { "x-pipeline-codes": extensions } : {}),
    });
  }
}

/** `contact_list.members_added` -> `ContactListMembersAdded`. */
const pascalCase = (type: string) =>
  type
    .split(/[._-]/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join("");

/** How to get one of these events on demand (POST /api/v1/webhooks/test), for the event's page of the docs. */
const testEventCurl = (type: string) =>
  `Send a test one (its body marked \`"test": true\`, its \`data\` an example) to your subscription:\n\n` +
  "```sh\n" +
  `curl -X POST "$API_BASE_URL/api/v1/webhooks/test" -H "Authorization: Bearer $API_KEY" -H "Content-Type: application/json" -d '{"type": "${type}"}'\n` +
  "```";

/**
 * The OpenAPI 3.1 `webhooks` section: one entry per event type, keyed by the type, whose request
 * body is what the subscription's URL receives: `{ id, type, timestamp, data }` with `data` of the
 * event's own schema (the one GET /api/v1/events/catalog publishes).
 */
export function registerWebhooks(app: OpenAPIHono<AppEnv>, events: () => readonly EventDefinition[]): void {
  deferToDocument(app, () => registerDocumentWebhooks(app, events()));
}

function registerDocumentWebhooks(app: OpenAPIHono<AppEnv>, events: readonly EventDefinition[]): void {
  for (const event of [...events].sort((a, b) => a.type.localeCompare(b.type))) {
    const name = pascalCase(event.type);
    const payload = z
      .object({
        id: z.uuid().openapi({
          description: "The event's id, also sent as the `webhook-id` header; the same on every retry and replay",
        }),
        type: z.literal(event.type),
        timestamp: z
          .string()
          .openapi({ format: "date-time", description: "When the event happened (the write committed)" }),
        test: z.literal(true).optional().openapi({
          description:
            "Present (true) only on a test event (POST /api/v1/webhooks/test), whose `data` is an example; a real event has no `test` member",
        }),
        data: event.schema,
      })
      .openapi(`${name}Event`, { description: `The body of a \`${event.type}\` delivery. ${event.description}` });
    app.openAPIRegistry.registerWebhook({
      method: "post",
      path: event.type,
      operationId: `on${name}`,
      summary: event.type,
      description:
        `${event.description}\n\nDelivered to the webhook subscription's URL when it subscribes to \`${event.type}\` (or \`*\`), ` +
        "signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.\n\n" +
        testEventCurl(event.type),
      tags: ["Webhooks"],
      security: [],
      parameters: [
        {
          name: "webhook-id",
          in: "header",
          required: true,
          description: "The event id (`id` of the body)",
          schema: { type: "string", format: "uuid", maxLength: 36 },
        },
        {
          name: "webhook-timestamp",
          in: "header",
          required: true,
          description: "Unix seconds of this attempt",
          schema: { type: "string", pattern: "^[0-9]{1,12}$", maxLength: 12 },
        },
        {
          name: "webhook-signature",
          in: "header",
          required: true,
          description: "`v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>`",
          schema: { type: "string", maxLength: 1000, pattern: "^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$" },
        },
      ],
      request: { body: { required: true, content: { "application/json": { schema: payload } } } },
      responses: {
        "200": { description: "Any 2xx answer acknowledges the delivery." },
        "410": { description: "Gone: the subscription is disabled and no further event is sent." },
        "429": {
          description:
            "Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule).",
        },
      },
    });
  }
}

/**
 * Step 3: a known path with another method answers 405 with the methods of the most specific
 * path that matches it (the one that would serve it); else 404. Closed gates hide methods.
 */
export function methodNotAllowed(operations: readonly Pick<Operation, "method" | "path" | "gate">[]) {
  const routes = new Map<string, { pattern: RegExp; operations: Pick<Operation, "method" | "path" | "gate">[] }>();
  for (const op of [...operations].sort((a, b) => byPrecedence(a.path, b.path))) {
    const entry = routes.get(op.path) ?? {
      pattern: new RegExp(`^${op.path.replace(/\{[^}]+\}/g, "[^/]+")}/?$`),
      operations: [],
    };
    entry.operations.push(op);
    routes.set(op.path, entry);
  }
  return (path: string, config: Config): ApiError => {
    for (const route of routes.values()) {
      if (!route.pattern.test(path)) continue;
      const open = route.operations.filter((op) => gateOpen(op.gate, config)).map((op) => op.method);
      if (open.length > 0) return methodNotAllowedProblem(open);
    }
    return new ApiError("not_found", "No such path.");
  };
}

/** What the document quotes from the deployment's configuration. */
export type DocumentConfig = Pick<Config, "publicBaseUrl" | "rateLimit" | "maxBodyBytes" | "environment">;

export function openApiDocument(app: OpenAPIHono<AppEnv>, config: DocumentConfig) {
  completeDocument(app);
  const { publicBaseUrl: baseUrl, rateLimit, maxBodyBytes, environment } = config;
  const tags = [...(documentTags.get(app) ?? new Map<string, string | undefined>())].map(([name, description]) => ({
    name,
    ...(description ? { description } : {}),
  }));
  return nullableAsAnyOf(
    app.getOpenAPI31Document({
      openapi: "3.1.0",
      info: {
        title: "Public API",
        version: "1.0.0",
        description:
          "Tenant-scoped REST API: a company's API key reaches that company's data and nothing else.\n\n" +
          `- **Errors** are RFC 9457 problems (\`application/problem+json\`) whose \`type\` is \`${baseUrl}/problems/<slug>\`, a page that explains it.\n` +
          `- **Rate limit**: each API key may make ${rateLimit.limit} requests per rolling ${rateLimit.windowSeconds} s; responses carry \`RateLimit\` and \`RateLimit-Policy\`, a 429 carries \`Retry-After\`.\n` +
          "- **Idempotency**: send `Idempotency-Key` on a write to make retries safe for 24 h; spending operations (gate S) require it.\n" +
          "- **Status codes**: each operation lists the codes the specification declares for it, plus those the request pipeline adds " +
          `(\`x-pipeline-codes\`: 413 for bodies over ${maxBodyBytes} bytes, 400 and 409 for \`Idempotency-Key\`). ` +
          "Every operation may also answer 404 when the API is switched off, and 500. A method a path does not have answers 405 with `Allow` " +
          "(`#/components/responses/MethodNotAllowed`). While an account's data moves to another database, its writes answer 503 `company_moving` with `Retry-After` " +
          "(`#/components/responses/CompanyMoving`).\n" +
          "- **Webhooks**: the events a subscription receives are listed under `webhooks`, each with its body.\n" +
          `- **AI agents**: \`${baseUrl}/mcp\` is a Model Context Protocol server (Streamable HTTP, stateless) with the same API key as bearer token: ` +
          "`search_operations`, `describe_operation` and `call_operation` reach every operation the key may call, beside a few direct tools (one per operation, " +
          "named by its `operationId`; `?toolsets=<tags>` lists those of whole tags, at most 80 tools), and each call is a request to this API " +
          "(same scopes, gates, rate limit, validation, idempotency and audit log).",
        contact: { name: "Public API", url: `${baseUrl}/docs/overview` },
        // OpenAPI 3.1's SPDX identifier (the generator's type predates it).
        license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" } as { name: string },
      },
      servers: [
        {
          url: baseUrl,
          description: `This deployment (PUBLIC_BASE_URL), a ${environment === "live" ? "production (live)" : "test"} environment: it accepts \`svc_${environment}_\` keys only`,
          "x-internal": false,
        } as never,
      ],
      tags,
    }),
  );
}

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const NULL_SCHEMA = { type: "null" };

/** `{ type: [T, "null"] }` as `{ type: T }`, or undefined when the schema is not nullable by its type. */
function withoutNull(schema: JsonObject): JsonObject | undefined {
  const { type } = schema;
  if (!Array.isArray(type) || !type.includes("null")) return undefined;
  const rest = type.filter((name) => name !== "null");
  return { ...schema, type: rest.length === 1 ? rest[0] : rest };
}

/**
 * A nullable reference written the one way every client generator reads: `anyOf: [{ $ref }, { type: "null" }]`.
 * The schema library writes a nullable component as a component whose own type includes "null"
 * (so a schema composing it with allOf is nullable too), and a described nullable reference as
 * `allOf: [{ $ref }, { type: [T, "null"] }]`, which no value but an object can meet. Python and
 * TypeScript generators dropped such schemas or the null; the document says the same thing this way.
 */
export function nullableAsAnyOf<T extends object>(document: T): T {
  const components = (document as { components?: { schemas?: Record<string, JsonObject> } }).components?.schemas ?? {};
  const nullable = new Set<string>();
  for (const [name, schema] of Object.entries(components)) {
    const nonNull = withoutNull(schema);
    if (!nonNull) continue;
    components[name] = nonNull;
    nullable.add(`#/components/schemas/${name}`);
  }
  const rewrite = (node: unknown, composing: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => rewrite(item, composing));
    if (!isObject(node)) return node;
    const { allOf } = node;
    if (
      Array.isArray(allOf) &&
      allOf.length === 2 &&
      isObject(allOf[0]) &&
      typeof allOf[0].$ref === "string" &&
      isObject(allOf[1])
    ) {
      const { type: _type, ...meta } = allOf[1];
      if (withoutNull(allOf[1]) && !("properties" in meta)) {
        const { allOf: _allOf, ...siblings } = node;
        return { ...siblings, ...meta, anyOf: [{ $ref: allOf[0].$ref }, NULL_SCHEMA] };
      }
    }
    if (typeof node.$ref === "string" && nullable.has(node.$ref) && !composing) {
      const { $ref, ...siblings } = node;
      return { ...siblings, anyOf: [{ $ref }, NULL_SCHEMA] };
    }
    // The members of an allOf compose one object: a nullable component there stands for its object.
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, rewrite(value, key === "allOf")]));
  };
  return rewrite(document, false) as T;
}
