import type { Context } from "hono";
import type { AppEnv } from "./app-env";
import type { EventSink } from "../data/events";
import type { Operation } from "./operation";
import { responseOf } from "./stages/answer";
import { Flow, type Answer, type OperationStage, type RequestStage } from "./stages/stage";
import { requestId } from "./stages/request-id";
import { apiSwitch } from "./stages/switch";
import { gate } from "./stages/gate";
import { keyForm } from "./stages/key-form";
import { input } from "./stages/input";
import { warmAnswer, warmRead } from "./stages/warm-read";
import { keyObject } from "./stages/key-object";
import { idempotency } from "./stages/idempotency";
import { session } from "./stages/session";
import { keptAnswer } from "./stages/kept-answer";
import { storeAnswer } from "./stages/store-answer";
import { placement } from "./stages/placement";
import { commit } from "./stages/commit";
import { handler } from "./stages/handler";
import { requestLog } from "./stages/request-log";

/*
 * The request path, in order, written once: the stages every request passes before the route,
 * then Hono's router, then the stages of the operation it routed to. Each stage is a module of
 * src/core/stages/ with its test beside it; a concern that every request shares is a new stage,
 * put in its place below.
 *
 * An operation's stage does its part, then calls the stages after it (`next`), or answers or
 * refuses without them; their answer passes back through it. A stage that acts on that answer
 * therefore stands before the stages it wraps: storeAnswer before the handler whose answer it keeps.
 */

/** Every request, before the route: src/app.ts registers each on its paths, in this order. */
export const beforeRoute: readonly RequestStage[] = [
  requestId, // first: every response (a 404, a 500) carries the request id, the common headers and its log line
  apiSwitch, // before the route: with the API off, an unknown path or method is 404 as well, never a 405 that shows the surface
];

// The route: Hono's router over the declarations (src/core/registry.ts) answers 404 for an unknown
// path and 405 with Allow for another method. An operation's request then passes these:

/** One operation's request, once routed: operationHandler runs them, in this order. */
export const operationStages: readonly OperationStage[] = [
  requestLog, // first: it sees every answer and refusal as sent, and keeps those of an admitted key after the response
  gate, // before the key: a closed gate is 404, as if the operation did not exist, to every caller
  keyForm, // before the body and any round trip: a missing, malformed or forged key is 401 with no I/O
  input, // before the key's object: its one call may then claim the Idempotency-Key of a valid request; problems wait for it
  warmRead, // just before the key's object call: a warm key's read runs beside it (one round trip, not two)
  keyObject, // the one Durable Object call: 401, 429, 403, then the input's 400, in that order
  idempotency, // once admitted, before anything runs: the object's kept answer replayed, or 400 reused
  warmAnswer, // the warm read's answer, used only now: the object admitted the caller it was read for
  session, // the D1 session around the rest: the answer, kept or not, carries the bookmark it reached
  keptAnswer, // in the session (a write's starts at the primary): a key in use or lapsed whose write landed is answered from D1, never run again
  storeAnswer, // around what may refuse or fail: the key keeps the answer, a refusal too, and is freed of a failure
  placement, // inside storeAnswer: another store's bookmark is a 400 the key keeps, a moving company's write a 503 that frees it
  commit, // before the handler: its commit writes this request's audit entry in the same batch
  handler, // last: the operation's own handler, its answer passing back through the stages above
];

/** Runs `stages` over one request: each gets the rest as its `next`; the last answers. */
export function runStages(stages: readonly OperationStage[], flow: Flow): Promise<Answer> {
  const from = (index: number): Promise<Answer> => {
    const stage = stages[index];
    if (!stage) throw new Error("The last stage called next: the stages must end with one that answers.");
    return stage(flow, () => from(index + 1));
  };
  return from(0);
}

/** One operation's request through `stages` (operationStages, or the list its app was built with); a write's events go to `eventSink`. */
export function operationHandler(op: Operation, eventSink: EventSink | undefined, stages: readonly OperationStage[]) {
  return async function handleOperation(c: Context<AppEnv>): Promise<Response> {
    // Named before any stage can refuse: the request's log line says which operation it was.
    c.set("operationId", op.operationId);
    return responseOf(await runStages(stages, new Flow(c, op, eventSink)));
  };
}
