/**
 * The request header by which `npm run bench -- --request-log` chooses, per request, how the Worker
 * treats its request log (bench/worker.ts, scripts/lib/bench-request-log.ts):
 *   on      the Worker as deployed: the entry is built after the response and inserted into D1;
 *   unsent  the same, but the bench answers the entry's insert itself, so it never reaches D1 (the
 *           local D1 runs in the Worker's own process, where a deployed D1 does not);
 *   off     the same app built without the request log's stage.
 * Every side sends it, so that they send the same bytes. Names only: the scripts import it without the Worker.
 */
export const REQUEST_LOG_SWITCH = "X-Bench-Request-Log";
export const REQUEST_LOG_SIDES = ["on", "unsent", "off"] as const;
export type RequestLogSide = (typeof REQUEST_LOG_SIDES)[number];
