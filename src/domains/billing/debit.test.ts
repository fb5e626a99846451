import { describe, expect, it } from "vitest";
import { raceRounds, staggered, statusCounts } from "../../../test/concurrency";
import { db, slug } from "../../../test/helpers";
import {
  auditEntries,
  balanceOf,
  checkedLedgerSum,
  fund,
  ledgerOf,
  post,
  spender,
} from "../../../test/wallet-operations";
import { walletBalance } from "./queries";

describe("debit", () => {
  it("within the balance: one ledger entry with the balance after it, and its audit entry", async () => {
    const t = await spender();
    await fund(t.companyId, 1000);
    const response = await post("/api/v1/test/wallet/debit", t.key, { amount_minor: 250, reference_id: "campaign-7" });
    expect(response.status).toBe(201);
    expect(await balanceOf(t.companyId)).toBe(750);

    const rows = await ledgerOf(t.companyId);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      id: response.json.entry_id,
      seq: 2,
      kind: "charge",
      amountMinor: -250,
      balanceAfterMinor: 750,
      currency: "EUR",
      referenceType: "campaign",
      referenceId: "campaign-7",
      description: "Campaign dispatch",
    });
    const audit = await auditEntries(t.companyId, "testWalletDebit");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ resourceType: "wallet_ledger", resourceId: response.json.entry_id });
    expect(await checkedLedgerSum(t.companyId)).toBe(750);
  });

  it("of the whole balance leaves 0", async () => {
    const t = await spender();
    await fund(t.companyId, 400);
    expect((await post("/api/v1/test/wallet/debit", t.key, { amount_minor: 400 })).status).toBe(201);
    expect(await balanceOf(t.companyId)).toBe(0);
    expect(await checkedLedgerSum(t.companyId)).toBe(0);
  });

  it("beyond the balance: 402 insufficient_funds naming balance and amount, and nothing written", async () => {
    const t = await spender();
    await fund(t.companyId, 1000);
    const response = await post("/api/v1/test/wallet/debit", t.key, { amount_minor: 1001 });
    expect(response.status).toBe(402);
    expect(slug(response.json)).toBe("insufficient_funds");
    expect(response.json).toMatchObject({
      currency: "EUR",
      amount_minor: 1001,
      amount: 10.01,
      balance_minor: 1000,
      balance: 10,
    });
    expect(response.json.detail).toContain("10.00 EUR (1000 minor units)");
    expect(response.json.detail).toContain("10.01 EUR (1001 minor units)");
    expect(await balanceOf(t.companyId)).toBe(1000);
    expect(await ledgerOf(t.companyId)).toHaveLength(1);
    expect(await auditEntries(t.companyId, "testWalletDebit")).toHaveLength(0);
  });

  it("from a company without a wallet counts the balance as 0 and creates no wallet", async () => {
    const t = await spender();
    const response = await post("/api/v1/test/wallet/debit", t.key, { amount_minor: 1 });
    expect(response.status).toBe(402);
    expect(slug(response.json)).toBe("insufficient_funds");
    expect(response.json).toMatchObject({ balance_minor: 0, amount_minor: 1 });
    expect(await walletBalance(db, t.companyId)).toBeUndefined();
    expect(await ledgerOf(t.companyId)).toHaveLength(0);
    expect(await auditEntries(t.companyId, "testWalletDebit")).toHaveLength(0);
  });

  it("overtaken by another charge between its read and its batch: the batch refuses it whole (402)", async () => {
    const t = await spender();
    await fund(t.companyId, 1000);
    const response = await post("/api/v1/test/wallet/debit-overtaken", t.key, { amount_minor: 600, rival_minor: 500 });
    expect(response.status).toBe(402);
    expect(slug(response.json)).toBe("insufficient_funds");
    expect(response.json).toMatchObject({ amount_minor: 600, balance_minor: null });
    expect(response.json.detail).toContain("while this request was being processed");
    // Only the rival's charge happened.
    expect(await balanceOf(t.companyId)).toBe(500);
    expect((await ledgerOf(t.companyId)).map((row) => row.amountMinor)).toEqual([1000, -500]);
    expect(await auditEntries(t.companyId, "testWalletDebitOvertaken")).toHaveLength(0);
    expect(await checkedLedgerSum(t.companyId)).toBe(500);
  });

  it("answers the operation's own problem when it declares no 402", async () => {
    const t = await spender();
    await fund(t.companyId, 100);
    const response = await post("/api/v1/test/wallet/debit-422", t.key, { amount_minor: 101 });
    expect(response.status).toBe(422);
    expect(slug(response.json)).toBe("unprocessable");
    expect(response.json).toMatchObject({ amount_minor: 101, balance_minor: 100 });
    expect(await balanceOf(t.companyId)).toBe(100);
  });

  it("retried with the same Idempotency-Key debits once", async () => {
    const t = await spender();
    await fund(t.companyId, 1000);
    const key = crypto.randomUUID();
    const first = await post("/api/v1/test/wallet/debit", t.key, { amount_minor: 300 }, key);
    const retry = await post("/api/v1/test/wallet/debit", t.key, { amount_minor: 300 }, key);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(retry.json.entry_id).toBe(first.json.entry_id);
    expect(await balanceOf(t.companyId)).toBe(700);
    expect(await ledgerOf(t.companyId)).toHaveLength(2);
    expect(await auditEntries(t.companyId, "testWalletDebit")).toHaveLength(1);
  });

  it("20 concurrent debits that together exceed the balance: those that fit succeed, the rest get 402, the ledger sums to the balance", async () => {
    const initial = 1000;
    // 30 to 150 minor units each, 1,800 in all.
    const amounts = Array.from({ length: 20 }, (_, index) => 30 + ((index * 37) % 121));
    expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBeGreaterThan(initial);
    let refusedInBatch = 0;
    // Rounds 0 and 2 as requests come; rounds 1 and 3 read all before any batch runs.
    const pauses = [0, 25, 0, 25];
    let round = -1;
    await raceRounds(
      pauses.length,
      async () => {
        round++;
        const t = await spender();
        await fund(t.companyId, initial);
        return t;
      },
      (t) =>
        staggered(20, (index) =>
          post("/api/v1/test/wallet/debit", t.key, {
            amount_minor: amounts[index],
            reference_id: `campaign-${index}`,
            pause_ms: pauses[round],
          }),
        ),
      async (outcomes, t) => {
        const counts = statusCounts(outcomes);
        expect(Object.keys(counts).sort()).toEqual(["201", "402"]);
        const succeeded = outcomes.flatMap((outcome, index) =>
          outcome.status === 201 ? [{ amount: amounts[index]!, entryId: outcome.json.entry_id as string }] : [],
        );
        const refused = outcomes.flatMap((outcome, index) =>
          outcome.status === 402 ? [{ amount: amounts[index]!, json: outcome.json }] : [],
        );
        for (const { json } of refused) expect(slug(json)).toBe("insufficient_funds");
        if (pauses[round]) refusedInBatch += refused.filter(({ json }) => json.balance_minor === null).length;

        const balance = (await balanceOf(t.companyId))!;
        expect(balance).toBeGreaterThanOrEqual(0);
        expect(balance).toBe(initial - succeeded.reduce((sum, { amount }) => sum + amount, 0));
        // The balance only fell during the race, so each refused debit was refused for want of
        // money it still lacks: none of them would fit in what is left.
        for (const { amount } of refused) expect(amount).toBeGreaterThan(balance);

        expect(await checkedLedgerSum(t.companyId)).toBe(balance);
        const charges = (await ledgerOf(t.companyId)).filter((row) => row.kind === "charge");
        expect(charges.map((row) => row.id).sort()).toEqual(succeeded.map(({ entryId }) => entryId).sort());
        const audit = await auditEntries(t.companyId, "testWalletDebit");
        expect(audit.map((entry) => entry.resourceId).sort()).toEqual(succeeded.map(({ entryId }) => entryId).sort());
      },
    );
    // The paused rounds made the batch precondition, not the read before it, refuse debits.
    expect(refusedInBatch).toBeGreaterThan(0);
  });
});
