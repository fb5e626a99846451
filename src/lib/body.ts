import { ApiError } from "./errors";
import { mediaTypeOf, otherCharset } from "./media-type";

/**
 * How much of an oversized body is read and thrown away before the 413 is answered, as a multiple
 * of the body cap. A body left unread on the connection breaks the next request on it (wrangler
 * dev answered the next write with a plain-text 503); past this bound the upload is cancelled.
 */
const DRAIN_FACTOR = 16;

const tooLarge = (maxBytes: number) =>
  new ApiError("payload_too_large", `The request body exceeds ${maxBytes} bytes (${maxBytes / 1024 / 1024} MiB).`);

/**
 * The client closed the connection, or sent less than it declared, before the body ended. Not a
 * server error: logged as a client abort, answered (to nobody, usually) as a 400.
 */
export class ClientAbort extends ApiError {
  constructor() {
    super(
      "incomplete_body",
      "The request body ended before it was complete: the connection closed while it was being sent.",
    );
    this.name = "ClientAbort";
  }
}

/** UTF-8 that refuses malformed bytes; decode() without `stream` starts afresh each call. */
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/** Reads the body as UTF-8 text, refusing more than maxBytes without buffering it all. */
export async function readBody(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return "";
  const length = request.headers.get("Content-Length");
  const declared = Number(length ?? "0");
  // The usual body declares its length, within the cap: read in one call (the runtime stops at the
  // declared length). A body of undeclared length is read chunk by chunk, counted as it comes.
  const bytes =
    length !== null && declared <= maxBytes
      ? await readWhole(request)
      : await readCounted(request.body.getReader(), declared, maxBytes);
  if (bytes.byteLength > maxBytes) throw tooLarge(maxBytes);
  try {
    return utf8.decode(bytes);
  } catch {
    throw new ApiError("invalid_json", "The body is not valid UTF-8.");
  }
}

async function readWhole(request: Request): Promise<Uint8Array> {
  try {
    return new Uint8Array(await request.arrayBuffer());
  } catch {
    throw new ClientAbort();
  }
}

async function readCounted(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  declared: number,
  maxBytes: number,
): Promise<Uint8Array> {
  if (declared > maxBytes) {
    await drain(reader, 0, DRAIN_FACTOR * maxBytes);
    throw tooLarge(maxBytes);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await readChunk(reader);
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await drain(reader, size, DRAIN_FACTOR * maxBytes);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const joined = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return joined;
}

async function readChunk(reader: ReadableStreamDefaultReader<Uint8Array>) {
  try {
    return await reader.read();
  } catch {
    throw new ClientAbort();
  }
}

/** Reads and discards the rest of an oversized body, up to `limit` bytes in all; past that, cancels it. */
async function drain(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  alreadyRead: number,
  limit: number,
): Promise<void> {
  let size = alreadyRead;
  try {
    while (size <= limit) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away while we drained: nothing is left to answer on this connection.
  }
}

/**
 * Step 10's content checks for a JSON body: the media type the document declares,
 * application/json (not any `+json` type: application/problem+json is a response's type, and a
 * type we do not declare would be a promise of semantics we do not implement), and UTF-8 (the
 * only encoding of JSON, RFC 8259), so a body declared in another charset is refused rather than misread.
 */
export function requireJsonContentType(header: string | undefined): void {
  const mediaType = mediaTypeOf(header);
  if (mediaType.type !== "application/json") {
    const received = mediaType.type === "" ? "no Content-Type" : `Content-Type: ${mediaType.type.slice(0, 100)}`;
    throw new ApiError(
      "invalid_json",
      `Send the body as JSON with Content-Type: application/json (this request had ${received}).`,
    );
  }
  const charset = otherCharset(mediaType);
  if (charset !== undefined) {
    throw new ApiError(
      "invalid_json",
      `JSON bodies must be UTF-8; this one was declared charset=${charset}. Send it as UTF-8 (or omit the charset).`,
      { charset },
    );
  }
}

/** The body text as JSON, or a 400 that says whether it was empty or malformed. */
export function parseJsonBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError("invalid_json", text.trim() === "" ? "A JSON body is required." : "The body is not valid JSON.");
  }
}
