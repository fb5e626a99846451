import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fakesFile } from "../fakes";
import { demoFile, demoPendingFile } from "./local-state";
import { type Answer, demoReceiverUrl, type FrontDoor, onboardCompany } from "./onboard";
import type { WorkerAddress } from "./worker";

/** What a local state keeps of its demo (demo-key.json): the demo company, its key, and the second company's. */
interface DemoKeys {
  company_id: string;
  key_id: string;
  api_key: string;
  other_company: { company_id: string; key_id: string; api_key: string };
}

/** The admin CLI's commands in process (scripts/admin.ts's `run`, passed in: that CLI's seed command imports this module). */
export type AdminRun = (args: string[]) => Promise<{ help: string } | { result: unknown }>;

/**
 * The front door of a Worker: the admin CLI's commands in process (they find the Worker through the
 * state folder's server.json, as they find a running npm run dev) and the public API over HTTP.
 */
export function frontDoor(worker: Pick<WorkerAddress, "url">, persistTo: string, run: AdminRun): FrontDoor {
  return {
    async admin(args, env = {}) {
      const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
      Object.assign(process.env, env);
      try {
        const output = await run([...args, "--persist-to", persistTo]);
        if ("help" in output) throw new Error(`admin ${args.join(" ")} answered its help`);
        return output.result as Answer;
      } finally {
        for (const [name, value] of Object.entries(saved)) {
          if (value === undefined) delete process.env[name];
          else process.env[name] = value;
        }
      }
    },
    ...publicApi(worker),
  };
}

/** The public API of a Worker over HTTP, with a key: every write with an Idempotency-Key of its own. */
function publicApi(worker: Pick<WorkerAddress, "url">): Pick<FrontDoor, "api" | "spend"> {
  return {
    api: async (key, method, path, body) => (await call(key, method, path, body, false)) ?? {},
    spend: (key, method, path, body) => call(key, method, path, body, true),
  };
  async function call(
    key: string,
    method: string,
    path: string,
    body: unknown,
    spending: boolean,
  ): Promise<Answer | undefined> {
    const response = await fetch(`${worker.url}/api/v1${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${key}`,
        // Spending operations ask for one; every write may carry one.
        ...(method === "GET" ? {} : { "Idempotency-Key": crypto.randomUUID() }),
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    // The spending switch off: the operation is not served at all (404, as for any unknown path).
    if (spending && response.status === 404 && text.includes("No such path")) return undefined;
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text}`);
    return text ? (JSON.parse(text) as Answer) : undefined;
  }
}

type Fakes = Parameters<typeof onboardCompany>[1]["fakes"];

/**
 * The demo company ("Reformas Demo SL", everything the demo shows) and a second company with a few
 * rows, onboarded through the front door of the server serving the state (scripts/lib/onboard.ts):
 * the operator and public APIs, never a row inserted. Then the demo is the company whose rows the
 * document's examples name (`docs examples set`).
 */
export async function onboardDemoCompanies(door: FrontDoor, fakes: Fakes, now = Date.now()): Promise<DemoKeys> {
  const demo = await onboardCompany(door, {
    name: "Reformas Demo SL",
    domain: "reformas.example",
    scale: "full",
    now,
    fakes,
  });
  const other = await onboardCompany(door, { name: "Other Company Ltd", domain: "other.example", scale: "small", now });
  // The document's examples name the demo's rows, so that try-it with its key finds them (a local deployment's document is no one else's).
  await door.admin(["docs", "examples", "set", "--company", demo.company_id]);
  return { ...demo, other_company: other };
}

/** The fakes a running npm run dev talks to, as it recorded them beside its state (fakes.json); none when it recorded none. */
export function recordedFakes(persistTo: string): Fakes {
  const file = fakesFile(persistTo);
  if (!existsSync(file)) return undefined;
  const recorded = JSON.parse(readFileSync(file, "utf8")) as {
    providers?: Record<string, string>;
    secrets?: Record<string, string>;
  };
  return {
    whatsapp: recorded.providers?.whatsapp,
    paperless: recorded.providers?.paperless,
    paperlessToken: recorded.secrets?.PAPERLESS_TOKEN,
    receiver: recorded.providers?.receiver,
    jmap: recorded.providers?.jmap,
    postmark: recorded.providers?.postmark,
  };
}

/**
 * The local receiver listens on the port of the state's earlier start when it is free, else on a new one: the demo's subscription,
 * still at the last one's address, is pointed at this one's (and left alone when a developer
 * pointed it elsewhere). Returns whether it changed it.
 */
export async function repointDemoWebhook(
  worker: Pick<WorkerAddress, "url">,
  persistTo: string,
  receiver: string,
): Promise<boolean> {
  if (!existsSync(demoFile(persistTo))) return false;
  const demo = JSON.parse(readFileSync(demoFile(persistTo), "utf8")) as DemoKeys;
  const door = publicApi(worker);
  const current = await door.api(demo.api_key, "GET", "/webhooks").catch(() => undefined);
  const url = typeof current?.url === "string" ? current.url : undefined;
  const wanted = demoReceiverUrl(receiver, demo.company_id);
  const earlier = new RegExp(`^http://127\\.0\\.0\\.1:\\d+/hooks/${demo.company_id}$`);
  if (url === undefined || url === wanted || !earlier.test(url)) return false;
  await door.api(demo.api_key, "PATCH", "/webhooks", { url: wanted });
  return true;
}

/**
 * The demo of a new local state (one prepareLocalState marked pending), onboarded by the server now
 * serving the state (onboardDemoCompanies). Only a complete onboarding writes demo-key.json; a
 * failed one (a machine loaded far past its cores) is tried again with new companies, three times,
 * and else left pending for the next start.
 */
export async function onboardDemo(
  worker: WorkerAddress,
  persistTo: string,
  run: AdminRun,
  fakes?: Fakes,
  now = Date.now(),
): Promise<DemoKeys> {
  const door = frontDoor(worker, persistTo, run);
  for (let attempt = 1; ; attempt++) {
    try {
      const keys = await onboardDemoCompanies(door, fakes, now);
      // Local development only: the demo key is kept beside the local state.
      writeFileSync(demoFile(persistTo), JSON.stringify(keys, null, 2));
      rmSync(demoPendingFile(persistTo), { force: true });
      return keys;
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`  Onboarding the demo failed (attempt ${attempt} of 3), starting again: ${String(error)}`);
    }
  }
}
