import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { resetClock } from "../../../test/clock";
import { billedCompany, customerOf, eventsOf, send } from "../../../test/fixtures/billing";
import { fakeOrigin, passDeadline, silence } from "../../../test/fixtures/deadlines";
import { call, db, operator, tenant } from "../../../test/helpers";
import { settleJobs } from "../../../test/jobs";
import { balanceOf, checkedLedgerSum, ledgerOf } from "../../../test/wallet-operations";
import { stripeSignature } from "../../core/callbacks";
import { clock } from "../../lib/clock";
import { DEADLINE_PASSED, NO_PROVIDER_OUTCOME } from "../../work/deadlines";
import { NUMBER_ORDER_DEADLINE_MS, TOP_UP_DEADLINE_MS } from "./deadlines";
import { numberOrders, topUps } from "./schema";

afterEach(resetClock);

// The code's clock (moved by the tests), which the signature's tolerance is checked against.
const nowSeconds = () => Math.floor(clock.now() / 1000);

/** Delivers Stripe's event about a PaymentIntent of the top-up, signed as Stripe signs it. */
async function paymentEvent(
  type: "payment_intent.succeeded" | "payment_intent.payment_failed",
  intent: { id: string; amountMinor: number; companyId: string; topUpId: string },
) {
  const body = JSON.stringify({
    id: `evt_${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`,
    object: "event",
    created: nowSeconds(),
    data: {
      object: {
        id: intent.id,
        object: "payment_intent",
        amount: intent.amountMinor,
        currency: "eur",
        metadata: { company_id: intent.companyId, top_up_id: intent.topUpId },
        status: type === "payment_intent.succeeded" ? "succeeded" : "requires_payment_method",
      },
    },
    type,
  });
  const response = await call("/providers/stripe/events", {
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/json",
      "Stripe-Signature": await stripeSignature(env.STRIPE_WEBHOOK_SECRET, body, nowSeconds()),
    },
  });
  expect(response.status, response.text).toBe(200);
}

describe("a top-up's deadline", () => {
  it("left pending with Stripe silent, it fails with no_provider_outcome at its deadline, once, nothing credited; a late decline changes nothing, a late payment is credited once", async () => {
    const t = await billedCompany({ balanceMinor: 0 });
    // Stripe charges the card but its answer never comes back (the request gives up waiting), and its event is lost.
    const held = await fetch(`${fakeOrigin("stripe")}/__fake/script`, {
      method: "POST",
      body: JSON.stringify({ hold: true, match: customerOf(t.companyId) }),
      headers: { "Content-Type": "application/json" },
    });
    expect(held.status).toBe(200);
    const lost = await send(
      "POST",
      "/api/v1/billing/topups",
      t.key,
      { amount: 20 },
      { vars: { PROVIDER_TIMEOUT_MS: "300" } },
    );
    expect(lost.status, lost.text).toBeGreaterThanOrEqual(500);
    const pending = (await db.select().from(topUps).where(eq(topUps.companyId, t.companyId)).get())!;
    expect(pending.status).toBe("pending");

    // Stripe cannot be asked about it (its search fails) when the deadline passes.
    await silence("stripe", pending.id, { times: 1 });
    await passDeadline(t.companyId, Date.parse(pending.createdAt) + TOP_UP_DEADLINE_MS);

    const closed = (await db.select().from(topUps).where(eq(topUps.id, pending.id)).get())!;
    expect(closed.status).toBe("failed");
    expect(closed.failureReason).toMatch(new RegExp(`^${NO_PROVIDER_OUTCOME}: `));
    const walletEvents = async () => (await eventsOf(t.companyId)).filter((event) => event.type.startsWith("wallet."));
    expect(
      (await walletEvents()).map((event) => [event.type, event.data.previous_status, event.data.sequence]),
    ).toEqual([["wallet.top_up_failed", "pending", 1]]);
    // No wallet movement at all (the company never had one).
    expect((await balanceOf(t.companyId)) ?? 0).toBe(0);
    expect(await ledgerOf(t.companyId)).toEqual([]);

    // What Stripe did with the charge (its search, answering now).
    const search = await fetch(
      `${fakeOrigin("stripe")}/v1/payment_intents/search?query=${encodeURIComponent(`metadata['top_up_id']:'${pending.id}'`)}`,
      { headers: { Authorization: `Bearer ${env.STRIPE_SECRET_KEY}` } },
    );
    const [charged] = ((await search.json()) as { data: { id: string; status: string }[] }).data;
    expect(charged?.status).toBe("succeeded");
    const intent = { id: charged!.id, amountMinor: 2_000, companyId: t.companyId, topUpId: pending.id };

    // A late decline changes nothing.
    await paymentEvent("payment_intent.payment_failed", intent);
    await settleJobs(t.companyId);
    expect((await db.select().from(topUps).where(eq(topUps.id, pending.id)).get())!.status).toBe("failed");
    expect(await walletEvents()).toHaveLength(1);
    // The money Stripe took is never kept from the wallet: its late payment event credits it, once however often it comes.
    await paymentEvent("payment_intent.succeeded", intent);
    await paymentEvent("payment_intent.succeeded", intent);
    await settleJobs(t.companyId);
    expect(await balanceOf(t.companyId)).toBe(2_000);
    expect(await checkedLedgerSum(t.companyId)).toBe(2_000);
    expect((await walletEvents()).map((event) => event.type)).toEqual(["wallet.top_up_failed", "wallet.topped_up"]);
    // The late payment's event follows the failure's in the top-up's own order, and says the state it leaves.
    expect((await walletEvents()).map((event) => [event.data.sequence, event.data.previous_status])).toEqual([
      [1, "pending"],
      [2, "failed"],
    ]);
  });

  it("a top-up Stripe shows paid at the deadline is credited from its answer, once", async () => {
    const t = await billedCompany({ balanceMinor: 0 });
    const held = await fetch(`${fakeOrigin("stripe")}/__fake/script`, {
      method: "POST",
      body: JSON.stringify({ hold: true, match: customerOf(t.companyId) }),
      headers: { "Content-Type": "application/json" },
    });
    expect(held.status).toBe(200);
    await send("POST", "/api/v1/billing/topups", t.key, { amount: 20 }, { vars: { PROVIDER_TIMEOUT_MS: "300" } });
    const pending = (await db.select().from(topUps).where(eq(topUps.companyId, t.companyId)).get())!;
    await passDeadline(t.companyId, Date.parse(pending.createdAt) + TOP_UP_DEADLINE_MS);
    expect((await db.select().from(topUps).where(eq(topUps.id, pending.id)).get())!.status).toBe("succeeded");
    expect(await balanceOf(t.companyId)).toBe(2_000);
    expect(await checkedLedgerSum(t.companyId)).toBe(2_000);
    expect((await eventsOf(t.companyId)).map((event) => event.type)).toEqual(["wallet.topped_up"]);
  });
});

describe("a number order's deadline", () => {
  it("still pending at its deadline, it is cancelled once with the reason, nothing charged; later due work changes nothing", async () => {
    const t = await tenant();
    const ordered = await operator(`/companies/${t.companyId}/number-orders`, {
      method: "POST",
      body: { country: "ES", number_type: "local", setup_price: 5, monthly_price: 1 },
    });
    expect(ordered.status, ordered.text).toBe(201);
    const order = (await db.select().from(numberOrders).where(eq(numberOrders.companyId, t.companyId)).get())!;
    expect(order.status).toBe("pending_documents");
    const balance = await balanceOf(t.companyId);

    await passDeadline(t.companyId, Date.parse(order.createdAt) + NUMBER_ORDER_DEADLINE_MS);
    const closed = (await db.select().from(numberOrders).where(eq(numberOrders.id, order.id)).get())!;
    expect(closed).toMatchObject({ status: "cancelled", sequence: 1 });
    expect(closed.statusReason).toMatch(new RegExp(`^${DEADLINE_PASSED}: `));
    const events = await eventsOf(t.companyId);
    expect(events.map((event) => [event.type, event.data.previous_status, event.data.sequence])).toEqual([
      ["number_order.cancelled", "pending_documents", 1],
    ]);
    // No longer listed as pending; nothing charged.
    const listed = await call("/api/v1/billing/pending-orders", { key: t.key });
    expect(listed.json.data.map((row: { id: string }) => row.id)).not.toContain(order.id);
    expect(await balanceOf(t.companyId)).toBe(balance);

    await passDeadline(t.companyId, Date.parse(order.createdAt) + 2 * NUMBER_ORDER_DEADLINE_MS);
    expect((await db.select().from(numberOrders).where(eq(numberOrders.id, order.id)).get())!.status).toBe("cancelled");
    expect(await eventsOf(t.companyId)).toHaveLength(1);
  });
});
