import type { Config } from "../../config";
import type { Env } from "../../env";
import type { Database } from "../../data/client";
import type { JobDefinition } from "../../work/jobs";
import type { CallbackProvider } from "./verify";

export type { CallbackProvider } from "./verify";
export {
  metaSignature,
  postmarkAuthorization,
  stripeSignature,
  twilioSignature,
  STRIPE_TOLERANCE_SECONDS,
} from "./verify";

/**
 * Provider callbacks: POST /providers/<provider>/<topic> (and Meta's GET handshake), outside
 * /api/v1, in no OpenAPI document, with no API key and no per-key rate limit. The core routes and
 * verifies; each domain declares, in its module, the callbacks it applies:
 *
 *   1. the provider's signature is checked over the raw body before anything of it is used
 *      (401 unsigned, 403 wrong or stale, 503 no secret configured);
 *   2. the verified callback is read into the job's payload, and the company it concerns is found;
 *      one that does not read or concerns nothing we know is acknowledged, ignored and logged;
 *   3. it is recorded once by the provider's own event id, and in the same batch its job is queued
 *      (only when the record is new), then answered 200 at once;
 *   4. the job applies it, in one batch with the state it changes and its events (job-runner.ts).
 *
 * Answers are fixed: nothing of the request is ever echoed (Meta's challenge, after its token
 * matched, is the one exception the handshake needs).
 */

/** What a domain declares for one kind of callback. */
export interface CallbackDefinition<Payload = unknown> {
  provider: CallbackProvider;
  /** The last segment of the path: /providers/<provider>/<topic>. */
  topic: string;
  /**
   * The job that applies the callback. Its payload schema reads the verified callback as
   * `{ query, body }` (the URL's query parameters; the form fields or the JSON body).
   */
  job: JobDefinition<Payload>;
  /** The provider's own id of this event: a second callback with the same id changes nothing. */
  eventId(payload: Payload): string;
  /** The company the callback concerns, from the verified payload; undefined: acknowledged and ignored. */
  companyOf(db: Database, payload: Payload): Promise<string | undefined>;
  /**
   * The record the callback is about (the message or call row its send wrote), when it names one:
   * kept on the callback's record, so the request log shows the callbacks that came back for a
   * request's sends (through the record's provider intent). Given the company's database for a
   * provider whose callback names only its own id of the record (Meta's wamid), to read ours.
   */
  resourceOf?(payload: Payload, db: Database, companyId: string): string | undefined | Promise<string | undefined>;
  /** Bodies above this are refused (413) unread; default CALLBACK_MAX_BODY_BYTES (a status callback's size, callback-receiver.ts). */
  maxBodyBytes?: number;
  /**
   * Before the callback is recorded: moves what is too large for a job's payload (an inbound mail's
   * attachments) out of it, to storage, and returns the payload to record. Runs again for a repeat
   * of the same event id, so it must be idempotent (write under keys named by the event id).
   */
  stage?(env: Env, companyId: string, eventId: string, payload: Payload): Promise<Payload>;
  /**
   * What the provider reads in the 200 answer, for a callback whose answer says what to do next
   * (Twilio's voice webhook: the TwiML of an inbound call). Given the payload as recorded (after
   * `stage`, which then runs for a repeat too, so that a repeat is answered alike), or undefined when
   * the callback concerns no company of ours. Without it: `{"received":true}`.
   */
  answer?(config: Config, payload: Payload | undefined): CallbackAnswer;
}

/** A callback's answer body and its content type. */
interface CallbackAnswer {
  contentType: string;
  body: string;
}

export function defineCallback<Payload>(definition: CallbackDefinition<Payload>): CallbackDefinition<Payload> {
  return definition;
}

/** The full URL given to providers for a topic, with the query that names what it concerns (signed by Twilio with the rest). */
export function callbackUrl(
  baseUrl: string,
  provider: CallbackProvider,
  topic: string,
  query: Record<string, string> = {},
): string {
  const search = new URLSearchParams(query).toString();
  return `${baseUrl}/providers/${provider}/${topic}${search ? `?${search}` : ""}`;
}
