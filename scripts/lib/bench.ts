/**
 * What npm run bench and its soak share: servers under `wrangler dev`, process-tree CPU and memory,
 * autocannon runs, and the round trips a request made (its Server-Timing header).
 */
import { spawn, execFileSync, execSync, type ChildProcess } from "node:child_process";
import { cpus } from "node:os";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { root } from "./state";
import { wranglerTomlElsewhere, writeWranglerConfig } from "./stores";

const wrangler = join(root, "node_modules", ".bin", "wrangler");
export const benchOptions = { inspector: false, duration: 10, connections: 10, pin: false };

/**
 * --pin: the servers on the last CPU, this process (the load generator) and what it starts after
 * (the fake providers) on the others, so that the scheduler does not move the measured Worker
 * between CPUs, nor put the load generator beside it, differently from one run to the next.
 */
export function pinProcesses() {
  const last = cpus().length - 1;
  if (last < 1) throw new Error("--pin needs at least two CPUs.");
  execFileSync("taskset", ["-pc", last === 1 ? "0" : `0-${last - 1}`, String(process.pid)], { stdio: "ignore" });
  return `servers on CPU ${last}, the load and the fakes on ${last === 1 ? "CPU 0" : `CPUs 0-${last - 1}`}`;
}
const serverCommand = (args: string[]): [string, string[]] =>
  benchOptions.pin ? ["taskset", ["-c", String(cpus().length - 1), wrangler, ...args]] : [wrangler, args];
const WARM_UP_SECONDS = 5;

/**
 * The wrangler configuration of the bench's Worker (bench/worker.ts: the real one, with the
 * bindings of its requests wrapped for the distance and the SQL capture): wrangler.toml with that
 * as its main, the same bindings, in bench-results/. Not beside wrangler.toml, so `.dev.vars` is
 * not found by itself: its servers are given it with --env-file (benchServerArguments).
 */
function benchWranglerConfig(): string {
  const content = `# Written by scripts/lib/bench.ts: wrangler.toml with the bench's entry (bench/worker.ts) as its main.\n${wranglerTomlElsewhere("bench/worker.ts")}`;
  return writeWranglerConfig(join(root, "bench-results", "wrangler.bench.toml"), content);
}

/** The arguments of `wrangler dev` that start the bench's Worker (benchWranglerConfig) with the secrets of .dev.vars, as wrangler.toml's servers read them. */
export function benchServerArguments(): string[] {
  return ["-c", benchWranglerConfig(), "--env-file", join(root, ".dev.vars")];
}

export async function waitFor(url: string, child: ChildProcess) {
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
 * variable. Its local observability is off too (X_LOCAL_OBSERVABILITY): wrangler then streams every
 * invocation's events (the request, each Durable Object call) to a collector Worker of its own in
 * the same workerd process, which stores them for its local dashboard. That doubled the CPU of a
 * read that makes no D1 call, the API's and its floor's alike (0.84 → 1.85 ms for a floor); a
 * deployed Worker's events leave its process.
 */
export function startServer(args: string[]) {
  const env = {
    ...process.env,
    CI: "true",
    X_LOCAL_OBSERVABILITY: "false",
    ...(benchOptions.inspector ? {} : { VSCODE_INSPECTOR_OPTIONS: "{}" }),
  };
  const [command, commandArgs] = serverCommand(["dev", "--ip", "127.0.0.1", "--log-level", "warn", ...args]);
  const child = spawn(command, commandArgs, { cwd: root, detached: true, stdio: ["ignore", "pipe", "pipe"], env });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-64_000)); // the tail, for an error report
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  child.on("exit", (code) => code && console.error(`wrangler dev ${args.join(" ")} exited ${code}:\n${output}`));
  return child;
}

/** Stops a server started by startServer (its whole process group) and waits until it exited. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  process.kill(-child.pid!, "SIGTERM");
  await exited;
}

const alive = (pid: number) => {
  // A zombie has exited; only its parent's wait is missing.
  const state = /^\d+ \(.*\) (\S)/.exec(readProc(pid, "stat"))?.[1];
  return state !== undefined && state !== "Z";
};

/**
 * Stops every server of `servers` (each its whole process group: they are detached, so a Ctrl-C in
 * the terminal never reaches them) and every other process this one started (the fakes, the state's
 * workerd), SIGTERM first and SIGKILL for any left after `graceMs`.
 */
export async function stopEverything(servers: ChildProcess[], graceMs = 5_000): Promise<void> {
  const started = processTree(process.pid).filter((pid) => pid !== process.pid);
  const signal = (name: NodeJS.Signals) => {
    for (const server of servers)
      try {
        process.kill(-server.pid!, name);
      } catch {
        // that group is gone
      }
    for (const pid of started)
      try {
        process.kill(pid, name);
      } catch {
        // gone
      }
  };
  signal("SIGTERM");
  const deadline = Date.now() + graceMs;
  while (started.some(alive) && Date.now() < deadline) await new Promise((wait) => setTimeout(wait, 100));
  if (started.some(alive)) signal("SIGKILL");
}

/** The process and all its descendants (wrangler, its workerd processes). */
function processTree(pid: number): number[] {
  const pids = execSync(`ps -e -o pid=,ppid=`)
    .toString()
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const tree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, parent] of pids)
      if (tree.has(parent) && !tree.has(child)) {
        tree.add(child);
        grew = true;
      }
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
export function treeRssMiB(pid: number): number {
  const kib = processTree(pid).reduce(
    (sum, member) => sum + Number(/VmRSS:\s+(\d+)/.exec(readProc(member, "status"))?.[1] ?? 0),
    0,
  );
  return Math.round(kib / 1024);
}

/**
 * The CPU time a process has used, in ms, to the nanosecond: the run time of each of its threads
 * (`/proc/<pid>/task/<tid>/schedstat`). `/proc/<pid>/stat` counts in clock ticks of 10 ms per
 * process, which over a slice of a second and a few hundred requests is up to 0.05 ms a request.
 * A thread that ends between two readings takes its time with it; the servers' threads live as long as they do.
 */
function processCpuMs(pid: number): number {
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    return 0; // process ended
  }
  return (
    threads.reduce((sum, thread) => sum + Number(readProc(pid, `task/${thread}/schedstat`).split(" ")[0] || 0), 0) / 1e6
  );
}

/** The CPU time of a process tree (a server started by startServer: wrangler and every process it runs), in ms. */
export function treeCpuMs(pid: number): number {
  return cpuOfAll(processTree(pid));
}

const cpuOfAll = (pids: readonly number[]) => pids.reduce((sum, pid) => sum + processCpuMs(pid), 0);

/**
 * The CPU a server has used so far, in ms: the workerd process that runs the Worker (its isolate,
 * its Durable Objects, the static-assets router in front of it), and the whole tree, which adds
 * what only local development has: wrangler's Node process and the proxy in front of the runtime
 * (a workerd of its own, listening on the server's port, forwarding each request and its answer:
 * 0.8 of the 1.9 ms a floor that reads nothing costs the tree). A deployed Worker is billed for the first.
 */
export function serverCpuMs(pid: number): { runtime: number; tree: number } {
  const members = processTree(pid);
  const runtimes = members.filter(isWorkerRuntime);
  if (runtimes.length !== 1)
    throw new Error(`expected one workerd running the Worker under wrangler (pid ${pid}), found ${runtimes.length}`);
  return { runtime: processCpuMs(runtimes[0]!), tree: cpuOfAll(members) };
}

/**
 * Whether a process is the workerd that runs the Worker: wrangler starts it with its entry socket
 * on port 0 (its proxy learns the port), where the proxy's own workerd listens on the server's port.
 */
function isWorkerRuntime(pid: number): boolean {
  const args = readProc(pid, "cmdline").split("\0");
  return (args[0]?.endsWith("/workerd") ?? false) && args.some((arg) => /^--socket-addr=entry=[^=]*:0$/.test(arg));
}

export interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU per request of the workerd process that runs the Worker (serverCpuMs). */
  cpuMsPerRequest: number;
  /** CPU per request of the server's whole process tree, wrangler's Node process and proxy included. */
  treeCpuMsPerRequest: number;
  rssMiB: number;
  /** Latency percentiles in ms, autocannon's (p97_5 is the 97.5th): the distribution the charts draw. */
  latency: Record<(typeof PERCENTILES)[number], number>;
}

/** The percentiles of a load kept in its result (autocannon measures these and more). */
const PERCENTILES = ["p1", "p10", "p25", "p50", "p75", "p90", "p97_5", "p99", "p99_9"] as const;

export async function load(name: string, options: autocannon.Options, pid: number): Promise<Result> {
  // Warm-up, the same for every scenario: long enough for the API's larger code to be compiled
  // (2 s left the first measured round of the API visibly slower than the next).
  await autocannon({ ...options, duration: WARM_UP_SECONDS, connections: benchOptions.connections });
  const cpuBefore = serverCpuMs(pid);
  const result = await autocannon({
    ...options,
    duration: benchOptions.duration,
    connections: benchOptions.connections,
  });
  const cpuAfter = serverCpuMs(pid);
  const requests = Math.max(result.requests.total, 1);
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    cpuMsPerRequest: (cpuAfter.runtime - cpuBefore.runtime) / requests,
    treeCpuMsPerRequest: (cpuAfter.tree - cpuBefore.tree) / requests,
    rssMiB: treeRssMiB(pid),
    latency: Object.fromEntries(PERCENTILES.map((key) => [key, result.latency[key]])) as Result["latency"],
  };
}

/** The round trips of one request, from its Server-Timing header (SERVER_TIMING on). */
export async function roundTrips(
  url: string,
  init: RequestInit = {},
): Promise<{ keyguard: number; d1: number; sequential: number }> {
  const response = await fetch(url, init);
  await response.arrayBuffer();
  const counts = Object.fromEntries(
    [...(response.headers.get("Server-Timing") ?? "").matchAll(/(\w+);desc="(\d+)"/g)].map((match) => [
      match[1],
      Number(match[2]),
    ]),
  );
  return { keyguard: counts.keyguard ?? 0, d1: counts.d1 ?? 0, sequential: counts.trips ?? 0 };
}

/** The deployable bundle (`wrangler deploy --dry-run --outdir`), its size raw and gzipped, in KiB. */
export function bundleSize(outdir: string): { rawKiB: number; gzipKiB: number } {
  execSync(`${wrangler} deploy --dry-run --outdir ${outdir}`, {
    cwd: root,
    stdio: "ignore",
    env: { ...process.env, CI: "true" },
  });
  let raw = 0;
  let gzip = 0;
  for (const file of readdirSync(outdir)) {
    if (file.endsWith(".map")) continue;
    const bytes = readFileSync(join(outdir, file));
    raw += bytes.byteLength;
    gzip += gzipSync(bytes, { level: 9 }).byteLength;
  }
  return { rawKiB: Math.round(raw / 1024), gzipKiB: Math.round(gzip / 1024) };
}

/**
 * The Worker's start-up CPU time, from `wrangler check startup` (a CPU profile of evaluating the
 * bundle in workerd on this machine): the sampled time spent running, idle and the profiler's own
 * start left out.
 */
export function startupMs(outfile: string): number {
  execSync(`${wrangler} check startup --outfile ${outfile}`, {
    cwd: root,
    stdio: "ignore",
    env: { ...process.env, CI: "true" },
  });
  const profile = JSON.parse(readFileSync(outfile, "utf8")) as {
    nodes: { id: number; callFrame: { functionName: string } }[];
    samples: number[];
    timeDeltas: number[];
  };
  const idle = new Set(
    profile.nodes
      .filter((node) => ["(idle)", "(program)", "(root)"].includes(node.callFrame.functionName))
      .map((node) => node.id),
  );
  // timeDeltas[i] is the time before sample i; the time a sample stands for is the next delta.
  let microseconds = 0;
  for (let i = 0; i < profile.samples.length - 1; i++)
    if (!idle.has(profile.samples[i]!)) microseconds += profile.timeDeltas[i + 1] ?? 0;
  return Math.round(microseconds / 100) / 10;
}
