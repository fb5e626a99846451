import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import type { Caller } from "../../keys/caller";
import { requestDb } from "../../data/session";
import { declaredSecretMissing } from "../../lib/errors";
import { declaredOutcome } from "../../integrations/outcome";
import { SerializedBody, type Operation, type OperationContext, type Reply } from "../operation";
import { BOOKMARK_HEADER, type Answer, type Flow, type ParsedInput } from "./stage";

/** The operation's own handler, last: its reply is the answer, with the bookmark the request's D1 session reached. */
export async function handler(flow: Flow): Promise<Answer> {
  const { c, op } = flow;
  const { caller, input } = flow.admitted;
  let reply: Reply<unknown>;
  try {
    reply = await op.handler(
      operationContext(c, { caller, input, idempotencyKey: flow.request.idempotencyKey }, flow.commit),
    );
  } catch (thrown) {
    throw handlerOutcome(op, thrown);
  }
  return replied(reply, flow.session.latestBookmark());
}

/**
 * What a handler's error answers: a provider's refusal of the recipient is 422 only where the
 * operation declares it (else 502); a missing secret is 503 where it declares 503 (else 500).
 */
export const handlerOutcome = (op: Operation, thrown: unknown): unknown =>
  declaredOutcome(op, declaredSecretMissing(op, thrown));

/** The answer of a handler's reply, with the bookmark its D1 session reached. */
export function replied(reply: Reply<unknown>, sessionBookmark: string | null): Answer {
  const body = reply.body instanceof SerializedBody ? reply.body.json : JSON.stringify(reply.body);
  const headers = {
    "Content-Type": "application/json",
    ...reply.headers,
    ...(sessionBookmark ? { [BOOKMARK_HEADER]: sessionBookmark } : {}),
  };
  return { status: reply.status, headers, body };
}

/** What a handler is given: its input, its caller, the request's database, and `commit`. */
export function operationContext(
  c: Context<AppEnv>,
  { caller, input, idempotencyKey }: { caller: Caller; input: ParsedInput; idempotencyKey: string | undefined },
  commit: OperationContext<unknown, unknown, unknown>["commit"],
): OperationContext<unknown, unknown, unknown> {
  return {
    params: input.params,
    query: input.query,
    body: input.body,
    caller,
    db: requestDb,
    env: c.env,
    config: c.get("config"),
    requestId: c.get("requestId"),
    bodyText: input.bodyText,
    idempotencyKey,
    contentType: input.contentType,
    commit,
  };
}
