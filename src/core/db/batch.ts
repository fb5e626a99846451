import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "./client";
import { Precondition } from "./precondition";

/** A statement of a batch run outside a request's commit: a query, or a compare-and-set precondition. */
export type BatchStatement = BatchItem<"sqlite"> | Precondition;

/** What one statement of a batch answers: its rows for a select or RETURNING, D1's result otherwise. */
export type ResultOf<S> = S extends BatchItem<"sqlite"> ? S["_"]["result"] : unknown;

/** The statement as drizzle's batch takes it (a precondition is its guarding INSERT). */
const batchItem = (statement: BatchStatement): BatchItem<"sqlite"> => (statement instanceof Precondition ? statement.statement : statement);

/**
 * Runs `statements` as one D1 batch (one transaction) and answers their results in order: the one
 * place that hands drizzle's batch its non-empty tuple. An empty list runs nothing.
 */
export async function executeBatch(db: Database, statements: readonly BatchStatement[]): Promise<unknown[]> {
  if (statements.length === 0) return [];
  return db.batch(statements.map(batchItem) as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

/**
 * Runs named statements as one D1 batch and answers each one's result under its name:
 * `runBatch(db, { wallet, ledger })` -> `{ wallet: ..., ledger: ... }`, so no result is read by position.
 * A failed precondition aborts the whole batch (the caller tells it by isPreconditionAbort).
 */
export async function runBatch<S extends Record<string, BatchStatement>>(db: Database, statements: S): Promise<{ [K in keyof S]: ResultOf<S[K]> }> {
  const names = Object.keys(statements);
  const results = await executeBatch(db, Object.values(statements));
  return Object.fromEntries(names.map((name, index) => [name, results[index]])) as { [K in keyof S]: ResultOf<S[K]> };
}
