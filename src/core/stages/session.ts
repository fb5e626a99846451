import type { Caller } from "../../keys/caller";
import { parseBookmark, withRequestSession } from "../../data/session";
import { requestDatabases } from "../../data/tenancy";
import type { Answer, Flow, Next } from "./stage";

/**
 * The request's D1 session on its company's store, around the stages after it: reads near the
 * client, at least as new as the bookmark it sent; the bookmark the session reaches is the answer's.
 */
export async function session(flow: Flow, next: Next): Promise<Answer> {
  const { c } = flow;
  const { company } = flow.admitted.caller;
  const start = sessionStart(flow.request.bookmark, company, flow.write);
  return withRequestSession(
    requestDatabases(c.env, company.store),
    { ...start, trips: c.get("trips") },
    (latestBookmark) => {
      flow.session = { bookmark: start.bookmark, latestBookmark };
      return next();
    },
  );
}

/**
 * Where the request's session starts: after the client's bookmark, or at the primary for a write.
 * A bookmark of the store the company's last move left (a client that wrote before the move) is
 * not refused: it cannot order reads in the new store, so the session starts at its primary, which
 * holds every write the old store had (the move copied them before the directory flipped).
 */
export function sessionStart(
  bookmark: string | undefined,
  company: Caller["company"],
  write: boolean,
): { write: boolean; bookmark: string | undefined } {
  const of = bookmark === undefined ? undefined : parseBookmark(bookmark)?.store;
  if (of !== undefined && of !== company.store && of === company.movedFrom) return { write: true, bookmark: undefined };
  return { write, bookmark };
}
