/**
 * vitest globalSetup of the end-to-end run (Node side): what every `npm run dev` of the run shares,
 * made once before files start three at a time.
 * - .dev.vars and public/: made by two dev servers at once on a fresh clone, .dev.vars could get two
 *   different API_KEY_CHECK_SECRETs (one minting the demo key, the other read by wrangler), and
 *   public/ could be read half written.
 * - A migrated and seeded state folder, which each server of the run starts from a copy of
 *   (harness.ts): migrating and seeding a fresh state is most of a first start (about 40 s of 55 on
 *   a busy two-core machine), and it is the same for every server.
 * - The shared server (harness.ts, sharedDev), started by this process when the first file asks its
 *   broker for it, so that a run of files that do not use it never starts it.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildAssets } from "../../scripts/assets";
import { demoFile, demoPendingFile, prepareLocalState } from "../../scripts/lib/local-state";
import { devKeyCheckSecret, devSecretKey, ensureDevVars, openState } from "../../scripts/lib/state";
import { seedDemo } from "../../src/admin/seed";
import { copyState, type DevServer, removeState, SHARED_VARS, type SharedServer, startDev } from "./harness";

/**
 * A migrated and seeded state folder. On a machine loaded far past its cores, Miniflare's proxy has
 * closed its connection in the middle of the seed's batches ("other side closed", seen at load 15):
 * the half-seeded folder is thrown away and the seed starts again in a new one, at most three times.
 */
async function preparedTemplate(): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const folder = mkdtempSync(join(tmpdir(), "api-e2e-template-"));
    try {
      await prepareLocalState(folder);
      await seedBulkDemo(folder);
      return folder;
    } catch (error) {
      rmSync(folder, { recursive: true, force: true });
      if (attempt === 3) throw error;
      console.warn(`preparing the e2e state failed (attempt ${attempt} of 3), starting again: ${String(error)}`);
    }
  }
}

/**
 * The run's demo, from the bulk loader (src/admin/seed.ts), not the front door npm run dev onboards
 * its demo through (scripts/lib/onboard.ts): several end-to-end tests read the bulk demo's volume
 * (its WhatsApp connection, inbox messages, many clients), and the onboarding test compares a
 * company onboarded through the front door against this richer demo, list by list.
 */
async function seedBulkDemo(folder: string) {
  const state = await openState({ persistTo: folder });
  try {
    const demo = await seedDemo(state.db, Date.now(), state.storage, devSecretKey(), devKeyCheckSecret());
    writeFileSync(demoFile(folder), JSON.stringify(demo, null, 2));
    rmSync(demoPendingFile(folder), { force: true });
  } finally {
    await state.dispose();
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    /** A local state folder, migrated and seeded, for `startDev` to copy. */
    stateTemplate: string;
    /** A URL whose GET starts the shared server once and answers its address (SharedServer). */
    sharedServerBroker: string;
  }
}

export default async function setup(project: TestProject) {
  buildAssets();
  ensureDevVars();
  // openState quiets wrangler for the CLIs (WRANGLER_LOG=error); the wrangler commands the tests run must still print.
  const logLevel = process.env.WRANGLER_LOG;
  let template: string;
  try {
    template = await preparedTemplate();
  } finally {
    if (logLevel === undefined) delete process.env.WRANGLER_LOG;
    else process.env.WRANGLER_LOG = logLevel;
  }
  project.provide("stateTemplate", template);

  let shared: Promise<{ server: DevServer; address: SharedServer }> | undefined;
  const start = async () => {
    const persistTo = copyState(template);
    const logFile = join(persistTo, "dev.log");
    const server = await startDev({ vars: SHARED_VARS, persistTo, logFile });
    return { server, address: { baseUrl: server.baseUrl, port: server.port, persistTo, logFile } };
  };
  const broker = createServer((_request, response) => {
    shared ??= start();
    shared.then(
      ({ address }) => response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(address)),
      (error: unknown) => response.writeHead(500).end(error instanceof Error ? error.message : String(error)),
    );
  });
  await new Promise<void>((listening) => broker.listen(0, "127.0.0.1", listening));
  project.provide("sharedServerBroker", `http://127.0.0.1:${(broker.address() as AddressInfo).port}/`);

  return async () => {
    await new Promise((closed) => broker.close(closed));
    const started = await shared?.catch(() => undefined);
    if (started) {
      await started.server.stop();
      removeState(started.server);
    }
    rmSync(template, { recursive: true, force: true });
  };
}
