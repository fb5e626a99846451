import { and, asc, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { preparedStatement, preparedVariants, selectRow, type Database } from "../../data/client";
import { companyRow, ofCompany, rowOf } from "../../data/rows";
import { chunkedInserts, IN_LIST_MAX, inChunks, qualified } from "../../data/bulk";
import { offsetPageQuery, preparedOffsetList, type ListKeys } from "../../data/lists";
import { precondition } from "../../data/precondition";
import type { OffsetPage } from "../../lib/pagination";
import { versionedUpdate } from "../../data/versioned";
import { contactListMembers, contactLists } from "../contact-lists";
import { UNSUBSCRIBED_TAG } from "../campaigns";
import { contacts } from "../contacts";
import { archivedRefusal, type SequenceView } from "./model";
import {
  sequenceEnrollments,
  sequenceSends,
  sequences,
  type SequenceEnrollmentRow,
  type SequenceRow,
  type SequenceSendRow,
  type SequenceStatus,
  type StopReason,
  type EnrollmentStatus,
} from "./schema";

/** Counted on email_sequence_enrollments_company_sequence_idx. */
const enrolledCount = sql<number>`(SELECT count(*) FROM ${sequenceEnrollments}
  WHERE ${qualified(sequenceEnrollments.companyId)} = ${qualified(sequences.companyId)}
    AND ${qualified(sequenceEnrollments.sequenceId)} = ${qualified(sequences.id)})`.mapWith(Number);

/** Enrollments of the sequence in one status, counted on email_sequence_enrollments_company_status_idx. */
const enrollmentsIn = (status: EnrollmentStatus) =>
  sql<number>`(SELECT count(*) FROM ${sequenceEnrollments}
  WHERE ${qualified(sequenceEnrollments.companyId)} = ${qualified(sequences.companyId)}
    AND ${qualified(sequenceEnrollments.sequenceId)} = ${qualified(sequences.id)}
    AND ${qualified(sequenceEnrollments.status)} = ${status})`.mapWith(Number);

const columns = {
  row: sequences,
  enrolledCount,
  completedCount: enrollmentsIn("completed"),
  stoppedCount: enrollmentsIn("stopped"),
};

const toSequence = ({
  row,
  enrolledCount,
  completedCount,
  stoppedCount,
}: {
  row: SequenceRow;
  enrolledCount: number;
  completedCount: number;
  stoppedCount: number;
}): SequenceView => ({
  id: row.id,
  name: row.name,
  status: row.status,
  steps: row.steps.map((step, index) => ({
    position: index + 1,
    template_id: step.template_id,
    delay_days: step.delay_days,
  })),
  enrolled_count: enrolledCount,
  progress: { active: enrolledCount - completedCount - stoppedCount, completed: completedCount, stopped: stoppedCount },
  created_at: row.createdAt,
  updated_at: row.updatedAt,
  archived_at: row.archivedAt,
});

/** Backed by email_sequences_company_created_idx (email_sequences_company_status_created_idx with a status). */
const listKeys: ListKeys = { company: sequences.companyId, at: sequences.createdAt, id: sequences.id };

export function listSequences(db: Database, companyId: string, page: OffsetPage, status: SequenceStatus | undefined) {
  return preparedOffsetList(db, sequencePage(db, { status: Boolean(status) }), companyId, page, toSequence, { status });
}

/** The sequence page with and without the status filter, prepared once per database. */
const sequencePage = preparedVariants((db, filters: { status: boolean }) =>
  offsetPageQuery(
    db.select(columns).from(sequences).$dynamic(),
    listKeys,
    filters.status ? eq(sequences.status, sql.placeholder("status")) : undefined,
  ).prepare(),
);

/** The sequence and the version a compare-and-set write compares against. */
export async function findSequence(db: Database, companyId: string, sequenceId: string) {
  const found = await selectRow(db, sequenceOf(db), { companyId, id: sequenceId });
  return found && { sequence: toSequence(found), version: found.row.version };
}
const sequenceOf = preparedStatement((db) =>
  db
    .select(columns)
    .from(sequences)
    .where(rowOf(sequences, sql.placeholder("companyId"), sql.placeholder("id")))
    .prepare(),
);

const stepsOf = (sequence: SequenceView) =>
  sequence.steps.map((step) => ({ template_id: step.template_id, delay_days: step.delay_days }));

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
    {
      name: sequence.name,
      status: sequence.status,
      steps: stepsOf(sequence),
      updatedAt: sequence.updated_at,
      archivedAt: sequence.archived_at,
    },
    "sequence",
  );

/** The sequence is still active when the enrollment commits (an archive may have come in between). */
export const sequenceStillActive = (db: Database, companyId: string, sequenceId: string) =>
  precondition(
    db,
    sql`EXISTS (SELECT 1 FROM ${sequences} WHERE ${rowOf(sequences, companyId, sequenceId, eq(sequences.status, "active"))})`,
    () => archivedRefusal(),
  );

/** A contact tagged `unsubscribed` (any case), as SQL over contacts.tags. */
const unsubscribed = sql`EXISTS (SELECT 1 FROM json_each(${contacts.tags}) WHERE lower(json_each.value) = ${UNSUBSCRIBED_TAG})`;
/** Who a sequence sends to: a contact with an email that has not unsubscribed. */
const reachable = and(isNotNull(contacts.email), sql`NOT ${unsubscribed}`);

const memberContact = and(
  eq(contacts.companyId, contactListMembers.companyId),
  eq(contacts.id, contactListMembers.contactId),
);

/** Which of these ids are contacts of the company, and whether each can be sent to (else why not). */
export async function companyContacts(
  db: Database,
  companyId: string,
  ids: readonly string[],
): Promise<Map<string, "reachable" | "no_email" | "unsubscribed">> {
  const found = await Promise.all(
    inChunks(ids, IN_LIST_MAX).map((chunk) =>
      db
        .select({ id: contacts.id, email: contacts.email, unsubscribed: sql<number>`${unsubscribed}`.mapWith(Number) })
        .from(contacts)
        .where(ofCompany(contacts, companyId, inArray(contacts.id, chunk))),
    ),
  );
  return new Map(
    found
      .flat()
      .map(
        (row) => [row.id, row.email === null ? "no_email" : row.unsubscribed ? "unsubscribed" : "reachable"] as const,
      ),
  );
}

/** Which of these contacts are already enrolled in the sequence. */
export async function enrolledIds(
  db: Database,
  companyId: string,
  sequenceId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  const found = await Promise.all(
    inChunks(ids, IN_LIST_MAX).map((chunk) =>
      db
        .select({ id: sequenceEnrollments.contactId })
        .from(sequenceEnrollments)
        .where(
          ofCompany(
            sequenceEnrollments,
            companyId,
            eq(sequenceEnrollments.sequenceId, sequenceId),
            inArray(sequenceEnrollments.contactId, chunk),
          ),
        ),
    ),
  );
  return new Set(found.flat().map((row) => row.id));
}

/** Enrolls the contacts; one already enrolled (meanwhile too) is left as it is. */
export function enrollStatements(
  db: Database,
  companyId: string,
  sequenceId: string,
  contactIds: readonly string[],
  enrolledAt: string,
  enrollmentId: string,
): BatchItem<"sqlite">[] {
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

export async function countEnrolledBy(
  db: Database,
  companyId: string,
  sequenceId: string,
  enrollmentId: string,
): Promise<number> {
  const row = await db.get<{ enrolled: number }>(
    sql`SELECT ${enrolledBy(companyId, sequenceId, enrollmentId)} AS enrolled`,
  );
  return Number(row?.enrolled ?? 0);
}

export async function companyListExists(db: Database, companyId: string, listId: string): Promise<boolean> {
  const row = await db
    .select({ id: contactLists.id })
    .from(contactLists)
    .where(rowOf(contactLists, companyId, listId))
    .get();
  return row !== undefined;
}

/** Enrolls every member of the list in one statement (the list may be large). */
export const enrollListStatement = (
  db: Database,
  companyId: string,
  sequenceId: string,
  listId: string,
  enrolledAt: string,
  enrollmentId: string,
) =>
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
          status: sql<"active">`'active'`.as("status"),
          nextPosition: sql<number>`1`.as("next_position"),
          stopReason: sql<null>`NULL`.as("stop_reason"),
          stopDetail: sql<null>`NULL`.as("stop_detail"),
          updatedAt: sql<string>`${enrolledAt}`.as("updated_at"),
        })
        .from(contactListMembers)
        .innerJoin(contacts, memberContact)
        .where(ofCompany(contactListMembers, companyId, eq(contactListMembers.listId, listId), reachable)),
    )
    .onConflictDoNothing();

/** The members of the list: how many can be enrolled, and how many cannot (no email, unsubscribed). */
export async function listMemberCounts(db: Database, companyId: string, listId: string) {
  const row = await db
    .select({
      reachable: sql<number>`coalesce(sum(${contacts.email} IS NOT NULL AND NOT ${unsubscribed}), 0)`.mapWith(Number),
      noEmail: sql<number>`coalesce(sum(${contacts.email} IS NULL), 0)`.mapWith(Number),
      unsubscribed: sql<number>`coalesce(sum(${contacts.email} IS NOT NULL AND ${unsubscribed}), 0)`.mapWith(Number),
    })
    .from(contactListMembers)
    .innerJoin(contacts, memberContact)
    .where(ofCompany(contactListMembers, companyId, eq(contactListMembers.listId, listId)))
    .get();
  return row ?? { reachable: 0, noEmail: 0, unsubscribed: 0 };
}

/* ---------- sending the steps ---------- */

/** A page of the contacts one enrollment write enrolled that still wait for their first step (email_sequence_enrollments_company_write_idx). */
export async function waitingForFirstStep(
  db: Database,
  companyId: string,
  sequenceId: string,
  enrollmentId: string,
  after: string | undefined,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ contactId: sequenceEnrollments.contactId })
    .from(sequenceEnrollments)
    .where(
      ofCompany(
        sequenceEnrollments,
        companyId,
        eq(sequenceEnrollments.sequenceId, sequenceId),
        eq(sequenceEnrollments.enrollmentId, enrollmentId),
        eq(sequenceEnrollments.status, "active"),
        eq(sequenceEnrollments.nextPosition, 1),
        after === undefined ? undefined : gt(sequenceEnrollments.contactId, after),
      ),
    )
    .orderBy(asc(sequenceEnrollments.contactId))
    .limit(limit);
  return rows.map((row) => row.contactId);
}

export function findEnrollment(
  db: Database,
  companyId: string,
  sequenceId: string,
  contactId: string,
): Promise<SequenceEnrollmentRow | undefined> {
  return db
    .select()
    .from(sequenceEnrollments)
    .where(
      ofCompany(
        sequenceEnrollments,
        companyId,
        eq(sequenceEnrollments.sequenceId, sequenceId),
        eq(sequenceEnrollments.contactId, contactId),
      ),
    )
    .get();
}

/** The enrollment, while it still waits for the step at `position`. */
const waitingAt = (companyId: string, sequenceId: string, contactId: string, position: number) =>
  ofCompany(
    sequenceEnrollments,
    companyId,
    eq(sequenceEnrollments.sequenceId, sequenceId),
    eq(sequenceEnrollments.contactId, contactId),
    eq(sequenceEnrollments.status, "active"),
    eq(sequenceEnrollments.nextPosition, position),
  );

/** Stops the enrollment waiting at `position` (compare-and-set on it), with the reason. */
export const stopEnrollment = (
  db: Database,
  at: { companyId: string; sequenceId: string; contactId: string; position: number },
  reason: StopReason,
  detail: string,
  now: string,
) =>
  db
    .update(sequenceEnrollments)
    .set({ status: "stopped", stopReason: reason, stopDetail: detail, updatedAt: now })
    .where(waitingAt(at.companyId, at.sequenceId, at.contactId, at.position));

/** After the step at `position` was sent: on to the next step, or completed when it was the last. */
export const advanceEnrollment = (
  db: Database,
  at: { companyId: string; sequenceId: string; contactId: string; position: number },
  last: boolean,
  now: string,
) =>
  db
    .update(sequenceEnrollments)
    .set(
      last
        ? { status: "completed", nextPosition: at.position + 1, updatedAt: now }
        : { nextPosition: at.position + 1, updatedAt: now },
    )
    .where(waitingAt(at.companyId, at.sequenceId, at.contactId, at.position));

/** A step already charged for this contact (queued, sent or failed): it is never charged or sent again. */
export async function stepSendExists(
  db: Database,
  sequenceId: string,
  contactId: string,
  position: number,
): Promise<boolean> {
  const row = await db
    .select({ id: sequenceSends.id })
    .from(sequenceSends)
    .where(
      and(
        eq(sequenceSends.sequenceId, sequenceId),
        eq(sequenceSends.contactId, contactId),
        eq(sequenceSends.position, position),
      ),
    )
    .get();
  return row !== undefined;
}

/** The send row; its unique (sequence, contact, position) aborts a second one's batch. */
export const insertSend = (db: Database, row: typeof sequenceSends.$inferInsert) =>
  db.insert(sequenceSends).values(row);

export function findSend(db: Database, companyId: string, sendId: string): Promise<SequenceSendRow | undefined> {
  return companyRow(db, sequenceSends, companyId, sendId);
}

/** The outcome of a send still queued (a second record changes nothing). */
export const resolveSend = (
  db: Database,
  send: SequenceSendRow,
  outcome: { status: "sent"; providerMessageId: string } | { status: "failed"; reason: string },
  now: string,
) =>
  db
    .update(sequenceSends)
    .set(
      outcome.status === "sent"
        ? { status: "sent", providerMessageId: outcome.providerMessageId, sentAt: now, updatedAt: now }
        : { status: "failed", failureReason: outcome.reason, updatedAt: now },
    )
    .where(and(eq(sequenceSends.id, send.id), eq(sequenceSends.status, "queued")));
