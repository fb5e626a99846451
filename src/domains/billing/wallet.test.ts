import { z } from "@hono/zod-openapi";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { describe, expect, it } from "vitest";
import { call, db, slug, tenant, testApp } from "../../../test/helpers";
import { raceRounds, staggered, statusCounts } from "../../../test/concurrency";
import { Precondition } from "../../core/db/precondition";
import { auditLog } from "../../core/db/schema";
import { defineOperation, type WriteStatement } from "../../core/operation";
import { seededRandom } from "../../admin/random";
import { ledgerPage, walletBalance } from "./queries";
import { walletLedger, wallets } from "./schema";
import { seedBillingDomain } from "./seed";
import { credit, debit } from "./wallet";

// Test-only operations that pay through the wallet the way the campaign, call and billing
// operations will: the wallet's statements go into the write's commit, beside its audit entry.
const spendOperation = {
  method: "post",
  tag: "Test",
  scope: "billing:write",
  gate: "S",
  plans: "ALL",
  capability: "billing",
} as const;
const Amount = z.object({ amount_minor: z.number().int(), reference_id: z.string().optional() });
const Entry = z.object({ entry_id: z.string() });

const debitOperation = defineOperation({
  ...spendOperation,
  operationId: "testWalletDebit",
  path: "/api/v1/test/wallet/debit",
  summary: "Debit the wallet (test)",
  codes: [201, 400, 401, 402, 403, 404, 409, 429, 500],
  // pause_ms: time between reading the wallet and committing, so that concurrent requests all
  // read before any commits and the batches, not the reads, decide which debits fit.
  request: { body: Amount.extend({ pause_ms: z.number().int().max(100).optional() }) },
  responses: { 201: { description: "Debited", schema: Entry } },
  handler: async ({ db, caller, body, commit }) => {
    const entryId = crypto.randomUUID();
    const charge = await debit(db, {
      companyId: caller.company.id,
      amountMinor: body.amount_minor,
      currency: "EUR",
      kind: "charge",
      reference: { type: "campaign", id: body.reference_id ?? "campaign-1" },
      description: "Campaign dispatch",
      entryId,
    });
    if (body.pause_ms) await new Promise((resolve) => setTimeout(resolve, body.pause_ms));
    await commit(charge, { resourceType: "wallet_ledger", resourceId: entryId });
    return { status: 201, body: { entry_id: entryId } };
  },
});

// An operation whose specification declares no 402: its refusal is the problem it names instead.
const unprocessableDebitOperation = defineOperation({
  ...spendOperation,
  operationId: "testWalletDebitWithout402",
  path: "/api/v1/test/wallet/debit-422",
  summary: "Debit the wallet, refusing with 422 (test)",
  codes: [201, 400, 401, 403, 404, 409, 422, 429, 500],
  request: { body: Amount },
  responses: { 201: { description: "Debited", schema: Entry } },
  handler: async ({ db, caller, body, commit }) => {
    const entryId = crypto.randomUUID();
    const charge = await debit(db, {
      companyId: caller.company.id,
      amountMinor: body.amount_minor,
      currency: "EUR",
      kind: "charge",
      reference: { type: "call", id: "call-1" },
      entryId,
      refuseAs: "unprocessable",
    });
    await commit(charge, { resourceType: "wallet_ledger", resourceId: entryId });
    return { status: 201, body: { entry_id: entryId } };
  },
});

// A debit that another charge overtakes between its read and its batch, deterministically: the
// rival commits after this request read the balance and before its own batch runs.
const overtakenDebitOperation = defineOperation({
  ...spendOperation,
  operationId: "testWalletDebitOvertaken",
  path: "/api/v1/test/wallet/debit-overtaken",
  summary: "Debit the wallet after a rival charge (test)",
  codes: [201, 400, 401, 402, 403, 404, 409, 429, 500],
  request: { body: Amount.extend({ rival_minor: z.number().int() }) },
  responses: { 201: { description: "Debited", schema: Entry } },
  handler: async ({ db, caller, body, commit }) => {
    const entryId = crypto.randomUUID();
    const charge = await debit(db, {
      companyId: caller.company.id,
      amountMinor: body.amount_minor,
      currency: "EUR",
      kind: "charge",
      reference: { type: "call", id: "call-2" },
      entryId,
    });
    const rival = await debit(db, {
      companyId: caller.company.id,
      amountMinor: body.rival_minor,
      currency: "EUR",
      kind: "charge",
      reference: { type: "campaign", id: "rival" },
    });
    await runAlone(rival);
    await commit(charge, { resourceType: "wallet_ledger", resourceId: entryId });
    return { status: 201, body: { entry_id: entryId } };
  },
});

const creditOperation = defineOperation({
  ...spendOperation,
  operationId: "testWalletCredit",
  path: "/api/v1/test/wallet/credit",
  summary: "Top up the wallet (test)",
  codes: [201, 400, 401, 403, 404, 409, 429, 500],
  request: { body: Amount },
  responses: { 201: { description: "Credited", schema: Entry } },
  handler: async ({ db, caller, body, commit }) => {
    const entryId = crypto.randomUUID();
    const topUp = await credit(db, {
      companyId: caller.company.id,
      amountMinor: body.amount_minor,
      currency: "EUR",
      kind: "top_up",
      reference: { type: "payment", id: body.reference_id ?? "payment-1" },
      entryId,
    });
    await commit(topUp, { resourceType: "wallet_ledger", resourceId: entryId });
    return { status: 201, body: { entry_id: entryId } };
  },
});

const app = testApp([debitOperation, unprocessableDebitOperation, overtakenDebitOperation, creditOperation]);
const open = { PUBLIC_API_WRITE_ENABLED: "true", PUBLIC_API_SPEND_ENABLED: "true" };

/** Runs wallet statements in a batch of their own (no audit entry), as a rival request's commit would. */
async function runAlone(statements: readonly WriteStatement[]) {
  const batch = statements.map((statement) => (statement instanceof Precondition ? statement.statement : statement));
  await db.batch(batch as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

async function spender() {
  return tenant({ spendEnabled: true });
}

async function fund(companyId: string, amountMinor: number) {
  await runAlone(await credit(db, { companyId, amountMinor, currency: "EUR", kind: "top_up", reference: { type: "payment", id: "opening" } }));
}

const post = (path: string, key: string, body: unknown, idempotencyKey: string = crypto.randomUUID()) =>
  call(path, { app, vars: open, key, body, headers: { "Idempotency-Key": idempotencyKey } });

const ledgerOf = (companyId: string) => db.select().from(walletLedger).where(eq(walletLedger.companyId, companyId)).orderBy(asc(walletLedger.seq));
const balanceOf = async (companyId: string) => (await walletBalance(db, companyId))?.balanceMinor;
const auditEntries = (companyId: string, operation: string) =>
  db.select().from(auditLog).where(and(eq(auditLog.companyId, companyId), eq(auditLog.operation, operation)));

/** The ledger is a chain in seq order: 1, 2, 3 ..., each balance_after the previous one plus its amount; returns its sum. */
async function checkedLedgerSum(companyId: string): Promise<number> {
  const rows = await ledgerOf(companyId);
  let balance = 0;
  rows.forEach((row, index) => {
    expect(row.seq).toBe(index + 1);
    balance += row.amountMinor;
    expect(row.balanceAfterMinor).toBe(balance);
    expect(row.balanceAfterMinor).toBeGreaterThanOrEqual(0);
  });
  return balance;
}

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
    expect(response.json).toMatchObject({ currency: "EUR", amount_minor: 1001, amount: 10.01, balance_minor: 1000, balance: 10 });
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
          post("/api/v1/test/wallet/debit", t.key, { amount_minor: amounts[index], reference_id: `campaign-${index}`, pause_ms: pauses[round] }),
        ),
      async (outcomes, t) => {
        const counts = statusCounts(outcomes);
        expect(Object.keys(counts).sort()).toEqual(["201", "402"]);
        const succeeded = outcomes.flatMap((outcome, index) => (outcome.status === 201 ? [{ amount: amounts[index]!, entryId: outcome.json.entry_id as string }] : []));
        const refused = outcomes.flatMap((outcome, index) => (outcome.status === 402 ? [{ amount: amounts[index]!, json: outcome.json }] : []));
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

describe("credit", () => {
  it("creates the wallet when missing, in the credit's currency, with its ledger entry and audit entry", async () => {
    const t = await spender();
    expect(await walletBalance(db, t.companyId)).toBeUndefined();
    const response = await post("/api/v1/test/wallet/credit", t.key, { amount_minor: 5000, reference_id: "pi_123" });
    expect(response.status).toBe(201);
    expect(await walletBalance(db, t.companyId)).toMatchObject({ currency: "EUR", balanceMinor: 5000 });
    const rows = await ledgerOf(t.companyId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: response.json.entry_id, seq: 1, kind: "top_up", amountMinor: 5000, balanceAfterMinor: 5000, referenceType: "payment", referenceId: "pi_123" });
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
    const outcomes = await staggered(10, (index) => post("/api/v1/test/wallet/credit", t.key, { amount_minor: 100 + index }));
    expect(statusCounts(outcomes)).toEqual({ 201: 10 });
    expect(await balanceOf(t.companyId)).toBe(1045);
    expect(await checkedLedgerSum(t.companyId)).toBe(1045);
  });
});

describe("wallet statements", () => {
  it("refuse amounts that are not positive safe integers, unknown currencies, and another currency than the wallet's (programming errors)", async () => {
    const t = await spender();
    await fund(t.companyId, 100);
    const base = { companyId: t.companyId, currency: "EUR", kind: "charge", reference: { type: "call", id: "c" } } as const;
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
    await expect(db.update(wallets).set({ balanceMinor: sql`${wallets.balanceMinor} - 101` }).where(eq(wallets.companyId, t.companyId))).rejects.toThrow();
    // The debit's UPDATE and ledger entry without their precondition, after a rival took the money.
    const [, ...unguarded] = await debit(db, { companyId: t.companyId, amountMinor: 80, currency: "EUR", kind: "charge", reference: { type: "call", id: "c" } });
    await runAlone(await debit(db, { companyId: t.companyId, amountMinor: 50, currency: "EUR", kind: "charge", reference: { type: "call", id: "r" } }));
    await expect(runAlone(unguarded)).rejects.toThrow();
    expect(await balanceOf(t.companyId)).toBe(50);
    expect(await checkedLedgerSum(t.companyId)).toBe(50);
    const [{ n }] = (await db.select({ n: count() }).from(walletLedger).where(eq(walletLedger.companyId, t.companyId))) as [{ n: number }];
    expect(n).toBe(2);
  });

  it("ledgerPage lists the company's movements newest first, and no other company's", async () => {
    const t = await spender();
    const other = await spender();
    await fund(t.companyId, 1000);
    await fund(other.companyId, 70);
    for (const amountMinor of [100, 200, 300]) {
      await runAlone(await debit(db, { companyId: t.companyId, amountMinor, currency: "EUR", kind: "charge", reference: { type: "call", id: `call-${amountMinor}` } }));
    }
    const { data: page } = await ledgerPage(db, t.companyId, { limit: 3, offset: 0 });
    expect(page.map((row) => [row.seq, row.amountMinor, row.balanceAfterMinor])).toEqual([
      [4, -300, 400],
      [3, -200, 700],
      [2, -100, 900],
    ]);
    expect((await ledgerPage(db, t.companyId, { limit: 3, offset: 3 })).data.map((row) => row.amountMinor)).toEqual([1000]);
    expect(page.every((row) => row.companyId === t.companyId)).toBe(true);
  });
});

describe("seed", () => {
  it("gives the company a wallet in its currency whose ledger is a chain adding up to the balance", async () => {
    for (const currency of ["EUR", "GBP", "JPY"]) {
      const t = await tenant({ defaultCurrency: currency });
      const seeded = await seedBillingDomain(db, t.companyId, seededRandom(7), Date.now());
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
