import { applyD1Migrations, env } from "cloudflare:test";
import { afterAll, vi } from "vitest";
import { storeBinding, storeCount } from "../src/data/tenancy";
import { resetClock } from "./clock";

/**
 * Set-up of every Workers-runtime test file. A runtime is shared by the files its vitest worker
 * runs one after another (vitest.config.ts), so what a file may have changed for everyone is put
 * back before it starts: the clock, and its fake providers' scripts, refusals and records.
 */

// Every store gets every migration, once per runtime: the same schema everywhere, control-plane tables
// unused in stores above 0. The global survives the files of a shared runtime (its module registry does not).
const MIGRATED = Symbol.for("edge-public-api/test-migrated");
const runtime = globalThis as typeof globalThis & { [MIGRATED]?: Promise<void> };
runtime[MIGRATED] ??= (async () => {
  for (let store = 0; store < storeCount(env); store++)
    await applyD1Migrations(storeBinding(env, store)!, env.TEST_MIGRATIONS);
})();
await runtime[MIGRATED];

// Before the test file is imported: a file may script its fakes as it loads.
resetClock();
const fakeOrigins = Object.values(JSON.parse(env.FAKE_PROVIDERS) as Record<string, string>);
await Promise.all(fakeOrigins.map((origin) => fetch(`${origin}/__fake/reset`, { method: "POST" })));

// A runtime of its own ends with its file: its fakes are given back (test/fakes.setup.ts).
afterAll(async () => {
  resetClock();
  vi.restoreAllMocks();
  if (env.TEST_RUNTIME === "own") await fetch(env.FAKES_RELEASE_URL, { method: "POST" });
});
