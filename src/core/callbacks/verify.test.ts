import { describe, expect, it } from "vitest";
import type { Config } from "../../config";
import { STRIPE_TOLERANCE_SECONDS, stripeSignature, verifyCallback } from "./verify";

/**
 * Stripe's signature rules (https://docs.stripe.com/webhooks#verify-manually), checked against
 * headers signed here with Web Crypto, not with the signer under test: `t` and one or more `v1`,
 * each the hex HMAC-SHA256 of "<t>.<body>" keyed by the endpoint secret; any `v1` may match (a
 * rolled secret signs with both); other schemes (`v0`) are not evidence; `t` older than the tolerance is a replay
 * (and, our own rule beyond Stripe's package, `t` as far ahead of the clock).
 */
const SECRET = "whsec_test_node";
const NOW = 1_790_000_000;
const secrets = { baseUrl: "https://api.test", stripeWebhookSecret: SECRET } as Config["callbacks"];
const body = JSON.stringify({ id: "evt_1", object: "event", type: "payment_intent.succeeded" });

const utf8 = new TextEncoder();
async function v1(secret: string, timestamp: number, payload = body): Promise<string> {
  const key = await crypto.subtle.importKey("raw", utf8.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, utf8.encode(`${timestamp}.${payload}`)));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

const verify = (header: string | null, options: { payload?: string; nowSeconds?: number; secret?: string } = {}) =>
  verifyCallback(
    "stripe",
    options.secret === undefined ? secrets : { ...secrets, stripeWebhookSecret: options.secret || undefined },
    {
      url: "https://api.test/providers/stripe/events",
      headers: new Headers(header === null ? {} : { "Stripe-Signature": header }),
      body: options.payload ?? body,
      nowSeconds: options.nowSeconds ?? NOW,
    },
  );

describe("Stripe-Signature", () => {
  it("verifies a header signed as Stripe signs, and the test signer writes exactly that header", async () => {
    const header = `t=${NOW},v1=${await v1(SECRET, NOW)}`;
    expect(await verify(header)).toEqual({ verified: true });
    expect(await stripeSignature(SECRET, body, NOW)).toBe(header);
  });

  it("accepts any of several v1 signatures (a rolled secret), in any order, beside a v0", async () => {
    const right = await v1(SECRET, NOW);
    const old = await v1("whsec_previous", NOW);
    expect(await verify(`t=${NOW},v1=${old},v1=${right}`)).toEqual({ verified: true });
    expect(await verify(`t=${NOW},v1=${right},v1=${old}`)).toEqual({ verified: true });
    expect(await verify(`t=${NOW},v0=${"0".repeat(64)},v1=${right}`)).toEqual({ verified: true });
  });

  it("refuses a signature under another scheme, even a right one (403)", async () => {
    expect(await verify(`t=${NOW},v0=${await v1(SECRET, NOW)}`)).toMatchObject({ verified: false, status: 403 });
    expect(await verify(`t=${NOW},v2=${await v1(SECRET, NOW)}`)).toMatchObject({ verified: false, status: 403 });
  });

  it("refuses another secret's signature, a tampered body, a changed timestamp and a malformed header (403)", async () => {
    for (const [header, payload] of [
      [`t=${NOW},v1=${await v1("whsec_other", NOW)}`, body],
      [`t=${NOW},v1=${await v1(SECRET, NOW)}`, body.replace("}", ',"x":1}')],
      [`t=${NOW - 1},v1=${await v1(SECRET, NOW)}`, body],
      [`v1=${await v1(SECRET, NOW)}`, body],
      [`t=${NOW}`, body],
      ["garbage", body],
    ] as const) {
      expect(await verify(header, { payload }), header).toMatchObject({ verified: false, status: 403 });
    }
  });

  it("accepts a timestamp up to the tolerance old and refuses one older (403)", async () => {
    const at = NOW - STRIPE_TOLERANCE_SECONDS;
    expect(await verify(`t=${at},v1=${await v1(SECRET, at)}`)).toEqual({ verified: true });
    const stale = NOW - STRIPE_TOLERANCE_SECONDS - 1;
    const refused = await verify(`t=${stale},v1=${await v1(SECRET, stale)}`);
    expect(refused).toMatchObject({ verified: false, status: 403 });
    expect(refused.verified === false && refused.reason).toContain("tolerance");
  });

  it("refuses a timestamp further ahead of the clock than the tolerance (403), as it refuses one behind", async () => {
    const ahead = NOW + STRIPE_TOLERANCE_SECONDS;
    expect(await verify(`t=${ahead},v1=${await v1(SECRET, ahead)}`)).toEqual({ verified: true });
    const far = NOW + STRIPE_TOLERANCE_SECONDS + 1;
    expect(await verify(`t=${far},v1=${await v1(SECRET, far)}`)).toMatchObject({ verified: false, status: 403 });
  });

  it("answers 401 without the header and 503 without a configured secret, and names no secret in a reason", async () => {
    expect(await verify(null)).toMatchObject({ verified: false, status: 401 });
    expect(await verify(`t=${NOW},v1=${await v1(SECRET, NOW)}`, { secret: "" })).toMatchObject({
      verified: false,
      status: 503,
    });
    const refused = await verify(`t=${NOW},v1=${await v1("whsec_other", NOW)}`);
    expect(refused.verified === false && refused.reason).not.toContain(SECRET);
  });
});
