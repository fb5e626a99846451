/**
 * What the bench's SQL capture (bench/capture.ts) records of one API request, as the floors read it
 * (scripts/lib/floors.ts, bench/floors-worker.ts). Types and names only: the floors' Worker imports
 * this without the capture itself.
 */

/** The header of an API response that carries, as JSON, the calls its request made (SQL_CAPTURE). */
export const CAPTURE_HEADER = "X-Bench-SQL";

/** Calls of one wave were begun while another of the wave was still in flight (Promise.all); waves ran one after the other. */
interface Wave {
  wave: number;
  /** Begun after the response was sent, in work the request handed to waitUntil (its request log entry): the floor makes it after its answer too. */
  afterResponse?: true;
}

/** One D1 call of a request as it ran: one of D1's statement methods, or a batch, and its statements. */
interface CapturedQuery extends Wave {
  method: "first" | "run" | "all" | "raw" | "batch";
  statements: { sql: string; params: unknown[] }[];
}

/** The R2 bindings whose reads are captured: every bucket a request may read. */
export const CAPTURED_BUCKETS = ["ATTACHMENTS", "ARCHIVE"] as const;

/** One object a request read from an R2 bucket (an attachment's content): its binding and key. */
interface CapturedObjectRead extends Wave {
  method: "r2-get";
  binding: (typeof CAPTURED_BUCKETS)[number];
  key: string;
}

/**
 * One request to a provider (a list of its templates, a page of an archive): what the floor sends
 * again, to the same local fake. Its credentials are not in it (a response never carries a secret,
 * not even the bench's): `{credential}` stands for each, which the floor fills in from its own
 * configuration; a body is only its length.
 */
interface CapturedProviderCall extends Wave {
  method: "fetch";
  request: { method: string; url: string; headers: Record<string, string>; bodyChars: number };
}

export type CapturedCall = CapturedQuery | CapturedObjectRead | CapturedProviderCall;

/** An after-response call's text parameter longer than LONG_TEXT_CHARS, given by its length only. */
export interface LongText {
  longText: number;
}
export const LONG_TEXT_CHARS = 256;
export const isLongText = (param: unknown): param is LongText =>
  typeof param === "object" && param !== null && "longText" in param && typeof param.longText === "number";

/** Where a captured provider request had a credential. */
export const CREDENTIAL_PLACEHOLDER = "{credential}";
