/**
 * npm run bench -- --request-log: what writing the request log costs a request (issue #51: no
 * sequential round trip, at most 0.2 ms of CPU). One server runs the bench's entry (bench/worker.ts),
 * which answers each request as its `X-Bench-Request-Log` header says (bench/request-log-switch.ts):
 * the Worker as deployed (`on`), the same with the log's insert answered by the bench instead of D1
 * (`unsent`: what the Worker itself spends, since the local D1 runs in the Worker's own process),
 * or the same app built without the request log's stage (`off`); all in the same isolate over the
 * same bindings. Three companies seeded alike, one per side, so that what each side wrote is
 * counted after the run (only `on` may have written entries).
 *
 * - Loads: per scenario (a list and an idempotent write) and round (`--rounds`), each side warmed up,
 *   then `--duration` seconds of each in slices of about a second in the order A B C C B A (which
 *   side is A turns each round), so that a disturbance or drift of the busy machine falls on every
 *   side alike; each side's CPU per request of the Worker's runtime, req/s, p50/p99 over its slices.
 * - Round trips: a second server first, with 25 ms before every Durable Object call and D1 query
 *   (BENCH_DELAY_MS), sends each scenario's requests one at a time, the sides alternating; a log
 *   written on the request's path would add the whole delay to its p50.
 *
 * Prints the table (scripts/lib/request-log-cost.ts) and writes bench-results/request-log.json.
 */
import type { ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import autocannon from "autocannon";
import { createKey, createTenant } from "../../src/admin/provision";
import { seedBulkBudgets } from "../../src/domains/budgets";
import { REQUEST_LOG_SIDES, REQUEST_LOG_SWITCH, type RequestLogSide } from "../../bench/request-log-switch";
import { buildAssets } from "../assets";
import { benchOptions, benchServerArguments, serverCpuMs, startServer, stopServer, waitFor } from "./bench";
import { freePort } from "./port";
import {
  type SideResult,
  addsRoundTrip,
  REQUEST_LOG_CPU_TARGET_MS,
  requestLogTable,
  summarise,
  type DistanceProbe,
  type RequestLogRound,
} from "./request-log-cost";
import { openState, root } from "./state";

type State = Awaited<ReturnType<typeof openState>>;

export interface RequestLogOptions {
  persistTo: string;
  /** Servers started here are added, so that the caller stops them whatever happens. */
  servers: ChildProcess[];
  /** The API's variables of every bench run (its raised rate limit, log lines off, the key check secret). */
  apiVars: readonly string[];
  keyCheckSecret: string;
  rounds: number;
  machine: string;
}

const BUDGETS = 1_000;
const DELAY_MS = 25;
/** Requests per side and scenario sent one at a time at a distance, after a few unmeasured ones. */
const PROBE_SAMPLES = 20;
const PROBE_WARM_UP = 3;
/** Seconds of warm-up of each side before its slices: the first round compiles the code (as the main bench's 5 s), later ones only resume. */
const WARM_UP_SECONDS = { first: 5, later: 1 };
const SIDES = REQUEST_LOG_SIDES;
type Side = RequestLogSide;
/** The sides the probe at a distance compares: the Worker with its log and without it. */
const PROBED = ["on", "off"] as const;

const budgetBody = JSON.stringify({
  client_name: "Bench client",
  items: [
    { concept: "Work", units: 2, unit_price: 45.5 },
    { concept: "Parts", units: 1, unit_price: 12 },
  ],
});

interface Keys {
  companyId: string;
  read: string;
  write: string;
}

interface Scenario {
  name: string;
  /** The load of one side (autocannon: a fresh Idempotency-Key per request where it has one). */
  load(url: string, side: Side): autocannon.Options;
  /** One request of one side, sent by fetch. */
  request(url: string, side: Side): [string, RequestInit];
}

export async function runRequestLog(state: State, options: RequestLogOptions): Promise<void> {
  console.log(`Seeding three companies of ${BUDGETS.toLocaleString("en")} budgets, one per side ...`);
  const keys = {} as Record<Side, Keys>;
  for (const side of SIDES) {
    const { company_id: companyId } = await createTenant(state.db, {
      name: `Bench request log ${side}`,
      plan: "Business",
    });
    await seedBulkBudgets(state.db, companyId, BUDGETS);
    const key = async (scope: "budgets:read" | "budgets:write") =>
      (await createKey(state.db, { companyId, scopes: [scope] }, options.keyCheckSecret)).api_key;
    keys[side] = { companyId, read: await key("budgets:read"), write: await key("budgets:write") };
  }
  await state.dispose();
  buildAssets();

  const headers = (side: Side, key: string) => ({ Authorization: `Bearer ${key}`, [REQUEST_LOG_SWITCH]: side });
  const scenarios: Scenario[] = [
    {
      name: `GET /budgets?limit=50, ${BUDGETS.toLocaleString("en")} budgets`,
      load: (url, side) => ({ url: `${url}/api/v1/budgets?limit=50`, headers: headers(side, keys[side].read) }),
      request: (url, side) => [`${url}/api/v1/budgets?limit=50`, { headers: headers(side, keys[side].read) }],
    },
    {
      name: "POST /budgets with Idempotency-Key",
      load: (url, side) => ({
        url: `${url}/api/v1/budgets`,
        method: "POST",
        idReplacement: true,
        headers: {
          ...headers(side, keys[side].write),
          "Content-Type": "application/json",
          "Idempotency-Key": "[<id>]",
        },
        body: budgetBody,
      }),
      request: (url, side) => [
        `${url}/api/v1/budgets`,
        {
          method: "POST",
          headers: {
            ...headers(side, keys[side].write),
            "Content-Type": "application/json",
            "Idempotency-Key": crypto.randomUUID(),
          },
          body: budgetBody,
        },
      ],
    },
  ];

  // Round trips first, at a distance, on a server of their own.
  const probes: DistanceProbe[] = [];
  {
    const { url, server } = await serve(options, ["--var", `BENCH_DELAY_MS:${DELAY_MS}`]);
    for (const scenario of scenarios) probes.push(await probe(url, scenario));
    await stopServer(server);
  }

  const { url, server } = await serve(options, []);
  const rounds: RequestLogRound[] = [];
  for (let index = 0; index < options.rounds; index++) {
    // Each round another side is A, the first of the slices A B C C B A.
    const order = SIDES.map((_, at) => SIDES[(at + index) % SIDES.length]!);
    const round: RequestLogRound = {};
    for (const scenario of scenarios) {
      const results = await measureSides(
        order.map((side) => scenario.load(url, side)),
        server.pid!,
        index === 0 ? WARM_UP_SECONDS.first : WARM_UP_SECONDS.later,
      );
      round[scenario.name] = {
        ...(Object.fromEntries(order.map((side, at) => [side, results[at]!])) as Record<Side, SideResult>),
        order,
      };
    }
    rounds.push(round);
    console.log(
      `  round ${index + 1}: ${Object.entries(round)
        .map(
          ([name, sides]) =>
            `${name.split(",")[0]} CPU ${SIDES.map((side) => `${side} ${sides[side].cpuMsPerRequest.toFixed(3)}`).join(", ")} ms`,
        )
        .join("; ")}`,
    );
  }
  await stopServer(server);

  const entries = await entriesOf(options.persistTo, keys);
  const summaries = summarise(rounds);
  console.log(
    `\nThe request log's cost: the Worker with it (written; not sent: its insert answered by the bench) against the same Worker without it (none), one server, ${benchOptions.duration} s of each side per round in slices A B C C B A, ${benchOptions.connections} connections, ${rounds.length} round${rounds.length === 1 ? "" : "s"} (the round with the median CPU added shown); ${options.machine}\n`,
  );
  for (const line of requestLogTable(summaries, probes)) console.log(line);
  console.log(
    `Entries written: ${entries.on.toLocaleString("en")} by the side with the log, ${entries.unsent} by the side whose inserts were not sent, ${entries.off} by the side without it.`,
  );
  mkdirSync(join(root, "bench-results"), { recursive: true });
  writeFileSync(
    join(root, "bench-results", "request-log.json"),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: options.machine,
        ...benchOptions,
        cpuTargetMs: REQUEST_LOG_CPU_TARGET_MS,
        rounds,
        summaries,
        probes: probes.map((probe) => ({ ...probe, addsRoundTrip: addsRoundTrip(probe) })),
        entries,
      },
      null,
      2,
    ),
  );
  // A broken measurement fails the run; a target missed is reported (one run's noise can miss it).
  const failed = rounds.some((round) =>
    Object.values(round).some((sides) => SIDES.some((side) => sides[side].non2xx + sides[side].errors > 0)),
  );
  if (failed || entries.on === 0 || entries.unsent !== 0 || entries.off !== 0) process.exitCode = 1;
}

/**
 * The loads of one round, each warmed up, then `--duration` seconds each in slices of about a second
 * in the order A B C C B A, repeated; each load's figures over all its slices (p50 and p99: the
 * median of its slices'), in the order given.
 */
async function measureSides(
  loads: readonly autocannon.Options[],
  pid: number,
  warmUpSeconds: number,
): Promise<SideResult[]> {
  const run = (options: autocannon.Options, duration: number) =>
    autocannon({ ...options, duration, connections: benchOptions.connections });
  for (const options of loads) await run(options, warmUpSeconds);
  const perSide = Math.max(2, 2 * Math.round(benchOptions.duration / 2));
  const sweep = [...loads.keys(), ...[...loads.keys()].reverse()];
  const sides = loads.map(() => ({
    requests: 0,
    seconds: 0,
    cpuMs: 0,
    p50s: [] as number[],
    p99s: [] as number[],
    bad: 0,
  }));
  for (let slice = 0; slice < perSide * loads.length; slice++) {
    const which = sweep[slice % sweep.length]!;
    const side = sides[which]!;
    const before = serverCpuMs(pid).runtime;
    const started = performance.now();
    const result = await run(loads[which]!, benchOptions.duration / perSide);
    side.seconds += (performance.now() - started) / 1000;
    side.cpuMs += serverCpuMs(pid).runtime - before;
    side.requests += result.requests.total;
    side.p50s.push(result.latency.p50);
    side.p99s.push(result.latency.p99);
    side.bad += result.non2xx + result.errors;
  }
  const middle = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return sides.map((side) => ({
    rps: Math.round(side.requests / side.seconds),
    p50: middle(side.p50s),
    p99: middle(side.p99s),
    // No answer in a side's slices: no figure rather than a wrong one (the run fails on its errors).
    cpuMsPerRequest: side.requests > 0 ? side.cpuMs / side.requests : Number.NaN,
    non2xx: side.bad,
    errors: side.requests > 0 ? 0 : 1,
  }));
}

async function serve(options: RequestLogOptions, vars: readonly string[]) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = startServer([
    ...benchServerArguments(),
    "--port",
    String(port),
    "--persist-to",
    options.persistTo,
    ...options.apiVars,
    ...vars,
  ]);
  options.servers.push(server);
  await waitFor(`${url}/api/v1/openapi.json`, server);
  return { url, server };
}

/** One scenario's requests sent one at a time, with and without the log alternating: the p50 of each. */
async function probe(url: string, scenario: Scenario): Promise<DistanceProbe> {
  const times: Record<(typeof PROBED)[number], number[]> = { on: [], off: [] };
  for (let index = 0; index < PROBE_WARM_UP + PROBE_SAMPLES; index++) {
    for (const side of index % 2 === 0 ? PROBED : [...PROBED].reverse()) {
      const started = performance.now();
      const response = await fetch(...scenario.request(url, side));
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${scenario.name} (log ${side}) answered ${response.status} at a distance.`);
      if (index >= PROBE_WARM_UP) times[side].push(performance.now() - started);
    }
  }
  const p50 = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return {
    scenario: scenario.name,
    delayMs: DELAY_MS,
    samples: PROBE_SAMPLES,
    onP50Ms: p50(times.on),
    offP50Ms: p50(times.off),
  };
}

/** The request log's entries of each side's company, once the servers stopped. */
async function entriesOf(persistTo: string, keys: Record<Side, Keys>): Promise<Record<Side, number>> {
  const state = await openState({ persistTo });
  try {
    const count = async (side: Side) =>
      (
        await state.d1
          .prepare("SELECT count(*) AS n FROM request_log WHERE company_id = ?")
          .bind(keys[side].companyId)
          .first<{ n: number }>()
      )?.n ?? 0;
    return { on: await count("on"), unsent: await count("unsent"), off: await count("off") };
  } finally {
    await state.dispose();
  }
}
