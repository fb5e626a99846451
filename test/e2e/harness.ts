import { spawn, execFile, type ChildProcess } from "node:child_process";
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { randomInt } from "node:crypto";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { promisify } from "node:util";
import { inject } from "vitest";
import { apiClient, type ApiClient } from "../client";
import { freePort } from "../../scripts/lib/port";
import { localStores, localWranglerConfig } from "../../scripts/lib/stores";

export const root = resolve(import.meta.dirname, "..", "..");
/**
 * A TypeScript script as `npm run <script>` runs it (tsx), in one Node process: Node with tsx's
 * loader (`node --import tsx`), where the tsx command starts a second Node process under its own,
 * about half a second more per start on a busy machine. Returns execFile's or spawn's file and arguments.
 */
export const tsx = (script: string, args: readonly string[] = []): [string, string[]] => [
  process.execPath,
  ["--import", "tsx", script, ...args],
];

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
 * and wrangler binds it seconds later: with three files at a time, another file's fakes and
 * connections, which take ports from the OS's ephemeral range, could take it first. So the port is
 * below that range (Linux's starts at 32768, other systems' higher), in a block of 1,000 per vitest
 * worker (VITEST_POOL_ID) and one for the run's main process, so no two servers pick the same one,
 * and checked free.
 */
async function devPort(): Promise<number> {
  // The run's main process (the shared server, workspace.setup.ts) has a block of its own.
  const pool = process.env.VITEST_POOL_ID;
  const block = pool === undefined ? 29_000 : 20_000 + ((Number(pool) - 1) % 9) * 1_000;
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

interface StartOptions {
  vars?: Record<string, string>;
  persistTo?: string;
  port?: number;
  /** Also appends the server's output to this file (a server other processes of the run read). */
  logFile?: string;
  /** Another entry around the Worker (npm run dev's --main), such as test/e2e/dying-worker.ts. */
  main?: string;
  /** Tenant stores of its state (npm run dev reads STORES, scripts/lib/stores.ts); the run's template has one. */
  stores?: number;
}

/**
 * Starts the API exactly as a developer does (`npm run dev -- --port --persist-to --var`), on a
 * free port and a fresh (or given) state folder, and waits until it answers. When it exits because
 * an address was taken, it starts again on the same state (and a new port, unless one was given).
 */
export async function startDev(options: StartOptions = {}): Promise<DevServer> {
  const persistTo = options.persistTo ?? freshState();
  for (let attempt = 1; ; attempt++) {
    try {
      return await startDevOnce({ ...options, persistTo, port: options.port ?? (await devPort()) });
    } catch (error) {
      if (attempt === 3 || !(error instanceof Error && error.message.includes(ADDRESS_IN_USE))) throw error;
    }
  }
}

/** A new state folder: a copy of the run's migrated and seeded one (workspace.setup.ts), as `npm run dev` would leave it. */
const freshState = (): string => copyState(inject("stateTemplate"));

/** A new state folder with what `template` holds. */
export function copyState(template: string): string {
  const persistTo = mkdtempSync(join(tmpdir(), "api-e2e-"));
  cpSync(template, persistTo, { recursive: true });
  return persistTo;
}

async function startDevOnce(options: StartOptions & { persistTo: string; port: number }): Promise<DevServer> {
  const { port, persistTo } = options;
  const vars = Object.entries(options.vars ?? {}).flatMap(([name, value]) => ["--var", `${name}:${value}`]);
  let log = "";
  const child: ChildProcess = spawn(
    ...tsx("scripts/dev.ts", [
      "--port",
      String(port),
      "--persist-to",
      persistTo,
      ...vars,
      ...(options.main ? ["--main", options.main] : []),
    ]),
    {
      cwd: root,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        WRANGLER_SEND_METRICS: "false",
        CI: "true",
        ...(options.stores ? { STORES: String(options.stores) } : {}),
      },
    },
  );
  const keep = (chunk: Buffer) => {
    log += chunk.toString();
    if (options.logFile) appendFileSync(options.logFile, chunk);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  // Three minutes: on a two-core machine loaded ten times over, a start has taken more than 90 s.
  const deadline = Date.now() + 180_000;
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
      // Bounded, so that a server that listens but does not answer yet cannot hold the loop past its deadline.
      const response = await fetch(`${baseUrl}/api/v1/openapi.json`, { signal: AbortSignal.timeout(10_000) });
      if (response.status === 200 || response.status === 404) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      process.kill(-child.pid!, "SIGKILL");
      throw new Error(`npm run dev did not answer within 180 s:\n${log}`);
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  // A new state's demo is onboarded through the server once it answers: its key is written when complete.
  while (!existsSync(join(persistTo, "demo-key.json"))) {
    if (child.exitCode !== null) throw new Error(`npm run dev exited early:\n${log}`);
    if (Date.now() > deadline + 180_000) {
      process.kill(-child.pid!, "SIGKILL");
      throw new Error(`npm run dev onboarded no demo within its deadline:\n${log}`);
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  return serverAt(
    { baseUrl, port, persistTo },
    {
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
    },
  );
}

/**
 * A query on a one-store state's database file itself (node:sqlite, as a second reader or writer of
 * it, which SQLite's locking allows): milliseconds, where `wrangler d1 execute` starts a runtime for
 * seconds, too slow to poll with on a busy machine. With more stores, which file holds which store
 * is miniflare's to know, so those go through wrangler.
 */
function executeDirectly(persistTo: string, query: string): Record<string, unknown>[] {
  const folder = join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
  const [file, ...others] = readdirSync(folder).filter(
    (name) => name.endsWith(".sqlite") && name !== "metadata.sqlite",
  );
  if (!file || others.length > 0) throw new Error(`Expected one D1 database in ${folder}.`);
  const database = new DatabaseSync(join(folder, file));
  try {
    database.exec("PRAGMA busy_timeout = 10000");
    return database.prepare(query).all() as Record<string, unknown>[];
  } finally {
    database.close();
  }
}

/** Where a running server is: what another process of the run needs to reach it (sharedDev). */
type ServerAddress = Pick<DevServer, "baseUrl" | "port" | "persistTo">;

/** The helpers of a server at `address` (its demo and fakes read from its state folder); `lifecycle` is what its owner can do to it. */
function serverAt(address: ServerAddress, lifecycle: Pick<DevServer, "output" | "stop" | "kill">): DevServer {
  const { baseUrl, persistTo } = address;
  const demo = JSON.parse(readFileSync(join(persistTo, "demo-key.json"), "utf8")) as Demo;
  const fakes = JSON.parse(readFileSync(join(persistTo, "fakes.json"), "utf8")) as DevFakes;
  const stores = localStores(persistTo);
  const config = localWranglerConfig(persistTo, stores);
  const execute = async (binding: string, query: string) => {
    if (stores === 1) return executeDirectly(persistTo, query);
    const { stdout } = await promisify(execFile)(
      join(root, "node_modules", ".bin", "wrangler"),
      ["d1", "execute", binding, "--local", "--persist-to", persistTo, "-c", config, "--json", "--command", query],
      {
        cwd: root,
        env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
      },
    );
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
    ...address,
    demo,
    fakes,
    ...lifecycle,
    admin: async (args) => {
      const { stdout } = await promisify(execFile)(...tsx("scripts/admin.ts", [...args, "--persist-to", persistTo]), {
        cwd: root,
      });
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

/**
 * The vars of the run's shared server: the spending and conversations surfaces on, and webhooks to
 * loopback receivers (the tests' own). Files that need nothing else share it (sharedDev); one that
 * needs other vars, restarts or kills its server, or scripts a fake for every caller starts its own.
 */
export const SHARED_VARS = {
  PUBLIC_API_SPEND_ENABLED: "true",
  CONVERSATIONS_API_ENABLED: "true",
  WEBHOOKS_ALLOW_LOOPBACK: "true",
};

/** The shared server's address and log, as workspace.setup.ts's broker answers it. */
export interface SharedServer extends ServerAddress {
  logFile: string;
}

/**
 * The run's shared `npm run dev` (SHARED_VARS), started by the run's first file that asks for it
 * and stopped when the run ends: starting a server is most of a small file's time. A file on it
 * keeps its data apart by its own companies (or reads the demo's seed without changing what others
 * read), and never stops it.
 */
export async function sharedDev(): Promise<DevServer> {
  const response = await fetch(inject("sharedServerBroker"));
  if (!response.ok) throw new Error(`The shared npm run dev did not start: ${await response.text()}`);
  const shared = (await response.json()) as SharedServer;
  const refuse = async () => {
    throw new Error(
      "The shared npm run dev is stopped by the run, not by a file: start one of the file's own (startDev) to stop or kill it.",
    );
  };
  return serverAt(shared, { output: () => readFileSync(shared.logFile, "utf8"), stop: refuse, kill: refuse });
}

export function removeState(server: Pick<DevServer, "persistTo">) {
  rmSync(server.persistTo, { recursive: true, force: true });
}
