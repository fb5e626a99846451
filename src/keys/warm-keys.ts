import { timingSafeEqualText, type KeyFormPolicy, type PresentedKey } from "./auth";
import type { Caller } from "./caller";

/**
 * The keys this isolate's requests were admitted with, and the caller each was last admitted as:
 * memory only, bounded in size (the least recently admitted goes first), kept as long as the
 * isolate lives, and never an authority. It only lets a read start its D1 query beside the key's
 * Durable Object call instead of after it (src/core/stages/warm-read.ts); the object still decides
 * every request, and a refused request's data is discarded unread. A change the isolate is not
 * told about (a revocation, a suspension, a plan, scopes), however old the memory, costs at most a
 * wasted read: an answer is used only when the object admitted the very caller it was read as.
 */

/** At most this many keys are remembered (each a few hundred bytes); the least recently admitted goes first. */
export const MAX_WARM_KEYS = 10_000;

interface WarmKey {
  /** The presented key that was admitted, compared in constant time: another key of the lineage is not warm. */
  token: string;
  caller: Caller;
  /** The check secrets the key's form was verified under (auth.ts): under others it is checked again. */
  checkedUnder: Pick<KeyFormPolicy, "checkSecret" | "previousCheckSecret">;
}

/** By lineage, in order of admission (a Map keeps insertion order: the first entry is the oldest). */
const warmKeys = new Map<string, WarmKey>();

/**
 * The key, its form checked under `policy`, was admitted now (the object authenticated it and
 * counted the request) as `caller`.
 */
export function rememberAdmitted(key: PresentedKey, caller: Caller, policy: KeyFormPolicy): void {
  warmKeys.delete(key.lineageId);
  const checkedUnder = { checkSecret: policy.checkSecret, previousCheckSecret: policy.previousCheckSecret };
  warmKeys.set(key.lineageId, { token: key.token, caller, checkedUnder });
  if (warmKeys.size > MAX_WARM_KEYS) {
    const oldest = warmKeys.keys().next();
    if (!oldest.done) warmKeys.delete(oldest.value);
  }
}

/**
 * The object refused the key (401) or its request (429): its next request waits for the object
 * again. Only this very key is forgotten: another key naming the lineage cannot cool it.
 */
export function forgetKey(key: PresentedKey): void {
  const warm = warmKeys.get(key.lineageId);
  if (warm && timingSafeEqualText(warm.token, key.token)) warmKeys.delete(key.lineageId);
}

/**
 * What warmEntry found for a request's key: its form check and its early read both ask, and the
 * constant-time comparison is made once. Keyed by the request's own PresentedKey object.
 */
const lookedUp = new WeakMap<PresentedKey, WarmKey | null>();

/** This exact key's entry when this isolate admitted it, or undefined (cold). */
function warmEntry(key: PresentedKey): WarmKey | undefined {
  const known = lookedUp.get(key);
  if (known !== undefined) return known ?? undefined;
  const warm = warmKeys.get(key.lineageId);
  const found = warm && timingSafeEqualText(warm.token, key.token) ? warm : undefined;
  lookedUp.set(key, found ?? null);
  return found;
}

/** The caller this exact key was last admitted as by this isolate, or undefined (cold). */
export const warmCaller = (key: PresentedKey): Caller | undefined => warmEntry(key)?.caller;

/**
 * Whether this exact key was admitted by this isolate with its form checked under the same secrets as
 * `policy`'s: its check held then and its object knew it, so the check is not computed again (the
 * HMAC is most of a warm read's fixed CPU). Never an authority: the object still decides.
 */
export function checkedLately(key: PresentedKey, policy: KeyFormPolicy): boolean {
  const checkedUnder = warmEntry(key)?.checkedUnder;
  return (
    checkedUnder !== undefined &&
    checkedUnder.checkSecret === policy.checkSecret &&
    checkedUnder.previousCheckSecret === policy.previousCheckSecret
  );
}

/** Whether the object admitted the request as the same caller the speculative read ran as (its scopes, plan, company). */
export function sameCaller(remembered: Caller, admitted: Caller): boolean {
  return remembered === admitted || JSON.stringify(remembered) === JSON.stringify(admitted);
}
