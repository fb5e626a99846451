/**
 * npm run bench -- --floors: every GET operation of the seeded demo against its own floor. The
 * floor of an operation is a bare Worker (bench/floors-worker.ts) making exactly the I/O the
 * operation made: the key's Durable Object call, then the operation's D1 calls with its SQL and
 * parameters, the R2 objects it read and the provider requests it sent, captured from the API
 * itself (SQL_CAPTURE: X-Bench-SQL, bench/capture.ts), so no floor is written by hand, and an
 * answer as long as the API's (its rows as JSON, padded with JSON whitespace up to the API's
 * length: a large fixed document costs its bytes to both alike). Each operation and its floor run
 * briefly (a 1 s warm-up each, then `--floor-seconds`, default 2, each, in slices of about a
 * second taken in the order A B B A; a slow GET longer), once per round (`--floor-rounds`, default
 * 3); the table gives the medians of the rounds: the API's req/s as a share of its floor's and the
 * CPU per request above it, worst first. Also the cold start: `wrangler check startup` and the
 * first request's CPU of a fresh server.
 */
import type { ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import autocannon from "autocannon";
import { seedDemo } from "../../src/admin/seed";
import { CAPTURE_HEADER, type CapturedCall } from "../../bench/captured";
import { domains } from "../../src/domains";
import type { Floor } from "../../bench/floors-worker";
import { buildAssets } from "../assets";
import { benchOptions, benchServerArguments, serverCpuMs, startServer, startupMs, stopServer, waitFor } from "./bench";
import { freePort } from "./port";
import { wranglerArguments, type Fakes } from "../fakes";
import { startFakesApart } from "../fakes/apart";
import { devSecretKey, openState, root } from "./state";

/** Targets of issue #31 for every GET: its floor's req/s, within this much CPU per request. */
const TARGETS = { ratio: 0.85, cpuMsAboveFloor: 0.5 };
const WARM_UP_SECONDS = 1;
/** Requests each side of a slow GET answers at least, within four times `--floor-seconds`. */
const MIN_REQUESTS = 600;
/** Requests of an operation before the one captured. */
const WARMING_REQUESTS = 2;
/** The API's variables in this mode: its limit raised, logs off, and the conversations gate open so that its reads count too. */
/** The API's variables of this run; its key check secret among them, since the seed mints the demo's keys with it. */
const apiVarsWith = (keyCheckSecret: string) => [
  ...[
    "--var",
    "RATE_LIMIT_PER_MINUTE:1000000000",
    "--var",
    "REQUEST_LOG:false",
    "--var",
    "CONVERSATIONS_API_ENABLED:true",
  ],
  ...["--var", `API_KEY_CHECK_SECRET:${keyCheckSecret}`],
];

interface Target {
  name: string;
  url: string;
  calls: CapturedCall[];
  /** D1 calls counted by Server-Timing: more than were captured means a query ran outside the request's session. */
  d1Counted: number;
  /** Requests the local fake providers received while the operation was captured (its floor sends the captured ones again). */
  providerCalls: number;
  /** The length of the API's answer: its floor answers at least as much (bytes sent are I/O too). */
  responseChars: number;
  /** The headers of the API's answer, as the measured server sends them: its floor sends them too. */
  responseHeaders: [string, string][];
}

/** One round of a GET: the API and its floor, one after the other. */
interface FloorRound {
  apiRps: number;
  floorRps: number;
  ratio: number;
  apiCpuMs: number;
  floorCpuMs: number;
  cpuMsAboveFloor: number;
  /** The same over the servers' whole process trees: wrangler's Node process and proxy included (shown, not judged). */
  treeCpuMsAboveFloor: number;
  apiP50: number;
  floorP50: number;
  non2xx: number;
}

/** A GET over its rounds: each figure the median of its rounds (the verdict is the medians'). */
interface FloorRow extends FloorRound {
  name: string;
  /** Rounds in which it met both targets. */
  roundsMet: number;
  rounds: FloorRound[];
  d1Calls: number;
  /** R2 objects the operation read (its floor reads them too). */
  objectReads: number;
  waves: number;
  /** Calls the operation handed to waitUntil (its request log entry), which the floor makes after its answer too. */
  afterResponseCalls: number;
  uncaptured: number;
  /** Requests the fakes received from the operation, and those its floor sends again (all, unless one escaped the capture). */
  providerCalls: number;
  providerCallsReplayed: number;
}

export interface FloorsOptions {
  persistTo: string;
  servers: ChildProcess[];
  seconds: number;
  /** Each GET is measured once per round; its figures are the medians of its rounds. */
  rounds: number;
  keyCheckSecret: string;
  /** Only the operations whose name ("GET /calls") matches, to iterate on a few. */
  only?: RegExp;
  /**
   * A/A: each GET against the API itself (the same server, the same request on both sides) instead
   * of its floor, so that every difference the table shows, and every miss, is the method's noise.
   */
  self?: boolean;
}

/**
 * The API runs with every provider pointed at its local fake (scripts/fakes), as under `npm run
 * dev`, so that the GETs that ask a provider answer too; their floor sends the same requests to
 * the same fakes (in a process of their own, apart from the load: neither server's CPU), with the
 * credentials the capture leaves out given to it in an env file.
 */
export async function runFloors(options: FloorsOptions) {
  const fakes = await startFakesApart();
  try {
    const faked = wranglerArguments(fakes, {
      persistTo: options.persistTo,
      userVars: [],
      devVarsFile: join(root, ".dev.vars"),
    });
    await measureFloors(options, [...apiVarsWith(options.keyCheckSecret), ...faked.args], fakes);
  } finally {
    await fakes.close();
  }
}

async function measureFloors(options: FloorsOptions, apiVars: readonly string[], fakes: Fakes) {
  const { persistTo, servers, seconds, rounds, keyCheckSecret } = options;
  console.log("Seeding the demo (every domain's data) ...");
  const state = await openState({ persistTo });
  const demo = await seedDemo(state.db, Date.now(), state.storage, devSecretKey(), keyCheckSecret);
  await state.dispose();
  const auth = { Authorization: `Bearer ${demo.api_key}` };
  // wrangler.toml's [assets] folder (public/), which the API and the floors are served behind.
  buildAssets();

  // Cold start first, on a server that has answered nothing yet.
  // Not when iterating on a few operations (--floors-only), nor in an A/A run: it takes longer than they do.
  const coldStart =
    options.only || options.self ? undefined : await measureColdStart(persistTo, servers, auth, apiVars);

  const apiPort = await freePort();
  const apiUrl = (path: string) => `http://127.0.0.1:${apiPort}${path}`;
  // The bench's entry (bench/worker.ts), which records the calls at the Worker's bindings and its fetch.
  const capturing = startServer([
    ...benchServerArguments(),
    "--port",
    String(apiPort),
    "--persist-to",
    persistTo,
    ...apiVars,
    "--var",
    "SQL_CAPTURE:true",
    "--var",
    "SERVER_TIMING:true",
  ]);
  servers.push(capturing);
  await waitFor(apiUrl("/api/v1/openapi.json"), capturing);
  const { targets, skipped } = await captureTargets(apiUrl, auth, fakes, options.only);
  await stopServer(capturing);
  console.log(`Captured the SQL of ${targets.length} GET operations (${skipped.length} skipped).`);

  // The floors' entry and its wrangler config, generated beside the captured floors (bench-results/ is not committed).
  const dir = join(root, "bench-results");
  mkdirSync(dir, { recursive: true });
  const floors: Floor[] = targets.map((target) => ({
    name: target.name,
    calls: target.calls,
    responseChars: target.responseChars,
    responseHeaders: target.responseHeaders,
  }));
  writeFileSync(join(dir, "floors.json"), JSON.stringify(floors));
  writeFileSync(
    join(dir, "floors-entry.ts"),
    'import { floorsApp } from "../bench/floors-worker";\nimport floors from "./floors.json";\nexport { Window } from "../bench/bare-worker";\nexport default floorsApp(floors as never);\n',
  );
  const bareConfig = readFileSync(join(root, "bench", "wrangler.bare.toml"), "utf8");
  writeFileSync(
    join(dir, "wrangler.floors.toml"),
    bareConfig
      .replace('name = "bench-bare"', 'name = "bench-floors"')
      .replace('main = "bare-worker.ts"', 'main = "floors-entry.ts"'),
  );

  const api = startServer(["--port", String(apiPort), "--persist-to", persistTo, ...apiVars]);
  servers.push(api);
  const floorPort = await freePort();
  // A/A (--floors-self) needs no floor server, nor its copy of the state: the API is measured against itself.
  const startFloorServer = () => {
    const floorState = privateCopyOfState(persistTo);
    return startServer([
      "-c",
      join(dir, "wrangler.floors.toml"),
      "--port",
      String(floorPort),
      "--persist-to",
      floorState,
      "--env-file",
      credentialsFile(floorState, fakes),
    ]);
  };
  const floorServer = options.self ? undefined : startFloorServer();
  if (floorServer) servers.push(floorServer);
  await waitFor(apiUrl("/api/v1/openapi.json"), api);
  if (floorServer) await waitFor(`http://127.0.0.1:${floorPort}/`, floorServer);

  // Every GET once per round, the rounds one after the other: a GET's rounds are minutes apart, so a
  // passing disturbance of the machine weighs on one of them, which the median sets aside.
  const measured = targets.map(() => [] as FloorRound[]);
  for (let round = 0; round < rounds; round++) {
    for (const [index, target] of targets.entries()) {
      // The floor receives the API's very request, its key included (read by neither: bytes received are I/O too).
      const apiLoad: Load = { options: { url: target.url, headers: auth }, pid: api.pid! };
      const floorLoad: Load = floorServer
        ? { options: { url: `http://127.0.0.1:${floorPort}/floor/${index}`, headers: auth }, pid: floorServer.pid! }
        : apiLoad;
      // Which of the two leads alternates by GET and by round.
      const [floor, answered] = await measurePair(floorLoad, apiLoad, seconds, (index + round) % 2 === 1);
      const result: FloorRound = {
        apiRps: answered.rps,
        floorRps: floor.rps,
        ratio: floor.rps > 0 && answered.rps > 0 ? answered.rps / floor.rps : Number.NaN,
        apiCpuMs: answered.cpuMs,
        floorCpuMs: floor.cpuMs,
        cpuMsAboveFloor: answered.cpuMs - floor.cpuMs,
        treeCpuMsAboveFloor: answered.treeCpuMs - floor.treeCpuMs,
        apiP50: answered.p50,
        floorP50: floor.p50,
        non2xx: answered.non2xx + floor.non2xx,
      };
      measured[index]!.push(result);
      console.log(
        `  ${rounds > 1 ? `round ${round + 1}/${rounds} ` : ""}${target.name}: ${pct(result.ratio)} of its floor, ${signed(result.cpuMsAboveFloor)} ms CPU (tree ${signed(result.treeCpuMsAboveFloor)})`,
      );
    }
  }
  const rows: FloorRow[] = targets.map((target, index) => {
    const runs = measured[index]!;
    // The calls on the request's path: Server-Timing counts these, not its waitUntil work.
    const onPath = target.calls.filter((call) => !call.afterResponse);
    return {
      name: target.name,
      apiRps: median(runs.map((run) => run.apiRps)),
      floorRps: median(runs.map((run) => run.floorRps)),
      ratio: median(runs.map((run) => run.ratio)),
      apiCpuMs: median(runs.map((run) => run.apiCpuMs)),
      floorCpuMs: median(runs.map((run) => run.floorCpuMs)),
      cpuMsAboveFloor: median(runs.map((run) => run.cpuMsAboveFloor)),
      treeCpuMsAboveFloor: median(runs.map((run) => run.treeCpuMsAboveFloor)),
      apiP50: median(runs.map((run) => run.apiP50)),
      floorP50: median(runs.map((run) => run.floorP50)),
      roundsMet: runs.filter((run) => meets(run)).length,
      rounds: runs,
      d1Calls: onPath.filter(isD1Call).length,
      objectReads: onPath.filter((call) => call.method === "r2-get").length,
      waves: new Set(onPath.map((call) => call.wave)).size,
      afterResponseCalls: target.calls.length - onPath.length,
      non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
      uncaptured: target.d1Counted - onPath.filter(isD1Call).length,
      providerCalls: target.providerCalls,
      providerCallsReplayed: target.calls.filter((call) => call.method === "fetch").length,
    };
  });
  await stopServer(api);
  if (floorServer) await stopServer(floorServer);

  // Worst first; a run with no figure (no answer) before all.
  const key = (ratio: number) => (Number.isNaN(ratio) ? -1 : ratio);
  rows.sort((a, b) => key(a.ratio) - key(b.ratio) || b.cpuMsAboveFloor - a.cpuMsAboveFloor);
  if (options.self)
    console.log(
      '\nA/A (--floors-self): each GET against the API itself; the "floor" columns are the same server answering the same request, so every difference and every miss below is the method\'s noise.',
    );
  printTable(rows, skipped, coldStart, seconds, rounds);
  // Beside the main run's results in latest.json (the floors' own key, or the A/A run's), so either mode keeps the other's.
  const latest = join(dir, "latest.json");
  const previous = existsSync(latest) ? (JSON.parse(readFileSync(latest, "utf8")) as Record<string, unknown>) : {};
  writeFileSync(
    latest,
    JSON.stringify(
      {
        ...previous,
        [options.self ? "floorsSelf" : "floors"]: {
          date: new Date().toISOString(),
          secondsPerRun: seconds,
          rounds,
          connections: benchOptions.connections,
          targets: TARGETS,
          rows,
          skipped,
          coldStart,
        },
      },
      null,
      2,
    ),
  );
}

/**
 * The floors' own copy of the API's D1 and R2 state, made while no server runs: the same rows (and objects), in a file
 * no other process opens. Two workerd processes must not share one local D1 file: every query of a
 * D1 session writes (the local runtime's stand-in for a bookmark, ActorSqlite::getCurrentBookmark,
 * stores a counter in the database), SQLite lets one process write at a time, and workerd does
 * not wait for the lock: the other process's query fails with "Failed to get session commit token:
 * internal error" (SQLITE_BUSY). Sharing the file, the floor's last requests and the API's first
 * (or the reverse) met at every switch between them.
 */
function privateCopyOfState(persistTo: string): string {
  const copy = join(persistTo, "floors-state");
  for (const kind of ["d1", "r2"])
    if (existsSync(join(persistTo, "v3", kind)))
      cpSync(join(persistTo, "v3", kind), join(copy, "v3", kind), { recursive: true });
  return copy;
}

const isD1Call = (call: CapturedCall) => call.method !== "r2-get" && call.method !== "fetch";

/**
 * The fakes' credentials for the floor (PROVIDER_CREDENTIALS: by origin, each header's value), in
 * an env file beside its state as `npm run dev` writes the API's (local only, random per start):
 * the capture leaves them out of what it records.
 */
function credentialsFile(floorState: string, fakes: Fakes): string {
  const { origins, secrets } = fakes;
  const credentials = {
    [origins.whatsapp]: { Authorization: `Bearer ${secrets.WHATSAPP_ACCESS_TOKEN}` },
    [origins.postmark]: {
      "X-Postmark-Server-Token": secrets.POSTMARK_SERVER_TOKEN,
      "X-Postmark-Account-Token": secrets.POSTMARK_ACCOUNT_TOKEN,
    },
    [origins.twilio]: {
      Authorization: `Basic ${Buffer.from(`${secrets.TWILIO_ACCOUNT_SID}:${secrets.TWILIO_AUTH_TOKEN}`).toString("base64")}`,
    },
    [origins.stripe]: { Authorization: `Bearer ${secrets.STRIPE_SECRET_KEY}` },
    [origins.paperless]: { Authorization: `Token ${secrets.PAPERLESS_TOKEN}` },
    [origins.jmap]: { Authorization: `Bearer ${secrets.JMAP_TOKEN}` },
  };
  mkdirSync(floorState, { recursive: true });
  const file = join(floorState, "credentials.env");
  writeFileSync(file, `PROVIDER_CREDENTIALS='${JSON.stringify(credentials)}'\n`, { mode: 0o600 });
  return file;
}

/** The demo's GET operations with the ids of its seed in their paths, each with the D1 calls it made once (captured). */
async function captureTargets(
  apiUrl: (path: string) => string,
  auth: Record<string, string>,
  fakes: Fakes,
  only: RegExp | undefined,
) {
  const operations = domains.flatMap((domain) => domain.operations).filter((op) => op.method === "get");
  const listPaths = operations.map((op) => op.path);
  const examples = await requiredQueryExamples(apiUrl("/api/v1/openapi.json"));
  const lists = new Map<string, unknown[] | undefined>();
  const listed = async (path: string) => {
    if (!lists.has(path)) {
      const response = await fetch(apiUrl(path), { headers: auth });
      const body = response.ok ? ((await response.json()) as { data?: unknown }) : undefined;
      lists.set(path, Array.isArray(body?.data) ? body.data : undefined);
    }
    return lists.get(path);
  };
  const targets: Target[] = [];
  const skipped: { name: string; reason: string }[] = [];
  for (const op of operations) {
    const name = `GET ${op.path.replace(/^\/api\/v1/, "")}`;
    if (only && !only.test(name)) continue;
    const resolved = await resolvePath(op.path, listed, listPaths);
    if (typeof resolved !== "string") {
      skipped.push({ name, reason: resolved.reason });
      continue;
    }
    // Required query parameters get their documented example (GET /calendar/check?at=...).
    const query = examples.get(op.path);
    const path = query ? `${resolved}?${query}` : resolved;
    // The I/O of a warm request, as the measured ones are: what the first requests leave remembered
    // in the isolate (a key's check, an operation that must wait for its key's object) is not read again.
    for (let warming = 0; warming < WARMING_REQUESTS; warming++)
      await (await fetch(apiUrl(path), { headers: auth })).arrayBuffer();
    const providerCallsBefore = await fakeRequests(fakes);
    const response = await fetch(apiUrl(path), { headers: auth });
    const responseChars = (await response.text()).length;
    const providerCalls = (await fakeRequests(fakes)) - providerCallsBefore;
    if (response.status !== 200) {
      skipped.push({ name, reason: `answered ${response.status}` });
      continue;
    }
    const calls = JSON.parse(response.headers.get(CAPTURE_HEADER) ?? "[]") as CapturedCall[];
    const d1Counted = Number(/d1;desc="(\d+)"/.exec(response.headers.get("Server-Timing") ?? "")?.[1] ?? calls.length);
    targets.push({
      name,
      url: apiUrl(path),
      calls,
      d1Counted,
      providerCalls,
      responseChars,
      responseHeaders: answeredHeaders(response.headers),
    });
  }
  return { targets, skipped };
}

/**
 * The headers of an answer that the measured API sends too (X-Request-Id, the rate limit's, Cache-Control, ...):
 * not the capture's own (X-Bench-SQL, Server-Timing), those the floor sets itself (its type and
 * bookmark), nor the transfer's, which the runtime writes (a Content-Encoding set by a Worker makes
 * the runtime compress its body, which the measured requests, asking for no encoding, never see).
 */
function answeredHeaders(headers: Headers): [string, string][] {
  const notTheApis = new Set([
    CAPTURE_HEADER.toLowerCase(),
    "server-timing",
    "content-type",
    "x-d1-bookmark",
    "content-length",
    "content-encoding",
    "transfer-encoding",
    "connection",
    "keep-alive",
    "date",
  ]);
  return [...headers].filter(([name]) => !notTheApis.has(name.toLowerCase()));
}

/** Each operation's required query parameters filled with their examples in the OpenAPI document, as a query string. */
async function requiredQueryExamples(documentUrl: string): Promise<Map<string, string>> {
  type Parameter = { in: string; name: string; required?: boolean; example?: unknown; schema?: { example?: unknown } };
  const document = (await (await fetch(documentUrl)).json()) as {
    paths: Record<string, { get?: { parameters?: Parameter[] } }>;
  };
  const examples = new Map<string, string>();
  for (const [path, item] of Object.entries(document.paths)) {
    const required = (item.get?.parameters ?? []).filter((parameter) => parameter.in === "query" && parameter.required);
    const pairs = required.flatMap((parameter) => {
      const example = parameter.example ?? parameter.schema?.example;
      return example === undefined ? [] : [[parameter.name, String(example)]];
    });
    if (pairs.length > 0)
      examples.set(`/api/v1${path.replace(/^\/api\/v1/, "")}`, new URLSearchParams(pairs).toString());
  }
  return examples;
}

/** How many requests the fake providers have received so far (GET /__fake/requests of each). */
async function fakeRequests(fakes: Fakes): Promise<number> {
  const counts = await Promise.all(
    Object.values(fakes.origins).map(
      async (origin) =>
        ((await (await fetch(`${origin}/__fake/requests`)).json()) as { requests: unknown[] }).requests.length,
    ),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}

/**
 * The path with each parameter filled from the demo: the first item of the list above it (the path
 * up to the parameter), its `id`, or its member of the parameter's own name; else the first item
 * with a member of that name in a list beside the one above it (a mailbox's conversation is named
 * by its messages' `conversation_id`).
 */
async function resolvePath(
  template: string,
  listed: (path: string) => Promise<unknown[] | undefined>,
  listPaths: readonly string[],
): Promise<string | { reason: string }> {
  const parts = template.split("/");
  for (const [index, part] of parts.entries()) {
    const param = /^\{(.+)\}$/.exec(part)?.[1];
    if (!param) continue;
    const parent = parts.slice(0, index).join("/");
    // The list above it, else a list beside it named for the parameter (/inbox/{mailbox_id} is listed at /inbox/mailboxes).
    const noun = param.replace(/_(id|uuid)$/, "");
    let items = await listed(parent);
    for (const sibling of [`${parent}/${noun}s`, `${parent}/${noun}es`]) items ??= await listed(sibling);
    if (!items) {
      const grandparent = parts.slice(0, index - 1).join("/");
      const templateOfGrandparent = template
        .split("/")
        .slice(0, index - 1)
        .join("/");
      for (const path of listPaths) {
        const rest = path.slice(templateOfGrandparent.length);
        if (!path.startsWith(`${templateOfGrandparent}/`) || rest.includes("{")) continue;
        const found = (await listed(`${grandparent}${rest}`))?.filter(
          (item) => (item as Record<string, unknown>)[param] != null,
        );
        if (found?.length) {
          items = found;
          break;
        }
      }
    }
    const first = items?.[0] as Record<string, unknown> | undefined;
    const value = first?.[param] ?? first?.id;
    if (typeof value !== "string" && typeof value !== "number")
      return {
        reason: items
          ? `no item in ${parent.replace(/^\/api\/v1/, "")}`
          : `no list at ${parent.replace(/^\/api\/v1/, "")} for {${param}}`,
      };
    parts[index] = encodeURIComponent(String(value));
  }
  return parts.join("/");
}

interface Load {
  options: autocannon.Options;
  /** The server (wrangler) whose CPU is counted (serverCpuMs). */
  pid: number;
}

interface Measured {
  rps: number;
  p50: number;
  /** CPU per request of the workerd that runs the Worker. */
  cpuMs: number;
  /** CPU per request of the server's whole process tree. */
  treeCpuMs: number;
  non2xx: number;
}

/**
 * Two loads measured side by side for `seconds` each: a warm-up of each, then short slices in the
 * order A B B A, repeated (`measureSlices`), each side's figures over all its slices. A disturbance
 * of the machine lasting a second or more (another process, a host's neighbour) then falls on both
 * alike, where measuring one whole run and then the other puts it all on one side; a drift over
 * the pair cancels too, as in an ABBA design. Returns [a, b].
 */
async function measurePair(a: Load, b: Load, seconds: number, bFirst: boolean): Promise<[Measured, Measured]> {
  const [first, second] = bFirst ? [b, a] : [a, b];
  let slowestRps = Number.POSITIVE_INFINITY;
  for (const load of [first, second]) {
    const warmUp = await autocannon({
      ...load.options,
      duration: WARM_UP_SECONDS,
      connections: benchOptions.connections,
    });
    slowestRps = Math.min(slowestRps, warmUp.requests.total / WARM_UP_SECONDS);
  }
  // A slow GET (13 D1 calls: 60 req/s) runs longer, up to four times, so that each side still
  // answers MIN_REQUESTS: a fluctuation of a few percent of its 16 ms is the whole 0.5 ms target.
  const measuredSeconds = Math.min(4 * seconds, Math.max(seconds, MIN_REQUESTS / Math.max(slowestRps, 1)));
  const [firstMeasured, secondMeasured] = await measureSlices(first, second, measuredSeconds);
  return bFirst ? [secondMeasured, firstMeasured] : [firstMeasured, secondMeasured];
}

/** Slices of about a second: an even number for each side, so that A B B A repeats whole. */
function sliceOrder(seconds: number): { sliceSeconds: number; order: (0 | 1)[] } {
  const perSide = Math.max(2, 2 * Math.round(seconds / 2));
  const order = Array.from({ length: 2 * perSide }, (_, slice) => ([0, 1, 1, 0] as const)[slice % 4]!);
  return { sliceSeconds: seconds / perSide, order };
}

async function measureSlices(a: Load, b: Load, seconds: number): Promise<[Measured, Measured]> {
  const { sliceSeconds, order } = sliceOrder(seconds);
  const sides = [a, b].map((load) => ({
    load,
    requests: 0,
    elapsedSeconds: 0,
    cpuMs: 0,
    treeCpuMs: 0,
    p50s: [] as number[],
    non2xx: 0,
  }));
  for (const which of order) {
    const side = sides[which]!;
    const before = serverCpuMs(side.load.pid);
    const started = performance.now();
    const result = await autocannon({
      ...side.load.options,
      duration: sliceSeconds,
      connections: benchOptions.connections,
    });
    side.elapsedSeconds += (performance.now() - started) / 1000;
    const after = serverCpuMs(side.load.pid);
    side.cpuMs += after.runtime - before.runtime;
    side.treeCpuMs += after.tree - before.tree;
    side.requests += result.requests.total;
    side.p50s.push(result.latency.p50);
    side.non2xx += result.non2xx + result.errors;
  }
  const figures = sides.map((side) => ({
    // No answer within the run (a server busy reloading, a request slower than the run): no figure rather than a wrong one.
    rps: side.requests > 0 ? Math.round(side.requests / side.elapsedSeconds) : 0,
    cpuMs: side.requests > 0 ? side.cpuMs / side.requests : Number.NaN,
    treeCpuMs: side.requests > 0 ? side.treeCpuMs / side.requests : Number.NaN,
    p50: median(side.p50s),
    non2xx: side.non2xx,
  }));
  return [figures[0]!, figures[1]!];
}

/**
 * The Worker's start-up CPU (`wrangler check startup`, as the main run measures it) and a fresh
 * server's first request: the CPU of the workerd that runs the Worker (and of the process tree)
 * from the first authenticated read sent to its answer (the port polled without HTTP, so nothing ran in the Worker before), and the next one's.
 */
async function measureColdStart(
  persistTo: string,
  servers: ChildProcess[],
  auth: Record<string, string>,
  apiVars: readonly string[],
) {
  const startupRuns = [1, 2, 3].map((run) => startupMs(join(persistTo, `startup-${run}.cpuprofile`)));
  const port = await freePort();
  const server = startServer(["--port", String(port), "--persist-to", persistTo, ...apiVars]);
  servers.push(server);
  await portOpen(port, server);
  // wrangler opens its port before its runtime is ready: give it the time it takes, idle, before measuring.
  await new Promise((wait) => setTimeout(wait, 5_000));
  const request = async () => {
    const before = serverCpuMs(server.pid!);
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/budgets?limit=50`, { headers: auth });
    await response.arrayBuffer();
    const after = serverCpuMs(server.pid!);
    return {
      status: response.status,
      cpuMs: Math.round(after.runtime - before.runtime),
      treeCpuMs: Math.round(after.tree - before.tree),
    };
  };
  const first = await request();
  const second = await request();
  await stopServer(server);
  const sorted = [...startupRuns].sort((a, b) => a - b);
  return { startupMs: sorted[1]!, startupRuns, firstRequest: first, secondRequest: second };
}

async function portOpen(port: number, child: ChildProcess) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error("server exited early");
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error(`port ${port} never opened`);
}

const pct = (ratio: number) => (Number.isNaN(ratio) ? "—" : `${(ratio * 100).toFixed(0)}%`);
const signed = (ms: number) => (Number.isNaN(ms) ? "—" : `${ms >= 0 ? "+" : ""}${ms.toFixed(2)}`);
const fixed = (ms: number) => (Number.isNaN(ms) ? "—" : ms.toFixed(2));

/** Whether a GET met both targets, by the runtime's CPU (the verdict) or, shown beside it, the process trees'. */
const meets = (row: FloorRound, cpuMsAbove = row.cpuMsAboveFloor) =>
  row.ratio >= TARGETS.ratio && cpuMsAbove <= TARGETS.cpuMsAboveFloor;

/** The median (the mean of the middle two of an even count); NaN when a round had no figure. */
function median(values: readonly number[]): number {
  if (values.some(Number.isNaN)) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function printTable(
  rows: readonly FloorRow[],
  skipped: readonly { name: string; reason: string }[],
  coldStart: Awaited<ReturnType<typeof measureColdStart>> | undefined,
  seconds: number,
  rounds: number,
) {
  const each = rounds > 1 ? `, each the median of ${rounds} rounds` : "";
  console.log(
    `\nEvery GET of the demo against its floor (captured SQL), worst first: ${WARM_UP_SECONDS} s warm-up + ${seconds} s each in slices A B B A (a slow GET longer, up to ${4 * seconds} s, for ${MIN_REQUESTS} requests), ${benchOptions.connections} connections${each}. CPU: the workerd process that runs the Worker, each side's; "tree": the CPU above the floor with wrangler's Node process and proxy (local development's only) included`,
  );
  console.log(
    `${"operation".padEnd(58)} ${"API req/s".padStart(9)} ${"floor".padStart(7)} ${"ratio".padStart(6)} ${"CPU ms".padStart(7)} ${"floor".padStart(6)} ${"above".padStart(6)} ${"tree".padStart(6)} ${"p50".padStart(4)} ${"D1".padStart(3)} ${"waves".padStart(5)}  verdict`,
  );
  for (const row of rows) {
    const met = meets(row);
    const notes = [
      rounds > 1 ? `${row.roundsMet} of ${rounds} rounds met` : "",
      Number.isNaN(row.ratio) ? "no answer within the run" : "",
      row.non2xx ? `${row.non2xx} non-2xx` : "",
      row.uncaptured ? `${row.uncaptured} D1 calls not captured` : "",
      row.objectReads ? `${row.objectReads} R2 object read${row.objectReads > 1 ? "s" : ""}, in its floor` : "",
      row.providerCalls
        ? `${row.providerCalls} provider call${row.providerCalls > 1 ? "s" : ""}, ${row.providerCallsReplayed === row.providerCalls ? "in its floor" : `${row.providerCallsReplayed} in its floor`}`
        : "",
    ]
      .filter(Boolean)
      .join(", ");
    console.log(
      `${row.name.padEnd(58)} ${String(Math.round(row.apiRps)).padStart(9)} ${String(Math.round(row.floorRps)).padStart(7)} ${pct(row.ratio).padStart(6)} ${fixed(row.apiCpuMs).padStart(7)} ${fixed(row.floorCpuMs).padStart(6)} ${signed(row.cpuMsAboveFloor).padStart(6)} ${signed(row.treeCpuMsAboveFloor).padStart(6)} ${String(Math.round(row.apiP50)).padStart(4)} ${String(row.d1Calls).padStart(3)} ${String(row.waves).padStart(5)}  ${met ? "met" : "NOT met"}${notes ? ` (${notes})` : ""}`,
    );
  }
  const met = rows.filter((row) => meets(row)).length;
  console.log(
    `${met} of ${rows.length} at >= ${pct(TARGETS.ratio)} of their floor within ${TARGETS.cpuMsAboveFloor} ms of CPU.`,
  );
  const metByTree = rows.filter((row) => meets(row, row.treeCpuMsAboveFloor)).length;
  const mean = (values: readonly number[]) =>
    values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1);
  console.log(
    `CPU above the floor, the mean over the GETs: ${signed(mean(rows.map((row) => row.cpuMsAboveFloor)))} ms in the Worker's runtime, ${signed(mean(rows.map((row) => row.treeCpuMsAboveFloor)))} ms over the process trees (by which ${metByTree} of ${rows.length} would meet the target).`,
  );
  if (skipped.length)
    console.log(
      `Not measured (${skipped.length}): ${skipped.map((entry) => `${entry.name} (${entry.reason})`).join("; ")}`,
    );
  if (coldStart)
    console.log(
      `Cold start: wrangler check startup ${coldStart.startupMs} ms of CPU (median of ${coldStart.startupRuns.join("/")} ms); a fresh server's first read ${coldStart.firstRequest.cpuMs} ms of CPU (status ${coldStart.firstRequest.status}), the next ${coldStart.secondRequest.cpuMs} ms (the Worker's runtime; the process tree ${coldStart.firstRequest.treeCpuMs} and ${coldStart.secondRequest.treeCpuMs} ms)`,
    );
}
