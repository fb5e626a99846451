import { applyD1Migrations, env } from "cloudflare:test";
import { afterAll } from "vitest";
import { storeCount, storeBinding } from "../src/core/db/tenancy";

// Every store gets every migration: the same schema everywhere, control-plane tables unused in stores above 0.
for (let store = 0; store < storeCount(env); store++) await applyD1Migrations(storeBinding(env, store)!, env.TEST_MIGRATIONS);

// This file's fake providers are its own (test/fakes.setup.ts): given back when its tests end.
afterAll(async () => {
  await fetch(env.FAKES_RELEASE_URL, { method: "POST" });
});
