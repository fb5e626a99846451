import type { Config } from "../../config";
import { timingSafeEqualText } from "../../keys/auth";
import { uint8ArrayToBase64, uint8ArrayToHex } from "uint8array-extras";

/**
 * Each provider's own way of signing its callbacks, checked before anything of the body is used.
 * Every comparison is constant-time over the whole secret-derived value.
 */

export type CallbackProvider = "twilio" | "whatsapp" | "postmark" | "stripe";

/** Stripe's default tolerance: a signed timestamp further than this from now is a replay. */
export const STRIPE_TOLERANCE_SECONDS = 300;

/** The callback as received: the URL providers were given (the configured base, not the Host header), its headers, its raw body. */
export interface ReceivedCallback {
  /** `<PROVIDER_CALLBACK_BASE_URL><path><query>`: what the provider signed, behind any proxy. */
  url: string;
  headers: Headers;
  body: string;
  /** Unix seconds (the clock). */
  nowSeconds: number;
}

export type Verdict =
  | { verified: true }
  /** 401: no credentials at all; 403: credentials that do not match or are stale; 503: the deployment has no secret for this provider. */
  | { verified: false; status: 401 | 403 | 503; reason: string };

const encoder = new TextEncoder();
const refused = (status: 401 | 403 | 503, reason: string): Verdict => ({ verified: false, status, reason });

async function hmac(algorithm: "SHA-1" | "SHA-256", key: string, message: string): Promise<Uint8Array> {
  const cryptoKey = await crypto.subtle.importKey(
    "raw",
    encoder.encode(key),
    { name: "HMAC", hash: algorithm },
    false,
    ["sign"],
  );
  return new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, encoder.encode(message)));
}

/** Twilio: base64 HMAC-SHA1, keyed by the auth token, of the full URL followed by each form parameter's name and value, sorted by name. */
export async function twilioSignature(authToken: string, url: string, params: URLSearchParams): Promise<string> {
  const pairs = [...params].sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return uint8ArrayToBase64(await hmac("SHA-1", authToken, url + pairs.map(([name, value]) => name + value).join("")));
}

/** Meta: `sha256=` and the hex HMAC-SHA256 of the raw body, keyed by the app secret. */
export async function metaSignature(appSecret: string, body: string): Promise<string> {
  return `sha256=${uint8ArrayToHex(await hmac("SHA-256", appSecret, body))}`;
}

/**
 * Stripe: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed by the endpoint's signing secret.
 * By hand, not by the `stripe` package's `webhooks.constructEventAsync` (which does run on Workers):
 * the package brings its whole API client, +92 KiB gzipped (`wrangler deploy --dry-run`: 4,448 to
 * 5,278 KiB, 956 to 1,047 KiB gzipped), which takes the bundle past the 1 MiB gzipped target of
 * docs/performance.md. verify.node.test.ts holds this to Stripe's rules with headers signed by node:crypto.
 */
export async function stripeSignature(secret: string, body: string, timestamp: number): Promise<string> {
  return `t=${timestamp},v1=${uint8ArrayToHex(await hmac("SHA-256", secret, `${timestamp}.${body}`))}`;
}

/** Postmark: the HTTP Basic credentials configured on the webhook. */
export const postmarkAuthorization = (user: string, password: string) => `Basic ${btoa(`${user}:${password}`)}`;

// biome-ignore lint/complexity/noExcessiveCognitiveComplexity: one case per provider's signature scheme, each checked where its verdict is given
export async function verifyCallback(
  provider: CallbackProvider,
  secrets: Config["callbacks"],
  callback: ReceivedCallback,
): Promise<Verdict> {
  switch (provider) {
    case "twilio": {
      const presented = callback.headers.get("X-Twilio-Signature");
      if (!presented) return refused(401, "missing X-Twilio-Signature");
      if (!secrets.twilioAuthToken) return refused(503, "TWILIO_AUTH_TOKEN is not configured");
      const expected = await twilioSignature(secrets.twilioAuthToken, callback.url, new URLSearchParams(callback.body));
      return timingSafeEqualText(presented, expected)
        ? { verified: true }
        : refused(403, "X-Twilio-Signature does not match");
    }
    case "whatsapp": {
      const presented = callback.headers.get("X-Hub-Signature-256");
      if (!presented) return refused(401, "missing X-Hub-Signature-256");
      if (!secrets.whatsappAppSecret) return refused(503, "WHATSAPP_APP_SECRET is not configured");
      return timingSafeEqualText(presented, await metaSignature(secrets.whatsappAppSecret, callback.body))
        ? { verified: true }
        : refused(403, "X-Hub-Signature-256 does not match");
    }
    case "postmark": {
      const presented = callback.headers.get("Authorization");
      if (!presented) return refused(401, "missing Authorization");
      if (!secrets.postmarkUser || !secrets.postmarkPassword)
        return refused(503, "POSTMARK_WEBHOOK_USER / POSTMARK_WEBHOOK_PASSWORD are not configured");
      return timingSafeEqualText(presented, postmarkAuthorization(secrets.postmarkUser, secrets.postmarkPassword))
        ? { verified: true }
        : refused(403, "the webhook credentials do not match");
    }
    case "stripe": {
      const presented = callback.headers.get("Stripe-Signature");
      if (!presented) return refused(401, "missing Stripe-Signature");
      if (!secrets.stripeWebhookSecret) return refused(503, "STRIPE_WEBHOOK_SECRET is not configured");
      const parts = presented.split(",").map((part) => part.trim().split("=", 2) as [string, string | undefined]);
      const timestamp = Number(parts.find(([name]) => name === "t")?.[1]);
      const candidates = parts.filter(([name]) => name === "v1").map(([, value]) => value ?? "");
      // Only v1 is evidence, as Stripe says (against downgrades; test mode adds a fake v0); `t` is whole seconds.
      if (!Number.isInteger(timestamp) || candidates.length === 0) return refused(403, "Stripe-Signature is malformed");
      const expected =
        (await stripeSignature(secrets.stripeWebhookSecret, callback.body, timestamp)).split("v1=")[1] ?? "";
      // Every candidate is compared (a rolled secret sends two), so the time does not depend on which matched.
      const matched = candidates.map((candidate) => timingSafeEqualText(candidate, expected)).includes(true);
      if (!matched) return refused(403, "Stripe-Signature does not match");
      // Stripe's default tolerance, both ways (its package checks only age): a clock far ahead is refused too.
      return Math.abs(callback.nowSeconds - timestamp) <= STRIPE_TOLERANCE_SECONDS
        ? { verified: true }
        : refused(403, "Stripe-Signature is outside the tolerance window");
    }
  }
}

/** Meta's subscription handshake (GET ?hub.mode=subscribe&hub.verify_token=...&hub.challenge=...): the challenge to answer, or null. */
export function metaChallenge(secrets: Config["callbacks"], query: URLSearchParams): string | null {
  const token = query.get("hub.verify_token");
  const challenge = query.get("hub.challenge");
  if (query.get("hub.mode") !== "subscribe" || !token || !challenge || !secrets.whatsappVerifyToken) return null;
  if (!timingSafeEqualText(token, secrets.whatsappVerifyToken)) return null;
  // Meta sends a number; anything else is not echoed.
  return /^[0-9A-Za-z_-]{1,128}$/.test(challenge) ? challenge : null;
}
