import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, keyFor, tenant } from "../test/helpers";
import benchWorker, { benchEnvOf } from "./worker";

// BENCH_DELAY_MS (the bench's distance mode, bench/worker.ts) puts a fixed wait before every Durable Object call and
// D1 query of a request: a cold read pays it twice in a row, a warm read once, an idempotent write three times.

const DELAY_MS = 60;
const vars = { BENCH_DELAY_MS: String(DELAY_MS), SERVER_TIMING: "true" };
const budget = { client_name: "Far away SL", items: [{ concept: "Work", units: 1, unit_price: 10 }] };

async function timed(path: string, options: Parameters<typeof call>[1]) {
  const started = performance.now();
  const response = await call(path, { ...options, app: benchWorker, vars });
  return { response, ms: performance.now() - started };
}

describe("the bench's distance (BENCH_DELAY_MS)", () => {
  it("delays each sequential round trip: a cold read two, a warm read one, an idempotent write three", async () => {
    const t = await tenant();
    const write = await timed("/api/v1/budgets", {
      key: (await keyFor(t.companyId)).key,
      body: budget,
      headers: { "Idempotency-Key": crypto.randomUUID() },
    });
    expect(write.response.status).toBe(201);
    expect(write.ms).toBeGreaterThanOrEqual(3 * DELAY_MS);
    const cold = await timed("/api/v1/budgets", { key: t.key });
    expect(cold.response.status).toBe(200);
    expect(cold.response.json.data[0].client_name).toBe(budget.client_name);
    expect(cold.ms).toBeGreaterThanOrEqual(2 * DELAY_MS);
    const warm = await timed("/api/v1/budgets", { key: t.key });
    expect(warm.response.status).toBe(200);
    expect(warm.response.json).toEqual(cold.response.json);
    expect(warm.ms).toBeGreaterThanOrEqual(DELAY_MS);
    expect(warm.response.headers.get("Server-Timing")).toContain('trips;desc="1"');
  });

  it("is off by default: the Worker is given the runtime's env itself, nothing around its bindings", async () => {
    const t = await tenant();
    expect((await call("/api/v1/budgets", { key: t.key, app: benchWorker })).status).toBe(200);
    expect(benchEnvOf(env).env).toBe(env);
    expect(benchEnvOf({ ...env, ...vars }).env).not.toBe(env);
  });
});
