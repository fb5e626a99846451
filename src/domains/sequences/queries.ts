import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../core/db/client";
import { ofCompany, rowOf } from "../../core/db/rows";
import { chunkedInserts, IN_LIST_MAX, inChunks, qualified } from "../../core/db/bulk";
import { offsetList, type ListKeys } from "../../core/db/lists";
import { precondition } from "../../core/db/precondition";
import type { OffsetPage } from "../../core/pagination";
import { versionedUpdate } from "../../core/db/versioned";
import { contactListMembers, contactLists } from "../contact-lists";
import { contacts } from "../contacts";
import { archivedRefusal, type SequenceView } from "./model";
import { sequenceEnrollments, sequences, type SequenceRow, type SequenceStatus } from "./schema";

/** Counted on email_sequence_enrollments_company_sequence_idx. */
const enrolledCount = sql<number>`(SELECT count(*) FROM ${sequenceEnrollments}
  WHERE ${qualified(sequenceEnrollments.companyId)} = ${qualified(sequences.companyId)}
    AND ${qualified(sequenceEnrollments.sequenceId)} = ${qualified(sequences.id)})`.mapWith(Number);

const columns = { row: sequences, enrolledCount };

const toSequence = ({ row, enrolledCount }: { row: SequenceRow; enrolledCount: number }): SequenceView => ({
  id: row.id,
  name: row.name,
  status: row.status,
  steps: row.steps.map((step, index) => ({ position: index + 1, template_id: step.template_id, delay_days: step.delay_days })),
  enrolled_count: enrolledCount,
  created_at: row.createdAt,
  updated_at: row.updatedAt,
  archived_at: row.archivedAt,
});

/** Backed by email_sequences_company_created_idx (email_sequences_company_status_created_idx with a status). */
const listKeys: ListKeys = { company: sequences.companyId, at: sequences.createdAt, id: sequences.id };

export function listSequences(db: Database, companyId: string, page: OffsetPage, status: SequenceStatus | undefined) {
  return offsetList(db.select(columns).from(sequences).$dynamic(), listKeys, companyId, page, {
    where: status ? eq(sequences.status, status) : undefined,
    map: toSequence,
  });
}

/** The sequence and the version a compare-and-set write compares against. */
export async function findSequence(db: Database, companyId: string, sequenceId: string) {
  const found = await db
    .select(columns)
    .from(sequences)
    .where(rowOf(sequences, companyId, sequenceId))
    .get();
  return found && { sequence: toSequence(found), version: found.row.version };
}

const stepsOf = (sequence: SequenceView) => sequence.steps.map((step) => ({ template_id: step.template_id, delay_days: step.delay_days }));

export const insertSequence = (db: Database, companyId: string, sequence: SequenceView) =>
  db.insert(sequences).values({
    id: sequence.id,
    companyId,
    name: sequence.name,
    status: sequence.status,
    steps: stepsOf(sequence),
    createdAt: sequence.created_at,
    updatedAt: sequence.updated_at,
    archivedAt: sequence.archived_at,
  });

/** The sequence as `sequence` shows it, compare-and-set on the version read (`version`). */
export const updateSequence = (db: Database, companyId: string, sequence: SequenceView, version: number) =>
  versionedUpdate(
    db,
    sequences,
    { companyId, id: sequence.id, version },
    { name: sequence.name, status: sequence.status, steps: stepsOf(sequence), updatedAt: sequence.updated_at, archivedAt: sequence.archived_at },
    "sequence",
  );

/** The sequence is still active when the enrollment commits (an archive may have come in between). */
export const sequenceStillActive = (db: Database, companyId: string, sequenceId: string) =>
  precondition(db, sql`EXISTS (SELECT 1 FROM ${sequences} WHERE ${rowOf(sequences, companyId, sequenceId, eq(sequences.status, "active"))})`, () =>
    archivedRefusal(),
  );

/** Which of these ids are contacts of the company. */
export async function companyContactIds(db: Database, companyId: string, ids: readonly string[]): Promise<Set<string>> {
  const found = await Promise.all(
    inChunks(ids, IN_LIST_MAX).map((chunk) => db.select({ id: contacts.id }).from(contacts).where(ofCompany(contacts, companyId, inArray(contacts.id, chunk)))),
  );
  return new Set(found.flat().map((row) => row.id));
}

/** Which of these contacts are already enrolled in the sequence. */
export async function enrolledIds(db: Database, companyId: string, sequenceId: string, ids: readonly string[]): Promise<Set<string>> {
  const found = await Promise.all(
    inChunks(ids, IN_LIST_MAX).map((chunk) =>
      db
        .select({ id: sequenceEnrollments.contactId })
        .from(sequenceEnrollments)
        .where(ofCompany(sequenceEnrollments, companyId, eq(sequenceEnrollments.sequenceId, sequenceId), inArray(sequenceEnrollments.contactId, chunk))),
    ),
  );
  return new Set(found.flat().map((row) => row.id));
}

/** Enrolls the contacts; one already enrolled (meanwhile too) is left as it is. */
export function enrollStatements(db: Database, companyId: string, sequenceId: string, contactIds: readonly string[], enrolledAt: string, enrollmentId: string): BatchItem<"sqlite">[] {
  return chunkedInserts(
    db,
    sequenceEnrollments,
    contactIds.map((contactId) => ({ sequenceId, contactId, companyId, enrolledAt, enrollmentId })),
    (insert) => insert.onConflictDoNothing(),
  );
}

/** How many contacts one enrollment write enrolled, as SQL (for the event, inside the batch) and read after it. */
export const enrolledBy = (companyId: string, sequenceId: string, enrollmentId: string) =>
  sql<number>`(SELECT count(*) FROM ${sequenceEnrollments} WHERE ${and(
    ofCompany(sequenceEnrollments, companyId),
    eq(sequenceEnrollments.sequenceId, sequenceId),
    eq(sequenceEnrollments.enrollmentId, enrollmentId),
  )})`;

export async function countEnrolledBy(db: Database, companyId: string, sequenceId: string, enrollmentId: string): Promise<number> {
  const row = await db.get<{ enrolled: number }>(sql`SELECT ${enrolledBy(companyId, sequenceId, enrollmentId)} AS enrolled`);
  return Number(row?.enrolled ?? 0);
}

export async function companyListExists(db: Database, companyId: string, listId: string): Promise<boolean> {
  const row = await db.select({ id: contactLists.id }).from(contactLists).where(rowOf(contactLists, companyId, listId)).get();
  return row !== undefined;
}

/** Enrolls every member of the list in one statement (the list may be large). */
export const enrollListStatement = (db: Database, companyId: string, sequenceId: string, listId: string, enrolledAt: string, enrollmentId: string) =>
  db
    .insert(sequenceEnrollments)
    .select(
      // Every column, in table order (drizzle's INSERT ... SELECT requires it).
      db
        .select({
          sequenceId: sql<string>`${sequenceId}`.as("sequence_id"),
          contactId: contactListMembers.contactId,
          companyId: contactListMembers.companyId,
          enrolledAt: sql<string>`${enrolledAt}`.as("enrolled_at"),
          enrollmentId: sql<string>`${enrollmentId}`.as("enrollment_id"),
        })
        .from(contactListMembers)
        .where(ofCompany(contactListMembers, companyId, eq(contactListMembers.listId, listId))),
    )
    .onConflictDoNothing();

/** The members of the list. */
export async function listMemberCount(db: Database, companyId: string, listId: string): Promise<number> {
  const row = await db.select({ members: count() }).from(contactListMembers).where(ofCompany(contactListMembers, companyId, eq(contactListMembers.listId, listId))).get();
  return row?.members ?? 0;
}
