/**
 * How long an Idempotency-Key claim lives without its request (guard.ts) and how often a running
 * request renews it (src/core/stages/store-answer.ts). Its own module because the pipeline needs the values and must
 * not load the Durable Object's module (Node scripts load the pipeline too).
 *
 * A claim not renewed for CLAIM_LEASE_MS is abandoned (its Worker died) and may be taken over: a
 * dead Worker's key is free again within seconds. A request still running renews it every
 * CLAIM_RENEW_EVERY_MS, so only a dead one lapses; most requests end before the first renewal.
 */
export const CLAIM_LEASE_MS = 15_000;
export const CLAIM_RENEW_EVERY_MS = 5_000;
