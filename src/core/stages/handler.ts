import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import type { Caller } from "../../keys/caller";
import { commitBatch } from "../commit";
import { insertRow } from "../../data/client";
import { requestDb, withRequestSession } from "../../data/session";
import { companyMoving, requestDatabases } from "../../data/tenancy";
import { auditLog, nowIso } from "../../data/schema";
import type { EventSink } from "../../data/events";
import { SerializedBody, type Operation, type OperationContext, type Reply } from "../operation";
import { BOOKMARK_HEADER, tracked, type KeyGuardStub } from "./flow";
import type { ParsedInput, ReadRequest } from "./input";
import { refuseForeignBookmark, sessionStart } from "./session";
import { forReplay, renewingClaim, settleFailedClaim } from "./store-answer";

/** What step 12 needs of the earlier steps. */
export interface Admitted {
  caller: Caller;
  input: ParsedInput;
  request: ReadRequest;
  guard: KeyGuardStub;
  write: boolean;
}

/** The response of a handler's reply, with the bookmark its D1 session reached. */
export function replied(reply: Reply<unknown>, sessionBookmark: string | null) {
  const bodyText = reply.body instanceof SerializedBody ? reply.body.json : JSON.stringify(reply.body);
  const headers = { "Content-Type": "application/json", ...reply.headers, ...(sessionBookmark ? { [BOOKMARK_HEADER]: sessionBookmark } : {}) };
  return { status: reply.status, headers, bodyText };
}

/** Step 12: the handler, over the request's D1 session (reads near the client, at least as new as its bookmark). */
export function runHandler(c: Context<AppEnv>, op: Operation, eventSink: EventSink | undefined, admitted: Admitted): Promise<Response> {
  const { request, guard, write } = admitted;
  const { claim } = request;
  const { company } = admitted.caller;
  const { store } = company;
  const session = sessionStart(request.bookmark, company, write);
  return withRequestSession(requestDatabases(c.env, store), { ...session, trips: c.get("trips") }, async (latestBookmark) => {
    try {
      refuseForeignBookmark(session.bookmark, store);
      // A write while the company's data moves between stores: 503 (its claim is released below), reads go on.
      if (write && company.moving) throw companyMoving();
      const reply = await renewingClaim(guard, claim, () => op.handler(operationContext(c, op, eventSink, admitted)));
      const { bodyText, headers } = replied(reply, latestBookmark());
      if (claim) {
        const kept = op.storeIdempotentResponse === false ? null : await forReplay(c, { status: reply.status, headers, body: bodyText });
        await tracked(c, "keyguard", () => guard.complete(claim.key, claim.fingerprint, kept));
      }
      return new Response(bodyText, { status: reply.status, headers });
    } catch (thrown) {
      return settleFailedClaim(c, op, guard, claim, thrown);
    }
  });
}

/** What a handler is given: its input, its caller, the request's database, and `commit` with the audit entry of this request. */
export function operationContext(
  c: Context<AppEnv>,
  op: Operation,
  eventSink: EventSink | undefined,
  { caller, input, request }: Pick<Admitted, "caller" | "input" | "request">,
): OperationContext<unknown, unknown, unknown> {
  const env = c.env;
  const db = requestDb;
  const requestId = c.get("requestId");
  return {
    params: input.params,
    query: input.query,
    body: input.body,
    caller,
    db,
    env,
    config: c.get("config"),
    requestId,
    bodyText: input.bodyText,
    idempotencyKey: request.idempotencyKey,
    contentType: input.contentType,
    commit: (statements, audit, events = []) =>
      commitBatch(db, env, eventSink, caller.company.id, statements, events, [
        insertRow(db, auditLog, {
          id: crypto.randomUUID(),
          companyId: caller.company.id,
          keyId: caller.keyId,
          operation: op.operationId,
          method: op.method.toUpperCase(),
          path: input.path,
          resourceType: audit.resourceType,
          resourceId: audit.resourceId,
          requestId,
          createdAt: nowIso(),
        }),
      ]),
  };
}
