import type { Env } from "../src/env";
import { aroundD1 } from "./d1";

/**
 * The bench's stand-in for distance (BENCH_DELAY_MS, `npm run bench -- --distance <ms>`): a
 * request's Durable Object calls and D1 queries and batches each wait a fixed time before they are
 * made, as they would for a client in another region. bench/worker.ts hands the Worker's fetch this
 * env when the variable is above 0; the key objects' own D1 reads (their env is the runtime's) do not wait.
 */
export function atDistance(env: Env, delayMs: number): Env {
  return { ...aroundD1(env, (_call, run) => after(delayMs, run)), KEY_GUARD: distantNamespace(env.KEY_GUARD, delayMs) };
}

const after = async <T>(delayMs: number, call: () => Promise<T>): Promise<T> => {
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  return call();
};

/** The key objects' namespace: every call of a stub it gives waits first. */
function distantNamespace<N extends Env["KEY_GUARD"]>(namespace: N, delayMs: number): N {
  return new Proxy(namespace, {
    get(inner, prop) {
      const value: unknown = Reflect.get(inner, prop);
      if (typeof value !== "function") return value;
      if (prop !== "get" && prop !== "getByName") return value.bind(inner);
      return (...args: unknown[]) => distantStub(Reflect.apply(value, inner, args) as object, delayMs);
    },
  });
}

function distantStub<S extends object>(stub: S, delayMs: number): S {
  return new Proxy(stub, {
    get(inner, prop) {
      // Not a promise: `await stub` must not turn into a remote call.
      if (prop === "then") return undefined;
      const value: unknown = Reflect.get(inner, prop);
      if (typeof value !== "function") return value;
      // Reflect.apply: an RPC method would take `.apply` for a remote method of that name.
      return (...args: unknown[]) => after(delayMs, () => Promise.resolve(Reflect.apply(value, inner, args)));
    },
  });
}
