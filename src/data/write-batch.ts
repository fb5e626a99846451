import type { BatchItem } from "drizzle-orm/batch";
import { insertRow, type Database } from "./client";
import type { Precondition } from "./precondition";
import { dueWork, jobs } from "./schema";

/**
 * What a write's one D1 batch holds. Its own module because operations (commit), jobs (a run's
 * record) and src/core/commit.ts all speak of it, and src/work/jobs.ts and src/core/operation.ts must not import each other.
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

/** Work due at a time (src/work/due.ts), scheduled by a write: a row of due_work in the write's batch. */
export class ScheduledDue {
  readonly id = crypto.randomUUID();
  constructor(
    readonly kind: string,
    readonly companyId: string,
    readonly dueAt: string,
    readonly payload: unknown,
  ) {}

  insert(db: Database, now: string): BatchItem<"sqlite"> {
    return insertRow(db, dueWork, {
      id: this.id,
      companyId: this.companyId,
      kind: this.kind,
      payload: this.payload,
      dueAt: this.dueAt,
      createdAt: now,
    });
  }
}

/**
 * A statement of a write's batch, a condition the state it read must still meet, a job it hands to
 * the Queue, or work it schedules for later.
 */
export type WriteStatement = BatchItem<"sqlite"> | Precondition | QueuedJob | ScheduledDue;
