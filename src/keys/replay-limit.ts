import { ApiError } from "../lib/errors";
import type { StoredResponse } from "./guard";

/**
 * The largest response kept for its Idempotency-Key (its body and headers as stored, in bytes).
 * 512 KiB holds the answer of every write whose input fits the 1 MiB request cap and is echoed
 * back (a template with two 200,000-character bodies, an import of 1,000 rows), and is a quarter
 * of the 2 MB a single value of a Durable Object's SQLite storage may hold, so a lineage's 24 h of
 * kept responses stays small. A larger response is still answered; the key keeps instead the
 * problem below, which a retry with the key gets (so the key is never left locked, nor run twice).
 */
export const REPLAY_MAX_BYTES = 512 * 1024;

const encoder = new TextEncoder();

/** The bytes a stored response takes: its body (UTF-8) and its headers as JSON. */
export function storedBytes(response: StoredResponse): number {
  return encoder.encode(response.body).byteLength + encoder.encode(JSON.stringify(response.headers)).byteLength;
}

/** What a retry with the key of a response too large to keep is answered (409, naming the bound). */
export const notReplayable = (status: number, bytes: number) =>
  new ApiError(
    "conflict",
    `This Idempotency-Key already completed with status ${status}, but its response (${bytes} bytes) was larger than the ${REPLAY_MAX_BYTES} bytes kept for a replay, so it cannot be replayed. ` +
      "Nothing was done again: read the result with a GET, or send a new Idempotency-Key to run the request again.",
    { original_status: status, response_bytes: bytes, replay_max_bytes: REPLAY_MAX_BYTES },
  );
