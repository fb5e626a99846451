import type { Env } from "../env";
import { checkedKey, UNKNOWN_KEY, unauthorized, type KeyFormPolicy, type PresentedKey } from "./auth";
import { clock } from "../lib/clock";
import { ApiError } from "../lib/errors";

/**
 * Requests that fail authentication, limited per client by the platform: the Workers rate limiting
 * binding AUTH_FAILURES (wrangler.toml [[ratelimits]]), keyed by the client's address. Only a
 * request that failed makes the call, so an authenticated one never pays for it. A client over
 * the limit is answered 429, and this isolate remembers it (in memory, never in storage) until the
 * period ends: meanwhile its requests that the key's form cannot clear (no key, a malformed or
 * forged one, a legacy key that would need its Durable Object) are refused at once, with neither
 * the limiter nor a Durable Object called. A key whose check holds was minted here and goes on.
 */

/** The binding's period in seconds: wrangler.toml's `simple.period` of AUTH_FAILURES (10 or 60). */
const AUTH_FAILURE_PERIOD_SECONDS = 60;
/** The binding's `simple.limit` of AUTH_FAILURES in wrangler.toml: failures a key of it admits per period. */
export const AUTH_FAILURE_BINDING_LIMIT = 30;

/**
 * The binding and the failures a client may make per period (AUTH_FAILURE_LIMIT, a multiple of the
 * binding's limit; the default is the binding's own). A binding's limit is fixed by its configuration,
 * which no variable reaches, so a raised limit counts a client under several keys of the binding in
 * turn (the client's address, then `<address>#1`, `#2`, ...), each admitting the binding's limit: a
 * client is over only when every one of its keys is.
 */
export type AuthFailureLimiter = { binding: Env["AUTH_FAILURES"]; limit: number };

export const authFailureLimiter = (env: Pick<Env, "AUTH_FAILURES">, limit: number): AuthFailureLimiter => ({
  binding: env.AUTH_FAILURES,
  limit,
});
/** Clients remembered as limited per isolate, at most (a flood of addresses cannot grow memory past it). */
const REMEMBERED_CLIENTS = 10_000;

/** Limited clients and when their period ends (ms), in insertion order: the oldest go first. */
const limitedUntil = new Map<string, number>();

/**
 * Who the client is for the limit: CF-Connecting-IP, which Cloudflare always sets (and `wrangler
 * dev` sets from the socket); an IPv6 client by its /64, since one host holds a whole /64. Absent
 * only when the app is called in process (the unit tests): such a request is not limited.
 */
export function clientOf(headers: Headers): string | undefined {
  const address = headers.get("CF-Connecting-IP")?.trim();
  if (!address) return undefined;
  if (!address.includes(":")) return address;
  const embeddedV4 = /:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (embeddedV4 && /^[0:]*:ffff:/i.test(address)) return embeddedV4[1];
  const [head = "", tail] = address.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? headGroups
      : [
          ...headGroups,
          ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill("0"),
          ...tailGroups,
        ];
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** Seconds until the binding's current window ends (its windows are aligned to the clock). */
function secondsLeftInPeriod(now: number): number {
  const periodMs = AUTH_FAILURE_PERIOD_SECONDS * 1000;
  return Math.max(1, Math.ceil((periodMs - (now % periodMs)) / 1000));
}

/** Seconds the client stays refused, when this isolate knows it is over the limit. */
function rememberedLimit(client: string | undefined, now: number): number | undefined {
  if (client === undefined) return undefined;
  const until = limitedUntil.get(client);
  if (until === undefined) return undefined;
  if (until <= now) {
    limitedUntil.delete(client);
    return undefined;
  }
  return Math.max(1, Math.ceil((until - now) / 1000));
}

function remember(client: string, now: number): number {
  const seconds = secondsLeftInPeriod(now);
  if (limitedUntil.size >= REMEMBERED_CLIENTS) {
    for (const [known, until] of limitedUntil) if (until <= now) limitedUntil.delete(known);
    // Still full of live entries: the oldest is forgotten (the binding still counts it).
    const oldest = limitedUntil.keys().next();
    if (limitedUntil.size >= REMEMBERED_CLIENTS && !oldest.done) limitedUntil.delete(oldest.value);
  }
  limitedUntil.delete(client);
  limitedUntil.set(client, now + seconds * 1000);
  return seconds;
}

const tooManyFailures = (seconds: number) =>
  new ApiError(
    "rate_limited",
    `Too many requests that failed authentication from this client; retry in ${seconds} s.`,
    {
      headers: { "Retry-After": String(seconds) },
    },
  );

/**
 * What a request that failed authentication is answered: its 401, or 429 once its client is over
 * the limit. The limiter failing (it should not) leaves the 401: authentication never depends on it.
 */
export async function failedAuthentication(
  limiter: AuthFailureLimiter,
  client: string | undefined,
  refusal: ApiError,
): Promise<ApiError> {
  if (client === undefined) return refusal;
  const now = clock.now();
  const remembered = rememberedLimit(client, now);
  if (remembered !== undefined) return tooManyFailures(remembered);
  let admitted = false;
  try {
    admitted = await admittedUnderSomeKey(limiter, client);
  } catch (error) {
    console.error(
      JSON.stringify({
        message: "AUTH_FAILURES limiter failed",
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    return refusal;
  }
  return admitted ? refusal : tooManyFailures(remember(client, now));
}

/** Counts one failure under the first of the client's keys that still admits one (see AuthFailureLimiter). */
async function admittedUnderSomeKey(limiter: AuthFailureLimiter, client: string): Promise<boolean> {
  const keys = Math.max(1, Math.ceil(limiter.limit / AUTH_FAILURE_BINDING_LIMIT));
  for (let index = 0; index < keys; index++) {
    const outcome = await limiter.binding.limit({ key: index === 0 ? client : `${client}#${index}` });
    if (outcome.success) return true;
  }
  return false;
}

/**
 * The request's key as its form decides it, before anything else is read (the body included) and
 * with no I/O but the limiter of a failure: 401 (or 429) for a missing, malformed, foreign, forged
 * or refused legacy key. A legacy key (no check) costs one indexed read, `legacyLineageActive`,
 * before its Durable Object is called: 401 when its lineage has no active legacy key, and 429
 * without the read when its client is over the limit. `checkedLately` names the keys this isolate
 * saw admitted lately under the same secrets (warm-keys.ts): neither check nor read is repeated.
 */
export async function keyOfRequest(
  limiter: AuthFailureLimiter,
  headers: Headers,
  policy: KeyFormPolicy,
  legacyLineageActive: (lineageId: string) => Promise<boolean>,
  checkedLately?: (key: PresentedKey) => boolean,
): Promise<PresentedKey> {
  const client = clientOf(headers);
  let presented: Awaited<ReturnType<typeof checkedKey>>;
  try {
    presented = await checkedKey(headers.get("Authorization") ?? undefined, policy, checkedLately);
  } catch (error) {
    throw error instanceof ApiError ? await failedAuthentication(limiter, client, error) : error;
  }
  if (presented.legacy) {
    const remembered = rememberedLimit(client, clock.now());
    if (remembered !== undefined) throw tooManyFailures(remembered);
    // A legacy key its object admitted lately (checkedLately) is known to exist: not read again.
    if (!presented.checkedLately && !(await legacyLineageActive(presented.key.lineageId)))
      throw await failedAuthentication(limiter, client, unauthorized(UNKNOWN_KEY, "invalid_token"));
  }
  return presented.key;
}
