import type { z } from "@hono/zod-openapi";
import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Env } from "../env";
import type { Database } from "./client";

/**
 * Event types are declared once, with the Zod schema of their `data`; the event catalogue
 * (GET /api/v1/events/catalog) publishes each schema as JSON Schema. Names: <resource>.<past_tense_verb>.
 */
export interface EventDefinition<S extends z.ZodType = z.ZodType> {
  type: string;
  description: string;
  schema: S;
  /** An event of this type, to pass to `commit` with the write that causes it. */
  of(data: z.input<S>, fill?: Record<string, Fill>): EmittedEvent;
}

/**
 * A value that only exists inside the write's transaction, as an SQL expression written once, its
 * inputs as `sql.placeholder`s, with this write's values for them: the statement that reads it is
 * then built once per isolate instead of per request (hot writes, such as POST /budgets's number).
 */
export interface BatchValue {
  expression: SQL;
  values: Record<string, unknown>;
}

/** A fill: an SQL expression of this write (built with its statement), or a BatchValue. */
export type Fill = SQL | BatchValue;

export interface EmittedEvent {
  type: string;
  data: unknown;
  /**
   * Top-level members of `data` whose value only exists inside the write's transaction (a number
   * drawn from a sequence): each is set from its expression when the event row is inserted.
   */
  fill?: Record<string, Fill>;
}

export function defineEvent<S extends z.ZodType>(type: string, description: string, schema: S): EventDefinition<S> {
  return { type, description, schema, of: (data, fill) => ({ type, data, fill }) };
}

/**
 * Where the events a write emits go: statements that join the write's own D1 batch (the
 * transactional outbox), and what to do once that batch committed. The webhooks domain provides
 * it; the core only calls it, so it imports no domain.
 */
export interface EventSink {
  statements(
    db: Database,
    companyId: string,
    events: readonly EmittedEvent[],
  ): {
    statements: BatchItem<"sqlite">[];
    /** Called with the results of `statements` after the batch committed. */
    afterCommit(env: Env, results: readonly unknown[]): Promise<void>;
  };
}
