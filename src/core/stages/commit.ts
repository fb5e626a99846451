import { commitBatch } from "../commit";
import { insertRow } from "../../data/client";
import { requestDb } from "../../data/session";
import { auditLog, nowIso } from "../../data/schema";
import { markStatements } from "../../data/idempotent-answers";
import { answerKeyOf } from "./kept-answer";
import type { Answer, Flow, Next } from "./stage";

/**
 * The handler's `commit`: its statements, this request's audit entry (who, which operation, which
 * resource, when) and its events in one D1 batch, so that a write and its record land together. A
 * request that claimed an Idempotency-Key also marks the key in that batch (kept-answer.ts): the
 * write and the mark land or fail together, and a batch of another request under the key fails whole.
 */
export async function commit(flow: Flow, next: Next): Promise<Answer> {
  const { c, op, eventSink } = flow;
  const { caller, input } = flow.admitted;
  const { env } = c;
  const requestId = c.get("requestId");
  const { claim } = flow.request;
  const claimed = claim && flow.admitted.idempotency?.outcome === "proceed" ? claim : undefined;
  flow.commit = async (statements, audit, emitted = []) => {
    // Each event names the request that caused it (the request log, GET /api/v1/requests/{request_id}).
    const events = emitted.map((event) => ({ ...event, requestId }));
    const audited = insertRow(requestDb, auditLog, {
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
    });
    if (!claimed) return commitBatch(requestDb, env, eventSink, caller.company.id, statements, events, [audited]);
    // The mark names what the batch wrote: a retry whose answer was lost reads it back (kept-answer.ts).
    const { free, mark } = markStatements(
      requestDb,
      answerKeyOf(caller, claimed.key),
      claimed.fingerprint,
      requestId,
      audit,
    );
    const results = await commitBatch(requestDb, env, eventSink, caller.company.id, [...statements, free], events, [
      audited,
      mark,
    ]);
    flow.marked = true;
    // The handler's results in their places: the key's precondition, after them, is not its own.
    return [...results.slice(0, statements.length), ...results.slice(statements.length + 1)];
  };
  return next();
}
