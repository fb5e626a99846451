import type { Context } from "hono";
import type { AppEnv } from "./app-env";
import type { EventSink } from "../data/events";
import { isWrite, type Operation } from "./operation";
import { rememberAdmitted } from "../keys/warm-keys";
import { guardOf } from "../keys/key-changes";
import { refuseClosedGate } from "./stages/gate";
import { keyFormPolicy, requestKey } from "./stages/key-form";
import { queryParameterNames, readRequest, type ParsedInput } from "./stages/input";
import { admitKey, admittedCaller, authenticated, authorizedInput, type Admission } from "./stages/key-object";
import { idempotentReplay } from "./stages/idempotency";
import { startWarmRead, warmAnswer } from "./stages/warm-read";
import { runHandler } from "./stages/handler";

/**
 * Steps 4 to 12 for one operation, driven by its declaration; events go to `eventSink`. Each step
 * is a function below, in pipeline order; only step 10 runs early (see `readRequest`), and a warm
 * key's read starts step 12 early too (see `startWarmRead`).
 */
export function operationHandler(op: Operation, eventSink: EventSink | undefined) {
  const write = isWrite(op);
  // Reads of gate A only: a write keeps its order (claim, batch, store), and other gates' reads stay as they are.
  const mayReadEarly = !write && op.gate === "A";
  const queryNames = queryParameterNames(op);
  return async function handleOperation(c: Context<AppEnv>): Promise<Response> {
    c.set("operationId", op.operationId);
    refuseClosedGate(op, c.get("config"));
    const key = await requestKey(c);
    const request = await readRequest(c, op, write, queryNames);
    const guard = guardOf(c.env, key.lineageId);
    const admission = admitKey(c, guard, key, request.claim);
    const early = mayReadEarly ? startWarmRead(c, op, key, request) : undefined;
    let decision: Admission;
    let input: ParsedInput;
    try {
      decision = admittedCaller(c, key, await authenticated(c, key, await admission));
      input = authorizedInput(op, decision.caller, request);
      rememberAdmitted(key, decision.caller, keyFormPolicy(c.get("config")));
    } catch (refusal) {
      // Refused: the early read's result is never looked at, only waited for (no query outlives its request).
      if (early) await early.result;
      throw refusal;
    }
    const { caller } = decision;
    const replay = idempotentReplay(decision);
    if (replay) return replay;
    if (early) {
      const answered = await warmAnswer(c, op, guard, early, caller);
      if (answered) return answered;
    }
    return runHandler(c, op, eventSink, { caller, input, request, guard, write });
  };
}
