/**
 * The one clock of the code: every handler, job and tick reads the time here, never `Date.now()`
 * on its own, so a test can move time forward (a due item comes due, a retention window passes)
 * through the runtime without waiting. In a deployment the offset is always 0.
 */
let offsetMs = 0;

export const clock = {
  /** Milliseconds since the epoch. */
  now: (): number => Date.now() + offsetMs,
  /** ISO 8601 UTC with milliseconds: sorts lexicographically in time order. */
  iso: (): string => new Date(Date.now() + offsetMs).toISOString(),
  date: (): Date => new Date(Date.now() + offsetMs),
};

/** Moves the clock `ms` ahead of real time (0 puts it back). Tests only, through test/clock.ts. */
export function setClockOffset(ms: number): void {
  offsetMs = ms;
}
