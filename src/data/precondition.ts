import { sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { integer, sqliteTable } from "drizzle-orm/sqlite-core";
import { ApiError } from "../lib/errors";
import type { Database } from "./client";

/**
 * Compare-and-set for D1, which has no interactive transactions: a write that depends on state it
 * read states, inside its own batch, the condition that state must still meet. When the condition
 * is false at that point of the transaction, the statement aborts the whole batch (migration
 * 0004: a view whose INSTEAD OF trigger raises), so the write, its audit entry and its events are
 * discarded together, and `commit` answers with the precondition's problem.
 */
export class Precondition {
  constructor(
    readonly statement: BatchItem<"sqlite">,
    readonly holds: SQL,
    /** The problem the request answers when the condition no longer holds. */
    readonly failure: () => ApiError,
  ) {}
}

/**
 * The view of migration 0004, as drizzle addresses it. Declared here, outside the schema files
 * drizzle-kit reads, so that no migration ever creates a table of that name.
 */
const batchPreconditions = sqliteTable("batch_preconditions", { holds: integer("holds").notNull() });

/** `holds` is an SQL boolean expression, usually EXISTS (...) over the row as it was read. */
export const precondition = (db: Database, holds: SQL, failure: () => ApiError) =>
  new Precondition(db.insert(batchPreconditions).values({ holds: sql`(${holds})` }), holds, failure);

/** The precondition's problem, thrown by `commit` when the batch was aborted by it. */
export class PreconditionFailed extends ApiError {
  constructor(failure: ApiError) {
    super(failure.slug, failure.detail, failure.extra);
    this.name = "PreconditionFailed";
  }
}

const ABORT_MESSAGE = "batch precondition failed";

/** Whether a batch failed because a precondition statement aborted it, however D1 and drizzle wrapped it. */
export function isPreconditionAbort(error: unknown): boolean {
  for (
    let current: unknown = error, depth = 0;
    current instanceof Error && depth < 5;
    current = current.cause, depth++
  ) {
    if (current.message.includes(ABORT_MESSAGE)) return true;
  }
  return false;
}

/**
 * Which precondition aborted a batch: the only one, or else the first whose condition is false now
 * (the batch rolled back, so this reads the state that made it fail, or a later one).
 */
export async function failedPrecondition(
  db: Database,
  preconditions: readonly Precondition[],
): Promise<Precondition | undefined> {
  if (preconditions.length <= 1) return preconditions[0];
  for (const candidate of preconditions) {
    const row = await db.get<{ holds: number }>(sql`SELECT (${candidate.holds}) AS holds`);
    if (!row?.holds) return candidate;
  }
  return preconditions[0];
}

/** The conflict a write answers when the row it read changed before its batch ran. */
export const changedMeanwhile = (what: string) =>
  new ApiError("conflict", `The ${what} changed while this request was being processed; read it again and retry.`);

/**
 * Each round of concurrent writers of one row lets at least one of them commit, so this many
 * writers at once all succeed; beyond it, the last ones answer the conflict.
 */
export const RETRY_ON_CONFLICT_ATTEMPTS = 8;

/**
 * Runs a read-then-write attempt again when its precondition failed (another write got in between),
 * so writes whose outcome can be recomputed from fresh state (a merge, a membership change) need
 * no retry from the client. After the last attempt the precondition's problem is answered.
 */
export async function retryOnConflict<T>(attempt: () => Promise<T>, attempts = RETRY_ON_CONFLICT_ATTEMPTS): Promise<T> {
  for (let round = 1; ; round++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof PreconditionFailed) || round >= attempts) throw error;
    }
  }
}
