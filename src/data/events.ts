import type { z } from "@hono/zod-openapi";
import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Env } from "../env";
import type { Database } from "./client";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

/**
 * Event types are declared once, with the Zod schema of their `data`; the event catalogue
 * (GET /api/v1/events/catalog) publishes each schema as JSON Schema. Names: <resource>.<past_tense_verb>.
 */
export interface EventDefinition<S extends z.ZodType = z.ZodType, Input = z.input<S>> {
  type: string;
  description: string;
  schema: S;
  /** An event of this type, to pass to `commit` with the write that causes it. */
  of(data: Input, fill?: Record<string, Fill>, resource?: EventResource): EmittedEvent;
  /** Whether its data carries its resource's `sequence` (defineResourceEvent). */
  sequenced?: true;
}

/** A table whose rows carry their resource sequence (resourceSequence, src/data/sequences.ts) under the company. */
export type SequencedTable = SQLiteTable & { id: SQLiteColumn; companyId: SQLiteColumn; sequence: SQLiteColumn };

/** The row an event is about: its table (with a `sequence` column) and id, in the emitting company. */
export interface EventResource {
  table: SequencedTable;
  id: string;
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
  /**
   * The resource the event is about: the write's batch advances its `sequence` and the event's
   * `data.sequence` is set to the number drawn for it (src/data/sequences.ts).
   */
  resource?: EventResource;
  /** The request whose write emitted it (set by the request's commit), so the request log lists what a request caused. */
  requestId?: string;
}

export function defineEvent<S extends z.ZodType>(type: string, description: string, schema: S): EventDefinition<S> {
  return { type, description, schema, of: (data, fill) => ({ type, data, fill }) };
}

/** What a resource event's `of` takes: its data without `sequence`, which the batch draws. */
export type ResourceEventInput<S extends z.ZodType> = Omit<z.input<S>, "sequence">;

/**
 * An event about one row of a resource with a lifecycle (a call, a message): its data's schema
 * has `sequence` (and, for a change of status, `previous_status`), and each event of it draws the
 * resource's next sequence number in the batch of the change (src/data/sequences.ts), so a
 * receiver can put the events of one resource in order and drop a stale one.
 */
export function defineResourceEvent<S extends z.ZodType>(
  type: string,
  description: string,
  schema: S,
  /** The row an event is about, from its data; without it, each `of` names it (the same event of rows of several tables). */
  resource?: (data: ResourceEventInput<S>) => EventResource,
): EventDefinition<S, ResourceEventInput<S>> {
  return {
    type,
    description,
    schema,
    sequenced: true,
    of(data, fill, given) {
      const row = given ?? resource?.(data);
      if (!row) throw new Error(`A ${type} event names the row it is about.`);
      return { type, data, fill, resource: row };
    },
  };
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
