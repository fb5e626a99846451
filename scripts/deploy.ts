/**
 * npm run deploy [-- --dry-run] [--env production] [--config wrangler.toml]
 * Deploys the environment (`wrangler deploy --env production`) only when nothing of local development
 * would go with it, and says why it refuses otherwise (exit 1, wrangler not run):
 * - the environment's Worker is not the local one (wrangler.toml's top level is another Worker, so a
 *   plain `wrangler deploy` can never overwrite production with the local settings);
 * - no dev-only setting: live keys, no loopback destinations, no test retry schedule, a public https
 *   address, the failed-authentication limit at its default;
 * - every variable and binding of the top level is declared again in the environment (wrangler
 *   inherits none: one left out would be missing in production);
 * - for a real deploy, the D1 ids that `npm run provision` writes, and the Worker's required secrets
 *   (`wrangler secret list`). A dry run checks everything else offline, then runs wrangler's own
 *   dry run (`wrangler deploy --dry-run`), which builds the bundle and reaches no account.
 */
import "./lib/node-version";
import { execFileSync, spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Unstable_Config } from "wrangler";
import { root } from "./lib/state";
import { requiredSecrets } from "./provision";

/** What wrangler.toml holds until `npm run provision` writes the real id. */
const PLACEHOLDER_ID = "00000000-0000-0000-0000-000000000000";
/** Settings that only local development and the tests may have, by variable: what production must hold. */
const PRODUCTION_VALUES: Record<string, (value: string) => boolean> = {
  API_ENVIRONMENT: (value) => value === "live",
  WEBHOOKS_ALLOW_LOOPBACK: (value) => value === "false",
  WEBHOOK_RETRY_SCHEDULE: (value) => value.trim() === "",
  AUTH_FAILURE_LIMIT: (value) => value === "30",
  PUBLIC_BASE_URL: (value) => value.startsWith("https://") && !isLoopback(value),
};
const EXPECTED: Record<string, string> = {
  API_ENVIRONMENT: '"live"',
  WEBHOOKS_ALLOW_LOOPBACK: '"false"',
  WEBHOOK_RETRY_SCHEDULE: "empty",
  AUTH_FAILURE_LIMIT: '"30" (raising it is for local development)',
  PUBLIC_BASE_URL: "an https address that is not loopback",
};

function isLoopback(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === "localhost" || host.endsWith(".localhost") || host.startsWith("127.") || host === "[::1]";
  } catch {
    return false;
  }
}

type Config = Pick<
  Unstable_Config,
  "name" | "vars" | "d1_databases" | "durable_objects" | "queues" | "r2_buckets" | "ratelimits" | "assets"
>;

/** The binding names of one environment, each as `<kind> <name>`. */
function bindingNames(config: Config): string[] {
  return [
    ...config.d1_databases.map((database) => `D1 database ${database.binding}`),
    ...config.durable_objects.bindings.map((binding) => `Durable Object ${binding.name}`),
    ...(config.queues.producers ?? []).map((producer) => `queue producer ${producer.binding}`),
    ...(config.queues.consumers ?? []).map((consumer) => `queue consumer of ${consumer.queue}`),
    ...config.r2_buckets.map((bucket) => `R2 bucket ${bucket.binding}`),
    ...config.ratelimits.map((limit) => `rate limit ${limit.name}`),
    ...(config.assets?.binding ? [`assets ${config.assets.binding}`] : []),
  ];
}

/**
 * Why the environment `deployed` must not be deployed, given the top level (`local`) and, for a real
 * deploy, the secrets the Worker has (undefined: not known, a dry run). Empty: it may.
 */
export function deployProblems(
  deployed: Config,
  local: Config,
  options: { dryRun: boolean; secrets?: readonly string[] },
): string[] {
  const problems: string[] = [];
  if (deployed.name === local.name)
    problems.push(
      `the environment deploys the Worker "${deployed.name}", which is local development's (the top level's): give one of them another name`,
    );
  const vars = deployed.vars as Record<string, unknown>;
  for (const [name, holds] of Object.entries(PRODUCTION_VALUES)) {
    const value = vars[name];
    if (value !== undefined && !(typeof value === "string" && holds(value)))
      problems.push(`${name} is ${JSON.stringify(value)}: in production it must be ${EXPECTED[name]}`);
  }
  for (const [name, value] of Object.entries(vars))
    if (name.endsWith("_BASE_URL") && !(name in PRODUCTION_VALUES) && typeof value === "string" && isLoopback(value))
      problems.push(`${name} is ${JSON.stringify(value)}, a loopback address (local fakes only)`);
  for (const name of Object.keys(local.vars))
    if (!(name in vars))
      problems.push(`the variable ${name} is missing (wrangler inherits no variable into an environment)`);
  const declared = new Set(bindingNames(deployed));
  for (const binding of bindingNames(local))
    if (!declared.has(binding))
      problems.push(`the ${binding} is missing (wrangler inherits no binding into an environment)`);
  if (!options.dryRun) {
    for (const database of deployed.d1_databases)
      if (!database.database_id || database.database_id === PLACEHOLDER_ID)
        problems.push(`the D1 database ${database.binding} has no real database_id: run npm run provision first`);
    if (options.secrets === undefined) problems.push("the Worker's secrets could not be listed");
    else
      for (const secret of requiredSecrets)
        if (!options.secrets.includes(secret))
          problems.push(
            `the secret ${secret} is not set: npm run provision sets it (or npx wrangler secret put ${secret} --env <env>)`,
          );
  }
  return problems;
}

/** The names of the secrets the deployed Worker has (undefined when wrangler cannot list them). */
function deployedSecrets(wrangler: string, config: string, env: string): string[] | undefined {
  try {
    const listed = execFileSync(wrangler, ["secret", "list", "--env", env, "--config", config, "--format", "json"], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    });
    return (JSON.parse(listed) as { name: string }[]).map((secret) => secret.name);
  } catch {
    // No Worker yet (a first deploy) or no login: the secrets are not there to be read.
    return undefined;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      "dry-run": { type: "boolean", default: false },
      env: { type: "string", default: "production" },
      config: { type: "string", default: join(root, "wrangler.toml") },
      outdir: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help || positionals.length > 0) {
    console.log("Usage: npm run deploy [-- --dry-run] [--env production] [--config wrangler.toml] [--outdir <dir>]");
    process.exit(values.help ? 0 : 2);
  }
  const { unstable_readConfig } = await import("wrangler");
  const config = resolve(values.config);
  const local = unstable_readConfig({ config });
  const deployed = unstable_readConfig({ config, env: values.env });
  const wrangler = join(root, "node_modules", ".bin", "wrangler");
  const dryRun = values["dry-run"];
  const problems = deployProblems(deployed, local, {
    dryRun,
    secrets: dryRun ? undefined : deployedSecrets(wrangler, config, values.env),
  });
  if (problems.length > 0) {
    console.error(`Refusing to deploy the environment "${values.env}" (${config}):`);
    for (const problem of problems) console.error(`  - ${problem}`);
    process.exit(1);
  }
  if (dryRun)
    console.log("Checked offline (a real deploy also checks the D1 ids and the Worker's secrets); wrangler's dry run:");
  const args = ["deploy", "--env", values.env, "--config", config];
  if (dryRun) args.push("--dry-run");
  if (values.outdir) args.push("--outdir", values.outdir);
  const result = spawnSync(wrangler, args, { cwd: root, stdio: "inherit" });
  process.exit(result.status ?? 1);
}
