import { and, eq, gt, ne, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { ApiError } from "../lib/errors";
import { clock } from "../lib/clock";
import type { Database } from "./client";
import { precondition, type Precondition } from "./precondition";
import { idempotentAnswers } from "./schema";

/**
 * The answers of idempotent writes in D1 (schema: idempotent_answers): marked by the write's own
 * batch (with what it wrote, so that a lost answer can be read back), filled in once the response
 * is sent, read by a retry the key's Durable Object cannot answer itself (its claim still in
 * flight, or lapsed).
 */

/** As long as the key's Durable Object keeps its records (src/keys/guard.ts, IDEMPOTENCY_TTL_MS). */
const ANSWER_TTL_MS = 24 * 60 * 60 * 1000;

/** An Idempotency-Key of one lineage (so of one company), and the request that claimed it. */
export interface AnswerKey {
  companyId: string;
  lineageId: string;
  key: string;
}

/** What a write's batch wrote, as its audit entry names it (src/core/operation.ts, AuditTarget). */
export interface Written {
  resourceType: string;
  resourceId: string | null;
}

export interface KeptAnswer {
  fingerprint: string;
  requestId: string;
  state: "committed" | "answered" | "unstored";
  answer: { status: number; headers: Record<string, string>; body: string } | undefined;
  /** What the marking batch wrote (absent on a mark older than the column). */
  written: Written | undefined;
}

/** Said by the precondition of a batch whose key another request's write already holds (kept-answer.ts looks it up). */
export const KEY_ALREADY_WRITTEN = "Another request with this Idempotency-Key already wrote.";

const ofKey = (at: AnswerKey) =>
  and(
    eq(idempotentAnswers.companyId, at.companyId),
    eq(idempotentAnswers.lineageId, at.lineageId),
    eq(idempotentAnswers.idempotencyKey, at.key),
  );

const liveSince = (now: number) => new Date(now - ANSWER_TTL_MS).toISOString();

/**
 * What a write's batch adds under its claim: a precondition that no other request's write holds the
 * key (within 24 h), which aborts the whole batch otherwise, then the mark itself, naming what the
 * batch wrote (an expired mark of the key is taken over; a second batch of the same request keeps
 * the first's mark).
 */
export function markStatements(
  db: Database,
  at: AnswerKey,
  fingerprint: string,
  requestId: string,
  written: Written,
): { free: Precondition; mark: BatchItem<"sqlite"> } {
  const now = clock.now();
  const free = precondition(
    db,
    sql`NOT EXISTS (SELECT 1 FROM ${idempotentAnswers} WHERE ${and(ofKey(at), ne(idempotentAnswers.requestId, requestId), gt(idempotentAnswers.createdAt, liveSince(now)))})`,
    () => new ApiError("idempotency_key_in_use", KEY_ALREADY_WRITTEN),
  );
  const row = {
    companyId: at.companyId,
    lineageId: at.lineageId,
    idempotencyKey: at.key,
    fingerprint,
    requestId,
    state: "committed" as const,
    resourceType: written.resourceType,
    resourceId: written.resourceId,
    createdAt: new Date(now).toISOString(),
  };
  const mark = db
    .insert(idempotentAnswers)
    .values(row)
    .onConflictDoUpdate({
      target: [idempotentAnswers.companyId, idempotentAnswers.lineageId, idempotentAnswers.idempotencyKey],
      set: { ...row, status: null, headers: null, body: null },
      setWhere: ne(idempotentAnswers.requestId, requestId),
    });
  return { free, mark };
}

/** The key's mark of the last 24 h, if a write holds it. */
export async function keptAnswerOf(db: Database, at: AnswerKey): Promise<KeptAnswer | undefined> {
  const [row] = await db
    .select()
    .from(idempotentAnswers)
    .where(and(ofKey(at), gt(idempotentAnswers.createdAt, liveSince(clock.now()))))
    .limit(1);
  if (!row) return undefined;
  const answer =
    row.state === "answered" && row.status !== null
      ? {
          status: row.status,
          headers: JSON.parse(row.headers ?? "{}") as Record<string, string>,
          body: row.body ?? "",
        }
      : undefined;
  const written =
    row.resourceType === null ? undefined : { resourceType: row.resourceType, resourceId: row.resourceId };
  return { fingerprint: row.fingerprint, requestId: row.requestId, state: row.state, answer, written };
}

/** Fills in the answer of the request whose batch marked the key (null: an answer never kept). */
export function fillAnswer(
  db: Database,
  at: AnswerKey,
  requestId: string,
  answer: { status: number; headers: Record<string, string>; body: string } | null,
): Promise<unknown> {
  const set = answer
    ? { state: "answered" as const, status: answer.status, headers: JSON.stringify(answer.headers), body: answer.body }
    : { state: "unstored" as const };
  return db
    .update(idempotentAnswers)
    .set(set)
    .where(and(ofKey(at), eq(idempotentAnswers.requestId, requestId)));
}

/** Frees the key's mark of a request that failed after its batch (a server error): a retry runs again, as the object lets it. */
export function forgetMark(db: Database, at: AnswerKey, requestId: string): Promise<unknown> {
  return db.delete(idempotentAnswers).where(and(ofKey(at), eq(idempotentAnswers.requestId, requestId)));
}

/**
 * Hands the key's mark to a retry of a resumable write (the request that wrote it died before its
 * answer was kept): a compare-and-set on the request that holds it, so of two retries one resumes.
 * True when this retry now holds the mark (its own batches then pass the mark's precondition).
 */
export async function takeOverMark(db: Database, at: AnswerKey, from: string, to: string): Promise<boolean> {
  const taken = await db
    .update(idempotentAnswers)
    .set({ requestId: to })
    .where(and(ofKey(at), eq(idempotentAnswers.requestId, from), eq(idempotentAnswers.state, "committed")))
    .returning({ requestId: idempotentAnswers.requestId });
  return taken.length === 1;
}
