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
const serverCommand = (args: string[]): [string, string[]] => (benchOptions.pin ? ["taskset", ["-c", String(cpus().length - 1), wrangler, ...args]] : [wrangler, args]);
const WARM_UP_SECONDS = 5;

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
 * variable.
 */
export function startServer(args: string[]) {
  const env = { ...process.env, CI: "true", ...(benchOptions.inspector ? {} : { VSCODE_INSPECTOR_OPTIONS: "{}" }) };
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

/** The process and all its descendants (wrangler, its workerd processes). */
function processTree(pid: number): number[] {
  const pids = execSync(`ps -e -o pid=,ppid=`).toString().trim().split("\n").map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const tree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, parent] of pids) if (tree.has(parent) && !tree.has(child)) {
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
  const kib = processTree(pid).reduce((sum, member) => sum + Number(/VmRSS:\s+(\d+)/.exec(readProc(member, "status"))?.[1] ?? 0), 0);
  return Math.round(kib / 1024);
}

/** User + system CPU time of a process tree, in ms (clock ticks are 10 ms on Linux). */
export function treeCpuMs(pid: number): number {
  return processTree(pid).reduce((sum, member) => {
    const fields = readProc(member, "stat").split(") ")[1]?.split(" ") ?? [];
    return sum + (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10;
  }, 0);
}

export interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  cpuMsPerRequest: number;
  rssMiB: number;
}

export async function load(name: string, options: autocannon.Options, pid: number): Promise<Result> {
  // Warm-up, the same for every scenario: long enough for the API's larger code to be compiled
  // (2 s left the first measured round of the API visibly slower than the next).
  await autocannon({ ...options, duration: WARM_UP_SECONDS, connections: benchOptions.connections });
  const cpuBefore = treeCpuMs(pid);
  const result = await autocannon({ ...options, duration: benchOptions.duration, connections: benchOptions.connections });
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


/** The round trips of one request, from its Server-Timing header (SERVER_TIMING on). */
export async function roundTrips(url: string, init: RequestInit = {}): Promise<{ keyguard: number; d1: number; sequential: number }> {
  const response = await fetch(url, init);
  await response.arrayBuffer();
  const counts = Object.fromEntries([...(response.headers.get("Server-Timing") ?? "").matchAll(/(\w+);desc="(\d+)"/g)].map((match) => [match[1], Number(match[2])]));
  return { keyguard: counts.keyguard ?? 0, d1: counts.d1 ?? 0, sequential: counts.trips ?? 0 };
}

/** The deployable bundle (`wrangler deploy --dry-run --outdir`), its size raw and gzipped, in KiB. */
export function bundleSize(outdir: string): { rawKiB: number; gzipKiB: number } {
  execSync(`${wrangler} deploy --dry-run --outdir ${outdir}`, { cwd: root, stdio: "ignore", env: { ...process.env, CI: "true" } });
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
  execSync(`${wrangler} check startup --outfile ${outfile}`, { cwd: root, stdio: "ignore", env: { ...process.env, CI: "true" } });
  const profile = JSON.parse(readFileSync(outfile, "utf8")) as {
    nodes: { id: number; callFrame: { functionName: string } }[];
    samples: number[];
    timeDeltas: number[];
  };
  const idle = new Set(profile.nodes.filter((node) => ["(idle)", "(program)", "(root)"].includes(node.callFrame.functionName)).map((node) => node.id));
  // timeDeltas[i] is the time before sample i; the time a sample stands for is the next delta.
  let microseconds = 0;
  for (let i = 0; i < profile.samples.length - 1; i++) if (!idle.has(profile.samples[i]!)) microseconds += profile.timeDeltas[i + 1] ?? 0;
  return Math.round(microseconds / 100) / 10;
}
