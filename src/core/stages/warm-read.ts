import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import type { PresentedKey } from "../../keys/auth";
import { authorize } from "../../keys/authorize";
import { withRequestSession } from "../../data/session";
import { requestDatabases } from "../../data/tenancy";
import type { Operation } from "../operation";
import { SpeculationRefused, speculatively, wasSpeculationRefused } from "../../lib/speculation";
import { sameCaller, warmCaller } from "../../keys/warm-keys";
import type { Answer, Flow, Next, ReadRequest, WarmRead } from "./stage";
import { handlerOutcome, operationContext, replied } from "./handler";
import { sessionStart } from "./session";
import { refuseForeignBookmark } from "./placement";

/**
 * Two stages: `warmRead` begins a warm key's read just before the key's object call, so that both
 * run at once (one round trip instead of two); `warmAnswer`, once the object admitted the request,
 * answers with it when the object admitted the caller it was read for. See WarmRead (./stage.ts).
 */

/**
 * The operations whose read begun early was refused in this isolate (an attachment's bytes from a
 * bucket, a provider's templates): they wait for the object from then on, since each early run
 * would make its queries twice and be thrown away.
 */
const waitsForAdmission = new WeakSet<Operation>();

export async function warmRead(flow: Flow, next: Next): Promise<Answer> {
  // Reads of gate A only: a write keeps its order (claim, batch, store), and other gates' reads stay as they are.
  const early =
    !flow.write && flow.op.gate === "A" ? startWarmRead(flow.c, flow.op, flow.key, flow.request) : undefined;
  if (!early) return next();
  flow.early = early;
  try {
    return await next();
  } catch (refusal) {
    // Refused: the early read's result is never looked at, only waited for (no query outlives its request).
    await early.result;
    throw refusal;
  }
}

function startWarmRead(
  c: Context<AppEnv>,
  op: Operation,
  key: PresentedKey,
  request: ReadRequest,
): WarmRead | undefined {
  const { input } = request;
  if (request.invalid || !input || waitsForAdmission.has(op)) return undefined;
  const caller = warmCaller(key);
  // A key that is cold, or whose remembered caller this operation would refuse, waits for the object as before.
  if (!caller || authorize(op, caller, undefined)) return undefined;
  const context = operationContext(c, { caller, input, idempotencyKey: request.idempotencyKey }, () =>
    Promise.reject(new SpeculationRefused("A write")),
  );
  Object.defineProperties(context, {
    env: {
      get: () => {
        throw new SpeculationRefused("A binding");
      },
    },
  });
  const { store } = caller.company;
  const session = sessionStart(request.bookmark, caller.company, false);
  const result = speculatively(() =>
    withRequestSession(
      requestDatabases(c.env, store),
      { ...session, trips: c.get("trips") },
      async (latestBookmark) => {
        try {
          refuseForeignBookmark(session.bookmark, store);
          const reply = await op.handler(context);
          return { reply, bookmark: latestBookmark() };
        } catch (thrown) {
          return { thrown };
        }
      },
    ),
  );
  return { caller, result };
}

/**
 * The answer of a warm read whose request the object admitted and authorized; the stages after
 * this one run it again, admitted, when it tried what only an admitted request may do, or when the
 * object admitted the key as another caller than remembered (a plan, scope or company change the
 * isolate missed).
 */
export async function warmAnswer(flow: Flow, next: Next): Promise<Answer> {
  const { early } = flow;
  if (!early) return next();
  const outcome = await early.result;
  if (!sameCaller(early.caller, flow.admitted.caller)) return next();
  if ("thrown" in outcome) {
    if (wasSpeculationRefused(outcome.thrown)) {
      waitsForAdmission.add(flow.op);
      return next();
    }
    throw handlerOutcome(flow.op, outcome.thrown);
  }
  return replied(outcome.reply, outcome.bookmark);
}
