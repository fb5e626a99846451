import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { storeBinding, storeCount } from "../src/data/tenancy";
import { setAgencyPrice } from "../src/domains/agency/panel";
import { call, db, operator, tenant } from "./helpers";
import { moveClock, resetClock, tick } from "./clock";
import { OPEN } from "./security/declarations";
import { fund, ledgerOf } from "./wallet-operations";

/*
 * A write that touches the control plane and a store other than 0 (a key rotated, a key created
 * with its mailbox grants, a subaccount created) runs as two transactions joined by an outbox
 * (src/data/routing.ts). The Worker is killed between the two: the database of the second half
 * fails its batch, as a Worker dying there would leave it. After recovery (the Cron Trigger
 * applies the outbox) the key or subaccount is whole, once; the client's retry with its
 * Idempotency-Key creates nothing more. Needs a second store: the run on three stores.
 */

const rowsOf = async (database: D1Database, sql: string, ...values: unknown[]) =>
  (
    await database
      .prepare(sql)
      .bind(...values)
      .all<Record<string, unknown>>()
  ).results;

/**
 * A database (and its sessions) whose first batch holding an outbox's second half (its applied
 * mark, cross_store_applied) fails before it runs: the kill between the two writes.
 */
function killedAtSecondHalf(database: D1Database, state: { killed: number }): D1Database {
  const seconds = new WeakSet<object>();
  const wrapStatement = (statement: D1PreparedStatement, second: boolean): D1PreparedStatement => {
    if (!second) return statement;
    const wrapped = new Proxy(statement, {
      get(target, prop) {
        if (prop === "bind") return (...values: unknown[]) => wrapStatement(target.bind(...values), true);
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    seconds.add(wrapped);
    return wrapped;
  };
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(inner, prop) {
        if (prop === "prepare")
          return (sql: string) =>
            wrapStatement(
              (inner as unknown as D1Database).prepare(sql),
              sql.startsWith("INSERT INTO cross_store_applied"),
            );
        if (prop === "batch")
          return (statements: D1PreparedStatement[]) => {
            if (state.killed === 0 && statements.some((statement) => seconds.has(statement))) {
              state.killed++;
              return Promise.reject(new Error("the Worker died here"));
            }
            return (inner as unknown as D1Database).batch(statements);
          };
        if (prop === "withSession")
          return (...args: unknown[]) => wrap((inner as D1Database).withSession(...(args as [])));
        const value = Reflect.get(inner, prop);
        return typeof value === "function" ? value.bind(inner) : value;
      },
    });
  return wrap(database);
}

/** Every database of the Worker, each killed at the first second half it is asked to run. */
function killingEnv() {
  const state = { killed: 0 };
  const vars: Record<string, unknown> = { ...OPEN, DB: killedAtSecondHalf(env.DB, state) };
  for (let store = 1; store < storeCount(env); store++)
    vars[`STORE_${store}`] = killedAtSecondHalf(storeBinding(env, store)!, state);
  return { vars, state };
}

const outboxRows = async () =>
  (
    await Promise.all(
      Array.from({ length: storeCount(env) }, (_, store) =>
        rowsOf(storeBinding(env, store)!, "SELECT id FROM cross_store_outbox"),
      ),
    )
  ).flat().length;

/** The Cron Trigger once the outbox's grace period is over: what a crash left is applied. */
async function recover() {
  moveClock(2 * 60_000);
  await tick();
}

const auditOf = (store: number, companyId: string, operation: string) =>
  rowsOf(
    storeBinding(env, store)!,
    "SELECT resource_id FROM audit_log WHERE company_id = ? AND operation = ? ORDER BY created_at, rowid",
    companyId,
    operation,
  );

afterEach(resetClock);

describe.skipIf(storeCount(env) < 2)(
  "a write across the control plane and another store, killed between its halves",
  () => {
    it("rotating a key: the successor is whole after recovery, and the retry rotates nothing more", async () => {
      const store = storeCount(env) - 1;
      const t = await tenant({ store });
      const idempotencyKey = crypto.randomUUID();
      const kill = killingEnv();
      const first = await call(`/api/v1/api-keys/${t.keyId}/rotate`, {
        key: t.key,
        method: "POST",
        headers: { "Idempotency-Key": idempotencyKey },
        vars: kill.vars,
      });
      expect(kill.state.killed).toBe(1);
      expect(first.status).toBe(500);
      const keys = () =>
        rowsOf(
          env.DB,
          "SELECT id, revoked_at FROM api_keys WHERE company_id = ? ORDER BY created_at, rowid",
          t.companyId,
        );
      // The compare-and-set half (the control plane) landed with the outbox row; the store's half did not.
      expect(await keys()).toHaveLength(2);
      expect(await auditOf(store, t.companyId, "rotateApiKey")).toHaveLength(0);

      const retry = await call(`/api/v1/api-keys/${t.keyId}/rotate`, {
        key: t.key,
        method: "POST",
        headers: { "Idempotency-Key": idempotencyKey },
        vars: OPEN,
      });
      // The rotation happened once: the calling key is revoked, and no third key appears.
      expect(retry.status).toBe(401);
      await recover();
      const after = await keys();
      expect(after).toHaveLength(2);
      expect(after.filter((key) => key.revoked_at === null)).toHaveLength(1);
      expect(await auditOf(store, t.companyId, "rotateApiKey")).toEqual([{ resource_id: t.keyId }]);
      expect(await outboxRows()).toBe(0);
      await recover();
      expect(await auditOf(store, t.companyId, "rotateApiKey")).toHaveLength(1);
    });

    it("creating a subaccount with a setup price: charged and created once, the retry answers that it completed", async () => {
      const store = storeCount(env) - 1;
      const a = await tenant({ plan: "Agency", spendEnabled: true, defaultCurrency: "EUR", store });
      await fund(a.companyId, 10_000);
      await setAgencyPrice(db, a.companyId, { setupPrice: "20" });
      const idempotencyKey = crypto.randomUUID();
      const body = { name: "Killed SL", plan: "Business", owner_email: `${idempotencyKey}@client.example` };
      const request = (vars: Record<string, unknown>) =>
        call("/api/v1/agency/subaccounts", {
          key: a.key,
          method: "POST",
          body,
          headers: { "Idempotency-Key": idempotencyKey },
          vars,
        });
      const kill = killingEnv();
      const first = await request(kill.vars);
      expect(kill.state.killed).toBe(1);
      expect(first.status).toBe(500);
      const subaccounts = () => rowsOf(env.DB, "SELECT id FROM companies WHERE parent_company_id = ?", a.companyId);
      const charges = async () => (await ledgerOf(a.companyId)).filter((entry) => entry.kind === "charge");
      // The half that may refuse (the wallet's debit, in the store) landed; the company (control plane) waits in the outbox.
      expect(await subaccounts()).toHaveLength(0);
      expect(await charges()).toHaveLength(1);

      const retry = await request(OPEN);
      expect(retry.status).toBe(409);
      await recover();
      expect(await subaccounts()).toHaveLength(1);
      expect(await charges()).toHaveLength(1);
      const again = await request(OPEN);
      expect(again.status).toBe(409);
      expect(await subaccounts()).toHaveLength(1);
      expect(await outboxRows()).toBe(0);
    });

    it("creating a subaccount without a price: whole after recovery, and the retry creates no second one", async () => {
      const store = storeCount(env) - 1;
      const a = await tenant({ plan: "Agency", spendEnabled: true, defaultCurrency: "EUR", store });
      const idempotencyKey = crypto.randomUUID();
      const body = { name: "Killed free SL", plan: "Business", owner_email: `${idempotencyKey}@client.example` };
      const request = (vars: Record<string, unknown>) =>
        call("/api/v1/agency/subaccounts", {
          key: a.key,
          method: "POST",
          body,
          headers: { "Idempotency-Key": idempotencyKey },
          vars,
        });
      const kill = killingEnv();
      expect((await request(kill.vars)).status).toBe(500);
      expect(kill.state.killed).toBe(1);
      const subaccounts = () => rowsOf(env.DB, "SELECT id FROM companies WHERE parent_company_id = ?", a.companyId);
      const retry = await request(OPEN);
      // The owner claim put the store's half first: its Idempotency-Key mark is there, so the retry learns it completed.
      expect(retry.status).toBe(409);
      await recover();
      const created = await subaccounts();
      expect(created).toHaveLength(1);
      expect((await auditOf(store, a.companyId, "createSubaccount")).map((row) => row.resource_id)).toEqual([
        created[0]!.id,
      ]);
      expect(await outboxRows()).toBe(0);
    });

    it("creating a key restricted to mailboxes: never a key without its grants", async () => {
      const store = storeCount(env) - 1;
      const t = await tenant({ store, capabilities: ["inbox"] });
      const mailbox = await operator(`/companies/${t.companyId}/mailboxes`, {
        method: "POST",
        body: { kind: "forwarding", name: "Support", address: `support-${t.companyId}@example.com` },
      });
      expect(mailbox.status).toBe(201);
      const kill = killingEnv();
      const created = await operator(`/companies/${t.companyId}/keys`, {
        method: "POST",
        body: { scopes: ["inbox:read"], mailbox_ids: [mailbox.json.mailbox_id] },
        vars: { ...kill.vars },
      });
      expect(kill.state.killed).toBe(1);
      expect(created.status).toBe(500);
      const keys = () =>
        rowsOf(env.DB, "SELECT lineage_id FROM api_keys WHERE company_id = ? AND id != ?", t.companyId, t.keyId);
      const grants = () =>
        rowsOf(storeBinding(env, store)!, "SELECT lineage_id FROM mailbox_grants WHERE company_id = ?", t.companyId);
      // The grants landed first; the key waits in the outbox: no key reads every mailbox meanwhile.
      expect(await keys()).toHaveLength(0);
      expect(await grants()).toHaveLength(1);
      await recover();
      const [key] = await keys();
      expect(key).toBeDefined();
      expect(await grants()).toEqual([{ lineage_id: key!.lineage_id }]);
      expect(await outboxRows()).toBe(0);
    });
  },
);
