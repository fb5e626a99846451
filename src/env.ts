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
  /** Webhook deliveries: each message is one delivery id. */
  WEBHOOK_QUEUE: Queue<string>;
  /** Dead-letter queue of WEBHOOK_QUEUE: deliveries given up on. */
  WEBHOOK_DLQ: Queue<string>;
  /** Secret (.dev.vars locally): base64 of 32 bytes, the AES-GCM key of stored signing secrets. */
  WEBHOOK_SECRET_KEY?: string;
  /** Local testing only: retry delays in seconds ("1,1,2") instead of the Standard Webhooks schedule. */
  WEBHOOK_RETRY_SCHEDULE?: string;
}

export const isOn = (value: string | undefined) => value === "true";
