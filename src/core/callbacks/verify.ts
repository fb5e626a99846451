import Stripe from "stripe";
import type { Config } from "../../config";
import { timingSafeEqualText } from "../../keys/auth";

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

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const hex = (bytes: Uint8Array) => [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");

/** Twilio: base64 HMAC-SHA1, keyed by the auth token, of the full URL followed by each form parameter's name and value, sorted by name. */
export async function twilioSignature(authToken: string, url: string, params: URLSearchParams): Promise<string> {
  const pairs = [...params].sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return base64(await hmac("SHA-1", authToken, url + pairs.map(([name, value]) => name + value).join("")));
}

/** Meta: `sha256=` and the hex HMAC-SHA256 of the raw body, keyed by the app secret. */
export async function metaSignature(appSecret: string, body: string): Promise<string> {
  return `sha256=${hex(await hmac("SHA-256", appSecret, body))}`;
}

/**
 * Stripe's verifier and signer are its own Node package's (`stripe.webhooks`), with the Web Crypto
 * provider a Worker has. The package brings the whole API client into the bundle: measured with
 * `wrangler deploy --dry-run`, 4447.96 KiB / 955.89 KiB gzip before, 5278.14 KiB / 1047.44 KiB gzip
 * after (+92 KiB gzip), which is small beside the Worker's limits, for Stripe's rules kept by Stripe.
 */
const stripeCrypto = Stripe.createSubtleCryptoProvider();

/** Stripe: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed by the endpoint's signing secret (Stripe's own test header). */
export function stripeSignature(secret: string, body: string, timestamp: number): Promise<string> {
  return Stripe.webhooks.generateTestHeaderStringAsync({
    payload: body,
    secret,
    timestamp,
    cryptoProvider: stripeCrypto,
  });
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
      let verified: boolean | undefined;
      try {
        // Stripe's rules: `t` and at least one `v1` (other schemes ignored; a rolled secret sends two
        // v1, either may match), each compared in constant time, and `t` at most the tolerance old.
        // The verifier constructEventAsync runs, without its JSON parse: the receiver reads the body.
        verified = await Stripe.webhooks.signature?.verifyHeaderAsync(
          callback.body,
          presented,
          secrets.stripeWebhookSecret,
          STRIPE_TOLERANCE_SECONDS,
          stripeCrypto,
          callback.nowSeconds * 1000,
        );
      } catch (error) {
        // Stripe's message (e.g. "Timestamp outside the tolerance zone") is the log's reason; it holds no secret.
        const why = error instanceof Stripe.errors.StripeSignatureVerificationError ? error.message : String(error);
        return refused(403, `Stripe-Signature: ${why.split("\n")[0]?.trim()}`);
      }
      // Fails closed should the package ever come without its signature helper.
      return verified === true ? { verified: true } : refused(403, "Stripe-Signature could not be verified");
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
