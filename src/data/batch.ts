import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "./client";
import { Precondition } from "./precondition";

/** A statement of a batch run outside a request's commit: a query, or a compare-and-set precondition. */
export type BatchStatement = BatchItem<"sqlite"> | Precondition;

/** What one statement of a batch answers: its rows for a select or RETURNING, D1's result otherwise. */
type ResultOf<S> = S extends BatchItem<"sqlite"> ? S["_"]["result"] : unknown;

/** The statement as drizzle's batch takes it (a precondition is its guarding INSERT). */
const batchItem = (statement: BatchStatement): BatchItem<"sqlite"> =>
  statement instanceof Precondition ? statement.statement : statement;

/**
 * Runs `statements` as one D1 batch (one transaction) and answers their results in order: the one
 * place that hands drizzle's batch its non-empty tuple. An empty list runs nothing.
 */
export async function executeBatch(db: Database, statements: readonly BatchStatement[]): Promise<unknown[]> {
  if (statements.length === 0) return [];
  return db.batch(statements.map(batchItem) as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

/** Statements by name: one statement, or a group (chunked inserts) whose results come back as a list. */
export type Named<S> = Record<string, S | readonly S[]>;

/** The result of each named statement under its name (a group's as a list, in order). */
export type NamedResults<N> = { [K in keyof N]: N[K] extends readonly (infer E)[] ? ResultOf<E>[] : ResultOf<N[K]> };

/**
 * Named statements in batch order (the names' order), and how to read the batch's results back
 * by name: the one place that maps positions to names.
 */
export function byName<S, N extends Named<S>>(
  named: N,
): { statements: S[]; results: (batch: readonly unknown[]) => NamedResults<N> } {
  const statements: S[] = [];
  const spans: [string, number, number | undefined][] = [];
  for (const [name, entry] of Object.entries(named)) {
    if (Array.isArray(entry)) {
      spans.push([name, statements.length, entry.length]);
      statements.push(...(entry as readonly S[]));
    } else {
      spans.push([name, statements.length, undefined]);
      statements.push(entry as S);
    }
  }
  const results = (batch: readonly unknown[]) =>
    Object.fromEntries(
      spans.map(([name, start, length]) => [
        name,
        length === undefined ? batch[start] : batch.slice(start, start + length),
      ]),
    ) as NamedResults<N>;
  return { statements, results };
}

/**
 * Runs named statements as one D1 batch and answers each one's result under its name:
 * `runBatch(db, { wallet, ledger })` -> `{ wallet: ..., ledger: ... }`, so no result is read by position.
 * A failed precondition aborts the whole batch (the caller tells it by isPreconditionAbort).
 */
export async function runBatch<N extends Named<BatchStatement>>(db: Database, named: N): Promise<NamedResults<N>> {
  const { statements, results } = byName<BatchStatement, N>(named);
  return results(await executeBatch(db, statements));
}
