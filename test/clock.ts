import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { setClockOffset } from "../src/lib/clock";
import type { Env } from "../src/env";
import worker from "../src/index";

/**
 * Time in tests: the code's one clock (src/lib/clock.ts) moved ahead of real time, and ticks of
 * the Cron Trigger fired through the Worker's real scheduled handler. Reset the clock after each
 * test that moves it (`afterEach(resetClock)`).
 */
export const moveClock = (ms: number) => setClockOffset(ms);
export const resetClock = () => setClockOffset(0);

/** One tick of the Cron Trigger, awaited to its end (everything it handed to waitUntil). */
export async function tick(vars: Partial<Env> = {}): Promise<void> {
  const ctx = createExecutionContext();
  await worker.scheduled(
    createScheduledController({ cron: "* * * * *", scheduledTime: Date.now() }),
    { ...env, ...vars },
    ctx,
  );
  await waitOnExecutionContext(ctx);
}
