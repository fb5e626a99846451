import { AsyncLocalStorage } from "node:async_hooks";

/**
 * A read begun before the key's Durable Object admitted the request (a warm key, src/core/stages/warm-read.ts)
 * may only read: a write, a binding or a provider call is refused (SpeculationRefused), and the
 * request runs again once admitted. Its own module because the D1 session (a write) and the gateway
 * (a provider call) both refuse, and neither knows the pipeline.
 */
const speculation = new AsyncLocalStorage<boolean>();

/** Runs `read` as a speculative read: what only an admitted request may do is refused inside it. */
export const speculatively = <T>(read: () => T): T => speculation.run(true, read);

/** Whether the current request's handler runs before its key was admitted. */
export const isSpeculating = (): boolean => speculation.getStore() === true;

/** What a speculative read tried that only an admitted request may do: the pipeline then runs the handler again, admitted. */
export class SpeculationRefused extends Error {
  constructor(what: string) {
    super(`${what} is not made before the key is admitted.`);
    this.name = "SpeculationRefused";
  }
}

/** Whether `error` is, or was caused by, a SpeculationRefused (drizzle wraps a failed query's error as its cause). */
export function wasSpeculationRefused(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (current instanceof SpeculationRefused) return true;
  }
  return false;
}

/** Throws SpeculationRefused when the current request's handler runs before its key was admitted. */
export function refuseWhileSpeculating(what: string): void {
  if (isSpeculating()) throw new SpeculationRefused(what);
}
