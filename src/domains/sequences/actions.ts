import type { SQL } from "drizzle-orm";
import type { Database } from "../../core/db/client";
import { nowIso } from "../../core/db/schema";
import type { WriteStatement } from "../../core/operation";
import type { EnrollResult } from "./model";
import type { z } from "@hono/zod-openapi";
import {
  companyContactIds,
  companyListExists,
  countEnrolledBy,
  enrolledBy,
  enrolledIds,
  enrollListStatement,
  enrollStatements,
  listMemberCount,
  sequenceStillActive,
} from "./queries";

type Result = z.output<typeof EnrollResult>;

/**
 * Commits the enrollment's statements; `enrolled` is how many contacts the batch enrolls, as SQL
 * evaluated inside it (for the event), or 0 when nothing can be enrolled (no event then).
 */
export type EnrollCommit = (statements: WriteStatement[], enrolled: SQL<number> | 0) => Promise<unknown>;

/*
 * Every enrollment write has an id, stored on the rows it inserts. ON CONFLICT DO NOTHING leaves a
 * contact enrolled by anyone before (or by a concurrent write) as it is, and the count of rows
 * carrying this write's id is exactly what it enrolled, under any concurrency.
 */

export async function enrollContacts(db: Database, companyId: string, sequenceId: string, ids: readonly string[], commit: EnrollCommit): Promise<Result> {
  const found = await companyContactIds(db, companyId, ids);
  const candidates = ids.filter((id) => found.has(id));
  const already = await enrolledIds(db, companyId, sequenceId, candidates);
  const enrollmentId = crypto.randomUUID();
  const newcomers = candidates.filter((id) => !already.has(id));
  await commit(
    [sequenceStillActive(db, companyId, sequenceId), ...enrollStatements(db, companyId, sequenceId, newcomers, nowIso(), enrollmentId)],
    newcomers.length > 0 ? enrolledBy(companyId, sequenceId, enrollmentId) : 0,
  );
  const enrolled = newcomers.length > 0 ? await countEnrolledBy(db, companyId, sequenceId, enrollmentId) : 0;
  return { enrolled, already_enrolled: candidates.length - enrolled, not_found: ids.filter((id) => !found.has(id)) };
}

export async function enrollList(db: Database, companyId: string, sequenceId: string, listId: string, commit: EnrollCommit): Promise<Result> {
  if (!(await companyListExists(db, companyId, listId))) return { enrolled: 0, already_enrolled: 0, not_found: [listId] };
  const members = await listMemberCount(db, companyId, listId);
  const enrollmentId = crypto.randomUUID();
  await commit(
    [sequenceStillActive(db, companyId, sequenceId), enrollListStatement(db, companyId, sequenceId, listId, nowIso(), enrollmentId)],
    members > 0 ? enrolledBy(companyId, sequenceId, enrollmentId) : 0,
  );
  const enrolled = members > 0 ? await countEnrolledBy(db, companyId, sequenceId, enrollmentId) : 0;
  return { enrolled, already_enrolled: Math.max(0, members - enrolled), not_found: [] };
}
