import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { staggered, statusCounts } from "../../../test/concurrency";
import { db, tenant } from "../../../test/helpers";
import {
  auditEntries,
  balanceOf,
  checkedLedgerSum,
  fund,
  ledgerOf,
  post,
  runAlone,
  spender,
} from "../../../test/wallet-operations";
import { seededRandom } from "../../lib/random";
import { ledgerPage, walletBalance } from "./queries";
import { walletLedger, wallets } from "./schema";
import { seedWalletHistory } from "./seed";
import { credit, debit } from "./wallet";

describe("credit", () => {
  it("creates the wallet when missing, in the credit's currency, with its ledger entry and audit entry", async () => {
    const t = await spender();
    expect(await walletBalance(db, t.companyId)).toBeUndefined();
    const response = await post("/api/v1/test/wallet/credit", t.key, { amount_minor: 5000, reference_id: "pi_123" });
    expect(response.status).toBe(201);
    expect(await walletBalance(db, t.companyId)).toMatchObject({ currency: "EUR", balanceMinor: 5000 });
    const rows = await ledgerOf(t.companyId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: response.json.entry_id,
      seq: 1,
      kind: "top_up",
      amountMinor: 5000,
      balanceAfterMinor: 5000,
      referenceType: "payment",
      referenceId: "pi_123",
    });
    expect(await auditEntries(t.companyId, "testWalletCredit")).toHaveLength(1);
  });

  it("adds to an existing wallet", async () => {
    const t = await spender();
    await fund(t.companyId, 100);
    expect((await post("/api/v1/test/wallet/credit", t.key, { amount_minor: 250 })).status).toBe(201);
    expect(await balanceOf(t.companyId)).toBe(350);
    expect(await checkedLedgerSum(t.companyId)).toBe(350);
  });

  it("concurrent first credits create one wallet holding them all", async () => {
    const t = await spender();
    const outcomes = await staggered(10, (index) =>
      post("/api/v1/test/wallet/credit", t.key, { amount_minor: 100 + index }),
    );
    expect(statusCounts(outcomes)).toEqual({ 201: 10 });
    expect(await balanceOf(t.companyId)).toBe(1045);
    expect(await checkedLedgerSum(t.companyId)).toBe(1045);
  });
});

describe("wallet statements", () => {
  it("refuse amounts that are not positive safe integers, unknown currencies, and another currency than the wallet's (programming errors)", async () => {
    const t = await spender();
    await fund(t.companyId, 100);
    const base = {
      companyId: t.companyId,
      currency: "EUR",
      kind: "charge",
      reference: { type: "call", id: "c" },
    } as const;
    for (const amountMinor of [0, -5, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) {
      await expect(debit(db, { ...base, amountMinor })).rejects.toThrow(/positive safe integers/);
      await expect(credit(db, { ...base, kind: "top_up", amountMinor })).rejects.toThrow(/positive safe integers/);
    }
    await expect(debit(db, { ...base, amountMinor: 1, currency: "XYZ" })).rejects.toThrow(/ISO 4217/);
    await expect(debit(db, { ...base, amountMinor: 1, currency: "GBP" })).rejects.toThrow(/is in EUR/);
    await expect(credit(db, { ...base, kind: "top_up", amountMinor: 1, currency: "GBP" })).rejects.toThrow(/is in EUR/);
    expect(await balanceOf(t.companyId)).toBe(100);
  });

  it("the CHECK constraint makes a batch that would overdraw fail whole, even without the precondition", async () => {
    const t = await spender();
    await fund(t.companyId, 100);
    await expect(
      db
        .update(wallets)
        .set({ balanceMinor: sql`${wallets.balanceMinor} - 101` })
        .where(eq(wallets.companyId, t.companyId)),
    ).rejects.toThrow();
    // The debit's UPDATE and ledger entry without their precondition, after a rival took the money.
    const [, ...unguarded] = await debit(db, {
      companyId: t.companyId,
      amountMinor: 80,
      currency: "EUR",
      kind: "charge",
      reference: { type: "call", id: "c" },
    });
    await runAlone(
      await debit(db, {
        companyId: t.companyId,
        amountMinor: 50,
        currency: "EUR",
        kind: "charge",
        reference: { type: "call", id: "r" },
      }),
    );
    await expect(runAlone(unguarded)).rejects.toThrow();
    expect(await balanceOf(t.companyId)).toBe(50);
    expect(await checkedLedgerSum(t.companyId)).toBe(50);
    const [{ n }] = (await db
      .select({ n: count() })
      .from(walletLedger)
      .where(eq(walletLedger.companyId, t.companyId))) as [{ n: number }];
    expect(n).toBe(2);
  });

  it("ledgerPage lists the company's movements newest first, and no other company's", async () => {
    const t = await spender();
    const other = await spender();
    await fund(t.companyId, 1000);
    await fund(other.companyId, 70);
    for (const amountMinor of [100, 200, 300]) {
      await runAlone(
        await debit(db, {
          companyId: t.companyId,
          amountMinor,
          currency: "EUR",
          kind: "charge",
          reference: { type: "call", id: `call-${amountMinor}` },
        }),
      );
    }
    const { data: page } = await ledgerPage(db, t.companyId, { limit: 3, offset: 0 });
    expect(page.map((row) => [row.seq, row.amountMinor, row.balanceAfterMinor])).toEqual([
      [4, -300, 400],
      [3, -200, 700],
      [2, -100, 900],
    ]);
    expect((await ledgerPage(db, t.companyId, { limit: 3, offset: 3 })).data.map((row) => row.amountMinor)).toEqual([
      1000,
    ]);
    expect(page.every((row) => row.companyId === t.companyId)).toBe(true);
  });
});

describe("seed", () => {
  it("gives the company a wallet in its currency whose ledger is a chain adding up to the balance", async () => {
    for (const currency of ["EUR", "GBP", "JPY"]) {
      const t = await tenant({ defaultCurrency: currency });
      const seeded = await seedWalletHistory(db, t.companyId, [], seededRandom(7), Date.now());
      const wallet = await walletBalance(db, t.companyId);
      expect(wallet?.currency).toBe(currency);
      expect(wallet!.balanceMinor).toBeGreaterThan(0);
      expect(await checkedLedgerSum(t.companyId)).toBe(wallet!.balanceMinor);
      const rows = await ledgerOf(t.companyId);
      expect(rows).toHaveLength(seeded.wallet_ledger!);
      expect(rows.length).toBeGreaterThanOrEqual(5);
      expect(new Set(rows.map((row) => row.currency))).toEqual(new Set([currency]));
      const times = rows.map((row) => row.createdAt);
      expect([...times].sort()).toEqual(times);
    }
  });
});
