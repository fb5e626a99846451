import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { startFakes } from "../fakes";
import { freePort } from "./port";
import { localStores, localWranglerConfig } from "./stores";
import {
  applyMigrationsToEveryStore,
  DEFAULT_PERSIST,
  devKeyCheckSecret,
  devSecretKey,
  ensureDevVars,
  openState,
} from "./state";
import type { WorkerAddress } from "./worker";

/**
 * A Worker over the local state for one command: migrations applied first, the fake providers
 * started (a number bought or an identity verified talks to them), disposed by `stop`.
 */
export async function transientWorker(persistTo?: string): Promise<WorkerAddress & { stop(): Promise<void> }> {
  const folder = resolve(persistTo ?? DEFAULT_PERSIST);
  ensureDevVars();
  const state = await openState({ persistTo: folder });
  try {
    await applyMigrationsToEveryStore(state);
  } finally {
    await state.dispose();
  }
  const fakes = await startFakes();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const adminSecret = randomBytes(32).toString("hex");
  const plain = (value: string) => ({ type: "plain_text" as const, value });
  const secret = (value: string) => ({ type: "secret_text" as const, value });
  const secretKey = devSecretKey();
  const checkSecret = devKeyCheckSecret();
  const { unstable_startWorker } = await import("wrangler");
  process.env.WRANGLER_LOG ??= "error";
  const worker = await unstable_startWorker({
    config: localWranglerConfig(folder, localStores(folder)),
    bindings: {
      ...Object.fromEntries(Object.entries(fakes.vars).map(([name, value]) => [name, plain(value)])),
      ...Object.fromEntries(Object.entries(fakes.secrets).map(([name, value]) => [name, secret(value)])),
      ...(secretKey ? { WEBHOOK_SECRET_KEY: secret(secretKey) } : {}),
      ...(checkSecret ? { API_KEY_CHECK_SECRET: secret(checkSecret) } : {}),
      ADMIN_SECRET: secret(adminSecret),
      PUBLIC_BASE_URL: plain(url),
      WEBHOOKS_ALLOW_LOOPBACK: plain("true"),
    },
    dev: {
      server: { hostname: "127.0.0.1", port },
      inspector: false,
      persist: folder,
      watch: false,
      logLevel: "error",
    },
  });
  try {
    await worker.ready;
  } catch (error) {
    await Promise.all([worker.dispose(), fakes.close()]);
    throw error;
  }
  return { url, adminSecret, stop: async () => void (await Promise.all([worker.dispose(), fakes.close()])) };
}
