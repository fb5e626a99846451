/**
 * A first deploy as the README describes it, short of the network (there is no Cloudflare account
 * here): wrangler's own dry run of `npm run deploy` (--env production) with no warning, the same
 * dry run from a fresh clone where public/ does not exist yet ([build] writes it), production
 * keeping every binding and variable of the top level, and `npm run provision -- --dry-run`
 * naming a step for every resource wrangler.toml binds.
 */
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { promisify, stripVTControlCharacters } from "node:util";
import { unstable_readConfig } from "wrangler";
import { afterAll, describe, expect, it } from "vitest";
import { boundResources, withDatabaseId } from "../../scripts/provision";

const root = resolve(import.meta.dirname, "..", "..");
const bin = (name: string) => join(root, "node_modules", ".bin", name);
const exec = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), "deploy-e2e-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Run {
  code: number;
  output: string;
}

/** Runs a command to the end; stdout and stderr together (wrangler writes warnings on stderr). */
async function run(command: string, args: string[], cwd = root): Promise<Run> {
  const env = { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0", WRANGLER_SEND_METRICS: "false", CI: "1" };
  try {
    const { stdout, stderr } = await exec(command, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, output: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: Number(failed.code ?? 1), output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

/** Each warning wrangler printed, by its first line (wrangler colours it even under NO_COLOR). */
const warnings = (output: string) =>
  stripVTControlCharacters(output)
    .split("\n")
    .filter((line) => line.includes("[WARNING]"));

const readConfig = (env?: string) => unstable_readConfig({ config: join(root, "wrangler.toml"), env });

/** The names of every binding of one environment, by kind. */
function bindings(env?: string) {
  const config = readConfig(env);
  const d1: readonly { binding: string; database_name?: string }[] = config.d1_databases;
  const durableObjects: readonly { name: string; class_name: string }[] = config.durable_objects.bindings;
  const producers: readonly { binding: string; queue: string }[] = config.queues.producers ?? [];
  const consumers: readonly object[] = config.queues.consumers ?? [];
  const r2: readonly { binding: string; bucket_name?: string }[] = config.r2_buckets;
  return {
    d1: d1.map((database) => `${database.binding}=${database.database_name}`),
    durableObjects: durableObjects.map((binding) => `${binding.name}=${binding.class_name}`),
    producers: producers.map((producer) => `${producer.binding}=${producer.queue}`),
    consumers: consumers.map((consumer) => JSON.stringify(consumer)),
    r2: r2.map((bucket) => `${bucket.binding}=${bucket.bucket_name}`),
    assets: config.assets?.binding,
    crons: config.triggers.crons,
    vars: Object.keys(config.vars).sort(),
  };
}

describe("wrangler.toml's production environment", () => {
  it("has every binding and variable of the top level, the live settings and a route", () => {
    expect(bindings("production")).toEqual(bindings());
    const production = readConfig("production");
    // Another Worker than local development's, so a bare `wrangler deploy` cannot replace production.
    expect(production.name).toBe("public-api");
    expect(readConfig().name).not.toBe(production.name);
    expect(production.vars).toMatchObject({
      API_ENVIRONMENT: "live",
      WEBHOOKS_ALLOW_LOOPBACK: "false",
      WEBHOOK_RETRY_SCHEDULE: "",
      SERVER_TIMING: "false",
    });
    expect(production.routes?.length).toBeGreaterThan(0);
    for (const config of [readConfig(), production]) {
      expect(config.observability).toMatchObject({ enabled: true, head_sampling_rate: 1 });
      expect(config.build.command).toContain("scripts/assets.ts");
    }
  });

  it("npm run deploy -- --dry-run checks it offline, then wrangler's dry run of it exits 0 with no warning and lists every binding", async () => {
    const scripts = (
      JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }
    ).scripts;
    expect(scripts.deploy).toBe("tsx scripts/deploy.ts");
    const outdir = join(scratch, "production");
    const result = await run("node", ["--import", "tsx", "scripts/deploy.ts", "--dry-run", "--outdir", outdir]);
    expect(warnings(result.output), result.output).toEqual([]);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain("Checked offline");
    expect(result.output).toContain("--dry-run: exiting now.");
    for (const binding of [
      "env.DB (public-api)",
      "env.KEY_GUARD (KeyGuard)",
      "env.WEBHOOK_QUEUE",
      "env.WEBHOOK_DLQ",
      "env.JOBS_QUEUE (public-api-jobs)",
      "env.ATTACHMENTS",
      "env.ASSETS",
      'env.API_ENVIRONMENT ("live")',
    ]) {
      expect(result.output).toContain(binding);
    }
    expect(existsSync(join(outdir, "index.js"))).toBe(true);
  });
});

describe("a fresh clone", () => {
  it("`npx wrangler deploy --dry-run` builds public/ itself ([build]) and exits 0", async () => {
    // The tree as git has it (committed and new files, nothing ignored: no public/), with the shared install.
    const clone = join(scratch, "clone");
    const { stdout } = await exec("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
    });
    for (const file of stdout.split("\0").filter(Boolean)) {
      if (!existsSync(join(root, file))) continue; // deleted in the work tree
      mkdirSync(dirname(join(clone, file)), { recursive: true });
      cpSync(join(root, file), join(clone, file));
    }
    symlinkSync(join(root, "node_modules"), join(clone, "node_modules"));
    expect(existsSync(join(clone, "public"))).toBe(false);

    const result = await run(bin("wrangler"), ["deploy", "--dry-run", "--outdir", join(scratch, "clone-out")], clone);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain("[custom build]");
    // The one warning expected: no --env names the top level (npm run deploy names production).
    expect(
      warnings(result.output).filter((line) => !line.includes("Multiple environments are defined")),
      result.output,
    ).toEqual([]);
    const manifest = JSON.parse(
      readFileSync(join(clone, "public", "docs", "assets", "manifest.json"), "utf8"),
    ) as Record<string, string>;
    expect(existsSync(join(clone, "public", "docs", "assets", manifest["api-reference.js"] ?? "missing"))).toBe(true);
  });
});

describe("npm run provision", () => {
  it("--dry-run names a wrangler step for every resource production binds, the secrets and read replication, and prints no secret", async () => {
    const resources = await boundResources("production");
    expect(resources.queues).toEqual(
      expect.arrayContaining(["public-api-webhooks", "public-api-webhooks-dlq", "public-api-jobs"]),
    );
    const result = await run(bin("tsx"), ["scripts/provision.ts", "--dry-run"]);
    expect(result.code, result.output).toBe(0);
    const lines = result.output.split("\n");
    const step = (text: string) =>
      expect(
        lines.some((line) => line.startsWith(text)),
        `${text}\n${result.output}`,
      ).toBe(true);
    for (const database of resources.databases) {
      step(`npx wrangler d1 create ${database.name}`);
      step(`npx wrangler d1 migrations apply ${database.name} --remote --env production`);
    }
    for (const queue of resources.queues) step(`npx wrangler queues create ${queue}`);
    for (const bucket of resources.buckets) step(`npx wrangler r2 bucket create ${bucket}`);
    step("PUT https://api.cloudflare.com/client/v4/accounts/<account_id>/d1/database/");
    expect(result.output).toContain('{"read_replication":{"mode":"auto"}}');
    for (const secret of ["WEBHOOK_SECRET_KEY", "ADMIN_SECRET", "API_KEY_CHECK_SECRET"])
      step(`<generated> | npx wrangler secret put ${secret} --env production`);
    // Nothing that looks like a generated value (base64 of 32 bytes, or 64 hex digits).
    expect(result.output).not.toMatch(/[A-Za-z0-9+/]{43}=|[0-9a-f]{64}/);
  });

  it("writes the created database's id into every block of wrangler.toml that names it", () => {
    const toml = readFileSync(join(root, "wrangler.toml"), "utf8");
    const id = "0123abcd-0000-4000-8000-000000000001";
    const written = withDatabaseId(toml, "public-api", id);
    expect(written.match(/^database_id = "[^"]*"/gm)).toEqual([`database_id = "${id}"`, `database_id = "${id}"`]);
    // Local development keeps its own id, so its state (keyed by it) survives provisioning.
    expect(written.match(/^preview_database_id = "[^"]*"/gm)).toEqual(toml.match(/^preview_database_id = "[^"]*"/gm));
    expect(readConfig("production").d1_databases).toHaveLength(1);
  });
});

describe("npm run openapi", () => {
  it("--out writes the document as valid JSON", async () => {
    const file = join(scratch, "openapi.json");
    const result = await run(bin("tsx"), ["scripts/openapi.ts", "--out", file]);
    expect(result.code, result.output).toBe(0);
    expect((JSON.parse(readFileSync(file, "utf8")) as { openapi: string }).openapi).toBe("3.1.0");
  });
});
