import type { Config } from "../config";
import type { Env } from "../env";
import type { Caller } from "../keys/caller";
import type { RoundTrips } from "../data/session";
import type { RateDecision } from "../keys/guard";

/** What a request carries through Hono (c.env, c.var): the Worker's bindings, and what the pipeline sets as it goes. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    config: Config;
    caller?: Caller;
    operationId?: string;
    rateLimit?: Pick<RateDecision, "limit" | "remaining" | "resetSeconds">;
    /** The request's round trips, counted when Server-Timing is configured. */
    trips?: RoundTrips;
  };
}
