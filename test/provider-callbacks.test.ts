import { env } from "cloudflare:test";
import { z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createApp } from "../src/app";
import {
  defineCallback,
  metaSignature,
  postmarkAuthorization,
  STRIPE_TOLERANCE_SECONDS,
  stripeSignature,
} from "../src/core/callbacks";
import { providerCallbacks } from "../src/data/schema";
import { defineDomain } from "../src/core/domain";
import { defineJob } from "../src/work/jobs";
import { call, db, tenant } from "./helpers";

/**
 * The core's provider callback routes, through the runtime, over a test domain that declares one
 * Stripe and one Meta callback: each provider's own signature scheme, the body cap, the record
 * kept once per provider event id. (Twilio: src/domains/dialer/callbacks.test.ts; Postmark below, on the email domain.)
 */

const Event = z.object({ body: z.object({ id: z.string(), company: z.string() }) });
const noop = defineJob({ kind: "test.callback", payload: Event, run: async () => ({ status: "done" }) });
const byCompany = async (_db: unknown, { body }: z.output<typeof Event>) => body.company;
const testDomain = defineDomain({
  name: "callback-test",
  defaults: { tag: "Test", plans: "ALL", capability: "test" },
  operations: [],
  callbacks: [
    defineCallback({
      provider: "stripe",
      topic: "events",
      job: noop,
      eventId: ({ body }) => body.id,
      companyOf: byCompany,
    }),
    defineCallback({
      provider: "whatsapp",
      topic: "messages",
      job: noop,
      eventId: ({ body }) => body.id,
      companyOf: byCompany,
    }),
  ],
});
const app = createApp([testDomain]);
const recorded = (companyId: string) =>
  db.select().from(providerCallbacks).where(eq(providerCallbacks.companyId, companyId));
const now = () => Math.floor(Date.now() / 1000);

const stripe = (body: string, signature: string | null) =>
  call("/providers/stripe/events", {
    app,
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", ...(signature === null ? {} : { "Stripe-Signature": signature }) },
  });
const meta = (body: string, signature: string | null) =>
  call("/providers/whatsapp/messages", {
    app,
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/json",
      ...(signature === null ? {} : { "X-Hub-Signature-256": signature }),
    },
  });

describe("Stripe-Signature", () => {
  it("records a signed event once, however often it is sent", async () => {
    const { companyId } = await tenant();
    const body = JSON.stringify({
      id: `evt_${crypto.randomUUID()}`,
      company: companyId,
      type: "payment_intent.succeeded",
    });
    const signature = await stripeSignature(env.STRIPE_WEBHOOK_SECRET, body, now());
    expect((await stripe(body, signature)).status).toBe(200);
    expect((await stripe(body, signature)).status).toBe(200);
    expect(await recorded(companyId)).toHaveLength(1);
  });

  it("refuses unsigned (401), wrongly signed, another secret's, tampered and stale events (403), recording nothing", async () => {
    const { companyId } = await tenant();
    const body = JSON.stringify({ id: `evt_${crypto.randomUUID()}`, company: companyId });
    expect((await stripe(body, null)).status).toBe(401);
    expect((await stripe(body, `t=${now()},v1=${"0".repeat(64)}`)).status).toBe(403);
    expect((await stripe(body, await stripeSignature("whsec_other", body, now()))).status).toBe(403);
    expect(
      (await stripe(body.replace("}", ',"x":1}'), await stripeSignature(env.STRIPE_WEBHOOK_SECRET, body, now())))
        .status,
    ).toBe(403);
    const stale = await stripe(
      body,
      await stripeSignature(env.STRIPE_WEBHOOK_SECRET, body, now() - STRIPE_TOLERANCE_SECONDS - 60),
    );
    expect(stale.status).toBe(403);
    expect(stale.text).not.toContain(companyId);
    expect(await recorded(companyId)).toEqual([]);
  });

  it("answers 413 above the body cap, unread", async () => {
    const big = JSON.stringify({ id: "evt_big", company: "x", pad: "a".repeat(70 * 1024) });
    expect((await stripe(big, await stripeSignature(env.STRIPE_WEBHOOK_SECRET, big, now()))).status).toBe(413);
  });
});

describe("Meta X-Hub-Signature-256", () => {
  it("records a signed callback, refuses an unsigned (401) or wrongly signed one (403)", async () => {
    const { companyId } = await tenant();
    const body = JSON.stringify({ id: `wamid.${crypto.randomUUID()}`, company: companyId });
    expect((await meta(body, null)).status).toBe(401);
    expect((await meta(body, await metaSignature("another-secret", body))).status).toBe(403);
    expect(await recorded(companyId)).toEqual([]);
    expect((await meta(body, await metaSignature(env.WHATSAPP_APP_SECRET, body))).status).toBe(200);
    expect(await recorded(companyId)).toHaveLength(1);
  });

  it("answers the subscription handshake only for the configured verify token", async () => {
    const handshake = (token: string) =>
      call(`/providers/whatsapp/messages?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`, {
        app,
      });
    const accepted = await handshake(env.WHATSAPP_VERIFY_TOKEN);
    expect(accepted.status).toBe(200);
    expect(accepted.text).toBe("1158201444");
    const refused = await handshake("wrong");
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain("1158201444");
  });
});

describe("Postmark webhook credentials (email domain)", () => {
  const delivery = (companyId: string) =>
    JSON.stringify({
      RecordType: "Delivery",
      MessageID: crypto.randomUUID(),
      Recipient: "a@example.com",
      DeliveredAt: new Date().toISOString(),
      Metadata: { message_id: "unknown", company_id: companyId },
    });
  const postmark = (body: string, authorization: string | null) =>
    call("/providers/postmark/email-events", {
      method: "POST",
      body,
      headers: {
        "Content-Type": "application/json",
        ...(authorization === null ? {} : { Authorization: authorization }),
      },
    });

  it("refuses missing (401) and wrong (403) credentials; acknowledges, and ignores, a delivery of an email we do not know", async () => {
    const { companyId } = await tenant();
    expect((await postmark(delivery(companyId), null)).status).toBe(401);
    expect(
      (await postmark(delivery(companyId), postmarkAuthorization(env.POSTMARK_WEBHOOK_USER, "wrong"))).status,
    ).toBe(403);
    expect(
      (
        await postmark(
          delivery(companyId),
          postmarkAuthorization(env.POSTMARK_WEBHOOK_USER, env.POSTMARK_WEBHOOK_PASSWORD),
        )
      ).status,
    ).toBe(200);
    expect(await recorded(companyId)).toEqual([]);
  });
});
