import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { moveClock, resetClock, tick } from "../../../test/clock";
import { alertWith } from "../../../test/fixtures/alerts";
import { db, tenant } from "../../../test/helpers";
import { settleJobs } from "../../../test/jobs";
import { runAlone } from "../../../test/wallet-operations";
import { walletWith } from "../../../test/wallet";
import { clock } from "../../lib/clock";
import { commitBatch } from "../../core/commit";
import { dueWork } from "../../data/schema";
import { domains } from "../index";
import { credit, debit } from "../billing";
import { webhookEvents } from "../webhooks/schema";
import { alertCrossings, sweepAlertChecks } from "./jobs";
import { alerts } from "./schema";
import { env } from "cloudflare:test";

const eventSink = domains.find((domain) => domain.eventSink)?.eventSink;

/** The company's alert notifications, oldest first. */
async function notifications(companyId: string) {
  const rows = await db
    .select()
    .from(webhookEvents)
    .where(eq(webhookEvents.companyId, companyId))
    .orderBy(webhookEvents.createdAt);
  return rows.filter((row) => row.type === "alert.triggered" || row.type === "alert.cleared").map((row) => row.type);
}

const spend = async (companyId: string, amountMinor: number) =>
  runAlone(
    await debit(db, {
      companyId,
      amountMinor,
      currency: "EUR",
      kind: "charge",
      reference: { type: "call", id: crypto.randomUUID() },
      description: "test",
    }),
  );
const topUp = async (companyId: string, amountMinor: number) =>
  runAlone(
    await credit(db, {
      companyId,
      amountMinor,
      currency: "EUR",
      kind: "top_up",
      reference: { type: "payment", id: crypto.randomUUID() },
    }),
  );

let offset = 0;
/** A minute later, the ticks that take the company's check and run its evaluation. */
async function evaluated(companyId: string) {
  offset += 61_000;
  moveClock(offset);
  await tick();
  await tick();
  await settleJobs(companyId);
}

afterEach(() => {
  offset = 0;
  resetClock();
});

describe("alerts notify once per crossing", () => {
  it("alert.triggered when the balance falls below, not again while below, alert.cleared back over, then triggered again", async () => {
    const t = await tenant();
    await walletWith(t.companyId, [
      { kind: "top_up", amountMinor: 20_000, at: new Date(Date.now() - 3_600_000).toISOString() },
    ]);
    const alert = await alertWith(t.companyId, {
      id: crypto.randomUUID(),
      kind: "low_balance",
      period: null,
      thresholdMinor: 10_000,
    });

    await evaluated(t.companyId);
    expect(await notifications(t.companyId)).toEqual([]);

    await spend(t.companyId, 15_000);
    await evaluated(t.companyId);
    expect(await notifications(t.companyId)).toEqual(["alert.triggered"]);
    const [triggered] = await db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.companyId, t.companyId), eq(webhookEvents.type, "alert.triggered")));
    expect(JSON.parse(triggered!.data)).toMatchObject({
      alert: { id: alert.id, kind: "low_balance", current: 50, threshold: 100, triggered: true, status: "triggered" },
    });

    // Still below, lower still: no new notification.
    await evaluated(t.companyId);
    await spend(t.companyId, 1_000);
    await evaluated(t.companyId);
    expect(await notifications(t.companyId)).toEqual(["alert.triggered"]);

    await topUp(t.companyId, 10_000);
    await evaluated(t.companyId);
    expect(await notifications(t.companyId)).toEqual(["alert.triggered", "alert.cleared"]);
    await evaluated(t.companyId);
    expect(await notifications(t.companyId)).toEqual(["alert.triggered", "alert.cleared"]);

    await spend(t.companyId, 5_000);
    await evaluated(t.companyId);
    expect(await notifications(t.companyId)).toEqual(["alert.triggered", "alert.cleared", "alert.triggered"]);
    expect((await db.select().from(alerts).where(eq(alerts.id, alert.id)).get())?.notification).toBe("triggered");
  });

  it("a silenced alert crosses quietly; a disabled one re-arms without an event", async () => {
    const t = await tenant();
    await walletWith(t.companyId, [
      { kind: "top_up", amountMinor: 5_000, at: new Date(Date.now() - 3_600_000).toISOString() },
    ]);
    const silenced = await alertWith(t.companyId, {
      id: crypto.randomUUID(),
      kind: "low_balance",
      period: null,
      thresholdMinor: 10_000,
      silencedUntil: "2999-01-01T00:00:00.000Z",
    });
    await evaluated(t.companyId);
    expect(await notifications(t.companyId)).toEqual([]);
    expect((await db.select().from(alerts).where(eq(alerts.id, silenced.id)).get())?.notification).toBe("triggered");
    await db.update(alerts).set({ enabled: false }).where(eq(alerts.id, silenced.id));
    await evaluated(t.companyId);
    expect(await notifications(t.companyId)).toEqual([]);
    expect((await db.select().from(alerts).where(eq(alerts.id, silenced.id)).get())?.notification).toBe("armed");
  });

  it("concurrent evaluations of one crossing emit one event; overlapping sweeps take a company's check once", async () => {
    const t = await tenant();
    await walletWith(t.companyId, [
      { kind: "top_up", amountMinor: 5_000, at: new Date(Date.now() - 3_600_000).toISOString() },
    ]);
    await alertWith(t.companyId, {
      id: crypto.randomUUID(),
      kind: "low_balance",
      period: null,
      thresholdMinor: 10_000,
    });

    const now = new Date(clock.now());
    const [first, second] = await Promise.all([
      alertCrossings(db, t.companyId, now),
      alertCrossings(db, t.companyId, now),
    ]);
    expect(first.events).toHaveLength(1);
    expect(second.events).toHaveLength(1);
    const outcomes = await Promise.allSettled(
      [first, second].map((record) =>
        commitBatch(db, env, eventSink, t.companyId, record.statements ?? [], record.events ?? [], []),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await notifications(t.companyId)).toEqual(["alert.triggered"]);
    // The retry of the loser finds nothing to flip.
    expect(await alertCrossings(db, t.companyId, now)).toEqual({ statements: [], events: [] });

    await Promise.all([sweepAlertChecks(db, clock.now()), sweepAlertChecks(db, clock.now())]);
    expect(
      await db
        .select()
        .from(dueWork)
        .where(and(eq(dueWork.companyId, t.companyId), eq(dueWork.kind, "alerts.evaluate"))),
    ).toHaveLength(1);
  });
});
