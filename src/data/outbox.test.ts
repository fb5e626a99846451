import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { moveClock, resetClock, tick } from "../../test/clock";
import { tenant } from "../../test/helpers";
import { routedClient } from "./routing";
import { storeBinding, storeCount } from "./tenancy";

// A batch that writes the control plane and another store runs as two transactions joined by an
// outbox (routing.ts): a crash between them must neither lose the second half nor apply it twice.
// It needs a second store: the run on three stores (STORES=3) has one, a one-store run skips.

/** A database whose next `fail` calls of `what` throw, as a Worker dying at that point would leave them. */
function failing(database: D1Database, what: "batch" | "run", fail = 1): D1Database {
  let left = fail;
  return new Proxy(database, {
    get(target, prop) {
      if (prop === "batch" && what === "batch")
        return (statements: D1PreparedStatement[]) =>
          left-- > 0 ? Promise.reject(new Error("the Worker died here")) : target.batch(statements);
      if (prop === "prepare" && what === "run")
        return (sql: string) => {
          const statement = target.prepare(sql);
          if (!sql.startsWith("DELETE FROM cross_store_outbox")) return statement;
          return {
            bind: (...values: unknown[]) => ({
              run: () =>
                left-- > 0 ? Promise.reject(new Error("the Worker died here")) : statement.bind(...values).run(),
            }),
          };
        };
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const rowsOf = async (database: D1Database, sql: string, ...values: unknown[]) =>
  (
    await database
      .prepare(sql)
      .bind(...values)
      .all()
  ).results;

/** A company in store 1 and a batch writing an operator audit entry (control plane) and its audit entry (the store). */
async function crossingBatch(options: { control?: D1Database; store?: D1Database } = {}) {
  const { companyId } = await tenant({ store: 1 });
  const id = crypto.randomUUID();
  const client = routedClient({
    control: () => options.control ?? env.DB,
    tenant: () => [options.store ?? storeBinding(env, 1)!],
  });
  const now = new Date().toISOString();
  const run = () =>
    client.batch([
      client
        .prepare(
          "INSERT INTO operator_audit_log (id, company_id, operation, method, path, resource_type, resource_id, request_id, created_at) VALUES (?, ?, 'test', 'POST', '/t', 'key', ?, ?, ?)",
        )
        .bind(id, companyId, id, id, now),
      client
        .prepare(
          "INSERT INTO audit_log (id, company_id, key_id, operation, method, path, resource_type, resource_id, request_id, created_at) VALUES (?, ?, 'key', 'test', 'POST', '/t', 'key', ?, ?, ?)",
        )
        .bind(id, companyId, id, id, now),
    ]);
  return { id, run };
}

const halves = async (id: string) => ({
  control: (await rowsOf(env.DB, "SELECT id FROM operator_audit_log WHERE id = ?", id)).length,
  store: (await rowsOf(storeBinding(env, 1)!, "SELECT id FROM audit_log WHERE id = ?", id)).length,
  outbox: (await rowsOf(env.DB, "SELECT id FROM cross_store_outbox")).length,
});

describe("a batch across the control plane and another store", () => {
  afterEach(resetClock);

  it.skipIf(storeCount(env) < 2)("writes both halves and leaves no outbox row", async () => {
    const batch = await crossingBatch();
    const results = await batch.run();
    expect(results).toHaveLength(2);
    expect(await halves(batch.id)).toEqual({ control: 1, store: 1, outbox: 0 });
  });

  it.skipIf(storeCount(env) < 2)(
    "applies the second half at the cron when the Worker died after the first, once",
    async () => {
      const batch = await crossingBatch({ store: failing(storeBinding(env, 1)!, "batch") });
      await expect(batch.run()).rejects.toThrow("the Worker died here");
      expect(await halves(batch.id)).toEqual({ control: 1, store: 0, outbox: 1 });
      // Within the grace period a tick leaves it (its own batch could still be running).
      await tick();
      expect(await halves(batch.id)).toEqual({ control: 1, store: 0, outbox: 1 });
      moveClock(2 * 60_000);
      await tick();
      expect(await halves(batch.id)).toEqual({ control: 1, store: 1, outbox: 0 });
      await tick();
      expect(await halves(batch.id)).toEqual({ control: 1, store: 1, outbox: 0 });
    },
  );

  it.skipIf(storeCount(env) < 2)(
    "does not apply the second half again when the Worker died before deleting the outbox row",
    async () => {
      const batch = await crossingBatch({ control: failing(env.DB, "run") });
      await expect(batch.run()).rejects.toThrow("the Worker died here");
      expect(await halves(batch.id)).toEqual({ control: 1, store: 1, outbox: 1 });
      const applied = async () => (await rowsOf(storeBinding(env, 1)!, "SELECT id FROM cross_store_applied")).length;
      const appliedBefore = await applied();
      moveClock(2 * 60_000);
      await tick();
      // The replay was refused on its applied mark: no second audit entry, no second mark.
      expect(await halves(batch.id)).toEqual({ control: 1, store: 1, outbox: 0 });
      expect(await applied()).toBe(appliedBefore);
    },
  );

  it.skipIf(storeCount(env) < 2)("writes nothing, outbox row included, when the first half is refused", async () => {
    const { companyId } = await tenant({ store: 1 });
    const client = routedClient({ control: () => env.DB, tenant: () => [storeBinding(env, 1)!] });
    const id = crypto.randomUUID();
    // A precondition that does not hold (src/data/precondition.ts): its insert fails the control plane's transaction.
    await expect(
      client.batch([
        client.prepare("INSERT INTO batch_preconditions (holds) SELECT 0 FROM companies WHERE id = ?").bind(companyId),
        client
          .prepare(
            "INSERT INTO audit_log (id, company_id, key_id, operation, method, path, resource_type, resource_id, request_id, created_at) VALUES (?, ?, 'key', 'test', 'POST', '/t', 'key', ?, ?, ?)",
          )
          .bind(id, companyId, id, id, new Date().toISOString()),
      ]),
    ).rejects.toThrow();
    expect(await halves(id)).toEqual({ control: 0, store: 0, outbox: 0 });
  });
});
