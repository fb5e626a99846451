import { z } from "@hono/zod-openapi";
import { and, asc, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { expect } from "vitest";
import type { Database } from "../src/data/client";
import { Precondition } from "../src/data/precondition";
import { auditLog } from "../src/data/schema";
import { defineOperation, type WriteStatement } from "../src/core/operation";
import { credit, debit, walletBalance } from "../src/domains/billing";
import { walletLedger } from "../src/domains/billing/schema";
import { call, db, tenant, testApp } from "./helpers";

/**
 * The wallet's tests (src/domains/billing/debit.test.ts and wallet.test.ts) share these:
 * test-only operations that pay through the wallet, and helpers to fund and read it.
 */

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
    await runAlone(rival, db);
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
/** Runs statements in a batch of their own, on the database they were built on (a handler's, or the tests'). */
export async function runAlone(statements: readonly WriteStatement[], on: Database = db) {
  const batch = statements.map((statement) => (statement instanceof Precondition ? statement.statement : statement));
  await on.batch(batch as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

export async function spender() {
  return tenant({ spendEnabled: true });
}

export async function fund(companyId: string, amountMinor: number) {
  await runAlone(
    await credit(db, {
      companyId,
      amountMinor,
      currency: "EUR",
      kind: "top_up",
      reference: { type: "payment", id: "opening" },
    }),
  );
}

export const post = (path: string, key: string, body: unknown, idempotencyKey: string = crypto.randomUUID()) =>
  call(path, { app, vars: open, key, body, headers: { "Idempotency-Key": idempotencyKey } });

export const ledgerOf = (companyId: string) =>
  db.select().from(walletLedger).where(eq(walletLedger.companyId, companyId)).orderBy(asc(walletLedger.seq));
export const balanceOf = async (companyId: string) => (await walletBalance(db, companyId))?.balanceMinor;
export const auditEntries = (companyId: string, operation: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), eq(auditLog.operation, operation)));

/** The ledger is a chain in seq order: 1, 2, 3 ..., each balance_after the previous one plus its amount; returns its sum. */
export async function checkedLedgerSum(companyId: string): Promise<number> {
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
