import { parseBookmark } from "../../data/session";
import { companyMoving } from "../../data/tenancy";
import { ApiError } from "../../lib/errors";
import { BOOKMARK_HEADER, type Answer, type Flow, type Next } from "./stage";

/**
 * The company's store as this request finds it: a bookmark of another store is 400, and a write
 * while the company's data moves between stores is 503 (reads go on). Both come after storeAnswer,
 * so that the key keeps the 400 and is freed of the 503.
 */
export async function placement(flow: Flow, next: Next): Promise<Answer> {
  const { company } = flow.admitted.caller;
  refuseForeignBookmark(flow.session.bookmark, company.store);
  if (flow.write && company.moving) throw companyMoving();
  return next();
}

/** A bookmark of another store than the caller's cannot order this request's reads: 400, as a malformed one. */
export function refuseForeignBookmark(bookmark: string | undefined, store: number): void {
  if (bookmark === undefined || parseBookmark(bookmark)?.store === store) return;
  throw new ApiError("validation_error", `${BOOKMARK_HEADER} is of another store than this company's.`, {
    errors: [
      {
        path: `header.${BOOKMARK_HEADER}`,
        message: "Send back the value of a response's X-D1-Bookmark header to this company, unchanged.",
      },
    ],
  });
}
