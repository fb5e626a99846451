import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { concurrently } from "../../../test/concurrency";
import { billedCompany, send } from "../../../test/fixtures/billing";
import { call, db } from "../../../test/helpers";
import { settleJobs } from "../../../test/jobs";
import { balanceOf, checkedLedgerSum, ledgerOf } from "../../../test/wallet-operations";
import { STRIPE_TOLERANCE_SECONDS, stripeSignature } from "../../core/callbacks";
import { providerCallbacks } from "../../data/schema";
import { topUps } from "./schema";

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Stripe's Event for a PaymentIntent of `amountMinor` cents (EUR), as its webhook endpoint sends it. */
function paymentEvent(
  type: "payment_intent.succeeded" | "payment_intent.payment_failed",
  intent: { id: string; amountMinor: number; companyId: string; topUpId: string },
) {
  return JSON.stringify({
    id: `evt_${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`,
    object: "event",
    api_version: "2024-06-20",
    created: nowSeconds(),
    data: {
      object: {
        id: intent.id,
        object: "payment_intent",
        amount: intent.amountMinor,
        amount_received: type === "payment_intent.succeeded" ? intent.amountMinor : 0,
        currency: "eur",
        metadata: { company_id: intent.companyId, top_up_id: intent.topUpId },
        status: type === "payment_intent.succeeded" ? "succeeded" : "requires_payment_method",
        livemode: false,
      },
    },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
}

async function deliver(body: string, signature?: string) {
  return call("/providers/stripe/events", {
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/json",
      "Stripe-Signature": signature ?? (await stripeSignature(env.STRIPE_WEBHOOK_SECRET, body, nowSeconds())),
    },
  });
}

const recorded = (companyId: string) =>
  db
    .select()
    .from(providerCallbacks)
    .where(and(eq(providerCallbacks.companyId, companyId), eq(providerCallbacks.provider, "stripe")));
const topUpsOf = (companyId: string) => db.select().from(topUps).where(eq(topUps.companyId, companyId));
const newIntent = () => `pi_${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`;

describe("Stripe's payment events", () => {
  it("change nothing unless signed by the endpoint's secret within the tolerance", async () => {
    const t = await billedCompany({ balanceMinor: 1_000 });
    const body = paymentEvent("payment_intent.succeeded", {
      id: newIntent(),
      amountMinor: 5_000,
      companyId: t.companyId,
      topUpId: crypto.randomUUID(),
    });
    expect((await deliver(body, `t=${nowSeconds()},v1=${"0".repeat(64)}`)).status).toBe(403);
    expect((await deliver(body, await stripeSignature("whsec_other", body, nowSeconds()))).status).toBe(403);
    expect(
      (
        await deliver(
          body,
          await stripeSignature(env.STRIPE_WEBHOOK_SECRET, body, nowSeconds() - STRIPE_TOLERANCE_SECONDS - 60),
        )
      ).status,
    ).toBe(403);
    await settleJobs(t.companyId);
    expect(await recorded(t.companyId)).toHaveLength(0);
    expect(await balanceOf(t.companyId)).toBe(1_000);
  });

  it("leave a top-up its request already credited as it was: the balance moves once", async () => {
    const t = await billedCompany({ balanceMinor: 1_000 });
    const response = await send("POST", "/api/v1/billing/topups", t.key, { amount: 50 });
    expect(response.status, response.text).toBe(201);
    const { id, payment_reference: paymentIntentId } = response.json.top_up;
    const body = paymentEvent("payment_intent.succeeded", {
      id: paymentIntentId,
      amountMinor: 5_000,
      companyId: t.companyId,
      topUpId: id,
    });
    expect((await deliver(body)).status).toBe(200);
    const jobs = await settleJobs(t.companyId);
    expect(jobs.filter((job) => job.kind === "billing.payment_event").map((job) => job.status)).toEqual(["done"]);
    expect(await recorded(t.companyId)).toHaveLength(1);
    expect(await balanceOf(t.companyId)).toBe(6_000);
    expect(await topUpsOf(t.companyId)).toHaveLength(1);
  });

  it("credit a payment whose request died after Stripe confirmed it, once, however often and concurrently the event comes", async () => {
    const t = await billedCompany({ balanceMinor: 1_000 });
    const topUpId = crypto.randomUUID();
    const paymentIntentId = newIntent();
    const body = paymentEvent("payment_intent.succeeded", {
      id: paymentIntentId,
      amountMinor: 2_500,
      companyId: t.companyId,
      topUpId,
    });
    const answers = await concurrently(5, () => deliver(body));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await deliver(body)).status).toBe(200);
    await settleJobs(t.companyId);
    expect(await recorded(t.companyId)).toHaveLength(1);
    expect(await balanceOf(t.companyId)).toBe(3_500);
    expect(await checkedLedgerSum(t.companyId)).toBe(3_500);
    expect((await ledgerOf(t.companyId)).at(-1)).toMatchObject({
      kind: "top_up",
      amountMinor: 2_500,
      referenceType: "payment",
      referenceId: paymentIntentId,
    });
    expect(await topUpsOf(t.companyId)).toEqual([
      expect.objectContaining({ id: topUpId, paymentIntentId, amountMinor: 2_500, status: "succeeded" }),
    ]);

    // A second event of the same payment (another evt_ id) is recorded but credits nothing more.
    expect(
      (
        await deliver(
          paymentEvent("payment_intent.succeeded", {
            id: paymentIntentId,
            amountMinor: 2_500,
            companyId: t.companyId,
            topUpId,
          }),
        )
      ).status,
    ).toBe(200);
    await settleJobs(t.companyId);
    expect(await recorded(t.companyId)).toHaveLength(2);
    expect(await balanceOf(t.companyId)).toBe(3_500);
  });

  it("credit a pending top-up, whose request died after Stripe confirmed its charge, once", async () => {
    const t = await billedCompany({ balanceMinor: 1_000 });
    const topUpId = crypto.randomUUID();
    const paymentIntentId = newIntent();
    await db.insert(topUps).values({
      id: topUpId,
      companyId: t.companyId,
      amountMinor: 4_000,
      currency: "EUR",
      status: "pending",
      createdAt: new Date().toISOString(),
    });
    const body = paymentEvent("payment_intent.succeeded", {
      id: paymentIntentId,
      amountMinor: 4_000,
      companyId: t.companyId,
      topUpId,
    });
    expect((await concurrently(3, () => deliver(body))).map((answer) => answer.status)).toEqual([200, 200, 200]);
    await settleJobs(t.companyId);
    expect(
      (
        await deliver(
          paymentEvent("payment_intent.succeeded", {
            id: paymentIntentId,
            amountMinor: 4_000,
            companyId: t.companyId,
            topUpId,
          }),
        )
      ).status,
    ).toBe(200);
    await settleJobs(t.companyId);
    expect(await recorded(t.companyId)).toHaveLength(2);
    expect(await balanceOf(t.companyId)).toBe(5_000);
    expect(await checkedLedgerSum(t.companyId)).toBe(5_000);
    const ledger = await ledgerOf(t.companyId);
    expect(await topUpsOf(t.companyId)).toEqual([
      expect.objectContaining({ id: topUpId, status: "succeeded", paymentIntentId, ledgerEntryId: ledger.at(-1)!.id }),
    ]);
  });

  it("mark a pending top-up failed, and leave a succeeded one succeeded", async () => {
    const t = await billedCompany({ balanceMinor: 1_000 });
    const pendingId = crypto.randomUUID();
    await db.insert(topUps).values({
      id: pendingId,
      companyId: t.companyId,
      amountMinor: 4_000,
      currency: "EUR",
      status: "pending",
      createdAt: new Date().toISOString(),
    });
    expect(
      (
        await deliver(
          paymentEvent("payment_intent.payment_failed", {
            id: newIntent(),
            amountMinor: 4_000,
            companyId: t.companyId,
            topUpId: pendingId,
          }),
        )
      ).status,
    ).toBe(200);
    const credited = await send("POST", "/api/v1/billing/topups", t.key, { amount: 50 });
    expect(credited.status).toBe(201);
    const { id, payment_reference: paymentIntentId } = credited.json.top_up;
    expect(
      (
        await deliver(
          paymentEvent("payment_intent.payment_failed", {
            id: paymentIntentId,
            amountMinor: 5_000,
            companyId: t.companyId,
            topUpId: id,
          }),
        )
      ).status,
    ).toBe(200);
    await settleJobs(t.companyId);
    const rows = await topUpsOf(t.companyId);
    expect(rows.find((row) => row.id === pendingId)?.status).toBe("failed");
    expect(rows.find((row) => row.id === id)?.status).toBe("succeeded");
    expect(await balanceOf(t.companyId)).toBe(6_000);
  });

  it("record a failed payment of no top-up and change nothing", async () => {
    const t = await billedCompany({ balanceMinor: 1_000 });
    expect(
      (
        await deliver(
          paymentEvent("payment_intent.payment_failed", {
            id: newIntent(),
            amountMinor: 2_500,
            companyId: t.companyId,
            topUpId: crypto.randomUUID(),
          }),
        )
      ).status,
    ).toBe(200);
    await settleJobs(t.companyId);
    expect(await recorded(t.companyId)).toHaveLength(1);
    expect(await balanceOf(t.companyId)).toBe(1_000);
    expect(await topUpsOf(t.companyId)).toHaveLength(0);
  });

  it("acknowledge and ignore an intent of no company of ours, or without a top-up's metadata", async () => {
    const unknown = paymentEvent("payment_intent.succeeded", {
      id: newIntent(),
      amountMinor: 2_500,
      companyId: crypto.randomUUID(),
      topUpId: crypto.randomUUID(),
    });
    expect((await deliver(unknown)).status).toBe(200);
    const foreign = JSON.parse(unknown) as { data: { object: { metadata: unknown } } };
    foreign.data.object.metadata = {};
    expect((await deliver(JSON.stringify(foreign))).status).toBe(200);
    expect(
      (
        await deliver(
          JSON.stringify({
            id: "evt_other",
            object: "event",
            type: "customer.created",
            data: { object: { id: "cus_1", object: "customer" } },
          }),
        )
      ).status,
    ).toBe(200);
  });
});
