import type { z } from "@hono/zod-openapi";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "./db/client";
import type { Precondition } from "./db/precondition";
import type { EmittedEvent } from "./events";
import type { Config } from "../config";
import type { Env } from "../env";

export type Gate = "A" | "W" | "S" | "C";
export type PlanSet = "ALL" | "NONE" | "AGY" | "SBAPE" | "PSBAPE";
export type Plan = "PAYG" | "Starter" | "Business" | "Agency" | "Partner" | "Enterprise";
export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

export const plans: readonly Plan[] = ["PAYG", "Starter", "Business", "Agency", "Partner", "Enterprise"];

/** Which plans include an operation's capability by default (NONE: only an explicit grant). */
export const planSets: Record<PlanSet, readonly Plan[]> = {
  ALL: plans,
  NONE: [],
  AGY: ["Agency", "Partner", "Enterprise"],
  SBAPE: ["Starter", "Business", "Agency", "Partner", "Enterprise"],
  PSBAPE: plans,
};

export type SuccessStatus = 200 | 201 | 202;

/** The authenticated caller, resolved once per request by the pipeline. */
export interface Caller {
  keyId: string;
  lineageId: string;
  keyName: string;
  scopes: readonly string[];
  company: {
    id: string;
    name: string;
    plan: Plan;
    parentCompanyId: string | null;
    capabilities: readonly string[];
    spendEnabled: boolean;
    defaultVatRate: number;
    defaultCurrency: string | null;
    defaultValidity: string | null;
    defaultRegion: string;
  };
}

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
  /** The request's Content-Type header. */
  contentType: string | undefined;
  /**
   * Runs the write's statements in one D1 batch (one transaction) together with its audit entry
   * and the events it emits (transactional outbox), so that a write, its record and its events
   * commit or fail together. A `Precondition` among the statements makes the whole batch fail when
   * the state it states no longer holds (compare-and-set); commit then throws its problem as
   * `PreconditionFailed`. Results are those of `statements`, in order (a precondition's is empty).
   */
  commit(statements: readonly WriteStatement[], audit: AuditTarget, events?: readonly EmittedEvent[]): Promise<unknown[]>;
}

/** A statement of a write's batch, or a condition the state it read must still meet. */
export type WriteStatement = BatchItem<"sqlite"> | Precondition;

export interface Reply<T> {
  status: SuccessStatus;
  body: T;
  headers?: Record<string, string>;
}

type Schema = z.ZodType;
type Out<S> = S extends Schema ? z.output<S> : undefined;

/**
 * A request body that is not JSON (a YAML file, a multipart upload): the pipeline reads it but does
 * not parse it, the handler reads `bodyText` and `contentType`. Only documented here, by media type.
 */
export interface RawBody {
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
  scope: string;
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
}

/** What a declaration may leave to its domain's defaults (defineDomain). */
type Defaulted = "tag" | "plans" | "capability";

export interface OperationSpec<
  P extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
  R extends Schema = Schema,
> extends Omit<OperationMeta, Defaulted>,
    Partial<Pick<OperationMeta, Defaulted>> {
  request?: { params?: P; query?: Q; body?: B; rawBody?: RawBody };
  /** Success responses: status, description, body schema. */
  responses: Partial<Record<SuccessStatus, { description: string; schema: R }>>;
  handler: (ctx: OperationContext<Out<P>, Out<Q>, Out<B>>) => Promise<Reply<z.input<R>>>;
}

/** An operation with its schema types erased and its domain's defaults applied, as the registry and pipeline see it. */
export interface Operation extends OperationMeta {
  request?: { params?: Schema; query?: Schema; body?: Schema; rawBody?: RawBody };
  responses: Partial<Record<SuccessStatus, { description: string; schema: Schema }>>;
  handler: (ctx: OperationContext<unknown, unknown, unknown>) => Promise<Reply<unknown>>;
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

/**
 * Codes the pipeline itself can answer beyond those the specification declares, listed in the
 * OpenAPI document so that clients see every status an operation can return. Every write reads
 * its body (the Idempotency-Key fingerprint covers it, whether or not the operation takes one):
 * 413 for a body over the cap; 400 (reused or invalid key) and 409 (key in use) for Idempotency-Key.
 */
export function pipelineExtensions(op: Pick<Operation, "method" | "request" | "codes">): number[] {
  const extra = new Set<number>();
  if (isWrite(op)) {
    extra.add(400);
    extra.add(409);
    extra.add(413);
  }
  return [...extra].filter((code) => !op.codes.includes(code)).sort((a, b) => a - b);
}

export const declaredCodes = (op: Operation) => [...new Set([...op.codes, ...pipelineExtensions(op)])].sort((a, b) => a - b);
