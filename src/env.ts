import type { KeyGuard } from "./core/guard";

/** Bindings and variables of the Worker (wrangler.toml, .dev.vars, `wrangler secret put`). */
export interface Env {
  DB: D1Database;
  KEY_GUARD: DurableObjectNamespace<KeyGuard>;
  PUBLIC_API_ENABLED: string;
  PUBLIC_API_WRITE_ENABLED: string;
  PUBLIC_API_SPEND_ENABLED: string;
  CONVERSATIONS_API_ENABLED: string;
  WEBHOOKS_ALLOW_LOOPBACK: string;
  API_ENVIRONMENT: string;
  PUBLIC_BASE_URL: string;
  RATE_LIMIT_PER_MINUTE: string;
  REQUEST_LOG: string;
}

export const isOn = (value: string | undefined) => value === "true";
