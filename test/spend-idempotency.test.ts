import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../src/data/schema";
import type { Operation } from "../src/core/operation";
import { walletBalance } from "../src/domains/billing";
import { walletLedger } from "../src/domains/billing/schema";
import { concurrently } from "./concurrency";
import { allOperations, call, db, slug } from "./helpers";
import { label, OPEN } from "./security/declarations";
import { spendFixtures, type SpendCase } from "./security/spend-fixtures";

/**
 * Generated from the declarations: for EVERY gate S operation of the Worker, a retry with the same
 * Idempotency-Key answers the first outcome and moves no money twice, and a concurrent duplicate
 * runs once (409 idempotency_key_in_use, or the replay of the first outcome when that completed
 * first). Each operation's request comes from test/security/spend-fixtures.ts (see its header).
 */

const spending = allOperations.filter((op) => op.gate === "S");

/** What a request may have changed of a company's money and record: ledger rows, balance, audit entries. */
async function footprint(companyId: string) {
  const [ledger] = await db.select({ n: count() }).from(walletLedger).where(eq(walletLedger.companyId, companyId));
  const [audit] = await db.select({ n: count() }).from(auditLog).where(eq(auditLog.companyId, companyId));
  return {
    ledgerRows: ledger!.n,
    balanceMinor: (await walletBalance(db, companyId))?.balanceMinor ?? 0,
    auditEntries: audit!.n,
  };
}

const auditOf = async (companyId: string, op: Operation) =>
  (
    await db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.operation, op.operationId)))
  )[0]!.n;

const send = (op: Operation, request: SpendCase, idempotencyKey: string) =>
  call(request.path, {
    method: op.method.toUpperCase(),
    key: request.company.key,
    body: request.body,
    headers: { "Idempotency-Key": idempotencyKey },
    vars: OPEN,
  });

async function prepared(op: Operation): Promise<SpendCase> {
  const fixture = spendFixtures[op.operationId];
  if (!fixture) throw new Error(`No fixture for ${op.operationId}`);
  return fixture();
}

describe("gate S operations: the fixtures", () => {
  it("every gate S operation has a fixture in test/security/spend-fixtures.ts, and every fixture names one", () => {
    const missing = spending
      .filter((op) => !spendFixtures[op.operationId])
      .map((op) => `${op.operationId} (${label(op)})`);
    expect(
      missing,
      "add a fixture for each of these to spendFixtures (see the header of test/security/spend-fixtures.ts)",
    ).toEqual([]);
    const stray = Object.keys(spendFixtures).filter((id) => !spending.some((op) => op.operationId === id));
    expect(stray, "fixtures that name no gate S operation of the Worker").toEqual([]);
  });
});

for (const op of spending) {
  describe(`${label(op)} (${op.operationId})`, () => {
    it("retried with the same Idempotency-Key: the first outcome again, replayed, and no money moved or entry written twice", async () => {
      const request = await prepared(op);
      const key = crypto.randomUUID();
      const before = await footprint(request.company.companyId);
      const first = await send(op, request, key);
      expect(
        first.status,
        `the fixture's request must succeed; it answered ${first.status} ${first.text.slice(0, 300)}`,
      ).toBeLessThan(300);
      const after = await footprint(request.company.companyId);
      expect(after.auditEntries, "the first request wrote its audit entry").toBe(before.auditEntries + 1);

      const retry = await send(op, request, key);
      expect(retry.status).toBe(first.status);
      expect(retry.text).toBe(first.text);
      expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
      expect(await footprint(request.company.companyId)).toEqual(after);
    });

    it("a concurrent duplicate runs once: the others are 409 idempotency_key_in_use or the replay of the one that ran", async () => {
      // What one execution changes, measured on a company of its own.
      const single = await prepared(op);
      const singleBefore = await footprint(single.company.companyId);
      expect((await send(op, single, crypto.randomUUID())).status).toBeLessThan(300);
      const singleAfter = await footprint(single.company.companyId);

      const request = await prepared(op);
      const key = crypto.randomUUID();
      const before = await footprint(request.company.companyId);
      const outcomes = await concurrently(4, () => send(op, request, key));
      const originals = outcomes.filter(
        (outcome) => outcome.headers.get("Idempotent-Replayed") !== "true" && outcome.status !== 409,
      );
      expect(originals, `exactly one original execution; got ${outcomes.map((o) => o.status).join(", ")}`).toHaveLength(
        1,
      );
      const original = originals[0]!;
      expect(original.status).toBeLessThan(300);
      for (const outcome of outcomes) {
        if (outcome === original) continue;
        if (outcome.status === 409) expect(slug(outcome.json)).toBe("idempotency_key_in_use");
        else
          expect([outcome.status, outcome.text, outcome.headers.get("Idempotent-Replayed")]).toEqual([
            original.status,
            original.text,
            "true",
          ]);
      }
      const after = await footprint(request.company.companyId);
      expect(await auditOf(request.company.companyId, op)).toBe(1);
      expect({
        ledgerRows: after.ledgerRows - before.ledgerRows,
        balanceMinor: after.balanceMinor - before.balanceMinor,
        auditEntries: after.auditEntries - before.auditEntries,
      }).toEqual({
        ledgerRows: singleAfter.ledgerRows - singleBefore.ledgerRows,
        balanceMinor: singleAfter.balanceMinor - singleBefore.balanceMinor,
        auditEntries: singleAfter.auditEntries - singleBefore.auditEntries,
      });
    });
  });
}
