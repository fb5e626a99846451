/**
 * npm run provision [-- --env <name>] [--dry-run]
 * Creates, with wrangler, every Cloudflare resource wrangler.toml binds in that environment
 * (default: production), so that `npm run deploy` finds them all; run it once after `wrangler login`,
 * again whenever a binding is added (each step leaves what already exists alone):
 *
 *   1. the D1 database (`wrangler d1 create`, unless `wrangler d1 list` has it); its id is written
 *      into every block of wrangler.toml that names the database (production and the top level,
 *      which the admin CLI's --remote reads)
 *   2. every queue the Worker produces to or consumes (dead-letter queues included)
 *   3. every R2 bucket
 *   4. the migrations (`wrangler d1 migrations apply --remote`)
 *   5. D1 read replication (mode auto), which the D1 sessions of every request rely on: wrangler has
 *      no command for it, so the D1 REST API is called with wrangler's own credentials
 *   6. the secrets WEBHOOK_SECRET_KEY, ADMIN_SECRET and API_KEY_CHECK_SECRET, generated here and given to
 *      `wrangler secret put` on stdin (never on a command line, never printed); a secret the Worker
 *      already has is left alone (a new WEBHOOK_SECRET_KEY would make stored secrets unreadable, a new API_KEY_CHECK_SECRET every key).
 *      The values it sets are kept in .wrangler/secrets.<env>.env (mode 600, never committed), where
 *      the admin CLI's --remote reads them (`set -a; . .wrangler/secrets.production.env; set +a`).
 *
 * --dry-run prints the commands and requests it would make, in order, and changes nothing.
 */
import { type SpawnSyncOptions, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";
import { root } from "./lib/state";

const CONFIG = join(root, "wrangler.toml");
const PLACEHOLDER_ID = "00000000-0000-0000-0000-000000000000";
const CLOUDFLARE_API = "https://api.cloudflare.com/client/v4";

/** The bound resources of one environment of wrangler.toml, as wrangler itself resolves it. */
export interface Resources {
  env: string;
  worker: string;
  databases: { name: string; id: string }[];
  queues: string[];
  buckets: string[];
  secrets: readonly SecretName[];
}

/** The secrets the Worker cannot run without; the providers' credentials are optional (.dev.vars.example). */
export const requiredSecrets = ["WEBHOOK_SECRET_KEY", "ADMIN_SECRET", "API_KEY_CHECK_SECRET"] as const;
type SecretName = (typeof requiredSecrets)[number];

const newSecret: Record<SecretName, () => string> = {
  // AES-256-GCM key: base64 of 32 bytes (src/domains/webhooks/signing.ts).
  WEBHOOK_SECRET_KEY: () => randomBytes(32).toString("base64"),
  ADMIN_SECRET: () => randomBytes(32).toString("hex"),
  // HMAC key of API keys' check (src/keys/auth.ts); a new one would invalidate every key issued.
  API_KEY_CHECK_SECRET: () => randomBytes(32).toString("hex"),
};

export async function boundResources(env: string): Promise<Resources> {
  const { unstable_readConfig } = await import("wrangler");
  const config = unstable_readConfig({ config: CONFIG, env: env || undefined });
  const queues = new Set<string>();
  for (const producer of config.queues.producers ?? []) queues.add(producer.queue);
  for (const consumer of config.queues.consumers ?? []) {
    queues.add(consumer.queue);
    if (consumer.dead_letter_queue) queues.add(consumer.dead_letter_queue);
  }
  const d1: readonly { binding: string; database_name?: string; database_id?: string }[] = config.d1_databases;
  const r2: readonly { binding: string; bucket_name?: string }[] = config.r2_buckets;
  return {
    env,
    worker: config.name ?? "",
    databases: d1.map((database) => ({
      name: database.database_name ?? database.binding,
      id: database.database_id ?? PLACEHOLDER_ID,
    })),
    queues: [...queues],
    buckets: r2.map((bucket) => bucket.bucket_name ?? bucket.binding),
    secrets: requiredSecrets,
  };
}

/** The wrangler command lines, as a user would type them (for --dry-run and the log). */
export function wranglerCommands(resources: Resources): string[] {
  const envFlag = resources.env ? ` --env ${resources.env}` : "";
  return [
    "npx wrangler d1 list --json",
    ...resources.databases.map(
      (database) =>
        `npx wrangler d1 create ${database.name}   # unless listed; its id is then written into wrangler.toml`,
    ),
    ...resources.queues.map((queue) => `npx wrangler queues create ${queue}`),
    ...resources.buckets.map((bucket) => `npx wrangler r2 bucket create ${bucket}`),
    ...resources.databases.map((database) => `npx wrangler d1 migrations apply ${database.name} --remote${envFlag}`),
    "npx wrangler auth token --json   # the credentials of the read replication request (never printed)",
    "npx wrangler whoami --json       # the account id, unless CLOUDFLARE_ACCOUNT_ID is set",
    ...resources.databases.map(
      (database) =>
        `PUT ${CLOUDFLARE_API}/accounts/<account_id>/d1/database/<${database.name} id> {"read_replication":{"mode":"auto"}}`,
    ),
    `npx wrangler secret list${envFlag} --format json`,
    ...resources.secrets.map(
      (secret) => `<generated> | npx wrangler secret put ${secret}${envFlag}   # unless already set`,
    ),
  ];
}

/** wrangler.toml with `id` as the database_id of every block naming the database. */
export function withDatabaseId(toml: string, name: string, id: string): string {
  const block = new RegExp(
    `(database_name\\s*=\\s*"${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"\\s*\\n(?:\\s*#.*\\n)*\\s*database_id\\s*=\\s*")[^"]*(")`,
    "g",
  );
  return toml.replace(block, `$1${id}$2`);
}

// ---------------------------------------------------------------------------------------------------
// The real run.

const wranglerBin = join(root, "node_modules", ".bin", "wrangler");

/** Runs wrangler; output is captured (and echoed unless `quiet`), stdin only when given. */
function wrangler(args: string[], options: { input?: string; quiet?: boolean; interactive?: boolean } = {}) {
  const spawnOptions: SpawnSyncOptions = options.interactive
    ? { cwd: root, stdio: "inherit" }
    : {
        cwd: root,
        input: options.input ?? "",
        encoding: "utf8",
        stdio: ["pipe", "pipe", "pipe"],
        env: { ...process.env, FORCE_COLOR: "0" },
      };
  const result = spawnSync(wranglerBin, args, spawnOptions);
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
  if (!options.quiet && !options.interactive) process.stdout.write(output.replace(/^/gm, "    "));
  return { ok: result.status === 0, stdout: String(result.stdout ?? ""), output, echoed: !options.quiet };
}

class ProvisionError extends Error {}

function required<Result extends { ok: boolean; output: string; echoed: boolean }>(
  step: string,
  result: Result,
): Result {
  if (!result.ok) {
    // A quiet call's output may hold a token, so only its failure's output is shown.
    if (!result.echoed) process.stderr.write(result.output.replace(/^/gm, "    "));
    throw new ProvisionError(`${step} failed (see wrangler's output above).`);
  }
  return result;
}

/** A create whose "already exists" answer is no failure: each step can be run again. */
function create(what: string, args: string[], report: string[]) {
  console.log(`\n> npx wrangler ${args.join(" ")}`);
  const result = wrangler(args);
  if (result.ok) report.push(`created   ${what}`);
  else if (/already (exists|taken|in use)|name is taken|\b10004\b|\b11009\b/i.test(result.output))
    report.push(`existed   ${what}`);
  else throw new ProvisionError(`Creating ${what} failed (see wrangler's output above).`);
}

async function ensureDatabase(database: { name: string }, report: string[]): Promise<string> {
  const list = () =>
    JSON.parse(required("wrangler d1 list", wrangler(["d1", "list", "--json"], { quiet: true })).stdout) as {
      name: string;
      uuid: string;
    }[];
  let found = list().find((entry) => entry.name === database.name);
  if (found) report.push(`existed   D1 database ${database.name} (${found.uuid})`);
  else {
    console.log(`\n> npx wrangler d1 create ${database.name}`);
    required(`wrangler d1 create ${database.name}`, wrangler(["d1", "create", database.name]));
    found = list().find((entry) => entry.name === database.name);
    if (!found)
      throw new ProvisionError(`wrangler d1 create ${database.name} succeeded, but wrangler d1 list does not show it.`);
    report.push(`created   D1 database ${database.name} (${found.uuid})`);
  }
  const toml = readFileSync(CONFIG, "utf8");
  const updated = withDatabaseId(toml, database.name, found.uuid);
  if (updated !== toml) {
    writeFileSync(CONFIG, updated);
    report.push(`wrote     database_id ${found.uuid} of ${database.name} into wrangler.toml (commit it)`);
  }
  return found.uuid;
}

async function enableReadReplication(database: { name: string; id: string }, report: string[]) {
  console.log(
    `\n> PUT ${CLOUDFLARE_API}/accounts/<account_id>/d1/database/${database.id} {"read_replication":{"mode":"auto"}}`,
  );
  const credentials = JSON.parse(
    required("wrangler auth token", wrangler(["auth", "token", "--json"], { quiet: true })).stdout,
  ) as { type: "api_token" | "oauth"; token: string } | { type: "api_key"; key: string; email: string };
  let accountId = process.env.CLOUDFLARE_ACCOUNT_ID;
  if (!accountId) {
    const who = JSON.parse(required("wrangler whoami", wrangler(["whoami", "--json"], { quiet: true })).stdout) as {
      accounts?: { id: string; name: string }[];
    };
    const accounts = who.accounts ?? [];
    if (accounts.length !== 1) {
      throw new ProvisionError(
        `Your login reaches ${accounts.length} accounts (${accounts.map((account) => account.name).join(", ")}): set CLOUDFLARE_ACCOUNT_ID to one.`,
      );
    }
    accountId = accounts[0]?.id;
  }
  const headers: Record<string, string> =
    credentials.type === "api_key"
      ? { "X-Auth-Key": credentials.key, "X-Auth-Email": credentials.email }
      : { Authorization: `Bearer ${credentials.token}` };
  const response = await fetch(`${CLOUDFLARE_API}/accounts/${accountId}/d1/database/${database.id}`, {
    method: "PUT",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify({ read_replication: { mode: "auto" } }),
  });
  const body = (await response.json().catch(() => ({}))) as { success?: boolean; errors?: { message: string }[] };
  if (!response.ok || body.success === false) {
    throw new ProvisionError(
      `Turning on read replication of ${database.name} failed (${response.status}: ${(body.errors ?? []).map((error) => error.message).join("; ") || "no detail"}). ` +
        "An API token needs the D1 Edit permission; or turn it on in the dashboard (D1, the database, Settings, Read replication).",
    );
  }
  report.push(`enabled   read replication (auto) of D1 database ${database.name}`);
}

function ensureSecrets(resources: Resources, report: string[]) {
  const envArgs = resources.env ? ["--env", resources.env] : [];
  console.log(`\n> npx wrangler secret list ${envArgs.join(" ")} --format json`.replace("  ", " "));
  // Before the first deploy there is no Worker to list: then no secret is set yet.
  const listed = wrangler(["secret", "list", ...envArgs, "--format", "json"], { quiet: true });
  const existing = new Set(
    listed.ok ? (JSON.parse(listed.stdout) as { name: string }[]).map((secret) => secret.name) : [],
  );
  const file = join(root, ".wrangler", `secrets.${resources.env || "default"}.env`);
  for (const name of resources.secrets) {
    if (existing.has(name)) {
      report.push(`existed   secret ${name} of Worker ${resources.worker} (left alone)`);
      continue;
    }
    const value = newSecret[name]();
    console.log(`\n> <generated> | npx wrangler secret put ${name} ${envArgs.join(" ")}`.trimEnd());
    required(`wrangler secret put ${name}`, wrangler(["secret", "put", name, ...envArgs], { input: `${value}\n` }));
    mkdirSync(join(root, ".wrangler"), { recursive: true });
    const lines = (existsSync(file) ? readFileSync(file, "utf8") : "")
      .split("\n")
      .filter((line) => line && !line.startsWith(`${name}=`));
    writeFileSync(file, `${[...lines, `${name}=${value}`].join("\n")}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
    report.push(`created   secret ${name} of Worker ${resources.worker} (value kept in ${relative(root, file)})`);
  }
}

async function provision(resources: Resources) {
  const report: string[] = [];
  const envArgs = resources.env ? ["--env", resources.env] : [];
  const databases: { name: string; id: string }[] = [];
  for (const database of resources.databases)
    databases.push({ name: database.name, id: await ensureDatabase(database, report) });
  for (const queue of resources.queues) create(`queue ${queue}`, ["queues", "create", queue], report);
  for (const bucket of resources.buckets) create(`R2 bucket ${bucket}`, ["r2", "bucket", "create", bucket], report);
  for (const database of databases) {
    console.log(`\n> npx wrangler d1 migrations apply ${database.name} --remote ${envArgs.join(" ")}`.trimEnd());
    required(
      "wrangler d1 migrations apply",
      wrangler(["d1", "migrations", "apply", database.name, "--remote", ...envArgs], { interactive: true }),
    );
    report.push(`applied   migrations to D1 database ${database.name}`);
  }
  for (const database of databases) await enableReadReplication(database, report);
  ensureSecrets(resources, report);
  console.log(
    `\nProvisioned ${resources.env ? `[env.${resources.env}]` : "the top level"} of wrangler.toml (Worker ${resources.worker}):`,
  );
  for (const line of report) console.log(`  ${line}`);
  console.log(
    `\nNext: set the route and PUBLIC_BASE_URL of [env.${resources.env || "…"}] in wrangler.toml, then npm run deploy.`,
  );
}

if (process.argv[1] && join(process.argv[1]) === join(import.meta.filename)) {
  const { values } = parseArgs({
    options: { env: { type: "string", default: "production" }, "dry-run": { type: "boolean", default: false } },
  });
  const resources = await boundResources(values.env);
  if (values["dry-run"]) {
    console.log(`# npm run provision -- --env ${resources.env} (Worker ${resources.worker}) would run, in order:`);
    for (const line of wranglerCommands(resources)) console.log(line);
  } else {
    try {
      await provision(resources);
    } catch (error) {
      if (!(error instanceof ProvisionError)) throw error;
      console.error(`\n${error.message}`);
      process.exitCode = 1;
    }
  }
}
