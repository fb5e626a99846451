import { describe, expect, it } from "vitest";
import { db, tenant } from "../../../test/helpers";
import { ledgerSince } from "./queries";
import { walletLedger } from "./schema";

const entry = (
  companyId: string,
  seq: number,
  kind: "top_up" | "charge" | "refund" | "adjustment",
  amountMinor: number,
  balanceAfterMinor: number,
  createdAt: string,
) => ({
  id: crypto.randomUUID(),
  companyId,
  seq,
  kind,
  amountMinor,
  balanceAfterMinor,
  currency: "EUR",
  referenceType: kind === "top_up" ? ("payment" as const) : ("call" as const),
  referenceId: "ref",
  description: null,
  createdAt,
});

describe("ledgerSince (billing's query for the alerts)", () => {
  it("spend since each instant is charges minus refunds; top-ups and adjustments are not spend", async () => {
    const t = await tenant();
    const other = await tenant();
    await db
      .insert(walletLedger)
      .values([
        entry(t.companyId, 1, "top_up", 10_000, 10_000, "2026-03-01T00:00:00.000Z"),
        entry(t.companyId, 2, "charge", -3_000, 7_000, "2026-03-02T00:00:00.000Z"),
        entry(t.companyId, 3, "refund", 500, 7_500, "2026-03-03T00:00:00.000Z"),
        entry(t.companyId, 4, "adjustment", -1_000, 6_500, "2026-03-04T00:00:00.000Z"),
        entry(t.companyId, 5, "charge", -2_000, 4_500, "2026-03-05T00:00:00.000Z"),
        entry(other.companyId, 1, "charge", -9_999, 0, "2026-03-05T00:00:00.000Z"),
      ]);
    const answers = await ledgerSince(db, t.companyId, [
      "2026-03-05T00:00:00.000Z",
      "2026-03-01T00:00:00.000Z",
      "2026-03-03T00:00:00.000Z",
      "2026-04-01T00:00:00.000Z",
    ]);
    expect(answers.map((answer) => answer.spendMinor)).toEqual([2_000, 4_500, 1_500, 0]);
  });

  it("the highest balance after an instant (exclusive), null when nothing moved since; spend never below 0", async () => {
    const t = await tenant();
    await db
      .insert(walletLedger)
      .values([
        entry(t.companyId, 1, "top_up", 10_000, 10_000, "2026-03-01T00:00:00.000Z"),
        entry(t.companyId, 2, "charge", -8_000, 2_000, "2026-03-02T00:00:00.000Z"),
        entry(t.companyId, 3, "refund", 1_000, 3_000, "2026-03-03T00:00:00.000Z"),
      ]);
    const [fromStart, afterCharge, afterAll] = await ledgerSince(db, t.companyId, [
      "2026-02-01T00:00:00.000Z",
      "2026-03-02T00:00:00.000Z",
      "2026-03-03T00:00:00.000Z",
    ]);
    expect(fromStart).toEqual({ spendMinor: 7_000, highestBalanceMinor: 10_000 });
    // Since the charge (its own instant included for spend, excluded for the balance): only the refund.
    expect(afterCharge).toEqual({ spendMinor: 7_000, highestBalanceMinor: 3_000 });
    expect(afterAll).toEqual({ spendMinor: 0, highestBalanceMinor: null });
    expect(await ledgerSince(db, t.companyId, [])).toEqual([]);
    await expect(
      ledgerSince(
        db,
        t.companyId,
        Array.from({ length: 41 }, () => "2026-01-01T00:00:00.000Z"),
      ),
    ).rejects.toThrow(/at most 40/);
  });
});
