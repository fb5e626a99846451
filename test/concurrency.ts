/**
 * Races for read-then-write operations: fire many requests at once and look at what came back.
 * Every request is started before any is awaited, so in the Workers runtime their reads and
 * batches interleave the way concurrent requests to one isolate do.
 */

export interface Outcome {
  status: number;
}

/** Starts `count` requests at once (request(i) builds the i-th) and returns every outcome, in order. */
export async function concurrently<T extends Outcome>(
  count: number,
  request: (index: number) => Promise<T>,
): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, index) => request(index)));
}

/**
 * Like `concurrently`, but the i-th request starts after (i % spread) ms: requests that read
 * nothing costly before they write otherwise tend to run one after another in a single isolate.
 */
export async function staggered<T extends Outcome>(
  count: number,
  request: (index: number) => Promise<T>,
  spread = 3,
): Promise<T[]> {
  return concurrently(count, async (index) => {
    await new Promise((resolve) => setTimeout(resolve, index % spread));
    return request(index);
  });
}

/** How many outcomes had each status: { 200: 1, 409: 4 }. */
export function statusCounts(outcomes: readonly Outcome[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of outcomes) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/**
 * Runs a race `rounds` times, each on fresh state from `prepare`; `check` asserts on the outcomes
 * of one round. Repetition makes a race that loses only some interleavings fail reliably.
 */
export async function raceRounds<S, T extends Outcome>(
  rounds: number,
  prepare: () => Promise<S>,
  race: (state: S) => Promise<T[]>,
  check: (outcomes: T[], state: S) => Promise<void> | void,
): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    const state = await prepare();
    await check(await race(state), state);
  }
}
