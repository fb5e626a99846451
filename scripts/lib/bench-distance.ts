/**
 * npm run bench -- --distance <ms>: what a client far from the key's Durable Object and from D1
 * sees. The API runs twice under `wrangler dev`, through the bench's entry, without and with
 * BENCH_DELAY_MS=<ms> (a fixed wait before every Durable Object call and D1 query of a request,
 * bench/distance.ts, added at the Worker's bindings by bench/worker.ts), and each run
 * loads four scenarios: a warm read (one key, so the isolate remembers it: one sequential round
 * trip), a read by keys the isolate admitted once, over 30 s before (one), a cold read (keys taken
 * in turn from more than the isolate remembers, each known to its Durable Object but not to the
 * isolate: two) and an idempotent write (two). Prints p50/p99 per
 * scenario and delay, and writes bench-results/distance.json.
 */
import type { ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type autocannon from "autocannon";
import { createKey, createTenant, newKey } from "../../src/admin/provision";
import { MAX_WARM_KEYS } from "../../src/keys/warm-keys";
import { seedBulkBudgets } from "../../src/domains/budgets";
import { buildAssets } from "../assets";
import { benchServerArguments, load, roundTrips, startServer, stopServer, waitFor, type Result } from "./bench";
import { freePort } from "./port";
import { root, type openState } from "./state";

type State = Awaited<ReturnType<typeof openState>>;

/** Budgets of the company the reads list. */
const BUDGETS = 1_000;
/** Keys the cold read takes in turn: more than the isolate remembers, so none is warm when its turn comes. */
const COLD_KEYS = MAX_WARM_KEYS + 200;
/** Keys the isolate admitted once, well before their turn (longer ago than a key used to stay warm), and not since. */
const SEEN_KEYS = 2_000;
/** How long before their scenario the seen keys are asked: past the 30 s a key used to stay warm. */
const SEEN_AGO_MS = 40_000;
/** Requests in flight while every cold key's Durable Object is first asked (it reads its key from D1 once). */
const PREWARM_CONCURRENCY = 20;

export interface DistanceOptions {
  delayMs: number;
  persistTo: string;
  /** Servers started here are added, so that the caller stops them whatever happens. */
  servers: ChildProcess[];
  /** The API's variables of every bench run (its raised rate limit, request logs off). */
  apiVars: readonly string[];
  /** The API_KEY_CHECK_SECRET among apiVars, to mint keys the API accepts. */
  keyCheckSecret: string;
  machine: string;
}

interface DistanceRow {
  scenario: string;
  delayMs: number;
  trips: string;
  result: Result;
}

export async function runDistance(state: State, options: DistanceOptions): Promise<void> {
  console.log(
    `Seeding a company with ${BUDGETS.toLocaleString("en")} budgets and ${(COLD_KEYS + SEEN_KEYS).toLocaleString("en")} read keys ...`,
  );
  const company = await createTenant(state.db, { name: "Bench distance", plan: "Business" });
  await seedBulkBudgets(state.db, company.company_id, BUDGETS);
  const warmKey = await createKey(
    state.db,
    { companyId: company.company_id, scopes: ["budgets:read"] },
    options.keyCheckSecret,
  );
  const writeKey = await createKey(
    state.db,
    { companyId: company.company_id, scopes: ["budgets:write"] },
    options.keyCheckSecret,
  );
  const readKeys = async (count: number) => mintReadKeys(state, company.company_id, count, options.keyCheckSecret);
  const seenKeys = await readKeys(SEEN_KEYS);
  const coldKeys = await readKeys(COLD_KEYS);
  await state.dispose();
  buildAssets();

  const rows: DistanceRow[] = [];
  for (const delayMs of [0, options.delayMs]) {
    const port = await freePort();
    const url = (path: string) => `http://127.0.0.1:${port}${path}`;
    // Server-Timing on: each scenario's round trips are read from one request before its load.
    // The bench's entry (bench/worker.ts), which adds the delay at the Worker's bindings.
    const server = startServer([
      ...benchServerArguments(),
      "--port",
      String(port),
      "--persist-to",
      options.persistTo,
      ...options.apiVars,
      "--var",
      `BENCH_DELAY_MS:${delayMs}`,
      "--var",
      "SERVER_TIMING:true",
    ]);
    options.servers.push(server);
    await waitFor(url("/api/v1/openapi.json"), server);
    await askEveryObject(url("/api/v1/budgets?limit=1"), coldKeys);
    // After the cold keys, so that the isolate still remembers these; then left alone for a while.
    await askEveryObject(url("/api/v1/budgets?limit=1"), seenKeys);
    const seenAt = Date.now();

    const list = "/api/v1/budgets?limit=50";
    const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
    let next = 0;
    let nextSeen = 0;
    const seenKey = () => seenKeys[nextSeen++ % seenKeys.length]!;
    const scenarios = [
      {
        scenario: "warm read: GET /budgets?limit=50, one key",
        options: { url: url(list), headers: bearer(warmKey.api_key) },
        probe: () => roundTripsOf(url(list), { headers: bearer(warmKey.api_key) }, 2),
      },
      {
        scenario: `seen read: the same, ${SEEN_KEYS.toLocaleString("en")} keys seen ${SEEN_AGO_MS / 1000} s+ ago`,
        options: {
          url: url(list),
          requests: [
            {
              method: "GET" as const,
              path: list,
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                headers: { ...request.headers, ...bearer(seenKey()) },
              }),
            },
          ],
        },
        probe: async () => {
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, seenAt + SEEN_AGO_MS - Date.now())));
          return roundTripsOf(url(list), { headers: bearer(seenKey()) }, 1);
        },
      },
      {
        scenario: `cold read: the same, ${COLD_KEYS.toLocaleString("en")} keys in turn`,
        options: {
          url: url(list),
          requests: [
            {
              method: "GET" as const,
              path: list,
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                headers: { ...request.headers, ...bearer(coldKeys[next++ % coldKeys.length]!) },
              }),
            },
          ],
        },
        probe: () => roundTripsOf(url(list), { headers: bearer(coldKeys[next++ % coldKeys.length]!) }, 1),
      },
      {
        scenario: "idempotent write: POST /budgets",
        options: {
          url: url("/api/v1/budgets"),
          method: "POST" as const,
          idReplacement: true,
          headers: { ...bearer(writeKey.api_key), "Content-Type": "application/json", "Idempotency-Key": "[<id>]" },
          body: JSON.stringify(budgetBody()),
        },
        probe: () =>
          roundTripsOf(
            url("/api/v1/budgets"),
            {
              method: "POST",
              headers: {
                ...bearer(writeKey.api_key),
                "Content-Type": "application/json",
                "Idempotency-Key": crypto.randomUUID(),
              },
              body: JSON.stringify(budgetBody()),
            },
            1,
          ),
      },
    ];
    for (const { scenario, options: loadOptions, probe } of scenarios) {
      const trips = await probe();
      rows.push({
        scenario,
        delayMs,
        trips,
        result: await load(`${scenario}, ${delayMs} ms`, loadOptions, server.pid!),
      });
    }
    await stopServer(server);
  }

  console.log(
    `\nDistance: every Durable Object call and D1 query of a request delayed by ${options.delayMs} ms (BENCH_DELAY_MS) or not; ${options.machine}\n`,
  );
  console.log(
    "scenario".padEnd(46),
    "trips".padEnd(20),
    ...[0, options.delayMs].flatMap((delay) => [
      `p50 @${delay}`.padStart(9),
      `p99 @${delay}`.padStart(9),
      `req/s @${delay}`.padStart(11),
    ]),
    "p50 added".padStart(10),
    "expected".padStart(9),
    "non-2xx".padStart(8),
  );
  for (const scenario of new Set(rows.map((row) => row.scenario))) {
    const of = rows.filter((row) => row.scenario === scenario);
    const sequential = Number.parseInt(of[of.length - 1]?.trips ?? "0", 10);
    const added = (of[of.length - 1]?.result.p50 ?? 0) - (of[0]?.result.p50 ?? 0);
    console.log(
      scenario.padEnd(46),
      (of[of.length - 1]?.trips ?? "").padEnd(20),
      ...of.flatMap((row) => [
        String(row.result.p50).padStart(9),
        String(row.result.p99).padStart(9),
        String(row.result.rps).padStart(11),
      ]),
      `${added >= 0 ? "+" : ""}${added}`.padStart(10),
      `+${sequential * options.delayMs}`.padStart(9),
      String(of.reduce((sum, row) => sum + row.result.non2xx + row.result.errors, 0)).padStart(8),
    );
  }
  console.log(
    `(latencies in ms; trips: the sequential round trips of one request, from Server-Timing, with the delay on; p50 added: what the delay added to the p50, expected: trips × ${options.delayMs} ms. Run with --connections 1 to see latency rather than queueing.)`,
  );
  mkdirSync(join(root, "bench-results"), { recursive: true });
  writeFileSync(
    join(root, "bench-results", "distance.json"),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: options.machine,
        delayMs: options.delayMs,
        coldKeys: COLD_KEYS,
        seenKeys: SEEN_KEYS,
        rows,
      },
      null,
      2,
    ),
  );
  if (rows.some((row) => row.result.non2xx + row.result.errors > 0)) process.exitCode = 1;
}

const budgetBody = () => ({ client_name: "Bench client", items: [{ concept: "Work", units: 2, unit_price: 45.5 }] });

/** Keys written per D1 batch: 12,200 keys one by one took about half an hour over the local D1 proxy. */
const KEYS_PER_BATCH = 100;

/** `count` read keys of the company, minted as the operator API mints them (newKey) and written in batches. */
async function mintReadKeys(state: State, companyId: string, count: number, checkSecret: string): Promise<string[]> {
  const keys: string[] = [];
  while (keys.length < count) {
    const minted = await Promise.all(
      Array.from({ length: Math.min(KEYS_PER_BATCH, count - keys.length) }, () =>
        newKey(state.db, { companyId, scopes: ["budgets:read"] }, checkSecret),
      ),
    );
    const [first, ...rest] = minted.map((key) => key.insert);
    if (first) await state.db.batch([first, ...rest]);
    keys.push(...minted.map((key) => key.answer.api_key));
  }
  return keys;
}

/** The round trips of a request, as `2 (DO 1, D1 1)`; `times` requests are made and the last one's are shown (a warm key needs one before). */
async function roundTripsOf(url: string, init: RequestInit, times: number): Promise<string> {
  let trips = await roundTrips(url, init);
  for (let i = 1; i < times; i++) trips = await roundTrips(url, init);
  return `${trips.sequential} (DO ${trips.keyguard}, D1 ${trips.d1})`;
}

/** One request per key, so that every key's Durable Object has read its key before the load (as in a steady state). */
async function askEveryObject(url: string, keys: readonly string[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let key = keys[next++]; key; key = keys[next++]) {
      const response = await fetch(url, { headers: { Authorization: `Bearer ${key}` } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`A cold key's first read answered ${response.status}.`);
    }
  };
  await Promise.all(Array.from({ length: PREWARM_CONCURRENCY }, worker));
}
