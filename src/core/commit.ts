import type { BatchItem } from "drizzle-orm/batch";
import type { Env } from "../env";
import { byName, executeBatch, type Named, type NamedResults } from "../data/batch";
import type { Database } from "../data/client";
import { failedPrecondition, isPreconditionAbort, Precondition, PreconditionFailed } from "../data/precondition";
import type { EmittedEvent, EventSink } from "../data/events";
import { sequenceStatements } from "../data/sequences";
import { enqueueJobs } from "../work/jobs";
import type { AuditTarget, OperationContext } from "./operation";
import { QueuedJob, ScheduledDue, type WriteStatement } from "../data/write-batch";
import { clock } from "../lib/clock";

/**
 * One D1 batch (one transaction): a write's statements, what must commit with them (`trailing`:
 * the audit entry of a request, the status of a job), the sequence numbers its events draw from
 * the resources they are about, its events with their deliveries (the transactional outbox) and
 * the jobs it queued. Deliveries and jobs are handed to their Queues
 * once the batch committed. A failed precondition aborts the whole batch and is thrown as
 * `PreconditionFailed`. Returns the results of `statements` and `trailing`, in order.
 */
export async function commitBatch(
  db: Database,
  env: Env,
  eventSink: EventSink | undefined,
  companyId: string,
  statements: readonly WriteStatement[],
  events: readonly EmittedEvent[],
  trailing: readonly BatchItem<"sqlite">[],
): Promise<unknown[]> {
  if (events.length > 0 && !eventSink)
    throw new Error("A write emitted events, but no domain of this app receives them.");
  // Events about a resource draw its next sequence numbers after the write changed it, before their rows.
  const sequenced = sequenceStatements(db, companyId, events);
  const outbox =
    events.length > 0 && eventSink
      ? eventSink.statements(db, companyId, sequenced.events)
      : { statements: [], afterCommit: async () => {} };
  const preconditions = statements.filter((statement): statement is Precondition => statement instanceof Precondition);
  const queued = statements.filter((statement): statement is QueuedJob => statement instanceof QueuedJob);
  const now = clock.iso();
  const writes = statements.map((statement) =>
    statement instanceof Precondition
      ? statement.statement
      : statement instanceof QueuedJob || statement instanceof ScheduledDue
        ? statement.insert(db, now)
        : statement,
  );
  const batch = [...writes, ...trailing, ...sequenced.statements, ...outbox.statements];
  let results: unknown[];
  try {
    results = await executeBatch(db, batch);
  } catch (error) {
    if (!isPreconditionAbort(error)) throw error;
    const failed = await failedPrecondition(db, preconditions);
    if (!failed) throw error;
    throw new PreconditionFailed(failed.failure());
  }
  const kept = statements.length + trailing.length;
  await Promise.all([
    outbox.afterCommit(env, results.slice(kept + sequenced.statements.length)),
    enqueueJobs(env, queued),
  ]);
  return results.slice(0, kept);
}

type Commit = OperationContext<unknown, unknown, unknown>["commit"];

/**
 * `commit` with named statements (one, or a group such as chunked inserts): each result comes back
 * under its name (`{ guard, renamed }` -> `{ guard: ..., renamed: rows }`), in the names' order in
 * the batch, so no caller reads results by position.
 */
export async function commitNamed<N extends Named<WriteStatement>>(
  commit: Commit,
  named: N,
  audit: AuditTarget,
  events?: readonly EmittedEvent[],
): Promise<NamedResults<N>> {
  const { statements, results } = byName<WriteStatement, N>(named);
  return results(await commit(statements, audit, events));
}

/**
 * A write's statements as one D1 batch outside a request (a Cron Trigger's renewal, the panel, a
 * seed): no audit entry, no events. Jobs are queued only by `commit`, which hands them to the Queue.
 */
export async function runWriteBatch(db: Database, statements: readonly WriteStatement[]): Promise<unknown[]> {
  const now = clock.iso();
  return executeBatch(
    db,
    statements.map((statement) => {
      if (statement instanceof QueuedJob)
        throw new Error("A job is queued by commit, which hands it to the Queue; this batch cannot.");
      // Due work needs no Queue: the Cron Trigger finds it by its due time.
      return statement instanceof ScheduledDue ? statement.insert(db, now) : statement;
    }),
  );
}
