/** Retry delays shared by webhook deliveries and background jobs (src/work/jobs.ts). */
/** Queues accept retry delays of at most 12 h. */
const MAX_DELAY_SECONDS = 12 * 60 * 60;
const MIN_TOTAL_SECONDS = 24 * 60 * 60;

/**
 * The Standard Webhooks retry schedule after the first, immediate attempt: 5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h, then 12 h steps until the delays add up to at least 24 h.
 */
export const STANDARD_SCHEDULE: readonly number[] = (() => {
  const delays = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600];
  let total = delays.reduce((sum, delay) => sum + delay, 0);
  while (total < MIN_TOTAL_SECONDS) {
    delays.push(MAX_DELAY_SECONDS);
    total += MAX_DELAY_SECONDS;
  }
  return delays;
})();

/**
 * The schedule in force: the standard one, unless the configuration (WEBHOOK_RETRY_SCHEDULE) lists
 * other delays in seconds, which only local testing does, to see retries in seconds, not hours.
 */
export function retrySchedule(override: readonly number[] | undefined): readonly number[] {
  if (!override?.length) return STANDARD_SCHEDULE;
  return override.map((delay) => Math.min(delay, MAX_DELAY_SECONDS));
}

/** Retry-After as seconds from now: delta-seconds or an HTTP date; undefined when absent or invalid. */
export function parseRetryAfter(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * Seconds to wait after `attemptsMade` failed attempts, or null when the schedule is exhausted.
 * A Retry-After (429, 503) is honoured as a minimum wait, never beyond the 12 h cap.
 */
export function retryDelay(attemptsMade: number, schedule: readonly number[], retryAfter?: number): number | null {
  const scheduled = schedule[attemptsMade - 1];
  if (scheduled === undefined) return null;
  if (retryAfter === undefined) return scheduled;
  return Math.min(MAX_DELAY_SECONDS, Math.max(scheduled, retryAfter));
}
