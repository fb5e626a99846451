/**
 * A small seeded generator so demo data is the same on every seed (mulberry32). It lives in the
 * core because a domain's seed receives one (SeedContext.random) and the core imports nothing above it.
 */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

export type Random = ReturnType<typeof seededRandom>;

/** An ISO instant `daysAgo` days before `now`, at a random time of that day. */
export const daysAgo = (random: Random, now: number, days: number) =>
  new Date(now - days * 86_400_000 - random.int(0, 86_399_000)).toISOString();
