import { aroundD1, type D1Call } from "../bench/d1";
import type { Env } from "../src/env";

/**
 * Where a Worker dies in an idempotent write, made by its bindings (src/ knows nothing of it): the
 * env a request is given has the calls from that point on never land. `fail: "reject"` makes them
 * fail (the Workers-runtime tests: the request ends, its work after the response is lost as a
 * death would lose it); `fail: "hang"` makes them wait forever, so that a process killed meanwhile
 * dies exactly there (the end-to-end kill test, test/e2e/dying-worker.ts).
 *
 *   before-batch  the D1 batch that marks the key never lands (nor anything after it);
 *   after-batch   the batch lands; filling its answer into D1 and telling the key's object never do;
 *   after-answer  the batch and the answer land; telling the key's object (`complete`) never does.
 */
export type DeathAt = "before-batch" | "after-batch" | "after-answer";
export const DEATHS: readonly DeathAt[] = ["before-batch", "after-batch", "after-answer"];

type Failure = "reject" | "hang";

/** What the Worker logs when a call reaches the point of death. */
const DYING = "e2e: the Worker dies here";

/** The batch that marks an Idempotency-Key (src/data/idempotent-answers.ts, markStatements). */
const marksKey = (call: D1Call) =>
  call.method === "batch" && call.statements.some(({ sql }) => /^insert into "idempotent_answers"/i.test(sql));
/** Filling the key's answer in (fillAnswer). */
const fillsAnswer = (call: D1Call) =>
  call.method !== "batch" && call.statements.some(({ sql }) => /^update "idempotent_answers"/i.test(sql));

function never<T>(fail: Failure, what: string): Promise<T> {
  console.log(`${DYING}: ${what}`);
  // A timer keeps it waiting: a promise nothing can settle is cancelled by workerd ("will never generate a response").
  if (fail === "hang") return new Promise<T>(() => setInterval(() => {}, 60_000));
  return Promise.reject(new Error(`The Worker died: ${what} never happened.`));
}

/** `env` whose calls from `at` on never land. */
export function dyingAt<E extends Pick<Env, "KEY_GUARD">>(env: E, at: DeathAt, fail: Failure): E {
  const dies = (call: D1Call) =>
    at === "before-batch" ? marksKey(call) : at === "after-batch" ? fillsAnswer(call) : false;
  const d1 = aroundD1(env, (call, run) => (dies(call) ? never(fail, describe(call)) : run()));
  return { ...d1, KEY_GUARD: completionNever(env.KEY_GUARD, fail) };
}

const describe = (call: D1Call) => `D1 ${call.method}: ${call.statements[0]?.sql.slice(0, 60) ?? ""}`;

/** The key objects' namespace, whose stubs' `complete` never reaches the object. */
function completionNever<N extends object>(namespace: N, fail: Failure): N {
  return new Proxy(namespace, {
    get(inner, prop) {
      const value: unknown = Reflect.get(inner, prop);
      if (typeof value !== "function") return value;
      if (prop !== "get" && prop !== "getByName") return value.bind(inner);
      return (...args: unknown[]) => stubWithoutCompletion(Reflect.apply(value, inner, args) as object, fail);
    },
  });
}

function stubWithoutCompletion<S extends object>(stub: S, fail: Failure): S {
  return new Proxy(stub, {
    get(inner, prop) {
      // Not a promise: `await stub` must not turn into a remote call.
      if (prop === "then") return undefined;
      const value: unknown = Reflect.get(inner, prop);
      if (typeof value !== "function") return value;
      if (prop === "complete") return () => never(fail, "the key's object told of the completion");
      // Reflect.apply: an RPC method would take `.apply` for a remote method of that name.
      return (...args: unknown[]) => Reflect.apply(value, inner, args);
    },
  });
}
