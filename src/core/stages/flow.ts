import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import type { KeyGuard } from "../../keys/guard";

export type KeyGuardStub = DurableObjectStub<KeyGuard>;

export const VISIBLE_ASCII = /^[\x21-\x7e]+$/;
/** The D1 session bookmark a response carries and a request may send back (read your writes). */
export const BOOKMARK_HEADER = "X-D1-Bookmark";

/** Runs a Durable Object or D1 call, counted in the request's round trips when they are counted. */
export function tracked<T>(c: Context<AppEnv>, kind: "keyguard" | "d1", call: () => Promise<T>): Promise<T> {
  const trips = c.get("trips");
  return trips ? trips.track(kind, call) : call();
}
