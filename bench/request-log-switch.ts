/**
 * The request header by which `npm run bench -- --request-log` chooses, per request, the Worker
 * with or without its request log (bench/worker.ts, scripts/lib/bench-request-log.ts): `off` is the
 * same app built without the request log's stage, anything else the Worker as deployed. Both sides
 * send it, so that they send the same bytes. Names only: the scripts import it without the Worker.
 */
export const REQUEST_LOG_SWITCH = "X-Bench-Request-Log";
