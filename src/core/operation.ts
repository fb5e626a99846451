import type { z } from "@hono/zod-openapi";
import type { Database } from "../data/client";
import type { EmittedEvent } from "../data/events";
import type { Config } from "../config";
import type { Env } from "../env";
import type { Caller } from "../keys/caller";
import type { Gate } from "../keys/authorize";
import type { PlanSet } from "../lib/plans";
import type { Scope } from "../keys/scopes";
import type { WriteStatement } from "../data/write-batch";

type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

type SuccessStatus = 200 | 201 | 202;

/** What a successful write changed, recorded in the audit log in the same D1 batch as the write. */
export interface AuditTarget {
  resourceType: string;
  resourceId: string | null;
}

export interface OperationContext<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  caller: Caller;
  db: Database;
  env: Env;
  config: Config;
  requestId: string;
  /** The request body as read (UTF-8 text, "" without one), for operations whose body is not JSON (`request.rawBody`). */
  bodyText: string;
  /**
   * The request's Idempotency-Key (always present on gate S). A handler that calls a provider which
   * takes its own idempotency key derives it from this one, so a retry never repeats the provider's action.
   */
  idempotencyKey: string | undefined;
  /** The request's Content-Type header. */
  contentType: string | undefined;
  /**
   * Runs the write's statements in one D1 batch (one transaction) together with its audit entry
   * and the events it emits (transactional outbox), so that a write, its record and its events
   * commit or fail together. A `Precondition` among the statements makes the whole batch fail when
   * the state it states no longer holds (compare-and-set); commit then throws its problem as
   * `PreconditionFailed`. Results are those of `statements`, in order (a precondition's is empty).
   */
  commit(
    statements: readonly WriteStatement[],
    audit: AuditTarget,
    events?: readonly EmittedEvent[],
  ): Promise<unknown[]>;
}

/**
 * What a spending operation (gate S) would do, said before it runs: the MCP server's quote, which
 * an agent confirms before the call is made (src/core/mcp/spending.ts). Worked out from the same
 * reads and prices as the operation itself, and refused (thrown) as the operation would refuse it.
 */
export interface Quote {
  /** What would be charged now, in major units of `currency` (0 when nothing would be), and what for. */
  charge: { amount: number; currency: string; description: string };
  /** What would be sent, and to whom: a call, emails (`to` lists at most a few of `count`). */
  sends?: { channel: "call" | "email" | "sms" | "whatsapp"; to: string[]; count: number; what: string }[];
  /** The wallet's balance now, when the charge comes from it. */
  balance?: { amount: number; currency: string };
  /** What else to know before confirming: what is settled later, what happens next. */
  notes?: string[];
}

/** What a quote is given: the operation's parsed input, its caller and a database to read. */
type QuoteContext<P, Q, B> = Pick<OperationContext<P, Q, B>, "params" | "query" | "body" | "caller" | "db" | "config">;

/** What a replay is given: the retry's parsed input (the same as the first attempt's), its caller, a database to read. */
type ReplayContext<P, Q, B> = Pick<
  OperationContext<P, Q, B>,
  "params" | "query" | "body" | "caller" | "db" | "env" | "config"
>;

export { planSets, plans, type Plan, type PlanSet } from "../lib/plans";

/** Re-exported: the gate is declared with what an operation requires of its caller (src/keys/authorize.ts). */
export type { Gate };

/** Re-exported: a handler's statements are typed from the declaration's module. */
export type { WriteStatement };

/**
 * A body serialized once, sent as its text: a large document that never changes (the event
 * catalogue) is not serialized again on every request. `T` is the body it stands for.
 */
export class SerializedBody<T> {
  declare readonly body?: T;
  private constructor(readonly json: string) {}
  static of<T>(body: T): SerializedBody<T> {
    return new SerializedBody<T>(JSON.stringify(body));
  }
}

export interface Reply<T> {
  status: SuccessStatus;
  body: T | SerializedBody<T>;
  headers?: Record<string, string>;
}

type Schema = z.ZodType;
type Out<S> = S extends Schema ? z.output<S> : undefined;

/**
 * A request body that is not JSON (a YAML file, a multipart upload): the pipeline reads it but does
 * not parse it, the handler reads `bodyText` and `contentType`. Only documented here, by media type.
 */
interface RawBody {
  description: string;
  content: Record<string, Schema>;
}

/** What an operation is, apart from its schemas and handler: route, docs, and pipeline metadata. */
interface OperationMeta {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI form: /api/v1/things/{thing_id} */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** What the operations of the tag are about: the description of the tag in the OpenAPI document. */
  tagDescription?: string;
  scope: Scope;
  gate: Gate;
  plans: PlanSet;
  /** The capability a plan must include, or the account must be granted. */
  capability: string;
  /** Status codes the specification declares for the operation. */
  codes: readonly number[];
  /**
   * Idempotency-Key records keep the response for 24 h. Off for responses that carry a secret
   * that must not rest in the idempotency store (a rotated key).
   */
  storeIdempotentResponse?: boolean;
  /**
   * A retry after a crash runs the handler again instead of answering that the first attempt's
   * answer was lost: its handler finds what its first attempt recorded and adopts it (a send's
   * provider intent, src/work/intents.ts), so the provider is never asked twice and nothing is
   * recorded or charged twice. Only for handlers built that way.
   */
  resumesAfterCrash?: true;
  /**
   * The operation as a tool for AI agents (the MCP server, src/core/mcp.ts), where its method, gate
   * and codes do not say it: `listedByDefault` lists its tool among the few every client gets
   * without asking for a toolset (a common task); `destructive` marks a POST that destroys or
   * replaces something (PATCH, PUT and DELETE are taken as destructive, other POSTs as additive).
   */
  mcp?: { listedByDefault?: true; destructive?: true };
}

/** What a declaration may leave to its domain's defaults (defineDomain). */
type Defaulted = "tag" | "tagDescription" | "plans" | "capability";

/** A success response: its description, the schema of its body, and an example body the schema accepts. */
interface SuccessResponse<R extends Schema = Schema> {
  description: string;
  schema: R;
  /** Shown in the OpenAPI document; test/document.test.ts parses it with `schema`. */
  example?: z.input<R>;
}

export interface OperationSpec<
  P extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
  R extends Schema = Schema,
> extends Omit<OperationMeta, Defaulted>,
    Partial<Pick<OperationMeta, Defaulted>> {
  request?: {
    params?: P;
    query?: Q;
    body?: B;
    rawBody?: RawBody;
    /**
     * An example request body, shown in the OpenAPI document (on the first media type of a
     * `rawBody`); test/document.test.ts parses it with the body's schema.
     */
    example?: B extends Schema ? z.input<B> : unknown;
  };
  /** Success responses: status, description, body schema, example. */
  responses: Partial<Record<SuccessStatus, SuccessResponse<R>>>;
  handler: (ctx: OperationContext<Out<P>, Out<Q>, Out<B>>) => Promise<Reply<z.input<R>>>;
  /** Gate S: what a call would charge and send, read without writing (see Quote); without it a quote says only what the description does. */
  quote?: (ctx: QuoteContext<Out<P>, Out<Q>, Out<B>>) => Promise<Quote>;
  /**
   * The handler's reply rebuilt from what its batch wrote (`written`: the audit target it committed
   * with), read back without writing: how a retry is answered when the Worker died after the batch,
   * before the answer was kept (src/core/stages/kept-answer.ts). Undefined when those rows are gone;
   * the retry is then told the request completed (409 conflict), as it is for a write without one.
   */
  replay?: (ctx: ReplayContext<Out<P>, Out<Q>, Out<B>>, written: AuditTarget) => Promise<Reply<z.input<R>> | undefined>;
}

/** An operation with its schema types erased and its domain's defaults applied, as the registry and pipeline see it. */
export interface Operation extends OperationMeta {
  request?: { params?: Schema; query?: Schema; body?: Schema; rawBody?: RawBody; example?: unknown };
  responses: Partial<Record<SuccessStatus, SuccessResponse>>;
  handler: (ctx: OperationContext<unknown, unknown, unknown>) => Promise<Reply<unknown>>;
  quote?: (ctx: QuoteContext<unknown, unknown, unknown>) => Promise<Quote>;
  replay?: (ctx: ReplayContext<unknown, unknown, unknown>, written: AuditTarget) => Promise<Reply<unknown> | undefined>;
}

/** A declaration as written in a domain's routes.ts: tag, plans and capability may come from the domain. */
export type OperationDeclaration = Omit<Operation, Defaulted> & Partial<Pick<Operation, Defaulted>>;

/** Declares one operation; the single place its route, contract, scope, gate, plans and codes live. */
export function defineOperation<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  R extends Schema = Schema,
>(spec: OperationSpec<P, Q, B, R>): OperationDeclaration {
  return spec as unknown as OperationDeclaration;
}

export const isWrite = (op: Pick<Operation, "method">) => op.method !== "get";

/** A path with parameters names a resource of the caller's company: /api/v1/contacts/{contact_id}. */
const hasPathParameters = (op: Pick<Operation, "path">) => /\{[^}]+\}/.test(op.path);

/** What the request pipeline (src/core/pipeline.ts) answers by itself, and for which operations. */
export interface PipelineRule {
  /** Which operations, in words; `applies` says it in code. */
  appliesTo:
    | "every operation"
    | "gates W, S and C"
    | "gate S"
    | "a path with parameters"
    | "a JSON body"
    | "every write";
  applies(op: Pick<Operation, "method" | "path" | "gate" | "request">): boolean;
  codes: readonly number[];
  reason: string;
  /**
   * Whether the OpenAPI document adds these codes to those the specification declares (the
   * catalogue's pipelineExtensions). The other rules' codes are expected among the declared ones;
   * where the specification leaves one out, the document keeps the specification's list and
   * test/catalogue.test.ts names the difference.
   */
  extendsDeclared: boolean;
}

/**
 * Every status the pipeline can answer, by the part of the declaration that causes it: the gate,
 * the path, the body, the method. An operation's codes are these and its handler's own (a 409
 * conflict, a 422), which the specification lists.
 */
export const pipelineRules: readonly PipelineRule[] = [
  {
    appliesTo: "every operation",
    applies: () => true,
    codes: [401],
    reason: "unauthorized: no key, or a malformed, unknown, revoked or other-environment key",
    extendsDeclared: false,
  },
  {
    appliesTo: "every operation",
    applies: () => true,
    codes: [403],
    reason: "insufficient_scope or capability_required",
    extendsDeclared: false,
  },
  {
    appliesTo: "every operation",
    applies: () => true,
    codes: [429],
    reason: "rate_limited: the key's quota in the rolling window is used up",
    extendsDeclared: false,
  },
  { appliesTo: "every operation", applies: () => true, codes: [500], reason: "internal_error", extendsDeclared: false },
  {
    appliesTo: "every operation",
    applies: () => true,
    codes: [400],
    reason:
      "validation_error: an X-D1-Bookmark this API did not return, or a query parameter the operation does not have",
    extendsDeclared: true,
  },
  {
    appliesTo: "gates W, S and C",
    applies: (op) => op.gate !== "A",
    codes: [404],
    reason: "not_found: the gate's switch is off, and the operation answers as if it did not exist",
    extendsDeclared: false,
  },
  {
    appliesTo: "gate S",
    applies: (op) => op.gate === "S",
    codes: [400, 403],
    reason: "idempotency_key_required; spend_not_enabled",
    extendsDeclared: false,
  },
  {
    appliesTo: "a path with parameters",
    applies: hasPathParameters,
    codes: [404],
    reason: "not_found: no such resource for the key's company",
    extendsDeclared: false,
  },
  {
    appliesTo: "a JSON body",
    applies: (op) => op.request?.body !== undefined,
    codes: [400],
    reason: "validation_error or invalid_json",
    extendsDeclared: false,
  },
  {
    appliesTo: "every write",
    applies: isWrite,
    codes: [400, 409, 413],
    reason:
      "Idempotency-Key (400 idempotency_key_invalid or idempotency_key_reused, 409 idempotency_key_in_use), 400 validation_error for a body " +
      "where the operation declares none, and 413 payload_too_large (every write reads its body: the Idempotency-Key fingerprint covers it)",
    extendsDeclared: true,
  },
];

const sortedCodes = (codes: Iterable<number>) => [...new Set(codes)].sort((a, b) => a - b);

/** Every code the pipeline can answer for this operation (its handler may add others). */
export const pipelineCodes = (op: Pick<Operation, "method" | "path" | "gate" | "request">) =>
  sortedCodes(pipelineRules.filter((rule) => rule.applies(op)).flatMap((rule) => rule.codes));

/**
 * Codes the pipeline itself can answer beyond those the specification declares, listed in the
 * OpenAPI document so that clients see every status an operation can return: the codes of the
 * rules that extend the declared ones (spec/catalogue.json's pipelineExtensions).
 */
export function pipelineExtensions(op: Pick<Operation, "method" | "path" | "gate" | "request" | "codes">): number[] {
  const extra = pipelineRules.filter((rule) => rule.extendsDeclared && rule.applies(op)).flatMap((rule) => rule.codes);
  return sortedCodes(extra).filter((code) => !op.codes.includes(code));
}

/** The codes of the operation's responses: the specification's and the pipeline's extensions. */
export const declaredCodes = (op: Operation) => sortedCodes([...op.codes, ...pipelineExtensions(op)]);
