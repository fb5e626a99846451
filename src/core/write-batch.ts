import type { BatchItem } from "drizzle-orm/batch";
import { insertRow, type Database } from "./db/client";
import type { Precondition } from "./db/precondition";
import { jobs } from "./db/schema";

/**
 * What a write's one D1 batch holds. Its own module because operations (commit), jobs (a run's
 * record) and commit.ts all speak of it, and jobs.ts and operation.ts must not import each other.
 */

/** A job queued by a write: a statement of the write's batch, handed to the Queue after the commit. */
export class QueuedJob {
  readonly id = crypto.randomUUID();
  constructor(
    readonly kind: string,
    readonly companyId: string,
    readonly payload: unknown,
  ) {}

  insert(db: Database, now: string): BatchItem<"sqlite"> {
    return insertRow(db, jobs, {
      id: this.id,
      companyId: this.companyId,
      kind: this.kind,
      payload: this.payload,
      status: "pending",
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    });
  }
}

/** A statement of a write's batch, a condition the state it read must still meet, or a job it hands to the Queue. */
export type WriteStatement = BatchItem<"sqlite"> | Precondition | QueuedJob;
