import { and, eq, sql } from "drizzle-orm";
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
    /** Written only if the company has no item of this kind due at this time yet (many writes, one item). */
    readonly once = false,
  ) {}

  insert(db: Database, now: string): BatchItem<"sqlite"> {
    if (this.once) {
      // Every column of due_work, in the table's order; read through due_work_company_idx.
      return db.insert(dueWork).select(
        sql`SELECT ${this.id}, ${this.companyId}, ${this.kind}, ${JSON.stringify(this.payload)}, ${this.dueAt}, ${now}
          WHERE NOT EXISTS (SELECT 1 FROM ${dueWork} WHERE ${and(
            eq(dueWork.companyId, this.companyId),
            eq(dueWork.kind, this.kind),
            eq(dueWork.dueAt, this.dueAt),
          )})`,
      );
    }
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
