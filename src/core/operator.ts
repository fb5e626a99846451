import { z } from "@hono/zod-openapi";
import type { Config } from "../config";
import type { Env } from "../env";
import type { Database } from "../data/client";
import type { EmittedEvent } from "../data/events";
import type { WriteStatement } from "../data/write-batch";

/**
 * The operator API (/admin/v1): what the web panel does and what the platform's other services
 * report, declared like the public operations (route, schemas, codes, handler), authenticated with
 * the operator secret (ADMIN_SECRET) and invisible to API keys. The admin CLI is its client.
 */

type HttpMethod = "get" | "post" | "put" | "patch" | "delete";
type Schema = z.ZodType;
type Out<S> = S extends Schema ? z.output<S> : undefined;
type SuccessStatus = 200 | 201 | 202;

export const OPERATOR_BASE = "/admin/v1";

/** The path parameter of every operation about one company: /admin/v1/companies/{company_id}/... */
export const CompanyParams = z.object({ company_id: z.string().min(1).max(100) });

/** Whom an operator write was about, for the operator audit log. */
interface OperatorAudit {
  /** The company acted on; null for a platform-wide change (an announcement, the price book). */
  companyId: string | null;
  resourceType: string;
  resourceId: string | null;
}

export interface OperatorContext<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  db: Database;
  env: Env;
  config: Config;
  requestId: string;
  /**
   * One D1 batch of a company's statements with the events they emit (the transactional outbox),
   * as a public write commits (src/core/commit.ts); the operator audit entry is written by the pipeline.
   */
  commit(
    companyId: string,
    statements: readonly WriteStatement[],
    events?: readonly EmittedEvent[],
  ): Promise<unknown[]>;
}

export interface OperatorReply<T> {
  status: SuccessStatus;
  body: T;
  /** Every successful write says what it changed: the pipeline records it with the operator as actor. */
  audit?: OperatorAudit;
}

export interface OperatorOperationSpec<
  P extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
  R extends Schema = Schema,
> {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI form, under /admin/v1: /admin/v1/companies/{company_id}. */
  path: `${typeof OPERATOR_BASE}/${string}`;
  summary: string;
  description?: string;
  tag: string;
  request?: { params?: P; query?: Q; body?: B };
  responses: Partial<Record<SuccessStatus, { description: string; schema: R }>>;
  /** Problem statuses the operation answers besides 401/404 of authentication and 400 of validation. */
  codes: readonly number[];
  handler: (ctx: OperatorContext<Out<P>, Out<Q>, Out<B>>) => Promise<OperatorReply<z.input<R>>>;
}

/** An operator operation with its schema types erased, as the router sees it. */
export interface OperatorOperation {
  operationId: string;
  method: HttpMethod;
  path: string;
  summary: string;
  description?: string;
  tag: string;
  request?: { params?: Schema; query?: Schema; body?: Schema };
  responses: Partial<Record<SuccessStatus, { description: string; schema: Schema }>>;
  codes: readonly number[];
  handler: (ctx: OperatorContext<unknown, unknown, unknown>) => Promise<OperatorReply<unknown>>;
}

/** Declares one operator operation; the single place its route, contract and handler live. */
export function defineOperatorOperation<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  R extends Schema = Schema,
>(spec: OperatorOperationSpec<P, Q, B, R>): OperatorOperation {
  return spec as unknown as OperatorOperation;
}
