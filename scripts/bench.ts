/**
 * npm run bench: loads the API under `wrangler dev` and a bare Hono Worker in the same run, with
 * autocannon from this (separate) process, and prints requests/s, p50/p99 latency and memory,
 * then each API scenario as a ratio to the bare Worker.
 *   --duration <s>  seconds per scenario (default 10)   --connections <n> (default 10)
 */
import { spawn, execSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { createKey, createTenant } from "../src/admin/provision";
import { seedBulkBudgets } from "../src/domains/budgets/seed";
import { freePort } from "../test/e2e/harness";
import { applyMigrations, openState, root } from "./lib/state";

const { values } = parseArgs({ options: { duration: { type: "string", default: "10" }, connections: { type: "string", default: "10" } } });
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

function startServer(args: string[]) {
  const child = spawn(wrangler, ["dev", "--ip", "127.0.0.1", ...args], { cwd: root, detached: true, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, CI: "true" } });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.on("exit", (code) => code && console.error(`wrangler dev ${args.join(" ")} exited ${code}:\n${output}`));
  return child;
}

/** Resident memory of a process tree (wrangler and its workerd), in MiB. */
function treeRssMiB(pid: number): number {
  const pids = execSync(`ps -e -o pid=,ppid=`).toString().trim().split("\n").map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const tree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, parent] of pids) if (tree.has(parent) && !tree.has(child)) (tree.add(child), (grew = true));
  }
  let kib = 0;
  for (const member of tree) {
    try {
      kib += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${member}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // process ended
    }
  }
  return Math.round(kib / 1024);
}

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  rssMiB: number;
}

async function load(name: string, options: autocannon.Options, pid: number): Promise<Result> {
  await autocannon({ ...options, duration: 2, connections }); // warm-up
  const result = await autocannon({ ...options, duration, connections });
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    rssMiB: treeRssMiB(pid),
  };
}

const persistTo = mkdtempSync(join(tmpdir(), "api-bench-"));
const servers: ChildProcess[] = [];
try {
  console.log("Preparing state: a company with 100,000 budgets and one with 1,000 ...");
  const state = await openState({ persistTo });
  await applyMigrations(state.d1);
  const large = await createTenant(state.db, { name: "Bench 100k", plan: "Business" });
  const small = await createTenant(state.db, { name: "Bench 1k", plan: "Business" });
  await seedBulkBudgets(state.db, large.company_id, 100_000);
  await seedBulkBudgets(state.db, small.company_id, 1_000);
  const largeKey = await createKey(state.db, { companyId: large.company_id, scopes: ["budgets:read", "budgets:write"] });
  const smallKey = await createKey(state.db, { companyId: small.company_id, scopes: ["budgets:read"] });
  const writeKey = await createKey(state.db, { companyId: small.company_id, scopes: ["budgets:write"] });
  await state.dispose();

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
  results.push(await load("bare Worker + one D1 SELECT 1", { url: `http://127.0.0.1:${barePort}/d1` }, bare.pid!));
  results.push(await load("GET /budgets?limit=50, 100,000 budgets", { url: `http://127.0.0.1:${apiPort}/api/v1/budgets?limit=50`, headers: auth(largeKey.api_key) }, api.pid!));
  results.push(await load("GET /budgets?limit=50, 1,000 budgets", { url: `http://127.0.0.1:${apiPort}/api/v1/budgets?limit=50`, headers: auth(smallKey.api_key) }, api.pid!));
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

  const [baseline] = results;
  console.log(`\n${duration} s per scenario, ${connections} connections, autocannon in a separate process from both servers\n`);
  console.log("scenario".padEnd(42), "req/s".padStart(8), "p50 ms".padStart(8), "p99 ms".padStart(8), "non-2xx".padStart(8), "RSS MiB".padStart(8), "  ratio to bare (req/s, p50)");
  for (const result of results) {
    const ratio = result === baseline ? "" : `  ${(result.rps / baseline!.rps).toFixed(2)}x, ${(result.p50 / Math.max(baseline!.p50, 0.001)).toFixed(2)}x`;
    console.log(result.name.padEnd(42), String(result.rps).padStart(8), String(result.p50).padStart(8), String(result.p99).padStart(8), String(result.non2xx + result.errors).padStart(8), String(result.rssMiB).padStart(8), ratio);
  }
  const [, d1Floor, list100k, list1k] = results;
  console.log(`\nTarget: list at >= 50% of the bare Worker's req/s: ${((list100k!.rps / baseline!.rps) * 100).toFixed(0)}%`);
  console.log(`Target: list p50 at 100,000 budgets within 20% of 1,000: ${list100k!.p50} ms vs ${list1k!.p50} ms`);
  console.log(`Local floor: one D1 round trip alone holds a bare Worker to ${((d1Floor!.rps / baseline!.rps) * 100).toFixed(0)}% of its req/s; the list makes two (key lookup, page) and one KeyGuard call.`);
  mkdirSync(join(root, "bench-results"), { recursive: true });
  writeFileSync(join(root, "bench-results", "latest.json"), JSON.stringify({ duration, connections, results }, null, 2));
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
