/**
 * npm run bench -- --stores: tenant data on one D1 database against three (issue #32). Two API
 * servers run side by side under `wrangler dev`, each over its own local state: one with `DB` alone
 * (STORES=1), one with `STORE_1` and `STORE_2` bound as well (STORES=3, scripts/lib/stores.ts). Each
 * holds the same companies, one write key each; with three stores, company i lives in store i mod 3.
 * One write scenario, `POST /budgets` with a fresh Idempotency-Key per request, each connection
 * writing as its own company, loads both servers in turn for `--rounds` rounds (1 store first, then
 * 3 stores first, ...): the ratio of their write throughput is the figure, not the absolute one.
 * Beside it, the round trips of a cold read, a warm read and an idempotent write (Server-Timing) of
 * a company in the last store, which three stores must leave unchanged.
 * Prints the table and writes bench-results/stores.json.
 */
import type { ChildProcess } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type autocannon from "autocannon";
import { drizzle } from "drizzle-orm/d1";
import { createKey, createTenant } from "../../src/admin/provision";
import { buildAssets } from "../assets";
import { benchOptions, load, roundTrips, startServer, stopServer, waitFor, type Result } from "./bench";
import { freePort } from "./port";
import { applyMigrations, root } from "./state";
import { openState } from "./state";
import { localStores, localWranglerConfig } from "./stores";

/** The store counts compared. */
const STORE_COUNTS = [1, 3] as const;

export interface StoresOptions {
  persistTo: string;
  /** Servers started here are added, so that the caller stops them whatever happens. */
  servers: ChildProcess[];
  /** The API's variables of every bench run (its raised rate limit, request logs off, the key check secret). */
  apiVars: readonly string[];
  keyCheckSecret: string;
  rounds: number;
  machine: string;
}

interface Company {
  store: number;
  writeKey: string;
  readKey: string;
}

interface Trips {
  keyguard: number;
  d1: number;
  sequential: number;
}

const budgetBody = JSON.stringify({
  client_name: "Bench client",
  items: [
    { concept: "Work", units: 2, unit_price: 45.5 },
    { concept: "Parts", units: 1, unit_price: 12 },
  ],
});

export async function runStores(options: StoresOptions): Promise<void> {
  // One company per connection, so that each connection writes as its own company.
  const companyCount = benchOptions.connections;
  const setups = [];
  for (const count of STORE_COUNTS) {
    console.log(`Seeding ${companyCount} companies over ${count} store${count > 1 ? "s" : ""} ...`);
    const persistTo = join(options.persistTo, `stores-${count}`);
    setups.push({
      count,
      persistTo,
      companies: await seed(persistTo, count, companyCount, options.keyCheckSecret),
      config: count > 1 ? localWranglerConfig(persistTo, count) : undefined,
    });
  }
  buildAssets();
  try {
    // Round trips first, from servers that send Server-Timing; the loads then run without it, as deployed.
    const trips = new Map<number, { coldRead: Trips; warmRead: Trips; write: Trips; store: number }>();
    for (const setup of setups) {
      const { url, server } = await serve(setup, options, ["--var", "SERVER_TIMING:true"]);
      const target = setup.companies.findLast((company) => company.store === setup.count - 1)!;
      const read = { headers: { Authorization: `Bearer ${target.readKey}` } };
      const coldRead = await roundTrips(`${url}/api/v1/budgets?limit=50`, read);
      const warmRead = await roundTrips(`${url}/api/v1/budgets?limit=50`, read);
      const write = await roundTrips(`${url}/api/v1/budgets`, writeRequest(target.writeKey, crypto.randomUUID()));
      trips.set(setup.count, { coldRead, warmRead, write, store: target.store });
      await stopServer(server);
    }

    const running = [];
    for (const setup of setups) running.push({ setup, ...(await serve(setup, options, [])) });
    const rounds: Record<number, Result>[] = [];
    for (let round = 0; round < options.rounds; round++) {
      // Every other round starts with the other server, so that a drift of the busy machine weighs on both alike.
      const order = round % 2 === 0 ? running : [...running].reverse();
      const results: Record<number, Result> = {};
      for (const { setup, url, server } of order) {
        results[setup.count] = await load(
          `POST /budgets, ${setup.count} store${setup.count > 1 ? "s" : ""}`,
          writeLoad(url, setup.companies),
          server.pid!,
        );
      }
      rounds.push(results);
      console.log(
        `  round ${round + 1}: ${STORE_COUNTS.map((count) => `${count} store(s) ${results[count]!.rps} req/s`).join(", ")}`,
      );
    }
    for (const { server } of running) await stopServer(server);
    report(rounds, trips, companyCount, options, await writesPerStore(setups.at(-1)!));
  } finally {
    for (const setup of setups) if (setup.config) rmSync(setup.config, { force: true });
  }
}

/** The budgets each store of a setup holds once its server stopped: the proof that the writes spread over its stores. */
async function writesPerStore(setup: { persistTo: string; count: number }): Promise<number[]> {
  const { stores, dispose } = await openStores(setup.persistTo, setup.count);
  try {
    return await Promise.all(
      stores.map(
        async (store) =>
          (
            await store
              .prepare("SELECT count(*) AS n FROM documents WHERE document_type = 'budget'")
              .first<{ n: number }>()
          )?.n ?? 0,
      ),
    );
  } finally {
    await dispose();
  }
}

/** Migrates every store of a fresh local state and creates the companies, company i in store i mod count, with their keys. */
async function seed(
  persistTo: string,
  count: number,
  companyCount: number,
  keyCheckSecret: string,
): Promise<Company[]> {
  const { stores, dispose } = await openStores(persistTo, count);
  try {
    for (const store of stores) await applyMigrations(store);
    const control = drizzle(stores[0]!);
    const companies: Company[] = [];
    for (let index = 0; index < companyCount; index++) {
      const store = index % count;
      const { company_id: companyId } = await createTenant(control, {
        name: `Bench stores ${index + 1}`,
        plan: "Business",
        store,
      });
      const writeKey = await createKey(control, { companyId, scopes: ["budgets:write"] }, keyCheckSecret);
      const readKey = await createKey(control, { companyId, scopes: ["budgets:read"] }, keyCheckSecret);
      companies.push({ store, writeKey: writeKey.api_key, readKey: readKey.api_key });
    }
    return companies;
  } finally {
    await dispose();
  }
}

async function serve(
  setup: { persistTo: string; config: string | undefined },
  options: StoresOptions,
  vars: readonly string[],
) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = startServer([
    ...(setup.config ? ["-c", setup.config] : []),
    "--port",
    String(port),
    "--persist-to",
    setup.persistTo,
    ...options.apiVars,
    ...vars,
  ]);
  options.servers.push(server);
  await waitFor(`${url}/api/v1/openapi.json`, server);
  return { url, server };
}

const writeRequest = (key: string, idempotencyKey: string) => ({
  method: "POST",
  headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", "Idempotency-Key": idempotencyKey },
  body: budgetBody,
});

/** The write scenario: each connection takes the next company's key; every request a fresh Idempotency-Key. */
function writeLoad(url: string, companies: readonly Company[]): autocannon.Options {
  let next = 0;
  const headers = (key: string) => ({
    Authorization: `Bearer ${key}`,
    "Content-Type": "application/json",
    "Idempotency-Key": "[<id>]",
  });
  return {
    url: `${url}/api/v1/budgets`,
    method: "POST",
    idReplacement: true,
    headers: headers(companies[0]!.writeKey),
    body: budgetBody,
    setupClient: (client) => client.setHeaders(headers(companies[next++ % companies.length]!.writeKey)),
  };
}

function report(
  rounds: readonly Record<number, Result>[],
  trips: Map<number, { coldRead: Trips; warmRead: Trips; write: Trips; store: number }>,
  companyCount: number,
  options: StoresOptions,
  perStore: number[],
) {
  const ratios = rounds.map((round) => round[3]!.rps / round[1]!.rps);
  const median = [...rounds].sort((a, b) => a[3]!.rps / a[1]!.rps - b[3]!.rps / b[1]!.rps)[
    Math.floor(rounds.length / 2)
  ]!;
  const tripsText = (t: Trips) => `${t.sequential} (DO ${t.keyguard}, D1 ${t.d1})`;
  console.log(
    `\nPOST /budgets with Idempotency-Key, ${companyCount} companies (one per connection), ${benchOptions.duration} s per run, ${benchOptions.connections} connections, ${rounds.length} rounds; ${options.machine}\n`,
  );
  console.log(
    `${"stores".padEnd(8)} ${"req/s".padStart(7)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"CPU ms/req".padStart(11)} ${"non-2xx".padStart(8)}   ${"round trips: cold read".padEnd(24)} ${"warm read".padEnd(18)} write`,
  );
  for (const count of STORE_COUNTS) {
    const result = median[count]!;
    const trip = trips.get(count)!;
    console.log(
      `${String(count).padEnd(8)} ${String(result.rps).padStart(7)} ${String(result.p50).padStart(7)} ${String(result.p99).padStart(7)} ${result.cpuMsPerRequest.toFixed(2).padStart(11)} ${String(result.non2xx + result.errors).padStart(8)}   ${tripsText(trip.coldRead).padEnd(24)} ${tripsText(trip.warmRead).padEnd(18)} ${tripsText(trip.write)}`,
    );
  }
  const same = (a: Trips, b: Trips) => a.sequential === b.sequential && a.keyguard === b.keyguard && a.d1 === b.d1;
  const [one, three] = [trips.get(1)!, trips.get(3)!];
  const unchanged =
    same(one.coldRead, three.coldRead) && same(one.warmRead, three.warmRead) && same(one.write, three.write);
  console.log(
    `\n3 stores / 1 store, write throughput: ${(median[3]!.rps / median[1]!.rps).toFixed(2)} (median round; rounds ${ratios.map((ratio) => ratio.toFixed(2)).join(", ")})`,
  );
  console.log(
    `Round trips per request (a company in store ${three.store} of 3, in store 0 of 1): ${unchanged ? "unchanged" : "CHANGED"}`,
  );
  console.log(`Budgets written per store with 3 stores (store 0, 1, 2): ${perStore.join(" / ")}`);
  mkdirSync(join(root, "bench-results"), { recursive: true });
  writeFileSync(
    join(root, "bench-results", "stores.json"),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: options.machine,
        ...benchOptions,
        companies: companyCount,
        rounds,
        ratios,
        medianRatio: median[3]!.rps / median[1]!.rps,
        trips: Object.fromEntries(trips),
        tripsUnchanged: unchanged,
        budgetsPerStore: perStore,
      },
      null,
      2,
    ),
  );
  if (
    !unchanged ||
    rounds.some((round) => STORE_COUNTS.some((count) => round[count]!.non2xx + round[count]!.errors > 0))
  )
    process.exitCode = 1;
}

/** Every store's D1 database of a local state of `count` stores, DB first (the state folder records the count). */
async function openStores(
  persistTo: string,
  count: number,
): Promise<{ stores: readonly D1Database[]; dispose(): Promise<void> }> {
  localStores(persistTo, count);
  const state = await openState({ persistTo });
  return { stores: state.stores, dispose: state.dispose };
}
