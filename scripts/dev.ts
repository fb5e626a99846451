/**
 * [STORES=<n>] npm run dev [-- --port <port>] [--persist-to <dir>] [--var NAME:value ...] [--main <entry>]
 * Applies pending migrations to the local state (every tenant store of it: STORES, default 1, is
 * remembered by the state folder; scripts/lib/stores.ts), seeds the demo company when the state is empty
 * (and prints its key), creates .dev.vars with a random WEBHOOK_SECRET_KEY when missing, writes the
 * static assets (scripts/assets.ts), starts the fake providers (scripts/fakes), then runs
 * `wrangler dev` on 127.0.0.1 with the same state, calling its scheduled handler every 5 s (local cron).
 * Each request shows as one line (time, method, path, status, duration, request id; scripts/lib/dev-log.ts);
 * the local cron's calls do not. WRANGLER_LOG=debug (or any level) set by the caller is passed on.
 * --main: another entry around the Worker (a path from the root; the end-to-end kill test's
 * test/e2e/dying-worker.ts), the rest as it is.
 */
import "./lib/node-version";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { buildAssets } from "./assets";
import { type EarlierFakes, fakesFile, startFakes, wranglerArguments } from "./fakes";
import { run as runAdmin } from "./admin";
import { onboardDemo, repointDemoWebhook } from "./lib/demo";
import { devLogFilter } from "./lib/dev-log";
import { demoFile, demoPendingFile, prepareLocalStateWhole } from "./lib/local-state";
import { DEFAULT_PERSIST, root } from "./lib/state";
import { localStores, localWranglerConfig } from "./lib/stores";
import { announceServer } from "./lib/worker";

// Read before the state is opened, which quiets wrangler for its own use (scripts/lib/state.ts).
const wranglerLog = process.env.WRANGLER_LOG;
const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8787" },
    "persist-to": { type: "string", default: DEFAULT_PERSIST },
    var: { type: "string", multiple: true, default: [] },
    main: { type: "string" },
  },
});
// public/, the static assets wrangler.toml serves (the /docs reference's bundle), from node_modules.
buildAssets();
const persistTo = resolve(values["persist-to"]);
const stores = localStores(persistTo);
await prepareLocalStateWhole(persistTo);

const base = `http://127.0.0.1:${values.port}`;
/** Whether this run lets companies spend (wrangler.toml leaves it off for local development). */
const spending = values.var.includes("PUBLIC_API_SPEND_ENABLED:true");
/** The demo's key and how to try it, or how to mint a key in a state this script did not onboard. */
function printDemo() {
  if (existsSync(demoFile(persistTo))) {
    const demo = JSON.parse(readFileSync(demoFile(persistTo), "utf8")) as { api_key: string; company_id: string };
    console.log(`
  Demo company ${demo.company_id}
  Demo API key (all scopes): ${demo.api_key}

  Try:  curl -s -H "Authorization: Bearer ${demo.api_key}" "${base}/api/v1/budgets?limit=2"
  ${spending ? `Its agency channel (subaccounts): curl -s -H "Authorization: Bearer ${demo.api_key}" "${base}/api/v1/subaccounts"` : "Spending is off (top-ups, SMS, calls, dispatches, trunks, subaccounts answer 404): --var PUBLIC_API_SPEND_ENABLED:true turns it on"}
  Its webhook events go to the local fake receiver (GET <receiver>/__fake/requests lists them)
  Docs: ${base}/docs${stores > 1 ? `\n  Tenant stores: ${stores} (DB and STORE_1..STORE_${stores - 1}); new companies go to the emptiest` : ""}
`);
  } else {
    console.log(
      `\n  State in ${persistTo} was not seeded by this script; mint a key with: npm run admin -- key create --company <id> --scopes all --persist-to ${persistTo}\n`,
    );
  }
}
const demoPending = existsSync(demoPendingFile(persistTo));
if (!demoPending) printDemo();

// Every outside provider (WhatsApp, email, SMS and calls, payments, documents, DNS) answers from its
// local fake (scripts/fakes), a real HTTP server on its wire format, unless a --var points it elsewhere.
// On a state an earlier start served, each fake comes back where it was (fakesFile): companies
// stored their addresses and credentials (the archive, a mailbox's server, the demo's webhooks).
function earlierFakesOf(file: string): EarlierFakes | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as EarlierFakes;
  } catch {
    return undefined; // An unreadable record: the fakes start afresh, as on a new state.
  }
}
const earlierFakes = earlierFakesOf(fakesFile(persistTo));
const fakes = await startFakes({ callbackBaseUrl: base, earlier: earlierFakes });
const faked = wranglerArguments(fakes, { persistTo, userVars: values.var, devVarsFile: join(root, ".dev.vars") });
console.log(`  Fake providers (GET <url>/__fake/requests shows what each received; also in ${fakesFile(persistTo)}):`);
for (const [name, origin] of Object.entries(faked.providers)) console.log(`    ${name.padEnd(10)} ${origin}`);
console.log("");

const vars = values.var.flatMap((pair) => ["--var", pair]);
// The admin CLI reaches this Worker's operators' routes with a secret made for this run (server.json).
// It reaches wrangler in a file only this user can read, never on a command line `ps` shows.
const adminSecret = randomBytes(32).toString("hex");
const adminEnvFile = join(persistTo, "admin.env");
writeFileSync(adminEnvFile, `# The operator API's secret for this run of npm run dev.\nADMIN_SECRET=${adminSecret}\n`, {
  mode: 0o600,
});
chmodSync(adminEnvFile, 0o600);
const hasBaseUrl = values.var.some((pair) => pair.startsWith("PUBLIC_BASE_URL:"));
const hasCallbackBase = values.var.some((pair) => pair.startsWith("PROVIDER_CALLBACK_BASE_URL:"));
const hasLoopbackSwitch = values.var.some((pair) => pair.startsWith("WEBHOOKS_ALLOW_LOOPBACK:"));
const child = spawn(
  join(root, "node_modules", ".bin", "wrangler"),
  [
    "dev",
    // wrangler.toml, or with several stores a copy that binds them too.
    "--config",
    localWranglerConfig(persistTo, stores, values.main),
    "--ip",
    "127.0.0.1",
    "--port",
    values.port,
    "--persist-to",
    persistTo,
    // Exposes /__scheduled, through which the loop below stands in for the Cron Trigger.
    "--test-scheduled",
    ...(hasBaseUrl ? [] : ["--var", `PUBLIC_BASE_URL:${base}`]),
    // Providers (the local fakes) call back here, whatever public address PUBLIC_BASE_URL names.
    ...(hasCallbackBase ? [] : ["--var", `PROVIDER_CALLBACK_BASE_URL:${base}`]),
    // Local development: the fake providers, a local webhook receiver or archive listen on loopback,
    // which the destination check admits only under this switch (never set in production).
    ...(hasLoopbackSwitch ? [] : ["--var", "WEBHOOKS_ALLOW_LOOPBACK:true"]),
    "--env-file",
    adminEnvFile,
    // Every response counts its Durable Object and D1 round trips (Server-Timing).
    "--var",
    "SERVER_TIMING:true",
    ...faked.args,
    ...vars,
  ],
  {
    cwd: root,
    env: {
      ...process.env,
      // The Worker's request lines are console.log output, which wrangler shows at its "log" level.
      WRANGLER_LOG: wranglerLog ?? "log",
      // The Worker reads nothing of Request.cf, and offline the fetch of its template fails with a
      // stack trace at each start: the placeholder it falls back to is what it gets anyway.
      CLOUDFLARE_CF_FETCH_ENABLED: process.env.CLOUDFLARE_CF_FETCH_ENABLED ?? "false",
    },
    stdio: ["inherit", "pipe", "inherit"],
  },
);
const shown = devLogFilter((line) => process.stdout.write(`${line}\n`));
child.stdout?.on("data", (chunk: Buffer) => shown.write(chunk));
child.stdout?.on("end", () => shown.end());

/**
 * `wrangler dev` never fires Cron Triggers, and its queues live in memory: a webhook delivery
 * whose message died with a previous `wrangler dev` would wait forever. Calling the scheduled
 * handler every few seconds runs the same sweep as production's cron, which re-enqueues it.
 */
const CRON_EVERY_MS = 5_000;
const cron = setInterval(() => {
  fetch(`${base}/__scheduled?cron=${encodeURIComponent("* * * * *")}`).then(
    (response) => response.text(),
    () => undefined, // not listening yet, or shutting down
  );
}, CRON_EVERY_MS);

const withdraw = announceServer(persistTo, { url: base, adminSecret });

/** Whether the server came to answer (false when wrangler exited first). */
async function serverAnswers(): Promise<boolean> {
  for (;;) {
    if (child.exitCode !== null) return false;
    const answered = await fetch(`${base}/api/v1/openapi.json`, { signal: AbortSignal.timeout(10_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return true;
    await new Promise((wait) => setTimeout(wait, 250));
  }
}

// Once the server answers: a new state's demo is onboarded through its front door (scripts/lib/demo.ts);
// an existing demo's webhooks are pointed at this start's local receiver.
const receiver = faked.providers.receiver;
void (async () => {
  if (!(await serverAnswers())) return;
  if (demoPending)
    await onboardDemo({ url: base, adminSecret }, persistTo, runAdmin, {
      whatsapp: faked.providers.whatsapp,
      paperless: faked.providers.paperless,
      paperlessToken: fakes.secrets.PAPERLESS_TOKEN,
      receiver,
      jmap: faked.providers.jmap,
      postmark: faked.providers.postmark,
    }).then(printDemo, (error: unknown) =>
      console.error(`  The demo could not be onboarded (the next start tries again): ${String(error)}`),
    );
  else if (receiver)
    await repointDemoWebhook({ url: base }, persistTo, receiver).catch((error: unknown) =>
      console.error(`  The demo's webhooks could not be pointed at the local receiver: ${String(error)}`),
    );
})();
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => {
  withdraw();
  clearInterval(cron);
  process.exit(code ?? 0);
});
