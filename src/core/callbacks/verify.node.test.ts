import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Config } from "../../config";
import { STRIPE_TOLERANCE_SECONDS, stripeSignature, verifyCallback } from "./verify";

/**
 * Stripe's signature rules (https://docs.stripe.com/webhooks#verify-manually), checked against
 * headers made here with node:crypto, not with the package under test: `t` and one or more `v1`,
 * each the hex HMAC-SHA256 of "<t>.<body>" keyed by the endpoint secret; any `v1` may match (a
 * rolled secret signs with both); other schemes (`v0`) are not evidence; `t` older than the tolerance is a replay.
 */
const SECRET = "whsec_test_node";
const NOW = 1_790_000_000;
const secrets = { baseUrl: "https://api.test", stripeWebhookSecret: SECRET } as Config["callbacks"];
const body = JSON.stringify({ id: "evt_1", object: "event", type: "payment_intent.succeeded" });

const v1 = (secret: string, timestamp: number, payload = body) =>
  createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");

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

describe("Stripe-Signature (Stripe's own verifier)", () => {
  it("verifies a header signed as Stripe signs, and the test signer writes exactly that header", async () => {
    const header = `t=${NOW},v1=${v1(SECRET, NOW)}`;
    expect(await verify(header)).toEqual({ verified: true });
    expect(await stripeSignature(SECRET, body, NOW)).toBe(header);
  });

  it("accepts any of several v1 signatures (a rolled secret), in any order, beside a v0", async () => {
    const right = v1(SECRET, NOW);
    const old = v1("whsec_previous", NOW);
    expect(await verify(`t=${NOW},v1=${old},v1=${right}`)).toEqual({ verified: true });
    expect(await verify(`t=${NOW},v1=${right},v1=${old}`)).toEqual({ verified: true });
    expect(await verify(`t=${NOW},v0=${"0".repeat(64)},v1=${right}`)).toEqual({ verified: true });
  });

  it("refuses a signature under another scheme, even a right one (403)", async () => {
    expect(await verify(`t=${NOW},v0=${v1(SECRET, NOW)}`)).toMatchObject({ verified: false, status: 403 });
    expect(await verify(`t=${NOW},v2=${v1(SECRET, NOW)}`)).toMatchObject({ verified: false, status: 403 });
  });

  it("refuses another secret's signature, a tampered body, a changed timestamp and a malformed header (403)", async () => {
    for (const [header, payload] of [
      [`t=${NOW},v1=${v1("whsec_other", NOW)}`, body],
      [`t=${NOW},v1=${v1(SECRET, NOW)}`, body.replace("}", ',"x":1}')],
      [`t=${NOW - 1},v1=${v1(SECRET, NOW)}`, body],
      [`v1=${v1(SECRET, NOW)}`, body],
      [`t=${NOW}`, body],
      ["garbage", body],
    ] as const) {
      expect(await verify(header, { payload }), header).toMatchObject({ verified: false, status: 403 });
    }
  });

  it("accepts a timestamp up to the tolerance old and refuses one older (403)", async () => {
    const at = NOW - STRIPE_TOLERANCE_SECONDS;
    expect(await verify(`t=${at},v1=${v1(SECRET, at)}`)).toEqual({ verified: true });
    const stale = NOW - STRIPE_TOLERANCE_SECONDS - 1;
    const refused = await verify(`t=${stale},v1=${v1(SECRET, stale)}`);
    expect(refused).toMatchObject({ verified: false, status: 403 });
    expect(refused.verified === false && refused.reason).toContain("tolerance");
  });

  it("answers 401 without the header and 503 without a configured secret, and names no secret in a reason", async () => {
    expect(await verify(null)).toMatchObject({ verified: false, status: 401 });
    expect(await verify(`t=${NOW},v1=${v1(SECRET, NOW)}`, { secret: "" })).toMatchObject({
      verified: false,
      status: 503,
    });
    const refused = await verify(`t=${NOW},v1=${v1("whsec_other", NOW)}`);
    expect(refused.verified === false && refused.reason).not.toContain(SECRET);
  });
});
