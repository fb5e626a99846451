import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import type { Caller } from "../../keys/caller";
import type { PresentedKey } from "../../keys/auth";
import { authorize } from "../../keys/authorize";
import { withRequestSession } from "../../data/session";
import { requestDatabases } from "../../data/tenancy";
import type { Operation, Reply } from "../operation";
import { SpeculationRefused, speculatively, wasSpeculationRefused } from "../../lib/speculation";
import { sameCaller, warmCaller } from "../../keys/warm-keys";
import type { KeyGuardStub } from "./flow";
import type { ReadRequest } from "./input";
import { operationContext, replied } from "./handler";
import { refuseForeignBookmark, sessionStart } from "./session";
import { settleFailedClaim } from "./store-answer";

/**
 * A read started beside the key's Durable Object call, before the object admitted the request: a
 * warm key (admitted by this isolate lately, src/keys/warm-keys.ts) reading an operation of gate A whose
 * input is valid and which the remembered caller may call. It runs as the remembered caller, over
 * the request's D1 session, and may only read: a write, a binding (queue, bucket, object) or a
 * provider call is refused (SpeculationRefused) and the handler then runs again once admitted.
 * Its result is used only after the object admitted the request as that same caller.
 */
export interface WarmRead {
  caller: Caller;
  result: Promise<{ reply: Reply<unknown>; bookmark: string | null } | { thrown: unknown }>;
}

/**
 * The operations whose read begun early was refused in this isolate (an attachment's bytes from a
 * bucket, a provider's templates): they wait for the object from then on, since each early run
 * would make its queries twice and be thrown away.
 */
const waitsForAdmission = new WeakSet<Operation>();

export function startWarmRead(c: Context<AppEnv>, op: Operation, key: PresentedKey, request: ReadRequest): WarmRead | undefined {
  const { input } = request;
  if (request.invalid || !input || waitsForAdmission.has(op)) return undefined;
  const caller = warmCaller(key);
  // A key that is cold, or whose remembered caller this operation would refuse, waits for the object as before.
  if (!caller || authorize(op, caller, undefined)) return undefined;
  const context = operationContext(c, op, undefined, { caller, input, request });
  Object.defineProperties(context, {
    env: { get: () => { throw new SpeculationRefused("A binding"); } },
    commit: { value: () => Promise.reject(new SpeculationRefused("A write")) },
  });
  const { store } = caller.company;
  const session = sessionStart(request.bookmark, caller.company, false);
  const result = speculatively(() => withRequestSession(requestDatabases(c.env, store), { ...session, trips: c.get("trips") }, async (latestBookmark) => {
    try {
      refuseForeignBookmark(session.bookmark, store);
      const reply = await op.handler(context);
      return { reply, bookmark: latestBookmark() };
    } catch (thrown) {
      return { thrown };
    }
  }));
  return { caller, result };
}

/**
 * The response of a warm read whose request the object admitted and authorized, or undefined when
 * it must run again, admitted: it tried what only an admitted request may do, or the object admitted
 * the key as another caller than remembered (a plan, scope or company change the isolate missed).
 */
export async function warmAnswer(c: Context<AppEnv>, op: Operation, guard: KeyGuardStub, early: WarmRead, caller: Caller): Promise<Response | undefined> {
  const outcome = await early.result;
  if (!sameCaller(early.caller, caller)) return undefined;
  if ("thrown" in outcome) {
    if (wasSpeculationRefused(outcome.thrown)) {
      waitsForAdmission.add(op);
      return undefined;
    }
    return settleFailedClaim(c, op, guard, undefined, outcome.thrown);
  }
  const { status, headers, bodyText } = replied(outcome.reply, outcome.bookmark);
  return new Response(bodyText, { status, headers });
}
