import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, type TestContext } from "vitest";
import { moveClock, resetClock, tick } from "../../test/clock";
import { call, operator, tenant } from "../../test/helpers";
import { storeBinding, storeCount, storeOf } from "../data/tenancy";
import { DEADLINE_PASSED } from "./deadlines";
import { advanceMove, MOVE_SWITCH_DEADLINE_MS, settleMs } from "./moves";

/** Needs at least two stores: `STORES=3 npx vitest run --project "3 stores" src/work/move-deadline.test.ts`. */
function needsStores(context: TestContext): boolean {
  if (storeCount(env) >= 2) return true;
  const reason = `a move needs two stores and this run has ${storeCount(env)}: run with STORES=3`;
  console.warn(`skipped: ${reason}`);
  context.skip(reason);
  return false;
}

const vars = { RATE_LIMIT_PER_MINUTE: "100000" } as unknown as Partial<typeof env>;
const budget = (n: number) => ({
  client_name: `Client ${n}`,
  items: [{ concept: `Work ${n}`, units: 1, unit_price: 10 }],
});

afterEach(resetClock);

describe("a tenant move's deadline", () => {
  it("a move that has not switched by its deadline gives up once: the company stays, takes writes again, the target keeps nothing; later ticks change nothing", async (context) => {
    if (!needsStores(context)) return;
    const t = await tenant();
    for (let n = 0; n < 3; n++)
      expect((await call("/api/v1/budgets", { key: t.key, body: budget(n), vars })).status).toBe(201);
    const from = await storeOf(env, t.companyId);
    const to = (from + 1) % storeCount(env);
    expect((await operator(`/companies/${t.companyId}/move`, { method: "POST", body: { store: to } })).status).toBe(
      202,
    );
    // The move drains, then copies a little, and stops there (its worker keeps failing, say).
    moveClock(settleMs(env) + 1_000);
    let row = await advanceMove(env, t.companyId, { maxSteps: 3 });
    expect(row?.state).toBe("copying");
    // Writes are refused while it moves.
    expect((await call("/api/v1/budgets", { key: t.key, body: budget(8), vars })).status).toBe(503);

    // Its deadline passes: the next tick ends it.
    moveClock(MOVE_SWITCH_DEADLINE_MS + 60_000);
    await tick();
    row = await advanceMove(env, t.companyId);
    expect(row?.state).toBe("failed");
    expect(row?.error).toMatch(new RegExp(`^${DEADLINE_PASSED}: `));
    expect(await storeOf(env, t.companyId)).toBe(from);
    const left = await storeBinding(env, to)!
      .prepare("SELECT count(*) AS n FROM documents WHERE company_id = ?")
      .bind(t.companyId)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
    expect((await call("/api/v1/budgets", { key: t.key, body: budget(9), vars })).status).toBe(201);
    const finishedAt = row?.finishedAt;

    // Later ticks and calls leave it as it ended.
    await tick();
    row = await advanceMove(env, t.companyId);
    expect(row).toMatchObject({ state: "failed", finishedAt });
    const progress = await operator(`/companies/${t.companyId}/move`);
    expect(progress.json).toMatchObject({ state: "failed", estimated_seconds_left: 0 });
  });
});
