/**
 * npm run deploy's refusals (scripts/deploy.ts): offline, on wrangler.toml as wrangler reads it and on
 * copies with one thing wrong each; and the script's dry run, which refuses before wrangler runs
 * (that it otherwise ends in wrangler's own dry run is test/e2e/deploy.e2e.test.ts's).
 */
import { execFile } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { unstable_readConfig } from "wrangler";
import { describe, expect, it } from "vitest";
import { deployProblems } from "../scripts/deploy";

const root = resolve(import.meta.dirname, "..");
const config = join(root, "wrangler.toml");
const local = unstable_readConfig({ config });
const production = unstable_readConfig({ config, env: "production" });

/** production with `change` applied to a copy. */
const changed = (change: (copy: typeof production) => void) => {
  const copy = structuredClone(production);
  change(copy);
  return copy;
};
const dryRun = { dryRun: true };

async function deploy(args: string[]) {
  const env = { ...process.env, NO_COLOR: "1", WRANGLER_SEND_METRICS: "false", CI: "1" };
  try {
    const { stdout, stderr } = await promisify(execFile)("node", ["--import", "tsx", "scripts/deploy.ts", ...args], {
      cwd: root,
      env,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, output: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: Number(failed.code ?? 1), output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

describe("npm run deploy's checks", () => {
  it("pass for wrangler.toml's production as a dry run; the top level is another Worker", () => {
    expect(local.name).not.toBe(production.name);
    expect(deployProblems(production, local, dryRun)).toEqual([]);
  });

  it("refuse a real deploy without the provisioned D1 ids or a required secret", () => {
    const withIds = changed((copy) => {
      for (const database of copy.d1_databases) database.database_id = "3f1c9f7e-0d7a-4f55-9a0e-1b2c3d4e5f60";
    });
    expect(deployProblems(production, local, { dryRun: false, secrets: [] }).join("\n")).toMatch(
      /D1 database DB has no real database_id/,
    );
    expect(deployProblems(withIds, local, { dryRun: false })).toEqual(["the Worker's secrets could not be listed"]);
    const missing = deployProblems(withIds, local, {
      dryRun: false,
      secrets: ["API_KEY_CHECK_SECRET", "WEBHOOK_SECRET_KEY", "TWILIO_AUTH_TOKEN"],
    });
    expect(missing).toHaveLength(1);
    expect(missing[0]).toMatch(/ADMIN_SECRET is not set/);
    expect(
      deployProblems(withIds, local, {
        dryRun: false,
        secrets: ["API_KEY_CHECK_SECRET", "WEBHOOK_SECRET_KEY", "ADMIN_SECRET"],
      }),
    ).toEqual([]);
  });

  it.each([
    ["the local Worker's name", (copy: typeof production) => (copy.name = local.name), /local development's/],
    [
      "loopback destinations",
      (copy: typeof production) => (copy.vars.WEBHOOKS_ALLOW_LOOPBACK = "true"),
      /WEBHOOKS_ALLOW_LOOPBACK/,
    ],
    ["test keys", (copy: typeof production) => (copy.vars.API_ENVIRONMENT = "test"), /API_ENVIRONMENT/],
    [
      "a local address",
      (copy: typeof production) => (copy.vars.PUBLIC_BASE_URL = "http://127.0.0.1:8787"),
      /PUBLIC_BASE_URL/,
    ],
    [
      "a test retry schedule",
      (copy: typeof production) => (copy.vars.WEBHOOK_RETRY_SCHEDULE = "1,1,2"),
      /WEBHOOK_RETRY_SCHEDULE/,
    ],
    [
      "a raised failure limit",
      (copy: typeof production) => (copy.vars.AUTH_FAILURE_LIMIT = "600"),
      /AUTH_FAILURE_LIMIT/,
    ],
    [
      "a provider on loopback",
      (copy: typeof production) => (copy.vars.STRIPE_BASE_URL = "http://localhost:9999"),
      /STRIPE_BASE_URL/,
    ],
    [
      "a variable left out",
      (copy: typeof production) => delete copy.vars.INBOUND_EMAIL_DOMAIN,
      /variable INBOUND_EMAIL_DOMAIN is missing/,
    ],
    [
      "a binding left out",
      (copy: typeof production) => (copy.r2_buckets = copy.r2_buckets.slice(0, 1)),
      /R2 bucket ARCHIVE is missing/,
    ],
    [
      "a rate limit left out",
      (copy: typeof production) =>
        (copy.ratelimits = copy.ratelimits.filter((limit: { name: string }) => limit.name !== "AUTH_FAILURES")),
      /rate limit AUTH_FAILURES is missing/,
    ],
  ])("refuse %s", (_, change, named) => {
    const problems = deployProblems(changed(change), local, dryRun);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(named);
  });
});

describe("npm run deploy -- --dry-run", () => {
  it("refuses a configuration with a dev-only setting before wrangler runs (exit 1, each reason named)", async () => {
    const toml = readFileSync(config, "utf8");
    const production = toml.indexOf("[env.production.vars]");
    const bad =
      toml.slice(0, production) +
      toml
        .slice(production)
        .replace('WEBHOOKS_ALLOW_LOOPBACK = "false"', 'WEBHOOKS_ALLOW_LOOPBACK = "true"')
        .replace('API_ENVIRONMENT = "live"', 'API_ENVIRONMENT = "test"');
    expect(bad).not.toBe(toml);
    const copy = join(root, `wrangler.deploy-test-${process.pid}.toml`);
    writeFileSync(copy, bad);
    try {
      const result = await deploy(["--dry-run", "--config", copy]);
      expect(result.code, result.output).toBe(1);
      expect(result.output).toContain('Refusing to deploy the environment "production"');
      expect(result.output).toContain("WEBHOOKS_ALLOW_LOOPBACK");
      expect(result.output).toContain("API_ENVIRONMENT");
      expect(result.output).not.toContain("--dry-run: exiting now");
    } finally {
      rmSync(copy, { force: true });
    }
  }, 300_000);
});
