import { and, eq } from "drizzle-orm";
import { sha256Hex } from "../keys/auth";
import { clock } from "../lib/clock";
import type { Database } from "../data/client";
import { PreconditionFailed } from "../data/precondition";
import { providerIntents } from "../data/schema";
import { ApiError } from "../lib/errors";
import { ProviderError, type ProviderName } from "../integrations";

/*
 * A provider is never asked twice for one intent. Every effect asked of a provider (an email, an
 * SMS, a call, a WhatsApp message) is an intent: a row written before the call (compare-and-set),
 * naming what it is for (`subject`, unique per company), and updated after it: `accepted` with the
 * provider's id, or `failed` when the provider answered no. A process that dies between the two
 * leaves it `in_flight`; whoever comes for the same subject next (a retried job, a request retried
 * with its Idempotency-Key) asks the provider first (`find`: Postmark's outbound search by our
 * metadata, Twilio's lists by number and time) and adopts what it finds, sending only when the
 * provider shows nothing. A provider that cannot be asked (Meta's WhatsApp) makes the intent
 * `unknown`: it is refused with outcome_unknown, never repeated blindly.
 */

type IntentKind = "email" | "sms" | "call" | "whatsapp";
type IntentRow = typeof providerIntents.$inferSelect;

export interface IntentTarget {
  companyId: string;
  /** What the effect is for, unique per company: "<domain>.<what>:<id>". */
  subject: string;
  provider: ProviderName;
  kind: IntentKind;
}

/** What an earlier attempt left, as the provider knows it: its id there, or null when it has none. */
export type IntentLookup = (earlier: IntentRow) => Promise<string | null>;

export type SentOnce<T> = { outcome: "sent"; result: T; intentId: string } | { outcome: "adopted"; providerId: string; intentId: string };

/** How long before an attempt's recorded start a lookup searches (clocks of ours and the provider's differ). */
export const LOOKUP_SLACK_MS = 5 * 60_000;

const outcomeUnknown = (target: IntentTarget) =>
  new ApiError(
    "outcome_unknown",
    `An earlier attempt of this ${target.kind} reached the provider but its answer was lost, and the provider cannot be asked whether it sent it; it is not sent again.`,
    { provider: target.provider },
  );

/** The refusal a retry of an intent whose outcome cannot be known gets (409 outcome_unknown). */
export const isOutcomeUnknown = (error: unknown): error is ApiError => error instanceof ApiError && error.slug === "outcome_unknown";

const lostRace = () => new PreconditionFailed(new ApiError("conflict", "Another attempt of this send moved it first; it runs again on what that attempt recorded."));

/**
 * The subject of a request's send: its Idempotency-Key within the key lineage (so a retry of the
 * request finds the earlier attempt), or, without one, the new record's own id (nothing to find).
 */
export async function requestSubject(operation: string, caller: { lineageId: string }, idempotencyKey: string | undefined, recordId: string): Promise<string> {
  return `${operation}:${idempotencyKey === undefined ? recordId : await sha256Hex(`${caller.lineageId}\n${idempotencyKey}`)}`;
}

function findIntent(db: Database, companyId: string, subject: string): Promise<IntentRow | undefined> {
  return db.select().from(providerIntents).where(and(eq(providerIntents.companyId, companyId), eq(providerIntents.subject, subject))).get();
}

/** Whether a provider id a lookup found is already another intent's (so it is not adopted twice). */
async function claimedElsewhere(db: Database, earlier: IntentRow, providerId: string): Promise<boolean> {
  const row = await db
    .select({ id: providerIntents.id })
    .from(providerIntents)
    .where(and(eq(providerIntents.companyId, earlier.companyId), eq(providerIntents.provider, earlier.provider), eq(providerIntents.providerId, providerId)))
    .get();
  return row !== undefined && row.id !== earlier.id;
}

/** Moves the intent from the state (and attempt) read to `to`; false when another attempt moved it first. */
async function move(db: Database, read: IntentRow, to: Partial<IntentRow>): Promise<boolean> {
  const moved = await db
    .update(providerIntents)
    .set({ ...to, updatedAt: clock.iso() })
    .where(and(eq(providerIntents.id, read.id), eq(providerIntents.state, read.state), eq(providerIntents.attempts, read.attempts)))
    .returning({ id: providerIntents.id });
  return moved.length > 0;
}

/**
 * Sends once for `target`: records the intent, calls `send` with our intent id, records its answer.
 * An earlier attempt `accepted` is adopted (nothing sent); one `in_flight` is looked up with `find`
 * (adopted when the provider has it, sent again only when it has not); without `find`, an earlier
 * attempt in flight makes the intent `unknown` and throws 409 outcome_unknown. An attempt the
 * provider answered no (`failed`) may be sent again. A lost compare-and-set throws PreconditionFailed.
 */
// biome-ignore lint/complexity/noExcessiveCognitiveComplexity: every state an intent can be found in is handled, so that a provider is asked once
export async function sendOnce<T>(
  db: Database,
  target: IntentTarget,
  steps: { send: (intentId: string) => Promise<T>; providerId: (result: T) => string; find?: IntentLookup },
): Promise<SentOnce<T>> {
  const now = clock.iso();
  const fresh = { id: crypto.randomUUID(), ...target, state: "in_flight", attempts: 1, attemptedAt: now, providerId: null, reason: null, createdAt: now, updatedAt: now };
  const inserted = await db.insert(providerIntents).values(fresh).onConflictDoNothing().returning({ id: providerIntents.id });
  let attempt: IntentRow;
  if (inserted.length > 0) attempt = fresh;
  else {
    const earlier = await findIntent(db, target.companyId, target.subject);
    if (!earlier) throw lostRace();
    if (earlier.state === "accepted" && earlier.providerId) return { outcome: "adopted", providerId: earlier.providerId, intentId: earlier.id };
    if (earlier.state === "unknown") throw outcomeUnknown(target);
    if (earlier.state === "in_flight") {
      if (!steps.find) {
        if (!(await move(db, earlier, { state: "unknown", reason: "The process stopped before the provider's answer was recorded; the provider cannot be asked." }))) throw lostRace();
        throw outcomeUnknown(target);
      }
      const found = await steps.find(earlier);
      if (found !== null && !(await claimedElsewhere(db, earlier, found))) {
        if (!(await move(db, earlier, { state: "accepted", providerId: found, reason: null }))) throw lostRace();
        return { outcome: "adopted", providerId: found, intentId: earlier.id };
      }
    }
    // `failed`, or in flight and unknown to the provider: a new attempt, from the state read.
    const next = { attempts: earlier.attempts + 1, attemptedAt: clock.iso(), state: "in_flight", reason: null };
    if (!(await move(db, earlier, next))) throw lostRace();
    attempt = { ...earlier, ...next };
  }
  let result: T;
  try {
    result = await steps.send(attempt.id);
  } catch (error) {
    // The provider said no (or was never reached): nothing was sent, a later attempt may send.
    // Otherwise (no answer read) the intent stays in flight, for the next attempt to look up.
    const answeredNo = error instanceof ApiError && !(error instanceof ProviderError && error.maybeAccepted);
    if (answeredNo) await move(db, attempt, { state: "failed", reason: error.detail });
    throw error;
  }
  await move(db, attempt, { state: "accepted", providerId: steps.providerId(result) });
  return { outcome: "sent", result, intentId: attempt.id };
}
