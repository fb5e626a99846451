import type { Caller } from "../../keys/caller";
import { parseBookmark } from "../../data/session";
import { ApiError } from "../../lib/errors";
import { BOOKMARK_HEADER } from "./flow";

/**
 * Where the request's session starts: after the client's bookmark, or at the primary for a write.
 * A bookmark of the store the company's last move left (a client that wrote before the move) is
 * not refused: it cannot order reads in the new store, so the session starts at its primary, which
 * holds every write the old store had (the move copied them before the directory flipped).
 */
export function sessionStart(bookmark: string | undefined, company: Caller["company"], write: boolean): { write: boolean; bookmark: string | undefined } {
  const of = bookmark === undefined ? undefined : parseBookmark(bookmark)?.store;
  if (of !== undefined && of !== company.store && of === company.movedFrom) return { write: true, bookmark: undefined };
  return { write, bookmark };
}

/** A bookmark of another store than the caller's cannot order this request's reads: 400, as a malformed one. */
export function refuseForeignBookmark(bookmark: string | undefined, store: number): void {
  if (bookmark === undefined || parseBookmark(bookmark)?.store === store) return;
  throw new ApiError("validation_error", `${BOOKMARK_HEADER} is of another store than this company's.`, {
    errors: [{ path: `header.${BOOKMARK_HEADER}`, message: "Send back the value of a response's X-D1-Bookmark header to this company, unchanged." }],
  });
}
