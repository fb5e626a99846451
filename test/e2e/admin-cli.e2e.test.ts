import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { root, tsx } from "./harness";

/**
 * The admin CLI as a user runs it (a child process, no server: it starts a Worker over the state for
 * each command that calls the operator API): --help answers on stdout with 0,
 * bad input answers with the reason and the usage on stderr and 2, and neither prints a stack.
 */
// States as npm run dev leaves them (copies of the run's migrated and seeded one): no server runs
// on them. Two, so that the two commands that start a Worker over a state can run at once.
const states = [0, 1].map(() => {
  const folder = mkdtempSync(join(tmpdir(), "admin-cli-"));
  cpSync(inject("stateTemplate"), folder, { recursive: true });
  return folder;
});
const [persistTo, otherState] = states as [string, string];
afterAll(() => {
  for (const folder of states) rmSync(folder, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

const admin = (args: string[]) =>
  new Promise<Run>((done) => {
    execFile(...tsx("scripts/admin.ts", args), { cwd: root }, (error, stdout, stderr) => {
      done({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });

/** A stack frame as Node prints it. */
const STACK_FRAME = /^\s+at /m;

describe("npm run admin", () => {
  it("--help lists every command with its flags on stdout, and exits 0", async () => {
    const run = await admin(["--help"]);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toContain("usage: npm run admin -- <command> [flags]");
    for (const command of [
      "tenant create --name <name> --plan <plan>",
      "key create --company <company_id>",
      "key revoke --key <key_id>",
      "calls end --call <call_id>",
    ]) {
      expect(run.stdout).toContain(command);
    }
    expect(run.stdout).not.toMatch(STACK_FRAME);
  });

  it("<command> --help shows that command's usage on stdout, and exits 0", async () => {
    const run = await admin(["key", "create", "--help"]);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toContain(
      "usage: npm run admin -- key create --company <company_id> --scopes <scope,scope|all>",
    );
    expect(run.stdout).not.toContain("tenant create");
  });

  // Every command's usage path (the command line parsed, the command found, its help) is the CLI's
  // own `run`, called in this process: a Node start per command would add nothing the process runs above
  // and below do not prove (stdout, stderr, the exit code), and cost most of the file's time.
  it("every command answers --help with its usage, as the CLI's own run() gives it", async () => {
    const help = (await admin(["--help"])).stdout;
    const names = [...help.matchAll(/^ {2}([a-z][a-z0-9-]*(?: [a-z][a-z0-9-]*)*)(?= --| \[|$)/gm)].map(
      (match) => match[1]!,
    );
    expect(names.length).toBeGreaterThan(30);
    const { run } = await import("../../scripts/admin");
    for (const name of names) {
      const answer = await run([...name.split(" "), "--help"]);
      expect(answer, name).toEqual({ help: expect.stringContaining(`usage: npm run admin -- ${name}`) });
    }
  });

  it("an unknown command prints the reason and the commands' usage on stderr, and exits 2", async () => {
    const run = await admin(["frobnicate", "--persist-to", persistTo]);
    expect(run).toMatchObject({ code: 2, stdout: "" });
    expect(run.stderr).toContain('unknown command "frobnicate"');
    expect(run.stderr).toContain("usage: npm run admin -- tenant create");
    expect(run.stderr).not.toMatch(STACK_FRAME);
  });

  it("an unknown flag, or a flag without its value, prints that command's usage on stderr, and exits 2", async () => {
    for (const args of [
      ["tenant", "create", "--name", "Acme", "--frobnicate", "--persist-to", persistTo],
      ["tenant", "create", "--name", "--persist-to", persistTo],
    ]) {
      const run = await admin(args);
      expect(run, args.join(" ")).toMatchObject({ code: 2, stdout: "" });
      expect(run.stderr).toMatch(/unknown flag --frobnicate|--name needs a value/);
      expect(run.stderr).toContain("usage: npm run admin -- tenant create --name <name> --plan <plan>");
      expect(run.stderr).not.toMatch(STACK_FRAME);
    }
  });

  // seed onboards through the running npm run dev's front door and fakes (onboarding.e2e.test.ts runs it there).
  it("seed without a running npm run dev, or with --remote, says why on stderr and exits 2", async () => {
    const { run } = await import("../../scripts/admin");
    await expect(run(["seed", "--persist-to", persistTo])).rejects.toThrow(
      `seed goes through a running npm run dev: start it first (npm run dev -- --persist-to ${persistTo}).`,
    );
    await expect(run(["seed", "--remote"])).rejects.toThrow("never a deployment's real ones");
    const refused = await admin(["seed", "--persist-to", persistTo]);
    expect(refused).toMatchObject({ code: 2, stdout: "" });
    expect(refused.stderr).toContain("start it first");
    expect(refused.stderr).not.toMatch(STACK_FRAME);
  });

  // Refused before anything starts: the flags are checked first.
  it("a missing or an invalid flag is bad input: the reason and the usage on stderr, exit 2", async () => {
    const missing = await admin(["tenant", "create", "--name", "Acme", "--persist-to", persistTo]);
    expect(missing).toMatchObject({ code: 2, stdout: "" });
    expect(missing.stderr).toContain("--plan is required");

    const invalid = await admin([
      "tenant",
      "create",
      "--name",
      "Acme",
      "--plan",
      "Galactic",
      "--persist-to",
      persistTo,
    ]);
    expect(invalid).toMatchObject({ code: 2, stdout: "" });
    expect(invalid.stderr).toContain("--plan must be one of");
    for (const run of [missing, invalid]) expect(run.stderr).not.toMatch(STACK_FRAME);
  });

  // Each command below starts a Worker over its state folder (no server runs on it): some seconds
  // apiece, so the two run at once, each on a state of its own.
  it("an unknown company is bad input (exit 2); a good command prints one JSON object on stdout (exit 0)", {
    timeout: 300_000,
  }, async () => {
    const [unknownCompany, created] = await Promise.all([
      admin(["key", "create", "--company", "no-such-company", "--scopes", "budgets:read", "--persist-to", otherState]),
      admin(["tenant", "create", "--name", "Acme", "--plan", "Starter", "--persist-to", persistTo]),
    ]);
    expect(unknownCompany).toMatchObject({ code: 2, stdout: "" });
    expect(unknownCompany.stderr).toContain("No company no-such-company.");
    expect(unknownCompany.stderr).toContain("usage: npm run admin -- key create");
    expect(unknownCompany.stderr).not.toMatch(STACK_FRAME);

    expect(created).toMatchObject({ code: 0 });
    expect(JSON.parse(created.stdout)).toMatchObject({
      company_id: expect.any(String),
      plan: "Starter",
      spend_enabled: false,
    });
    expect(created.stdout.trim().split("\n")).toHaveLength(1);
  });
});
