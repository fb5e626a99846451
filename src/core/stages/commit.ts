import { commitBatch } from "../commit";
import { insertRow } from "../../data/client";
import { requestDb } from "../../data/session";
import { auditLog, nowIso } from "../../data/schema";
import type { Answer, Flow, Next } from "./stage";

/**
 * The handler's `commit`: its statements, this request's audit entry (who, which operation, which
 * resource, when) and its events in one D1 batch, so that a write and its record land together.
 */
export async function commit(flow: Flow, next: Next): Promise<Answer> {
  const { c, op, eventSink } = flow;
  const { caller, input } = flow.admitted;
  const { env } = c;
  const requestId = c.get("requestId");
  flow.commit = (statements, audit, events = []) =>
    commitBatch(requestDb, env, eventSink, caller.company.id, statements, events, [
      insertRow(requestDb, auditLog, {
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
    ]);
  return next();
}
