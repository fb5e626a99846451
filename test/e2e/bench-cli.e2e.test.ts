/**
 * npm run bench as a developer meets it: --help, a bad option, and Ctrl-C while its server runs,
 * which must leave no process it started and no state folder behind. Processes, not pure code, but
 * no Worker runtime of the tests': the bench starts its own (wrangler dev), so it runs in the end-to-end stage.
 */
import { execFileSync, spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const bench = (args: string[]) => ["node", ["--import", "tsx", "scripts/bench.ts", ...args]] as const;

/** Every process as pid, parent and command line. */
function processes(): { pid: number; ppid: number; args: string }[] {
  return execFileSync("ps", ["-e", "-o", "pid=,ppid=,args="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => {
      const [, pid, ppid, args] = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line) ?? [];
      return { pid: Number(pid), ppid: Number(ppid), args: args ?? "" };
    });
}

function descendants(root: number) {
  const all = processes();
  const tree = new Map([[root, ""]]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const { pid, ppid, args } of all)
      if (tree.has(ppid) && !tree.has(pid)) {
        tree.set(pid, args);
        grew = true;
      }
  }
  tree.delete(root);
  return tree;
}

const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
};

const settle = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe("npm run bench", () => {
  it("prints its usage for --help and exits 0; an unknown option is its reason and the usage, exit 2, no stack trace", () => {
    const help = execFileSync(...bench(["--help"]), { encoding: "utf8" });
    expect(help).toMatch(/^Usage: npm run bench/);
    for (const option of ["--duration", "--floors", "--stores", "--flood", "--request-log", "--charts-from", "--help"])
      expect(help).toContain(option);
    let failed: { status: number; stderr: string } | undefined;
    try {
      execFileSync(...bench(["--no-such-option"]), { encoding: "utf8", stdio: "pipe" });
    } catch (error) {
      failed = error as { status: number; stderr: string };
    }
    expect(failed?.status).toBe(2);
    expect(failed?.stderr).toContain("--no-such-option");
    expect(failed?.stderr).toContain("Usage: npm run bench");
    expect(failed?.stderr).not.toMatch(/^\s+at /m);
  }, 300_000);

  it("redraws the charts of a saved JSON with --charts-from, beside it, starting nothing; a file it cannot read exits 2", () => {
    const folder = mkdtempSync(join(tmpdir(), "bench-charts-from-"));
    try {
      const saved = join(folder, "distance.json");
      copyFileSync(join(import.meta.dirname, "..", "fixtures", "bench", "distance.json"), saved);
      const output = execFileSync(...bench(["--charts-from", saved]), { encoding: "utf8" });
      expect(output).toContain(`Charts of ${saved}:`);
      for (const chart of ["distance.svg", "distance-latency.svg"]) {
        expect(readFileSync(join(folder, chart), "utf8")).toMatch(/^<svg /);
      }
      expect(output).not.toContain("State folder");
      let failed: { status: number; stderr: string } | undefined;
      try {
        execFileSync(...bench(["--charts-from", join(folder, "none.json")]), { encoding: "utf8", stdio: "pipe" });
      } catch (error) {
        failed = error as { status: number; stderr: string };
      }
      expect(failed?.status).toBe(2);
      expect(failed?.stderr).toContain("none.json");
      expect(failed?.stderr).not.toMatch(/^\s+at /m);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 300_000);

  it("measures the request log's cost with --request-log: a line per scenario, the entries each side wrote, its JSON and chart", () => {
    // One short round (no figure is judged here): the lines are printed, the JSON parses, and only the side
    // with the log wrote entries (its insert not sent, or no log: none). A developer's own result is put back.
    const results = join(import.meta.dirname, "..", "..", "bench-results");
    const files = ["request-log.json", "request-log.svg"].map((name) => join(results, name));
    const saved = files.map((file) => (existsSync(file) ? readFileSync(file) : undefined));
    const started = Date.now();
    try {
      const output = execFileSync(
        ...bench(["--request-log", "--duration", "1", "--rounds", "1", "--connections", "1"]),
        { encoding: "utf8", stdio: "pipe" },
      );
      for (const scenario of ["GET /budgets?limit=50, 1,000 budgets", "POST /budgets with Idempotency-Key"])
        expect(output).toMatch(
          new RegExp(
            `^request log, ${scenario.replace(/[?/]/g, "\\$&")}: the Worker's CPU [+−]\\d+\\.\\d{3} ms/request \\(target ≤ 0\\.2: (met|NOT MET); rounds .*\\); with the local D1's insert [+−]\\d+\\.\\d{3} .*; at 25 ms per call, p50 [\\d.]+ against [\\d.]+ ms`,
            "m",
          ),
        );
      const entries =
        /^Entries written: ([\d,]+) by the side with the log, (\d+) by the side whose inserts were not sent, (\d+) by the side without it\.$/m.exec(
          output,
        );
      expect(entries, output).not.toBeNull();
      expect(Number(entries![1]!.replaceAll(",", ""))).toBeGreaterThan(0);
      expect([entries![2], entries![3]]).toEqual(["0", "0"]);
      const json = JSON.parse(readFileSync(files[0]!, "utf8")) as {
        date: string;
        cpuTargetMs: number;
        rounds: unknown[];
        summaries: {
          scenario: string;
          cpuAddedMs: number;
          totalCpuAddedMs: number;
          on: { rps: number };
          unsent: { rps: number };
          off: { rps: number };
        }[];
        probes: { addsRoundTrip: boolean }[];
        entries: { on: number; unsent: number; off: number };
      };
      expect(Date.parse(json.date)).toBeGreaterThanOrEqual(started);
      expect(json.cpuTargetMs).toBe(0.2);
      expect(json.rounds).toHaveLength(1);
      expect(json.summaries.map((summary) => summary.scenario)).toEqual([
        "GET /budgets?limit=50, 1,000 budgets",
        "POST /budgets with Idempotency-Key",
      ]);
      for (const summary of json.summaries) {
        expect(Number.isFinite(summary.cpuAddedMs)).toBe(true);
        expect(Number.isFinite(summary.totalCpuAddedMs)).toBe(true);
        for (const side of [summary.on, summary.unsent, summary.off]) expect(side.rps).toBeGreaterThan(0);
      }
      expect(json.probes).toHaveLength(2);
      expect(json.entries).toEqual({ on: Number(entries![1]!.replaceAll(",", "")), unsent: 0, off: 0 });
      expect(readFileSync(files[1]!, "utf8")).toMatch(/^<svg /);
    } finally {
      files.forEach((file, index) => {
        const content = saved[index];
        if (content) writeFileSync(file, content);
        else rmSync(file, { force: true });
      });
    }
  }, 900_000);

  it("stops every process it started and removes its state folder on Ctrl-C, its servers included", async () => {
    // Its own process group, as a terminal's foreground job: Ctrl-C signals the whole group.
    const child = spawn(...bench(["--flood", "--flood-requests", "100000000", "--connections", "1"]), {
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
    try {
      // Until its API server (wrangler dev, detached in a group of its own) runs its workerd.
      let started = new Map<number, string>();
      for (let wait = 0; wait < 2400 && child.exitCode === null; wait++) {
        started = descendants(child.pid!);
        const args = [...started.values()];
        if (args.some((line) => /wrangler\S* dev /.test(line)) && args.some((line) => /workerd/.test(line))) break;
        await settle(250);
      }
      expect(
        [...started.values()].some((line) => /wrangler\S* dev /.test(line)),
        output,
      ).toBe(true);
      const folder = /State folder: (\S+)/.exec(output)?.[1];
      expect(folder, output).toBeDefined();
      expect(existsSync(folder!)).toBe(true);

      process.kill(-child.pid!, "SIGINT");
      expect(await exited, output).toBe(130);
      // Its own processes are gone once it has exited; what it left would linger here.
      for (let wait = 0; wait < 240 && [...started.keys()].some(alive); wait++) await settle(250);
      const left = [...started].filter(([pid]) => alive(pid));
      expect(left, output).toEqual([]);
      expect(existsSync(folder!)).toBe(false);
    } finally {
      if (child.exitCode === null) process.kill(-child.pid!, "SIGKILL");
    }
  }, 900_000);
});
