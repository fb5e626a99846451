import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { concurrently, staggered, statusCounts } from "../../../test/concurrency";
import { call, db, slug, tenant } from "../../../test/helpers";
import { auditLog } from "../../data/schema";
import { walletLedger, wallets } from "../billing/schema";
import { alertUpdated } from "./events";
import { shifted, walletWith } from "../../../test/wallet";
import { alertWith } from "../../../test/fixtures/alerts";
import { alerts } from "./schema";
import { periodBounds } from "./state";
import { eventRowsOf } from "../../../test/events";

const DAY = 86_400_000;
const patch = (key: string, body: unknown, vars?: Record<string, string>) =>
  call("/api/v1/alerts", { key, method: "PATCH", body, vars });
const stored = (id: string) => db.select().from(alerts).where(eq(alerts.id, id)).get();

/** A company whose balance is 30.00 after spending 70.00 this month, with a triggered low-balance alert (50) and a spend alert (100 a month, not triggered). */
async function setup() {
  const t = await tenant();
  const start = periodBounds("month", new Date()).start;
  await walletWith(t.companyId, [
    { kind: "top_up", amountMinor: 10_000, at: shifted(start, -DAY) },
    { kind: "charge", amountMinor: -7_000, at: start },
  ]);
  const low = crypto.randomUUID();
  const spend = crypto.randomUUID();
  await alertWith(t.companyId, { id: low, kind: "low_balance", period: null, thresholdMinor: 5_000 });
  await alertWith(t.companyId, {
    id: spend,
    period: "month",
    thresholdMinor: 10_000,
    createdAt: "2026-01-02T00:00:00.000Z",
  });
  return { ...t, low, spend };
}

describe("PATCH /api/v1/alerts: configure", () => {
  it("changes threshold, period and enabled; answers the alert with its state; audits and emits alert.updated", async () => {
    const t = await setup();
    const response = await patch(t.key, { alert_id: t.spend, threshold: 60.5, period: "week" });
    expect(response.status).toBe(200);
    const week = periodBounds("week", new Date());
    expect(response.json).toMatchObject({
      id: t.spend,
      threshold: 60.5,
      period: "week",
      period_start: week.start,
      period_end: week.end,
    });
    expect(await stored(t.spend)).toMatchObject({ thresholdMinor: 6_050, period: "week", version: 1 });
    expect((await call("/api/v1/alerts", { key: t.key })).json.data[0]).toEqual(response.json);

    const disabled = await patch(t.key, { alert_id: t.low, enabled: false });
    expect(disabled.json).toMatchObject({ enabled: false, triggered: false, status: "disabled", current: 30 });

    const events = await eventRowsOf(t.companyId, "alert.updated");
    expect(events).toHaveLength(2);
    const data = events.map((event) => alertUpdated.schema.parse(JSON.parse(event.data)));
    expect(data).toContainEqual({ alert: response.json, changed_fields: ["threshold", "period"] });
    expect(data).toContainEqual({ alert: disabled.json, changed_fields: ["enabled"] });
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, t.companyId), eq(auditLog.operation, "updateAlert")));
    expect(audit.map((entry) => [entry.resourceType, entry.resourceId]).sort()).toEqual(
      [
        ["alert", t.low],
        ["alert", t.spend],
      ].sort(),
    );
  });

  it("a request that changes nothing stored answers 200 and writes nothing", async () => {
    const t = await setup();
    const response = await patch(t.key, { alert_id: t.spend, threshold: 100, enabled: true });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ threshold: 100, enabled: true });
    expect(await stored(t.spend)).toMatchObject({ version: 0, updatedAt: "2026-01-01T00:00:00.000Z" });
    expect(await eventRowsOf(t.companyId, "alert.updated")).toEqual([]);
  });

  it("answers 404 for an unknown alert_id and for another company's", async () => {
    const t = await setup();
    const other = await setup();
    for (const id of [crypto.randomUUID(), other.low]) {
      const response = await patch(t.key, { alert_id: id, enabled: false });
      expect(response.status).toBe(404);
      expect(slug(response.json)).toBe("not_found");
    }
    expect(await stored(other.low)).toMatchObject({ enabled: true, version: 0 });
  });

  it("answers 400 for invalid changes, naming the field, and changes nothing", async () => {
    const t = await setup();
    const now = Date.now();
    const cases: [unknown, string][] = [
      [{ alert_id: t.spend }, "body"],
      [{ alert_id: "not-a-uuid", enabled: false }, "body.alert_id"],
      [{ alert_id: t.spend, threshold: 0 }, "body.threshold"],
      [{ alert_id: t.spend, threshold: -5 }, "body.threshold"],
      [{ alert_id: t.spend, threshold: 10.005 }, "body.threshold"],
      [{ alert_id: t.spend, period: "year" }, "body.period"],
      [{ alert_id: t.low, period: "day" }, "body.period"],
      [{ alert_id: t.spend, enabled: "no" }, "body.enabled"],
      [{ alert_id: t.spend, silenced_until: "tomorrow" }, "body.silenced_until"],
      [{ alert_id: t.spend, silenced_until: new Date(now - 60_000).toISOString() }, "body.silenced_until"],
      [{ alert_id: t.spend, silenced_until: new Date(now + 366 * DAY).toISOString() }, "body.silenced_until"],
      [{ alert_id: t.spend, dismissed: true }, "body.dismissed"],
    ];
    for (const [body, path] of cases) {
      const response = await patch(t.key, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(slug(response.json)).toBe("validation_error");
      expect(
        response.json.errors.map((error: { path: string }) => error.path),
        JSON.stringify(body),
      ).toEqual([path]);
    }
    expect((await stored(t.spend))?.version).toBe(0);
    expect((await stored(t.low))?.version).toBe(0);
  });

  it("is refused while the write switch is off (gate W)", async () => {
    const t = await setup();
    const response = await patch(t.key, { alert_id: t.low, enabled: false }, { PUBLIC_API_WRITE_ENABLED: "false" });
    expect(response.status).toBe(404);
    expect((await stored(t.low))?.enabled).toBe(true);
  });
});

describe("PATCH /api/v1/alerts: silence and dismiss", () => {
  it("silences until an instant (stored in UTC) and ends a silence with null", async () => {
    const t = await setup();
    const until = new Date(Date.now() + 3 * DAY);
    until.setUTCMilliseconds(0);
    const offset = until
      .toISOString()
      .replace("Z", "")
      .replace(/\.\d+$/, "");
    const silenced = await patch(t.key, { alert_id: t.low, silenced_until: `${offset}+00:00` });
    expect(silenced.json).toMatchObject({ status: "silenced", triggered: true, silenced_until: until.toISOString() });
    const ended = await patch(t.key, { alert_id: t.low, silenced_until: null });
    expect(ended.json).toMatchObject({ status: "triggered", silenced_until: null });
    expect(await stored(t.low)).toMatchObject({ silencedUntil: null, version: 2 });
  });

  it("dismisses a triggered alert; again keeps the first dismissed_at; false undoes it", async () => {
    const t = await setup();
    const first = await patch(t.key, { alert_id: t.low, dismissed: true });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ dismissed: true, status: "dismissed", dismissed_at: expect.any(String) });
    const again = await patch(t.key, { alert_id: t.low, dismissed: true });
    expect(again.json.dismissed_at).toBe(first.json.dismissed_at);
    expect((await stored(t.low))?.version).toBe(1);
    const undone = await patch(t.key, { alert_id: t.low, dismissed: false });
    expect(undone.json).toMatchObject({ dismissed: false, dismissed_at: null, status: "triggered" });
    const events = (await eventRowsOf(t.companyId, "alert.updated")).map(
      (event) => JSON.parse(event.data).changed_fields,
    );
    expect(events).toEqual([["dismissed"], ["dismissed"]]);
  });

  it("a low-balance dismissal ends when a top-up brings the balance back to the threshold", async () => {
    const t = await setup();
    await patch(t.key, { alert_id: t.low, dismissed: true });
    const after = new Date(Date.now() + 1_000).toISOString();
    // A top-up to 80.00, then a charge back down to 20.00: a new triggering, shown again.
    await db.insert(walletLedger).values([
      {
        id: crypto.randomUUID(),
        companyId: t.companyId,
        seq: 3,
        kind: "top_up",
        amountMinor: 5_000,
        balanceAfterMinor: 8_000,
        currency: "EUR",
        referenceType: "payment",
        referenceId: "p",
        description: null,
        createdAt: after,
      },
      {
        id: crypto.randomUUID(),
        companyId: t.companyId,
        seq: 4,
        kind: "charge",
        amountMinor: -6_000,
        balanceAfterMinor: 2_000,
        currency: "EUR",
        referenceType: "call",
        referenceId: "c",
        description: null,
        createdAt: shifted(after, 1),
      },
    ]);
    await db.update(wallets).set({ balanceMinor: 2_000 }).where(eq(wallets.companyId, t.companyId));
    const low = (await call("/api/v1/alerts", { key: t.key })).json.data.find((a: { id: string }) => a.id === t.low);
    expect(low).toMatchObject({ current: 20, triggered: true, dismissed: false, status: "triggered" });
  });

  it("changing the threshold clears a dismissal, unless the same request dismisses", async () => {
    const t = await setup();
    await patch(t.key, { alert_id: t.low, dismissed: true });
    const raised = await patch(t.key, { alert_id: t.low, threshold: 60 });
    expect(raised.json).toMatchObject({ threshold: 60, triggered: true, dismissed: false, status: "triggered" });
    const both = await patch(t.key, { alert_id: t.low, threshold: 70, dismissed: true });
    expect(both.json).toMatchObject({ threshold: 70, dismissed: true, status: "dismissed" });
    // Dismissing is judged on the configuration after the request: at 20.00 the balance (30.00) is not low.
    const lowered = await patch(t.key, { alert_id: t.low, threshold: 20, dismissed: true });
    expect(lowered.status).toBe(400);
    expect((await stored(t.low))?.thresholdMinor).toBe(7_000);
  });
});

describe("PATCH /api/v1/alerts under concurrency", () => {
  it("concurrent changes of different fields of one alert all apply (compare-and-set, decided again on conflict)", async () => {
    const t = await setup();
    const until = new Date(Date.now() + 2 * DAY).toISOString();
    const bodies = [
      { alert_id: t.spend, threshold: 80 },
      { alert_id: t.spend, period: "day" },
      { alert_id: t.spend, silenced_until: until },
      { alert_id: t.spend, enabled: false },
    ];
    const outcomes = await staggered(bodies.length, (index) => patch(t.key, bodies[index]));
    expect(statusCounts(outcomes)).toEqual({ 200: 4 });
    expect(await stored(t.spend)).toMatchObject({
      thresholdMinor: 8_000,
      period: "day",
      silencedUntil: until,
      enabled: false,
      version: 4,
    });
    expect(await eventRowsOf(t.companyId, "alert.updated")).toHaveLength(4);
  });

  it("concurrent dismissals of one alert: one write, every answer dismissed with the same dismissed_at", async () => {
    const t = await setup();
    const outcomes = await concurrently(5, () => patch(t.key, { alert_id: t.low, dismissed: true }));
    expect(statusCounts(outcomes)).toEqual({ 200: 5 });
    expect(new Set(outcomes.map((outcome) => outcome.json.dismissed_at)).size).toBe(1);
    expect(await stored(t.low)).toMatchObject({ version: 1, dismissedAt: outcomes[0]!.json.dismissed_at });
    expect(await eventRowsOf(t.companyId, "alert.updated")).toHaveLength(1);
  });
});
