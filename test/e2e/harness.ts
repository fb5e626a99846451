import { spawn, execFile, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { randomInt } from "node:crypto";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { apiClient, type ApiClient } from "../client";
import { freePort } from "../../scripts/lib/port";
import { localStores, localWranglerConfig } from "../../scripts/lib/stores";

export const root = resolve(import.meta.dirname, "..", "..");
export const tsx = join(root, "node_modules", ".bin", "tsx");


interface Demo {
  company_id: string;
  key_id: string;
  api_key: string;
  other_company: { company_id: string; key_id: string; api_key: string };
}

/** What npm run dev wrote to <persist-to>/fakes.json: the fake providers it pointed the Worker at. */
interface DevFakes {
  /** Origin of each faked provider (whatsapp, postmark, twilio, stripe, paperless, doh); /__fake/requests lists what it received. */
  providers: Partial<Record<string, string>>;
  /** The Worker variables and secrets (local fake credentials) it passed for them. */
  vars: Record<string, string>;
  secrets: Record<string, string>;
}

export interface DevServer {
  baseUrl: string;
  port: number;
  persistTo: string;
  demo: Demo;
  fakes: DevFakes;
  /** Output of the dev process so far (wrangler's and the Worker's logs). */
  output(): string;
  /** Stops `wrangler dev` (the whole process group); the state folder is kept. */
  stop(): Promise<void>;
  /** Kills the whole process group at once (SIGKILL), as a crash would: nothing runs to its end. */
  kill(): Promise<void>;
  /** Runs `npm run admin -- <args>` on the same state and returns its JSON. */
  admin(args: string[]): Promise<any>;
  /** Raw HTTP to the server (pages, the document, hostile bodies). */
  fetch(path: string, init?: RequestInit & { key?: string }): Promise<Response>;
  /** The typed API client (openapi-fetch over the committed types of the OpenAPI document), with this key. */
  client(key?: string): ApiClient;
  /**
   * Rows of a query on the local D1 state this server serves (`wrangler d1 execute` on the same
   * --persist-to), in the store of `company` (default the demo's): what no public read shows.
   */
  rows(query: string, company?: string): Promise<Record<string, unknown>[]>;
  /** The first column of the first row of `rows`. */
  value(query: string, company?: string): Promise<unknown>;
}

/**
 * A port for one `npm run dev` of this run. The OS's pick (freePort) is free only until it is closed,
 * and wrangler binds it seconds later: with two files at a time, the other file's fakes and
 * connections, which take ports from the OS's ephemeral range, could take it first. So the port is
 * below that range (Linux's starts at 32768, other systems' higher), in a block of 1,000 per vitest
 * worker (VITEST_POOL_ID), so the two files never pick the same one, and checked free.
 */
async function devPort(): Promise<number> {
  const block = 20_000 + ((Number(process.env.VITEST_POOL_ID ?? "1") - 1) % 10) * 1_000;
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = block + randomInt(1_000);
    if (await isFree(port)) return port;
  }
  return freePort();
}

function isFree(port: number): Promise<boolean> {
  return new Promise((answer) => {
    const probe = createServer();
    probe.once("error", () => answer(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => answer(true)));
  });
}

/** What `npm run dev` printed when it could not listen (its port, or wrangler's inspector port, taken meanwhile). */
const ADDRESS_IN_USE = "Address already in use";

/**
 * Starts the API exactly as a developer does (`npm run dev -- --port --persist-to --var`), on a
 * free port and a fresh (or given) state folder, and waits until it answers. When it exits because
 * an address was taken, it starts again on the same state (and a new port, unless one was given).
 */
export async function startDev(options: { vars?: Record<string, string>; persistTo?: string; port?: number } = {}): Promise<DevServer> {
  const persistTo = options.persistTo ?? mkdtempSync(join(tmpdir(), "api-e2e-"));
  for (let attempt = 1; ; attempt++) {
    try {
      return await startDevOnce({ ...options, persistTo, port: options.port ?? (await devPort()) });
    } catch (error) {
      if (attempt === 3 || !(error instanceof Error && error.message.includes(ADDRESS_IN_USE))) throw error;
    }
  }
}

async function startDevOnce(options: { vars?: Record<string, string>; persistTo: string; port: number }): Promise<DevServer> {
  const { port, persistTo } = options;
  const vars = Object.entries(options.vars ?? {}).flatMap(([name, value]) => ["--var", `${name}:${value}`]);
  let log = "";
  const child: ChildProcess = spawn(tsx, ["scripts/dev.ts", "--port", String(port), "--persist-to", persistTo, ...vars], {
    cwd: root,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
  });
  child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      // wrangler and workerd may outlive the script that started them
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // the whole group has exited
      }
      throw new Error(`npm run dev exited early:\n${log}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/v1/openapi.json`);
      if (response.status === 200 || response.status === 404) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      process.kill(-child.pid!, "SIGKILL");
      throw new Error(`npm run dev did not answer within 90 s:\n${log}`);
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  const demo = JSON.parse(readFileSync(join(persistTo, "demo-key.json"), "utf8")) as Demo;
  const fakes = JSON.parse(readFileSync(join(persistTo, "fakes.json"), "utf8")) as DevFakes;
  const config = localWranglerConfig(persistTo, localStores(persistTo));
  const execute = async (binding: string, query: string) => {
    const { stdout } = await promisify(execFile)(join(root, "node_modules", ".bin", "wrangler"), ["d1", "execute", binding, "--local", "--persist-to", persistTo, "-c", config, "--json", "--command", query], {
      cwd: root,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
    });
    const [result] = JSON.parse(stdout) as { results: Record<string, unknown>[] }[];
    return result?.results ?? [];
  };
  // The directory (companies.store) names the company's store: DB is store 0 and the control plane.
  const rows = async (query: string, company = demo.company_id) => {
    const [place] = await execute("DB", `SELECT store FROM companies WHERE id = '${company.replaceAll("'", "''")}'`);
    const store = Number(place?.store ?? 0);
    return execute(store === 0 ? "DB" : `STORE_${store}`, query);
  };
  return {
    baseUrl,
    port,
    persistTo,
    demo,
    fakes,
    output: () => log,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once("exit", done));
      process.kill(-child.pid!, "SIGTERM");
      const timer = setTimeout(() => child.exitCode === null && process.kill(-child.pid!, "SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    },
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once("exit", done));
      process.kill(-child.pid!, "SIGKILL");
      await exited;
    },
    admin: async (args) => {
      const { stdout } = await promisify(execFile)(tsx, ["scripts/admin.ts", ...args, "--persist-to", persistTo], { cwd: root });
      return JSON.parse(stdout);
    },
    client: (key) => apiClient(baseUrl, key),
    rows,
    value: async (query, company) => Object.values((await rows(query, company))[0] ?? {})[0],
    fetch: (path, init = {}) => {
      const { key, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (key) headers.set("Authorization", `Bearer ${key}`);
      return fetch(`${baseUrl}${path}`, { ...rest, headers });
    },
  };
}

export function removeState(server: Pick<DevServer, "persistTo">) {
  rmSync(server.persistTo, { recursive: true, force: true });
}
