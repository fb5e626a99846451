import { and, eq, inArray, sql } from "drizzle-orm";
import { sha256Hex } from "../keys/auth";
import { clock } from "../lib/clock";
import type { Database } from "../data/client";
import { precondition, PreconditionFailed } from "../data/precondition";
import { providerIntents } from "../data/schema";
import type { WriteStatement } from "../data/write-batch";
import { ApiError } from "../lib/errors";
import { ProviderError, type ProviderName } from "../integrations";

/*
 * A provider is never asked twice for one intent. Every effect asked of a provider (an email, an
 * SMS, a call, a WhatsApp message) is an intent: a row naming what it is for (`subject`, unique per
 * company) and the record it is for (`resource_id`: the message or call row), written before the
 * call (compare-and-set), and updated after it: `accepted` with the provider's id, or `failed` when
 * the provider answered no. A request's send opens its intent `pending` in the very batch that
 * records its message and charges it (openIntent), so a retry of the request (its Idempotency-Key)
 * finds the record and its charge there and works on them instead of writing its own (adoptRecord).
 * A process that dies between the call and its answer leaves the intent `in_flight`; whoever
 * comes for the same subject next (a retried job, a retried request, the due work that settles the
 * record) asks the provider first (`find`: Postmark's outbound search by our intent id, Twilio's
 * lists by number and time) and adopts what it finds, sending only when the provider shows
 * nothing. A provider that cannot be asked (Meta's WhatsApp) makes the intent `unknown`: it is
 * refused with outcome_unknown, never repeated blindly. States only move forward: pending, then
 * in_flight, then accepted, failed or unknown; a failed one may be attempted again (the provider
 * said no, nothing was sent).
 */

type IntentKind = "email" | "sms" | "call" | "whatsapp";
type IntentRow = typeof providerIntents.$inferSelect;

export interface IntentTarget {
  companyId: string;
  /** What the effect is for, unique per company: "<domain>.<what>:<id>". */
  subject: string;
  provider: ProviderName;
  kind: IntentKind;
  /** The record the effect is for (its row's id), when the intent is first written by sendOnce. */
  resourceId?: string;
  /** The request that asks for the effect (its X-Request-Id), kept on the intent it opens for the request log. */
  requestId?: string;
}

/**
 * What an earlier attempt may have left at the provider: the provider's ids of what matches it
 * (oldest first), none when it shows nothing. Every match of the attempt's whole window, however
 * many the provider holds: one missed is a second send.
 */
export type IntentLookup = (earlier: IntentRow) => Promise<readonly string[]>;

export type SentOnce<T> =
  | { outcome: "sent"; result: T; intentId: string }
  | { outcome: "adopted"; providerId: string; intentId: string };

/** How long before an attempt's recorded start a lookup searches (clocks of ours and the provider's differ). */
export const LOOKUP_SLACK_MS = 5 * 60_000;

const outcomeUnknown = (target: { kind: string; provider: string }) =>
  new ApiError(
    "outcome_unknown",
    `An earlier attempt of this ${target.kind} reached the provider but its answer was lost, and the provider cannot be asked whether it sent it; it is not sent again.`,
    { provider: target.provider },
  );

/** The refusal a retry of an intent whose outcome cannot be known gets (409 outcome_unknown). */
export const isOutcomeUnknown = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.slug === "outcome_unknown";

/**
 * Whether a send's error means the provider answered no (or was never reached): nothing was sent,
 * the intent is `failed`, and its record may say so (and give back what it charged). Any other
 * error (no answer read, a lost race, outcome_unknown) leaves what the provider did open.
 */
export const providerSaidNo = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  !(error instanceof ProviderError && error.maybeAccepted) &&
  !(error instanceof PreconditionFailed) &&
  !isOutcomeUnknown(error);

const lostRace = () =>
  new PreconditionFailed(
    new ApiError(
      "conflict",
      "Another attempt of this send moved it first; it runs again on what that attempt recorded.",
    ),
  );

/**
 * The subject of a request's send: its Idempotency-Key within the key lineage (so a retry of the
 * request finds the earlier attempt), or, without one, the new record's own id (nothing to find).
 */
export async function requestSubject(
  operation: string,
  caller: { lineageId: string },
  idempotencyKey: string | undefined,
  recordId: string,
): Promise<string> {
  return `${operation}:${idempotencyKey === undefined ? recordId : await sha256Hex(`${caller.lineageId}\n${idempotencyKey}`)}`;
}

function findIntent(db: Database, companyId: string, subject: string): Promise<IntentRow | undefined> {
  return db
    .select()
    .from(providerIntents)
    .where(and(eq(providerIntents.companyId, companyId), eq(providerIntents.subject, subject)))
    .get();
}

/** The intent a record is for (its resource), if it has one. */
function intentOfRecord(db: Database, companyId: string, resourceId: string): Promise<IntentRow | undefined> {
  return db
    .select()
    .from(providerIntents)
    .where(and(eq(providerIntents.companyId, companyId), eq(providerIntents.resourceId, resourceId)))
    .get();
}

/** D1 binds at most 100 parameters per statement: candidates are checked this many at a time. */
const CLAIM_CHECK_CHUNK = 90;

/**
 * The first of the provider's ids a lookup found that no other intent holds yet (so one message or
 * call is never adopted by two intents), or null when every one is another's or none was found.
 */
async function firstUnclaimed(db: Database, earlier: IntentRow, found: readonly string[]): Promise<string | null> {
  for (let start = 0; start < found.length; start += CLAIM_CHECK_CHUNK) {
    const chunk = found.slice(start, start + CLAIM_CHECK_CHUNK);
    const held = await db
      .select({ id: providerIntents.id, providerId: providerIntents.providerId })
      .from(providerIntents)
      .where(
        and(
          eq(providerIntents.companyId, earlier.companyId),
          eq(providerIntents.provider, earlier.provider),
          inArray(providerIntents.providerId, chunk),
        ),
      );
    const others = new Set(held.filter((row) => row.id !== earlier.id).map((row) => row.providerId));
    const free = chunk.find((providerId) => !others.has(providerId));
    if (free !== undefined) return free;
  }
  return null;
}

/** Moves the intent from the state (and attempt) read to `to`; false when another attempt moved it first. */
async function move(db: Database, read: IntentRow, to: Partial<IntentRow>): Promise<boolean> {
  const moved = await db
    .update(providerIntents)
    .set({ ...to, updatedAt: clock.iso() })
    .where(
      and(
        eq(providerIntents.id, read.id),
        eq(providerIntents.state, read.state),
        eq(providerIntents.attempts, read.attempts),
      ),
    )
    .returning({ id: providerIntents.id });
  return moved.length > 0;
}

/** What a request's send works on: the record an earlier attempt of its subject wrote, or a new one and the statements that make it the intent's. */
export type Adoption<R> = { adopted: R } | { adopted: undefined; open: WriteStatement[] };

/**
 * The record a request's send works on. A retry of a request whose earlier attempt recorded its
 * message (and its charge) adopts that record: nothing is written or charged again, and sendOnce
 * then finds out what the provider did with it. A new record is written when there is no earlier
 * attempt, or when the earlier one is over without a send (the provider said no, and its record is
 * `over`: failed and given back); `open` then goes into the batch that writes the record, which
 * it aborts with 409 conflict when another attempt of the subject opened it first.
 */
export async function adoptRecord<R>(
  db: Database,
  target: IntentTarget & { resourceId: string },
  steps: { read: (resourceId: string) => Promise<R | undefined>; over: (record: R) => boolean },
): Promise<Adoption<R>> {
  const earlier = await findIntent(db, target.companyId, target.subject);
  const record = earlier?.resourceId ? await steps.read(earlier.resourceId) : undefined;
  if (earlier && record !== undefined && !(earlier.state === "failed" && steps.over(record)))
    return { adopted: record };
  return { adopted: undefined, open: openIntent(db, target, earlier) };
}

/**
 * The statements that open a new intent `pending` for a record written in the same batch (a send
 * recorded by a request and made by a job): the batch fails with 409 conflict when the subject
 * was opened already.
 */
export const openNewIntent = (db: Database, target: IntentTarget & { resourceId: string }): WriteStatement[] =>
  openIntent(db, target, undefined);

/**
 * The statements that make `target.resourceId` its intent's record, for the batch that writes the
 * record: a new intent, `pending` (the provider not asked yet), or the earlier intent read (over
 * without a send, or written before intents named their records) given the new record. Either way
 * the batch states that no other attempt opened the intent meanwhile, so two cannot both open it.
 * Each condition also holds on the state before the batch, so that when the batch fails for
 * another of its conditions (a wallet that does not cover the charge), that one is reported.
 */
function openIntent(
  db: Database,
  target: IntentTarget & { resourceId: string },
  earlier: IntentRow | undefined,
): WriteStatement[] {
  const now = clock.iso();
  const { resourceId } = target;
  if (!earlier) {
    const id = crypto.randomUUID();
    const another = and(
      eq(providerIntents.companyId, target.companyId),
      eq(providerIntents.subject, target.subject),
      sql`${providerIntents.id} <> ${id}`,
    );
    return [
      db
        .insert(providerIntents)
        .values({
          id,
          ...target,
          state: "pending",
          attempts: 0,
          attemptedAt: now,
          providerId: null,
          reason: null,
          resourceId,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing(),
      precondition(db, sql`NOT EXISTS (SELECT 1 FROM ${providerIntents} WHERE ${another})`, () => lostRace()),
    ];
  }
  const asRead = and(eq(providerIntents.state, earlier.state), eq(providerIntents.attempts, earlier.attempts));
  const resourceRead =
    earlier.resourceId === null
      ? sql`${providerIntents.resourceId} IS NULL`
      : eq(providerIntents.resourceId, earlier.resourceId);
  return [
    db
      .update(providerIntents)
      .set({ resourceId, updatedAt: now })
      .where(and(eq(providerIntents.id, earlier.id), asRead, resourceRead)),
    precondition(
      db,
      sql`EXISTS (SELECT 1 FROM ${providerIntents} WHERE ${providerIntents.id} = ${earlier.id} AND (${providerIntents.resourceId} = ${resourceId} OR (${and(asRead, resourceRead)})))`,
      () => lostRace(),
    ),
  ];
}

/**
 * Sends once for `target`: records the intent (unless a request opened it with its record), calls
 * `send` with our intent id, records its answer. An earlier attempt `accepted` is adopted (nothing
 * sent); one `in_flight` is looked up with `find` (adopted when the provider has it and no other
 * intent holds it, sent again only when it has not); without `find`, an earlier attempt in flight
 * makes the intent `unknown` and throws 409 outcome_unknown (as an answer lost does at once). A
 * `pending` intent, or one the provider answered no (`failed`), is sent. A lost compare-and-set
 * throws PreconditionFailed.
 */
// biome-ignore lint/complexity/noExcessiveCognitiveComplexity: every state an intent can be found in is handled, so that a provider is asked once
export async function sendOnce<T>(
  db: Database,
  target: IntentTarget,
  steps: { send: (intentId: string) => Promise<T>; providerId: (result: T) => string; find?: IntentLookup },
): Promise<SentOnce<T>> {
  const now = clock.iso();
  const { resourceId = null, requestId = null, ...named } = target;
  const fresh = {
    id: crypto.randomUUID(),
    ...named,
    resourceId,
    requestId,
    state: "in_flight",
    attempts: 1,
    attemptedAt: now,
    providerId: null,
    reason: null,
    createdAt: now,
    updatedAt: now,
  };
  const inserted = await db
    .insert(providerIntents)
    .values(fresh)
    .onConflictDoNothing()
    .returning({ id: providerIntents.id });
  let attempt: IntentRow;
  if (inserted.length > 0) attempt = fresh;
  else {
    const earlier = await findIntent(db, target.companyId, target.subject);
    if (!earlier) throw lostRace();
    if (earlier.state === "accepted" && earlier.providerId)
      return { outcome: "adopted", providerId: earlier.providerId, intentId: earlier.id };
    if (earlier.state === "unknown") throw outcomeUnknown(target);
    if (earlier.state === "in_flight") {
      if (!steps.find) {
        if (
          !(await move(db, earlier, {
            state: "unknown",
            reason: "The process stopped before the provider's answer was recorded; the provider cannot be asked.",
          }))
        )
          throw lostRace();
        throw outcomeUnknown(target);
      }
      const found = await firstUnclaimed(db, earlier, await steps.find(earlier));
      if (found !== null) {
        if (!(await move(db, earlier, { state: "accepted", providerId: found, reason: null }))) throw lostRace();
        return { outcome: "adopted", providerId: found, intentId: earlier.id };
      }
    }
    // Pending, `failed`, or in flight and unknown to the provider: a new attempt, from the state read.
    const next = { attempts: earlier.attempts + 1, attemptedAt: clock.iso(), state: "in_flight", reason: null };
    if (!(await move(db, earlier, next))) throw lostRace();
    attempt = { ...earlier, ...next };
  }
  let result: T;
  try {
    result = await steps.send(attempt.id);
  } catch (error) {
    // The provider said no (or was never reached): nothing was sent, a later attempt may send.
    // Otherwise (no answer read) the intent stays in flight, for the next attempt to look up; where
    // the provider cannot be asked, no later attempt could learn more, so it is unknown at once.
    if (providerSaidNo(error)) await move(db, attempt, { state: "failed", reason: error.detail });
    else if (!steps.find && error instanceof ProviderError && error.maybeAccepted)
      await move(db, attempt, { state: "unknown", reason: error.detail });
    throw error;
  }
  await move(db, attempt, { state: "accepted", providerId: steps.providerId(result) });
  return { outcome: "sent", result, intentId: attempt.id };
}

/** What due work learns of a record's intent: what the provider did, or that an attempt is too recent to judge. */
export type IntentOutcome =
  | { state: "accepted"; providerId: string }
  | { state: "failed" | "unknown"; reason: string }
  | { state: "running" };

/**
 * Settles the intent of a record its request left unfinished (due work, past the longest a request
 * lives): an accepted, failed or unknown intent says what became of the send; a pending one was
 * never sent and becomes `failed`; one in flight is looked up with `find` (accepted when the
 * provider has it, `failed` when not) or, without `find`, becomes `unknown`. An attempt younger than
 * `settleAfterMs` is `running` (ask again later). Each move is a compare-and-set: a retry that moved
 * the intent meanwhile makes this throw PreconditionFailed (the job runs again on what it recorded).
 * Undefined: the record has no intent (it was written before intents named their records).
 */
export async function settleIntent(
  db: Database,
  companyId: string,
  resourceId: string,
  steps: { settleAfterMs: number; find?: IntentLookup },
): Promise<IntentOutcome | undefined> {
  const intent = await intentOfRecord(db, companyId, resourceId);
  if (!intent) return undefined;
  if (intent.state === "accepted" && intent.providerId) return { state: "accepted", providerId: intent.providerId };
  if (intent.state === "failed" || intent.state === "unknown")
    return { state: intent.state, reason: intent.reason ?? "The provider did not send it." };
  if (clock.now() - Date.parse(intent.attemptedAt) < steps.settleAfterMs) return { state: "running" };
  let outcome: Exclude<IntentOutcome, { state: "running" }>;
  if (intent.state === "pending")
    outcome = { state: "failed", reason: "The send was interrupted before the provider was asked." };
  else if (!steps.find)
    outcome = {
      state: "unknown",
      reason: "The process stopped before the provider's answer was recorded; the provider cannot be asked.",
    };
  else {
    const found = await firstUnclaimed(db, intent, await steps.find(intent));
    outcome =
      found === null
        ? {
            state: "failed",
            reason:
              "The send was interrupted before the provider's answer was recorded, and the provider has no such message.",
          }
        : { state: "accepted", providerId: found };
  }
  const to =
    outcome.state === "accepted"
      ? { state: "accepted", providerId: outcome.providerId, reason: null }
      : { state: outcome.state, reason: outcome.reason };
  if (!(await move(db, intent, to))) throw lostRace();
  return outcome;
}

/**
 * The statement that gives up on a record's intent the provider could not be asked about by the
 * record's deadline (src/work/deadlines.ts), for the batch that closes the record: a pending or
 * in-flight intent becomes `unknown`, so that a retry of its request is refused (outcome_unknown)
 * and never sends again what the provider may have sent. An intent already settled is left as it is.
 */
export function abandonIntent(db: Database, companyId: string, resourceId: string, reason: string) {
  return db
    .update(providerIntents)
    .set({ state: "unknown", reason, updatedAt: clock.iso() })
    .where(
      and(
        eq(providerIntents.companyId, companyId),
        eq(providerIntents.resourceId, resourceId),
        inArray(providerIntents.state, ["pending", "in_flight"]),
      ),
    );
}
