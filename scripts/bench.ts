/**
 * npm run bench: loads the API under `wrangler dev` and a bare Hono Worker in the same run, with
 * autocannon from this (separate) process, and prints requests/s, p50/p99 latency, CPU time per
 * request (wrangler and workerd processes of the server) and memory, then each API scenario as a
 * ratio to the bare Worker, and the list against a bare Worker making the same two D1 round trips.
 *   --duration <s>  seconds per scenario (default 10)   --connections <n> (default 10)
 *   --inspector     keep wrangler's DevTools inspector on (off by default, see startServer)
 */
import { spawn, execSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { createKey, createTenant } from "../src/admin/provision";
import { seedBulkBudgets } from "../src/domains/budgets/seed";
import { bulkCalls } from "../src/domains/calls/panel";
import { freePort } from "../test/e2e/harness";
import { buildAssets } from "./assets";
import { applyMigrations, openState, root } from "./lib/state";

const { values } = parseArgs({
  options: { duration: { type: "string", default: "10" }, connections: { type: "string", default: "10" }, inspector: { type: "boolean", default: false } },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const wrangler = join(root, "node_modules", ".bin", "wrangler");

async function waitFor(url: string, child: ChildProcess) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${url})`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((wait) => setTimeout(wait, 250));
    }
  }
  throw new Error(`no answer from ${url}`);
}

/**
 * `wrangler dev` with its DevTools inspector off (unless --inspector), for both servers alike. With
 * it on, wrangler streams every subrequest to DevTools as Network events, response bodies base64
 * included, through its Node process; each local D1 query is such a subrequest, so the inspector
 * then costs more than the query. A deployed Worker has no inspector. wrangler's CLI has no flag
 * for this; it turns the inspector off when it runs in a VS Code debug terminal, detected by this
 * variable.
 */
function startServer(args: string[]) {
  const env = { ...process.env, CI: "true", ...(values.inspector ? {} : { VSCODE_INSPECTOR_OPTIONS: "{}" }) };
  const child = spawn(wrangler, ["dev", "--ip", "127.0.0.1", "--log-level", "warn", ...args], { cwd: root, detached: true, stdio: ["ignore", "pipe", "pipe"], env });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-64_000)); // the tail, for an error report
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  child.on("exit", (code) => code && console.error(`wrangler dev ${args.join(" ")} exited ${code}:\n${output}`));
  return child;
}

/** The process and all its descendants (wrangler, its workerd processes). */
function processTree(pid: number): number[] {
  const pids = execSync(`ps -e -o pid=,ppid=`).toString().trim().split("\n").map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const tree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, parent] of pids) if (tree.has(parent) && !tree.has(child)) (tree.add(child), (grew = true));
  }
  return [...tree];
}

function readProc(pid: number, file: string): string {
  try {
    return readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    return ""; // process ended
  }
}

/** Resident memory of a process tree, in MiB. */
function treeRssMiB(pid: number): number {
  const kib = processTree(pid).reduce((sum, member) => sum + Number(/VmRSS:\s+(\d+)/.exec(readProc(member, "status"))?.[1] ?? 0), 0);
  return Math.round(kib / 1024);
}

/** User + system CPU time of a process tree, in ms (clock ticks are 10 ms on Linux). */
function treeCpuMs(pid: number): number {
  return processTree(pid).reduce((sum, member) => {
    const fields = readProc(member, "stat").split(") ")[1]?.split(" ") ?? [];
    return sum + (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10;
  }, 0);
}

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  cpuMsPerRequest: number;
  rssMiB: number;
}

async function load(name: string, options: autocannon.Options, pid: number): Promise<Result> {
  await autocannon({ ...options, duration: 2, connections }); // warm-up
  const cpuBefore = treeCpuMs(pid);
  const result = await autocannon({ ...options, duration, connections });
  const cpuMs = treeCpuMs(pid) - cpuBefore;
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    cpuMsPerRequest: cpuMs / Math.max(result.requests.total, 1),
    rssMiB: treeRssMiB(pid),
  };
}

const persistTo = mkdtempSync(join(tmpdir(), "api-bench-"));
const servers: ChildProcess[] = [];
try {
  console.log("Preparing state: companies with 100,000 and 1,000 budgets, and with 100,000 and 1,000 calls ...");
  const state = await openState({ persistTo });
  await applyMigrations(state.d1);
  const large = await createTenant(state.db, { name: "Bench 100k", plan: "Business" });
  const small = await createTenant(state.db, { name: "Bench 1k", plan: "Business" });
  await seedBulkBudgets(state.db, large.company_id, 100_000);
  await seedBulkBudgets(state.db, small.company_id, 1_000);
  // Calls over the last 30 days, so that GET /calls without dates pages and totals all of them.
  await bulkCalls(state.db, large.company_id, { count: "100000", days: "30" });
  await bulkCalls(state.db, small.company_id, { count: "1000", days: "30" });
  const largeKey = await createKey(state.db, { companyId: large.company_id, scopes: ["budgets:read", "budgets:write", "calls:read"] });
  const smallKey = await createKey(state.db, { companyId: small.company_id, scopes: ["budgets:read", "calls:read"] });
  const writeKey = await createKey(state.db, { companyId: small.company_id, scopes: ["budgets:write"] });
  await state.dispose();

  buildAssets(); // public/, the static assets folder wrangler.toml names (scripts/assets.ts)
  const [apiPort, barePort] = [await freePort(), await freePort()];
  // The limit is raised for the benchmark only (its default stays 120); request logs are off.
  const api = startServer(["--port", String(apiPort), "--persist-to", persistTo, "--var", "RATE_LIMIT_PER_MINUTE:1000000000", "--var", "REQUEST_LOG:false"]);
  servers.push(api);
  await waitFor(`http://127.0.0.1:${apiPort}/api/v1/openapi.json`, api);
  const bare = startServer(["-c", "bench/wrangler.bare.toml", "--port", String(barePort), "--persist-to", join(persistTo, "bare")]);
  servers.push(bare);
  await waitFor(`http://127.0.0.1:${barePort}/`, bare);

  const auth = (key: string) => ({ Authorization: `Bearer ${key}` });
  const results: Result[] = [];
  results.push(await load("bare Worker (fixed JSON)", { url: `http://127.0.0.1:${barePort}/` }, bare.pid!));
  results.push(await load("bare Worker + one D1 query", { url: `http://127.0.0.1:${barePort}/d1` }, bare.pid!));
  results.push(await load("bare Worker + two D1 queries", { url: `http://127.0.0.1:${barePort}/d1x2` }, bare.pid!));
  results.push(await load("bare Worker + one D1 query + one DO write", { url: `http://127.0.0.1:${barePort}/d1-do` }, bare.pid!));
  results.push(await load("GET /budgets?limit=50, 100,000 budgets", { url: `http://127.0.0.1:${apiPort}/api/v1/budgets?limit=50`, headers: auth(largeKey.api_key) }, api.pid!));
  results.push(await load("GET /budgets?limit=50, 1,000 budgets", { url: `http://127.0.0.1:${apiPort}/api/v1/budgets?limit=50`, headers: auth(smallKey.api_key) }, api.pid!));
  results.push(await load("bare Worker + GET /calls's I/O", { url: `http://127.0.0.1:${barePort}/calls-io` }, bare.pid!));
  results.push(await load("GET /calls?limit=50 + totals, 100,000 calls", { url: `http://127.0.0.1:${apiPort}/api/v1/calls?limit=50`, headers: auth(largeKey.api_key) }, api.pid!));
  results.push(await load("GET /calls?limit=50 + totals, 1,000 calls", { url: `http://127.0.0.1:${apiPort}/api/v1/calls?limit=50`, headers: auth(smallKey.api_key) }, api.pid!));
  results.push(
    await load(
      "POST /budgets with Idempotency-Key",
      {
        url: `http://127.0.0.1:${apiPort}/api/v1/budgets`,
        method: "POST",
        idReplacement: true,
        headers: { ...auth(writeKey.api_key), "Content-Type": "application/json", "Idempotency-Key": "[<id>]" },
        body: JSON.stringify({ client_name: "Bench client", items: [{ concept: "Work", units: 2, unit_price: 45.5 }, { concept: "Parts", units: 1, unit_price: 12 }] }),
      },
      api.pid!,
    ),
  );

  const [baseline, , twoRoundTrips, leastIo, list100k, list1k, callsFloor, calls100k, calls1k] = results as [Result, Result, Result, Result, Result, Result, Result, Result, Result, Result];
  console.log(
    `\n${duration} s per scenario, ${connections} connections, autocannon in a separate process from both servers,` +
      ` DevTools inspector ${values.inspector ? "on" : "off"}\n`,
  );
  console.log("scenario".padEnd(42), "req/s".padStart(7), "p50 ms".padStart(7), "p99 ms".padStart(7), "CPU ms/req".padStart(11), "non-2xx".padStart(8), "RSS MiB".padStart(8), "  ratio to bare (req/s, p50)");
  for (const result of results) {
    const ratio = result === baseline ? "" : `  ${(result.rps / baseline.rps).toFixed(2)}x, ${(result.p50 / Math.max(baseline.p50, 0.001)).toFixed(2)}x`;
    console.log(
      result.name.padEnd(42),
      String(result.rps).padStart(7),
      String(result.p50).padStart(7),
      String(result.p99).padStart(7),
      result.cpuMsPerRequest.toFixed(2).padStart(11),
      String(result.non2xx + result.errors).padStart(8),
      String(result.rssMiB).padStart(8),
      ratio,
    );
  }
  const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(0)}%`;
  console.log(`\nTarget: list at >= 50% of the bare Worker's req/s: ${percent(list100k.rps, baseline.rps)}`);
  console.log(`Target: list p50 at 100,000 budgets within 20% of 1,000: ${list100k.p50} ms vs ${list1k.p50} ms (${percent(list100k.p50 - list1k.p50, list1k.p50)})`);
  console.log(
    `Local floors: the list's own I/O (two D1 round trips) holds a bare Worker to ${percent(twoRoundTrips.rps, baseline.rps)};` +
      ` the least I/O any design of it needs (one D1 query, one Durable Object write) to ${percent(leastIo.rps, baseline.rps)}.`,
  );
  console.log(
    `The list reaches ${percent(list100k.rps, twoRoundTrips.rps)} of its own floor; ${Math.max(0, list100k.cpuMsPerRequest - twoRoundTrips.cpuMsPerRequest).toFixed(2)} ms` +
      ` of its ${list100k.cpuMsPerRequest.toFixed(2)} ms CPU per request is above it.`,
  );
  console.log(
    `GET /calls with its period totals: ${percent(calls100k.rps, callsFloor.rps)} of a bare Worker doing the same I/O;` +
      ` p50 ${calls100k.p50} ms at 100,000 calls vs ${calls1k.p50} ms at 1,000 (${percent(calls100k.p50 - calls1k.p50, Math.max(calls1k.p50, 1))}; target within 20%).`,
  );
  mkdirSync(join(root, "bench-results"), { recursive: true });
  writeFileSync(join(root, "bench-results", "latest.json"), JSON.stringify({ duration, connections, inspector: values.inspector, results }, null, 2));
} finally {
  for (const server of servers) {
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      // already gone
    }
  }
  rmSync(persistTo, { recursive: true, force: true });
}
