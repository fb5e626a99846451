import { z } from "zod";
import type { Env } from "./env";
import { AUTH_FAILURE_BINDING_LIMIT } from "./keys/auth-failures";

/** Switches take the strings "true" and "false"; anything else is a configuration error, not "off". */
const switchVar = z.enum(["true", "false"]).transform((value) => value === "true");
const positiveInt = z
  .string()
  .regex(/^\d+$/, "a whole number")
  .transform(Number)
  .pipe(z.number().int().min(1).max(1_000_000_000));

/** The highest AUTH_FAILURE_LIMIT: each multiple of the binding's limit is one more limiter call for a client past it. */
const MAX_AUTH_FAILURE_LIMIT = 3000;

/** The deepest reach AGENCY_MAX_DEPTH may configure: each level is one step of the tree's recursive queries. */
const MAX_AGENCY_DEPTH = 20;

/** An optional secret or identifier: empty or absent means "not configured". */
const optionalText = z
  .string()
  .optional()
  .transform((text) => text?.trim() || undefined);
/**
 * A provider's base URL (src/integrations): empty or absent means "not configured". https, or
 * plain http to a loopback address only (the local fake providers), so no token travels in clear.
 */
const providerBaseUrl = optionalText.pipe(
  z
    .url({ protocol: /^https?$/ })
    .refine(
      (url) => url.startsWith("https:") || /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/.test(url),
      "https, or http to 127.0.0.1 / localhost only",
    )
    .transform((url) => url.replace(/\/+$/, ""))
    .optional(),
);

/**
 * The Worker's variables and secrets (wrangler.toml, `--var`, .dev.vars, `wrangler secret put`),
 * parsed once into the typed configuration every module reads. Numbers that are not variables
 * (the window, the body cap) live here too, so that docs and the OpenAPI text quote the same ones.
 */
const ConfigSchema = z
  .object({
    PUBLIC_API_ENABLED: switchVar,
    PUBLIC_API_WRITE_ENABLED: switchVar,
    PUBLIC_API_SPEND_ENABLED: switchVar,
    CONVERSATIONS_API_ENABLED: switchVar,
    WEBHOOKS_ALLOW_LOOPBACK: switchVar,
    REQUEST_LOG: switchVar,
    API_ENVIRONMENT: z.enum(["test", "live"]),
    PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, "")),
    RATE_LIMIT_PER_MINUTE: positiveInt,
    // Failed authentications per client per minute before 429 (src/keys/auth-failures.ts).
    AUTH_FAILURE_LIMIT: positiveInt
      .pipe(
        z
          .number()
          .max(MAX_AUTH_FAILURE_LIMIT)
          .multipleOf(AUTH_FAILURE_BINDING_LIMIT, `a multiple of ${AUTH_FAILURE_BINDING_LIMIT}, the binding's limit`),
      )
      .optional(),
    KEY_STATE_MAX_AGE_SECONDS: positiveInt.optional(),
    SERVER_TIMING: switchVar.optional(),
    ADMIN_SECRET: optionalText,
    INBOUND_EMAIL_DOMAIN: optionalText,
    WEBHOOK_RETRY_SCHEDULE: z
      .string()
      .regex(/^(\s*\d+\s*(,\s*\d+\s*)*)?$/, "empty, or comma-separated whole seconds such as 1,1,2")
      .optional()
      .transform((text) => (text?.trim() ? text.split(",").map((part) => Number(part.trim())) : undefined)),
    WEBHOOK_SECRET_KEY: z.string().min(1).optional(),
    // The HMAC key of the check every API key carries (src/keys/auth.ts): at least 32 characters.
    API_KEY_CHECK_SECRET: optionalText.pipe(z.string().min(32, "at least 32 characters").optional()),
    // During a rotation of that secret, the one before it: keys minted under it still pass their check.
    API_KEY_CHECK_SECRET_PREVIOUS: optionalText.pipe(z.string().min(32, "at least 32 characters").optional()),
    LEGACY_UNCHECKED_KEYS: z.enum(["accept", "refuse"]).optional(),
    // Outbound providers (src/integrations): base URLs and ids are variables, credentials secrets.
    PROVIDER_TIMEOUT_MS: positiveInt.optional(),
    WHATSAPP_BASE_URL: providerBaseUrl,
    WHATSAPP_ACCESS_TOKEN: optionalText,
    WHATSAPP_PHONE_NUMBER_ID: optionalText,
    WHATSAPP_BUSINESS_ACCOUNT_ID: optionalText,
    // The Meta app's id: with WHATSAPP_APP_SECRET, what exchanges a number's token for a fresh one (unset: no rotation).
    WHATSAPP_APP_ID: optionalText,
    POSTMARK_BASE_URL: providerBaseUrl,
    POSTMARK_SERVER_TOKEN: optionalText,
    POSTMARK_ACCOUNT_TOKEN: optionalText,
    EMAIL_FROM: optionalText,
    TWILIO_BASE_URL: providerBaseUrl,
    TWILIO_LOOKUP_BASE_URL: providerBaseUrl,
    TWILIO_TRUNKING_BASE_URL: providerBaseUrl,
    TWILIO_ACCOUNT_SID: optionalText,
    TWILIO_AUTH_TOKEN: optionalText,
    TWILIO_FROM_NUMBER: optionalText,
    // The agents' voice service: a wss:// template of where a dialled call's media streams ({agent_id}, {call_id}).
    VOICE_STREAM_URL: optionalText.pipe(
      z
        .string()
        .regex(/^wss:\/\/[^\s]+$/, "VOICE_STREAM_URL must be a wss:// URL")
        .refine((url) => url.includes("{call_id}"), "VOICE_STREAM_URL must contain {call_id}")
        .optional(),
    ),
    STRIPE_BASE_URL: providerBaseUrl,
    STRIPE_SECRET_KEY: optionalText,
    // Provider callbacks (src/core/callbacks): where providers are told to call, and what they sign with.
    PROVIDER_CALLBACK_BASE_URL: optionalText.pipe(
      z
        .url({ protocol: /^https?$/ })
        .transform((url) => url.replace(/\/+$/, ""))
        .optional(),
    ),
    WHATSAPP_APP_SECRET: optionalText,
    WHATSAPP_VERIFY_TOKEN: optionalText,
    POSTMARK_WEBHOOK_USER: optionalText,
    POSTMARK_WEBHOOK_PASSWORD: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    PAPERLESS_BASE_URL: providerBaseUrl,
    PAPERLESS_TOKEN: optionalText,
    DOH_BASE_URL: providerBaseUrl,
    JMAP_BASE_URL: providerBaseUrl,
    JMAP_TOKEN: optionalText,
    TOPUP_MINIMUM_AMOUNT: positiveInt.optional(),
    TOPUP_MAXIMUM_AMOUNT: positiveInt.optional(),
    AGENCY_MAX_DEPTH: positiveInt.pipe(z.number().max(MAX_AGENCY_DEPTH)).optional(),
  })
  .refine(
    (vars) =>
      (vars.TOPUP_MINIMUM_AMOUNT ?? DEFAULT_TOPUP_MINIMUM) <= (vars.TOPUP_MAXIMUM_AMOUNT ?? DEFAULT_TOPUP_MAXIMUM),
    {
      path: ["TOPUP_MAXIMUM_AMOUNT"],
      message: "at least TOPUP_MINIMUM_AMOUNT",
    },
  )
  .transform((vars) => ({
    apiEnabled: vars.PUBLIC_API_ENABLED,
    writeEnabled: vars.PUBLIC_API_WRITE_ENABLED,
    spendEnabled: vars.PUBLIC_API_SPEND_ENABLED,
    conversationsEnabled: vars.CONVERSATIONS_API_ENABLED,
    webhooksAllowLoopback: vars.WEBHOOKS_ALLOW_LOOPBACK,
    requestLog: vars.REQUEST_LOG,
    environment: vars.API_ENVIRONMENT,
    publicBaseUrl: vars.PUBLIC_BASE_URL,
    rateLimit: { limit: vars.RATE_LIMIT_PER_MINUTE, windowSeconds: RATE_WINDOW_SECONDS },
    /** Requests that fail authentication a client may make per minute before 429 (the AUTH_FAILURES binding's limit unless raised). */
    authFailureLimit: vars.AUTH_FAILURE_LIMIT ?? AUTH_FAILURE_BINDING_LIMIT,
    /**
     * How long a key's Durable Object trusts what it read of the key and its company. Every change
     * tells the object at once; this only bounds the effect of such a message being lost.
     */
    keyStateMaxAgeSeconds: vars.KEY_STATE_MAX_AGE_SECONDS ?? DEFAULT_KEY_STATE_MAX_AGE_SECONDS,
    /** Server-Timing on every response: the Durable Object and D1 calls the request made, counted by the code. */
    serverTiming: vars.SERVER_TIMING ?? false,
    /** The bearer secret of the operators' routes (/admin/v1, used by the admin CLI); unset: they answer 404. */
    adminSecret: vars.ADMIN_SECRET,
    /** The domain of the addresses forwarding mailboxes receive at (<token>@this); unset: none can be added. */
    inboundEmailDomain: vars.INBOUND_EMAIL_DOMAIN,
    maxBodyBytes: MAX_BODY_BYTES,
    /** Local testing only: webhook retry delays in seconds instead of the Standard Webhooks schedule. */
    webhookRetrySchedule: vars.WEBHOOK_RETRY_SCHEDULE,
    /** Base64 of 32 bytes, the AES-GCM key of stored webhook signing secrets (a Worker secret). */
    webhookSecretKey: vars.WEBHOOK_SECRET_KEY,
    /**
     * API keys' form (src/keys/auth.ts): the secret of their check (and, during its rotation, the
     * previous one, still accepted; new keys always carry the current one), and whether keys minted before
     * the check (no check: they reach their Durable Object to be refused) are still accepted.
     */
    apiKeys: {
      checkSecret: vars.API_KEY_CHECK_SECRET,
      previousCheckSecret: vars.API_KEY_CHECK_SECRET_PREVIOUS,
      legacyKeys: vars.LEGACY_UNCHECKED_KEYS ?? "accept",
    },
    /** Outbound providers (src/integrations); an absent value means that part is not configured. */
    providers: {
      timeoutMs: vars.PROVIDER_TIMEOUT_MS ?? DEFAULT_PROVIDER_TIMEOUT_MS,
      whatsapp: {
        baseUrl: vars.WHATSAPP_BASE_URL,
        accessToken: vars.WHATSAPP_ACCESS_TOKEN,
        phoneNumberId: vars.WHATSAPP_PHONE_NUMBER_ID,
        businessAccountId: vars.WHATSAPP_BUSINESS_ACCOUNT_ID,
        /** The Meta app whose id and secret exchange a number's token for a fresh one (both unset: tokens are not rotated). */
        appId: vars.WHATSAPP_APP_ID,
        appSecret: vars.WHATSAPP_APP_SECRET,
      },
      postmark: {
        baseUrl: vars.POSTMARK_BASE_URL,
        serverToken: vars.POSTMARK_SERVER_TOKEN,
        accountToken: vars.POSTMARK_ACCOUNT_TOKEN,
        from: vars.EMAIL_FROM,
      },
      twilio: {
        baseUrl: vars.TWILIO_BASE_URL,
        lookupBaseUrl: vars.TWILIO_LOOKUP_BASE_URL,
        trunkingBaseUrl: vars.TWILIO_TRUNKING_BASE_URL,
        accountSid: vars.TWILIO_ACCOUNT_SID,
        authToken: vars.TWILIO_AUTH_TOKEN,
        from: vars.TWILIO_FROM_NUMBER,
      },
      stripe: { baseUrl: vars.STRIPE_BASE_URL, secretKey: vars.STRIPE_SECRET_KEY },
      /** The voice service answering dialled calls: a wss:// template with {agent_id} and {call_id}; unset: dialling is 503. */
      voiceStreamUrl: vars.VOICE_STREAM_URL,
      paperless: { baseUrl: vars.PAPERLESS_BASE_URL, token: vars.PAPERLESS_TOKEN },
      doh: { baseUrl: vars.DOH_BASE_URL },
      jmap: { baseUrl: vars.JMAP_BASE_URL, token: vars.JMAP_TOKEN },
    },
    /**
     * Provider callbacks (POST /providers/<provider>/<topic>): the base of the URLs given to providers
     * (PUBLIC_BASE_URL unless set) and each provider's signing secret; an absent secret refuses its callbacks.
     */
    callbacks: {
      baseUrl: vars.PROVIDER_CALLBACK_BASE_URL ?? vars.PUBLIC_BASE_URL.replace(/\/+$/, ""),
      twilioAuthToken: vars.TWILIO_AUTH_TOKEN,
      whatsappAppSecret: vars.WHATSAPP_APP_SECRET,
      whatsappVerifyToken: vars.WHATSAPP_VERIFY_TOKEN,
      postmarkUser: vars.POSTMARK_WEBHOOK_USER,
      postmarkPassword: vars.POSTMARK_WEBHOOK_PASSWORD,
      stripeWebhookSecret: vars.STRIPE_WEBHOOK_SECRET,
    },
    /** Wallet top-ups (POST /billing/topups): the amounts accepted, in major units of the billing currency. */
    billing: {
      topUp: {
        minimum: vars.TOPUP_MINIMUM_AMOUNT ?? DEFAULT_TOPUP_MINIMUM,
        maximum: vars.TOPUP_MAXIMUM_AMOUNT ?? DEFAULT_TOPUP_MAXIMUM,
      },
    },
    /** Campaign dispatches (POST /campaigns/{id}/dispatch): the price of one email, in minor units of the wallet's currency. */
    /** Agency trees: how many levels below the key's company the /subaccounts and /agency operations reach. */
    agency: { maxDepth: vars.AGENCY_MAX_DEPTH ?? DEFAULT_AGENCY_MAX_DEPTH },
  }));

/** Levels of subaccounts an agency reaches when AGENCY_MAX_DEPTH is not set (children are level 1). */
const DEFAULT_AGENCY_MAX_DEPTH = 5;

/** The rolling window of the rate limit (the specification's "per minute"). */
const RATE_WINDOW_SECONDS = 60;
const MAX_BODY_BYTES = 1024 * 1024;
const DEFAULT_KEY_STATE_MAX_AGE_SECONDS = 60;
/** How long an outbound provider call may take when PROVIDER_TIMEOUT_MS is not set. */
const DEFAULT_PROVIDER_TIMEOUT_MS = 10_000;
/** Top-up bounds in major units when TOPUP_MINIMUM_AMOUNT / TOPUP_MAXIMUM_AMOUNT are not set. */
const DEFAULT_TOPUP_MINIMUM = 10;
const DEFAULT_TOPUP_MAXIMUM = 5000;

export type Config = z.output<typeof ConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid Worker configuration (wrangler.toml [vars], --var, or secrets): ${problems.join("; ")}`);
    this.name = "ConfigError";
  }
}

/** Parses the environment, or throws a ConfigError naming every invalid variable. */
export function parseConfig(env: Partial<Record<keyof Env, unknown>>): Config {
  const result = ConfigSchema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`),
  );
}

const parsed = new WeakMap<object, Config>();

/** The configuration of this environment object, parsed on first use and then reused. */
export function configOf(env: Env): Config {
  let config = parsed.get(env);
  if (!config) {
    config = parseConfig(env);
    parsed.set(env, config);
  }
  return config;
}
