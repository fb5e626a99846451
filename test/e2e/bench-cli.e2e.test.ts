/**
 * npm run bench as a developer meets it: --help, a bad option, and Ctrl-C while its server runs,
 * which must leave no process it started and no state folder behind. Processes, not pure code, but
 * no Worker runtime of the tests': the bench starts its own (wrangler dev), so it runs in the end-to-end stage.
 */
import { execFileSync, spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
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
    for (const option of ["--duration", "--floors", "--stores", "--flood", "--charts-from", "--help"])
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
      for (let wait = 0; wait < 40 && [...started.keys()].some(alive); wait++) await settle(250);
      const left = [...started].filter(([pid]) => alive(pid));
      expect(left, output).toEqual([]);
      expect(existsSync(folder!)).toBe(false);
    } finally {
      if (child.exitCode === null) process.kill(-child.pid!, "SIGKILL");
    }
  }, 900_000);
});
