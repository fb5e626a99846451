import { describe, expect, it } from "vitest";
import { alertView, periodBounds, type Facts } from "./state";
import type { AlertRow } from "./schema";
import { alertRow } from "../../../test/fixtures/alerts";

const NOW = new Date("2026-03-18T15:30:00.000Z"); // a Wednesday

const row = (overrides: Partial<AlertRow> = {}): AlertRow => alertRow("c1", { id: "a1", ...overrides });

const facts = (overrides: Partial<Facts> = {}): Facts => ({
  wallet: { currency: "EUR", balanceMinor: 3_000 },
  spendSince: new Map([[periodBounds("month", NOW).start, 12_345]]),
  highestSince: new Map(),
  ...overrides,
});

describe("periodBounds: calendar periods in UTC", () => {
  it("day, week from Monday, and month, with their exclusive ends", () => {
    expect(periodBounds("day", NOW)).toEqual({ start: "2026-03-18T00:00:00.000Z", end: "2026-03-19T00:00:00.000Z" });
    expect(periodBounds("week", NOW)).toEqual({ start: "2026-03-16T00:00:00.000Z", end: "2026-03-23T00:00:00.000Z" });
    expect(periodBounds("month", NOW)).toEqual({ start: "2026-03-01T00:00:00.000Z", end: "2026-04-01T00:00:00.000Z" });
  });

  it("a Sunday belongs to the week that started on the Monday before; periods roll over years", () => {
    expect(periodBounds("week", new Date("2026-03-22T23:59:59.999Z"))).toEqual({
      start: "2026-03-16T00:00:00.000Z",
      end: "2026-03-23T00:00:00.000Z",
    });
    expect(periodBounds("week", new Date("2026-03-23T00:00:00.000Z")).start).toBe("2026-03-23T00:00:00.000Z");
    expect(periodBounds("month", new Date("2026-12-31T23:00:00.000Z"))).toEqual({
      start: "2026-12-01T00:00:00.000Z",
      end: "2027-01-01T00:00:00.000Z",
    });
    expect(periodBounds("week", new Date("2027-01-01T12:00:00.000Z"))).toEqual({
      start: "2026-12-28T00:00:00.000Z",
      end: "2027-01-04T00:00:00.000Z",
    });
  });
});

describe("alertView: state computed from the wallet and the ledger", () => {
  it("a spend alert compares the period's spend with its threshold (reached counts)", () => {
    const view = alertView(row(), facts(), NOW);
    expect(view).toMatchObject({
      current: 123.45,
      threshold: 100,
      triggered: true,
      status: "triggered",
      period_start: "2026-03-01T00:00:00.000Z",
      period_end: "2026-04-01T00:00:00.000Z",
    });
    expect(alertView(row({ thresholdMinor: 12_345 }), facts(), NOW).triggered).toBe(true);
    expect(alertView(row({ thresholdMinor: 12_346 }), facts(), NOW)).toMatchObject({ triggered: false, status: "ok" });
  });

  it("a low-balance alert is triggered below its threshold, not at it; without a wallet the balance is 0", () => {
    const low = row({ kind: "low_balance", period: null, thresholdMinor: 3_001 });
    expect(alertView(low, facts(), NOW)).toMatchObject({
      current: 30,
      triggered: true,
      period: null,
      period_start: null,
      period_end: null,
    });
    expect(alertView({ ...low, thresholdMinor: 3_000 }, facts(), NOW).triggered).toBe(false);
    expect(alertView(low, facts({ wallet: undefined }), NOW)).toMatchObject({ current: 0, triggered: true });
  });

  it("a disabled alert is never triggered; a wallet in another currency gives no current value", () => {
    expect(alertView(row({ enabled: false }), facts(), NOW)).toMatchObject({
      triggered: false,
      status: "disabled",
      current: 123.45,
    });
    expect(alertView(row(), facts({ wallet: { currency: "GBP", balanceMinor: 1 } }), NOW)).toMatchObject({
      current: null,
      triggered: false,
      status: "ok",
    });
  });

  it("silenced while silenced_until is ahead; a past silence reads as none", () => {
    expect(alertView(row({ silencedUntil: "2026-03-19T00:00:00.000Z" }), facts(), NOW)).toMatchObject({
      status: "silenced",
      silenced_until: "2026-03-19T00:00:00.000Z",
      triggered: true,
    });
    expect(alertView(row({ silencedUntil: "2026-03-18T15:00:00.000Z" }), facts(), NOW)).toMatchObject({
      status: "triggered",
      silenced_until: null,
    });
    // Silencing an alert that is not triggered is kept, and shown, but the status says ok.
    expect(
      alertView(row({ silencedUntil: "2026-03-19T00:00:00.000Z", thresholdMinor: 99_999 }), facts(), NOW),
    ).toMatchObject({ status: "ok", silenced_until: "2026-03-19T00:00:00.000Z" });
  });

  it("a spend dismissal holds for the period it was made in, and wins over a silence", () => {
    const inPeriod = row({ dismissedAt: "2026-03-02T00:00:00.000Z", silencedUntil: "2026-03-19T00:00:00.000Z" });
    expect(alertView(inPeriod, facts(), NOW)).toMatchObject({
      status: "dismissed",
      dismissed: true,
      dismissed_at: "2026-03-02T00:00:00.000Z",
    });
    const lastMonth = row({ dismissedAt: "2026-02-27T00:00:00.000Z" });
    expect(alertView(lastMonth, facts(), NOW)).toMatchObject({
      status: "triggered",
      dismissed: false,
      dismissed_at: null,
    });
  });

  it("a low-balance dismissal holds until a movement brought the balance back to the threshold", () => {
    const dismissedAt = "2026-03-10T00:00:00.000Z";
    const low = row({ kind: "low_balance", period: null, thresholdMinor: 5_000, dismissedAt });
    expect(alertView(low, facts({ highestSince: new Map([[dismissedAt, null]]) }), NOW)).toMatchObject({
      status: "dismissed",
      dismissed: true,
    });
    expect(alertView(low, facts({ highestSince: new Map([[dismissedAt, 4_999]]) }), NOW).dismissed).toBe(true);
    // A top-up reached 50.00 after the dismissal, then spending brought it down again: a new triggering.
    expect(alertView(low, facts({ highestSince: new Map([[dismissedAt, 5_000]]) }), NOW)).toMatchObject({
      status: "triggered",
      dismissed: false,
    });
  });

  it("a dismissal of an alert that is no longer triggered is not shown", () => {
    const low = row({
      kind: "low_balance",
      period: null,
      thresholdMinor: 1_000,
      dismissedAt: "2026-03-10T00:00:00.000Z",
    });
    expect(alertView(low, facts(), NOW)).toMatchObject({ status: "ok", dismissed: false, dismissed_at: null });
  });

  it("thresholds and values follow the currency's minor unit", () => {
    const yen = row({ currency: "JPY", thresholdMinor: 5_000 });
    const view = alertView(
      yen,
      facts({
        wallet: { currency: "JPY", balanceMinor: 0 },
        spendSince: new Map([[periodBounds("month", NOW).start, 7_000]]),
      }),
      NOW,
    );
    expect(view).toMatchObject({ threshold: 5_000, current: 7_000, triggered: true });
  });
});
