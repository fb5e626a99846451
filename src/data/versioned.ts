import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { notFound, type ApiError } from "../lib/errors";
import type { Database } from "./client";
import {
  changedMeanwhile,
  precondition,
  RETRY_ON_CONFLICT_ATTEMPTS,
  retryOnConflict,
  type Precondition,
} from "./precondition";
import { rowOf, type CompanyRowTable } from "./rows";

/** A tenant table whose rows carry a version, bumped by every compare-and-set update. */
export type VersionedTable = CompanyRowTable & { version: SQLiteColumn };

/** Which row, and the version it was read at. */
export interface VersionedRow {
  companyId: string;
  id: string;
  version: number;
}

/**
 * Compare-and-set: the company's row is still at the version read. `what` names the row in the
 * 409 ("The <what> changed while this request was being processed; ..."), or is the problem itself.
 */
const versionUnchanged = (
  db: Database,
  table: VersionedTable,
  companyId: string,
  id: string,
  version: number,
  what: string | (() => ApiError),
): Precondition =>
  precondition(
    db,
    sql`EXISTS (SELECT 1 FROM ${table} WHERE ${rowOf(table, companyId, id, eq(table.version, version))})`,
    typeof what === "string" ? () => changedMeanwhile(what) : what,
  );

/**
 * The statements of a compare-and-set update of one row read at `row.version`: the precondition
 * that nobody changed it since (else the whole batch aborts with the 409), then the UPDATE of
 * `changes` that bumps the version. Both go into the write's `commit`, with its audit entry and events.
 */
export function versionedUpdate<T extends VersionedTable>(
  db: Database,
  table: T,
  row: VersionedRow,
  changes: Partial<Omit<T["$inferInsert"], "id" | "companyId" | "version">>,
  what: string | (() => ApiError),
): [Precondition, BatchItem<"sqlite">] {
  return [
    versionUnchanged(db, table, row.companyId, row.id, row.version, what),
    db
      .update(table as VersionedTable)
      .set({ ...changes, version: row.version + 1 })
      .where(rowOf(table, row.companyId, row.id)),
  ];
}

/**
 * The read-then-write of a compare-and-set update: reads the row (`find`; missing is the 404 naming
 * `what`), then `write` computes the new row and commits it (its statements from versionedUpdate).
 * When another write changed the row in between, the whole attempt runs again on the fresh row
 * (retryOnConflict, `attempts` times at most); after the last attempt the 409 is answered.
 */
export function updateWithVersion<Found, Result>(
  what: string,
  find: () => Promise<Found | undefined>,
  write: (found: Found) => Promise<Result>,
  attempts = RETRY_ON_CONFLICT_ATTEMPTS,
): Promise<Result> {
  return retryOnConflict(async () => {
    const found = await find();
    if (!found) throw notFound(what);
    return write(found);
  }, attempts);
}
