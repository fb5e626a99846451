/**
 * npm run bench's run, once scripts/bench.ts has read its options (scripts/lib/bench-cli.ts): the API
 * under `wrangler dev` beside a bare Worker that makes exactly the same I/O (its floors).
 * Ctrl-C stops every server and process it started and removes its state folder.
 */
import { values } from "./bench-cli";
import type { ChildProcess } from "node:child_process";
import { cpus, totalmem } from "node:os";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { createKey, createTenant } from "../../src/admin/provision";
import { seededRandom } from "../../src/lib/random";
import { seedCompany } from "../../src/admin/seed";
import { knownScopes } from "../../src/keys/scopes";
import { domains } from "../../src/domains";
import { budgetPageQuery, newBudget, seedBulkBudgets } from "../../src/domains/budgets";
import { auditLog } from "../../src/data/schema";
import { markStatements } from "../../src/data/idempotent-answers";
import { CreateBudgetBody } from "../../src/domains/budgets/model";
import { outboxStatements } from "../../src/domains/webhooks/outbox";
import { bulkCalls } from "../../src/domains/calls";
import {
  bulkKnowledgeBaseDocuments,
  matchExpression,
  phraseRanges,
  queryWords,
  searchStatements,
} from "../../src/domains/knowledge-bases";
import { callbackUrl, twilioSignature } from "../../src/core/callbacks";
import { runWriteBatch } from "../../src/core/commit";
import { credit } from "../../src/domains/billing";
import { callStatusCallback } from "../../src/domains/dialer/callbacks";
import { dialledCallInsertion, type DialledCallRecord } from "../../src/domains/dialer/queries";
import { freePort } from "./port";
import { buildAssets } from "../assets";
import {
  benchOptions,
  bundleSize,
  pinProcesses,
  load,
  roundTrips,
  serverCpuMs,
  startServer,
  startupMs,
  stopEverything,
  stopServer,
  treeCpuMs,
  waitFor,
  type Result,
} from "./bench";
import { soak } from "./soak";
import { flood, printFlood } from "./flood";
import { runDistance } from "./bench-distance";
import { runFloors } from "./floors";
import { runStores } from "./bench-stores";
import { runRequestLog } from "./bench-request-log";
import { writeChartsOf } from "./bench-charts";
import { applyMigrations, ensureDevVars, openState, root } from "./state";

Object.assign(benchOptions, {
  duration: Number(values.duration),
  connections: Number(values.connections),
  inspector: values.inspector,
  pin: values.pin,
});
if (values.pin) console.log(`Pinned: ${pinProcesses()}.`);

/** Companies of the soak and keys per company (20 keys of 4 companies). */
const SOAK_COMPANIES = 4;
const SOAK_KEYS_PER_COMPANY = 5;
const SOAK_CONCURRENCY = 16;
/** Targets of the edge-performance issue, as ratios to each scenario's own floor. */
const TARGETS = {
  listRps: 0.85,
  writeRps: 0.75,
  cpuMsAboveFloor: 0.5,
  p50Spread: 0.2,
  bundleGzipKiB: 1024,
  startupMs: 400,
};
const LARGE = 1_000_000;
const SMALL = 1_000;
const DEEP_OFFSET = 900_000;
const KB_DOCUMENTS = 10_000;
/** Due items handed over per tick (src/work/due.ts: 10 batches of 100), and per D1 batch. */
const TICK_HANDOVER = { perTick: 1_000, perBatch: 100 };
const TICK_TABLE_SIZES = [1_000, 100_000];
/** How long after they are seeded the tick's items come due: the fresh server's warm-up tick runs before. */
const TICK_DUE_AFTER_MS = 60_000;
const KB_QUERY = { query: "refund the wallet", limit: 5 };
/** A burst of provider callbacks: its size, how many are in flight at once, the warm-up before it, and the table sizes it runs at. */
/** The distance the whole bench stands in for: 25 ms before every Durable Object call and D1 query. */
const DEFAULT_DISTANCE_MS = 25;
const CALLBACK_BURST = 1_000;
const CALLBACK_CONCURRENCY = 20;
const CALLBACK_WARM_UP = 20;
const CALLBACK_TABLE_SIZES = [1_000, 100_000];
const CALLBACK_IDLE_SAMPLE_MS = 3_000;
const CALLBACK_SETTLE_TIMEOUT_MS = 300_000;
/** The auth token the bench server checks Twilio's signatures with (a variable of this run; a secret in a deployment). */
const BENCH_TWILIO_AUTH_TOKEN = "bench-twilio-auth-token";
const BENCH_TWILIO_ACCOUNT_SID = "AC00000000000000000000000000000bench";
const BENCH_AGENT_ID = "bench-agent";
/**
 * The D1 calls of one `completed` callback, counted in the code as the tick mode counts its batches:
 * receiving it reads the call (the callback's companyOf) and records it with its job in one batch;
 * the job claims itself, reads the call and the wallet (the refund's credit), and settles in one batch.
 */
const CALLBACK_D1 = { receive: 2, job: 4 };

const budgetBody = () => ({
  client_name: "Bench client",
  items: [
    { concept: "Work", units: 2, unit_price: 45.5 },
    { concept: "Parts", units: 1, unit_price: 12 },
  ],
});
const machine = () =>
  `${cpus().length} × ${cpus()[0]?.model.trim() ?? "unknown CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(0)}%`;

const persistTo = mkdtempSync(join(tmpdir(), "api-bench-"));
const servers: ChildProcess[] = [];
console.log(`State folder: ${persistTo} (removed at the end, and on Ctrl-C)`);
// A signal skips the \`finally\` below: the servers are detached (their own process groups, which a
// Ctrl-C in the terminal does not reach) and the state folder can hold gigabytes.
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.error(`\n${signal}: stopping the bench's servers and removing ${persistTo} ...`);
    void stopEverything(servers).finally(() => {
      rmSync(persistTo, { recursive: true, force: true });
      process.exit(signal === "SIGINT" ? 130 : 143);
    });
  });
const port = async () => freePort();
// The API with its limit raised for the benchmark only (its default stays 120) and request logs off.
/** The check secret of this run's keys (a variable here, a secret in a deployment), given to the server with the others. */
const BENCH_KEY_CHECK_SECRET = "bench-only-api-key-check-secret-0123456789abcdef";
const apiVars = [
  "--var",
  "RATE_LIMIT_PER_MINUTE:1000000000",
  "--var",
  "REQUEST_LOG:false",
  "--var",
  `API_KEY_CHECK_SECRET:${BENCH_KEY_CHECK_SECRET}`,
];

try {
  // The floors' and the distance's servers read the Worker's secrets from .dev.vars, as npm run dev does (a fresh clone has none).
  ensureDevVars();
  const state = await openState({ persistTo });
  await applyMigrations(state.d1);
  if (values.tick) {
    // Tick, callbacks, flood and soak write JSON that no chart draws (yet): their figures are a few numbers each.
    await runTick(state);
  } else if (values.callbacks) {
    await runCallbacks(state);
  } else if (values.flood) {
    await runFlood(state, Number(values["flood-requests"]));
  } else if (values.distance) {
    await runDistance(state, {
      delayMs: Number(values.distance),
      persistTo,
      servers,
      apiVars,
      keyCheckSecret: BENCH_KEY_CHECK_SECRET,
      machine: machine(),
    });
    await drawCharts(["distance.json"]);
  } else if (values.soak) {
    await runSoak(state, Number(values.soak));
  } else if (values.stores) {
    await state.dispose();
    await runStores({
      persistTo,
      servers,
      apiVars,
      keyCheckSecret: BENCH_KEY_CHECK_SECRET,
      rounds: Number(values.rounds),
      machine: machine(),
    });
    await drawCharts(["stores.json"]);
  } else if (values["request-log"]) {
    await runRequestLog(state, {
      persistTo,
      servers,
      apiVars,
      keyCheckSecret: BENCH_KEY_CHECK_SECRET,
      rounds: Number(values.rounds),
      machine: machine(),
    });
    await drawCharts(["request-log.json"]);
  } else if (values.floors || values["floors-only"] !== undefined || values["floors-self"]) {
    await state.dispose();
    await runFloors({
      persistTo,
      servers,
      seconds: Number(values["floor-seconds"]),
      rounds: Number(values["floor-rounds"]),
      keyCheckSecret: BENCH_KEY_CHECK_SECRET,
      only: values["floors-only"] ? new RegExp(values["floors-only"]) : undefined,
      self: values["floors-self"],
    });
    await drawCharts(["latest.json"]);
  } else {
    // The whole bench: the scenarios against their floors, every GET against its floor with the
    // start-up figure, distance at 25 ms per call, and writes on one store against three.
    await runBench(state);
    await runFloors({
      persistTo,
      servers,
      seconds: Number(values["floor-seconds"]),
      rounds: Number(values["floor-rounds"]),
      keyCheckSecret: BENCH_KEY_CHECK_SECRET,
    });
    await runDistance(await openState({ persistTo }), {
      delayMs: DEFAULT_DISTANCE_MS,
      persistTo,
      servers,
      apiVars,
      keyCheckSecret: BENCH_KEY_CHECK_SECRET,
      machine: machine(),
    });
    await runStores({
      persistTo,
      servers,
      apiVars,
      keyCheckSecret: BENCH_KEY_CHECK_SECRET,
      rounds: Number(values.rounds),
      machine: machine(),
    });
    await drawCharts(["latest.json", "distance.json", "stores.json"]);
  }
} catch (error) {
  // After a signal the servers are being stopped, so the run failing on a server gone is expected:
  // the signal's handler finishes the stop and exits (130 or 143); exiting 1 here would race it.
  if (!stopping) throw error;
  await new Promise(() => {});
} finally {
  await stopEverything(servers);
  rmSync(persistTo, { recursive: true, force: true });
}

type State = Awaited<ReturnType<typeof openState>>;

/**
 * The charts of the JSON files this run wrote, beside them. A chart that fails to draw does not
 * lose the run: its figures are in the JSON, and `--charts-from` redraws them.
 */
async function drawCharts(files: readonly string[]) {
  for (const name of files) {
    const file = join(root, "bench-results", name);
    try {
      const written = await writeChartsOf(file);
      console.log(`Charts: ${written.map((path) => relative(root, path)).join(", ")}`);
    } catch (error) {
      console.error(
        `The charts of ${file} were not drawn (${error instanceof Error ? error.message : String(error)}); redraw them with npm run bench -- --charts-from ${relative(root, file)}`,
      );
      process.exitCode = 1;
    }
  }
}

async function runBench(state: State) {
  console.log(`Seeding ${LARGE.toLocaleString("en")} budgets in one company (bulk batches) ...`);
  const large = await createTenant(state.db, { name: "Bench 1M", plan: "Business" });
  const seedStarted = performance.now();
  await seedBulkBudgets(state.db, large.company_id, LARGE);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  console.log(`  seeded in ${seedSeconds.toFixed(1)} s`);
  const small = await createTenant(state.db, { name: "Bench 1k", plan: "Business" });
  await seedBulkBudgets(state.db, small.company_id, SMALL);
  await bulkCalls(state.db, large.company_id, { count: "100000", days: "30" });
  await bulkCalls(state.db, small.company_id, { count: "1000", days: "30" });
  const largeKey = await createKey(
    state.db,
    { companyId: large.company_id, scopes: ["budgets:read", "calls:read"] },
    BENCH_KEY_CHECK_SECRET,
  );
  const smallKey = await createKey(
    state.db,
    { companyId: small.company_id, scopes: ["budgets:read", "calls:read"] },
    BENCH_KEY_CHECK_SECRET,
  );
  const writeKey = await createKey(
    state.db,
    { companyId: small.company_id, scopes: ["budgets:write"] },
    BENCH_KEY_CHECK_SECRET,
  );
  console.log(`Seeding a knowledge base of ${KB_DOCUMENTS.toLocaleString("en")} documents ...`);
  const kbCompany = await createTenant(state.db, { name: "Bench KB", plan: "Business", capabilities: ["kb"] });
  const kb = await bulkKnowledgeBaseDocuments(state.db, kbCompany.company_id, { count: String(KB_DOCUMENTS) });
  const kbKey = await createKey(
    state.db,
    { companyId: kbCompany.company_id, scopes: ["kb:read"] },
    BENCH_KEY_CHECK_SECRET,
  );
  const search = searchStatements(state.db, kbCompany.company_id, kb.knowledge_base_id, {
    phrases: phraseRanges(queryWords(KB_QUERY.query), 2),
    match: matchExpression(queryWords(KB_QUERY.query))!,
    limit: KB_QUERY.limit,
  }).map((statement) => statement.toSQL());
  // The floor's list query is the API's own page query, with the small company's parameters.
  const page = budgetPageQuery(state.db);
  const named: Record<string, unknown> = { companyId: small.company_id, limit: 50, offset: 0 };
  const params = page.params.map((param: unknown) =>
    typeof param === "object" && param !== null && "name" in param ? named[(param as { name: string }).name] : param,
  );
  // The write floor's batch is POST /budgets's own: the budget's statements, its audit entry and its
  // event's outbox statements, as the handler builds them (fresh ids per request).
  const company = {
    id: small.company_id,
    name: "Bench 1k",
    plan: "Business" as const,
    parentCompanyId: null,
    capabilities: [],
    spendEnabled: false,
    defaultVatRate: 21,
    defaultCurrency: "EUR",
    defaultValidity: null,
    defaultRegion: "ES",
    store: 0,
  };
  const draft = newBudget(state.db, company, CreateBudgetBody.parse(budgetBody()));
  const audit = state.db.insert(auditLog).values({
    id: crypto.randomUUID(),
    companyId: company.id,
    keyId: writeKey.key_id,
    operation: "createBudget",
    method: "POST",
    path: "/api/v1/budgets",
    resourceType: "budget",
    resourceId: draft.id,
    requestId: crypto.randomUUID(),
    createdAt: draft.createdAt,
  });
  // The API's batch marks the request's Idempotency-Key too (its precondition, then the mark).
  const { free, mark } = markStatements(
    state.db,
    { companyId: company.id, lineageId: crypto.randomUUID(), key: crypto.randomUUID() },
    "0".repeat(64),
    crypto.randomUUID(),
    { resourceType: "budget", resourceId: draft.id },
  );
  const writeBatch = [
    ...draft.statements,
    free.statement,
    audit,
    mark,
    ...outboxStatements(state.db, company.id, [draft.event]).statements,
  ].map((statement) => (statement as unknown as { toSQL(): { sql: string; params: unknown[] } }).toSQL());
  await state.dispose();

  buildAssets();
  const [apiPort, barePort] = [await port(), await port()];
  const apiUrl = (path: string) => `http://127.0.0.1:${apiPort}${path}`;
  const bareUrl = (path: string) => `http://127.0.0.1:${barePort}${path}`;
  const auth = (key: string) => ({ Authorization: `Bearer ${key}` });
  const writeRequest = () => ({
    method: "POST",
    headers: { ...auth(writeKey.api_key), "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
    body: JSON.stringify(budgetBody()),
  });
  // The round trips of each scenario, read from Server-Timing by a server that sends it; the loads
  // then run against one without it, as the API is deployed (counting and the header cost a little).
  const timed = startServer([
    "--port",
    String(apiPort),
    "--persist-to",
    persistTo,
    ...apiVars,
    "--var",
    "SERVER_TIMING:true",
  ]);
  servers.push(timed);
  await waitFor(apiUrl("/api/v1/openapi.json"), timed);
  const trips = {
    list: await roundTrips(apiUrl("/api/v1/budgets?limit=50"), { headers: auth(smallKey.api_key) }),
    write: await roundTrips(apiUrl("/api/v1/budgets"), writeRequest()),
    calls: await roundTrips(apiUrl("/api/v1/calls?limit=50"), { headers: auth(smallKey.api_key) }),
    search: await roundTrips(apiUrl(`/api/v1/knowledge-bases/${kb.knowledge_base_id}/search`), {
      method: "POST",
      headers: { ...auth(kbKey.api_key), "Content-Type": "application/json" },
      body: JSON.stringify(KB_QUERY),
    }),
  };
  await stopServer(timed);
  const api = startServer(["--port", String(apiPort), "--persist-to", persistTo, ...apiVars]);
  servers.push(api);
  await waitFor(apiUrl("/api/v1/openapi.json"), api);
  const bareVars = [
    "--var",
    `FLOOR_LIST_SQL:${page.sql}`,
    "--var",
    `FLOOR_LIST_PARAMS:${JSON.stringify(params)}`,
    "--var",
    `FLOOR_WRITE_BATCH:${JSON.stringify(writeBatch)}`,
    "--var",
    `FLOOR_WRITE_KEEP:${company.id}`,
    "--var",
    `FLOOR_SEARCH:${JSON.stringify(search)}`,
  ];
  const bare = startServer([
    "-c",
    "bench/wrangler.bare.toml",
    "--port",
    String(barePort),
    "--persist-to",
    persistTo,
    ...bareVars,
  ]);
  servers.push(bare);
  await waitFor(bareUrl("/"), bare);
  const directPort = await port();
  const direct = startServer([
    "-c",
    "bench/wrangler.direct.toml",
    "--port",
    String(directPort),
    "--persist-to",
    persistTo,
  ]);
  servers.push(direct);
  await waitFor(`http://127.0.0.1:${directPort}/`, direct);

  const results: (Result & { trips?: string })[] = [];
  const run = async (
    name: string,
    options: Parameters<typeof load>[1],
    pid: number,
    tripsOf?: { keyguard: number; d1: number; sequential: number },
  ) => {
    const result = {
      ...(await load(name, options, pid)),
      trips: tripsOf ? `${tripsOf.sequential} (DO ${tripsOf.keyguard}, D1 ${tripsOf.d1})` : undefined,
    };
    results.push(result);
    return result;
  };
  /**
   * A target's floor and API scenario in `--rounds` rounds (floor then API, API then floor, ...), so
   * that a drift of the busy machine weighs on both alike; the round with the median ratio is kept.
   */
  type Scenario = {
    name: string;
    options: Parameters<typeof load>[1];
    trips: { keyguard: number; d1: number; sequential: number };
  };
  const paired = async (floor: Scenario, apiScenario: Scenario, also?: Scenario) => {
    const rounds: { floor: Result; api: Result; also?: Result }[] = [];
    for (let round = 0; round < Number(values.rounds); round++) {
      // Every other round runs the API first, so that a drift of the machine within a round does not always favour one side.
      const loadFloor = () => load(floor.name, floor.options, bare.pid!);
      const loadApi = () => load(apiScenario.name, apiScenario.options, api.pid!);
      let floorResult: Result;
      let apiResult: Result;
      if (round % 2 === 0) {
        floorResult = await loadFloor();
        apiResult = await loadApi();
      } else {
        apiResult = await loadApi();
        floorResult = await loadFloor();
      }
      rounds.push({
        floor: floorResult,
        api: apiResult,
        also: also ? await load(also.name, also.options, api.pid!) : undefined,
      });
    }
    // Every round is reported in the order it ran; the median is taken from a sorted copy.
    const median = [...rounds].sort((a, b) => a.api.rps / a.floor.rps - b.api.rps / b.floor.rps)[
      Math.floor(rounds.length / 2)
    ]!;
    const tripsText = (t: { keyguard: number; d1: number; sequential: number }) =>
      `${t.sequential} (DO ${t.keyguard}, D1 ${t.d1})`;
    results.push(
      { ...median.floor, trips: tripsText(floor.trips) },
      { ...median.api, trips: tripsText(apiScenario.trips) },
    );
    // The scenario run alongside in every round, shown by its median p50 (its round with that p50).
    const alsoRounds = rounds.flatMap((r) => (r.also ? [r.also] : []));
    const alsoMedian = [...alsoRounds].sort((a, b) => a.p50 - b.p50)[Math.floor(alsoRounds.length / 2)];
    if (also && alsoMedian) results.push({ ...alsoMedian, trips: tripsText(also.trips) });
    const medianP50 = (list: Result[]) =>
      [...list].map((r) => r.p50).sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
    return {
      ...median,
      p50s: {
        api: rounds.map((r) => r.api.p50),
        also: alsoRounds.map((r) => r.p50),
        apiMedian: medianP50(rounds.map((r) => r.api)),
        alsoMedian: medianP50(alsoRounds),
      },
      ratios: rounds.map((r) => r.api.rps / r.floor.rps),
      cpuAbove: rounds.map((r) => r.api.cpuMsPerRequest - r.floor.cpuMsPerRequest),
    };
  };
  const bareFixed = await run("bare Worker (fixed JSON)", { url: bareUrl("/") }, bare.pid!);
  // The API serves its reference's bundle from static assets, so the local runtime's static-assets
  // router runs before the Worker on every request; the floors have the same front door. What the
  // router itself costs: the same fixed answer with no router in front.
  const directFixed = await run(
    "bare Worker (fixed JSON), no assets router",
    { url: `http://127.0.0.1:${directPort}/` },
    direct.pid!,
  );
  await stopServer(direct);
  // The list at 1,000,000 budgets runs in every round too, right after the list at 1,000: their p50s
  // are compared as medians of the same rounds.
  const listPair = await paired(
    {
      name: "floor: DO call, then the page query",
      options: { url: bareUrl("/floor/list"), headers: auth(smallKey.api_key) },
      trips: { keyguard: 1, d1: 1, sequential: 2 },
    },
    {
      name: `GET /budgets?limit=50, ${SMALL.toLocaleString("en")} budgets`,
      options: { url: apiUrl("/api/v1/budgets?limit=50"), headers: auth(smallKey.api_key) },
      trips: trips.list,
    },
    {
      name: `GET /budgets?limit=50, ${LARGE.toLocaleString("en")} budgets`,
      options: { url: apiUrl("/api/v1/budgets?limit=50"), headers: auth(largeKey.api_key) },
      trips: trips.list,
    },
  );
  const [listFloor, list1k] = [listPair.floor, listPair.api];
  const writePair = await paired(
    {
      name: "floor: DO claim, one D1 batch, DO store",
      options: {
        url: bareUrl("/floor/write"),
        method: "POST",
        idReplacement: true,
        headers: { ...auth(writeKey.api_key), "Content-Type": "application/json", "Idempotency-Key": "[<id>]" },
        body: JSON.stringify(budgetBody()),
      },
      trips: { keyguard: 2, d1: 1, sequential: 3 },
    },
    {
      name: "POST /budgets with Idempotency-Key",
      options: {
        url: apiUrl("/api/v1/budgets"),
        method: "POST",
        idReplacement: true,
        headers: { ...auth(writeKey.api_key), "Content-Type": "application/json", "Idempotency-Key": "[<id>]" },
        body: JSON.stringify(budgetBody()),
      },
      trips: trips.write,
    },
  );
  const [writeFloor, write] = [writePair.floor, writePair.api];
  const callsFloor = await run(
    "floor: DO call, then three D1 queries at once",
    { url: bareUrl("/floor/calls"), headers: auth(largeKey.api_key) },
    bare.pid!,
    { keyguard: 1, d1: 3, sequential: 2 },
  );
  const calls = await run(
    "GET /calls?limit=50 + totals, 100,000 calls",
    { url: apiUrl("/api/v1/calls?limit=50"), headers: auth(largeKey.api_key) },
    api.pid!,
    trips.calls,
  );
  const searchRequest = {
    method: "POST" as const,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(KB_QUERY),
  };
  const searchFloor = await run(
    "floor: DO call, then the search's D1 batch",
    { url: bareUrl("/floor/search"), ...searchRequest, headers: { ...searchRequest.headers, ...auth(kbKey.api_key) } },
    bare.pid!,
    { keyguard: 1, d1: 1, sequential: 2 },
  );
  const searchApi = await run(
    `POST /knowledge-bases/{id}/search, ${KB_DOCUMENTS.toLocaleString("en")} documents`,
    {
      url: apiUrl(`/api/v1/knowledge-bases/${kb.knowledge_base_id}/search`),
      ...searchRequest,
      headers: { ...searchRequest.headers, ...auth(kbKey.api_key) },
    },
    api.pid!,
    trips.search,
  );
  // A deep offset, briefly: SQLite walks the skipped rows of the index, so it costs in proportion.
  const saved = { ...benchOptions };
  Object.assign(benchOptions, { duration: 3, connections: 2 });
  const deep = await run(
    `GET /budgets?offset=${DEEP_OFFSET.toLocaleString("en")} (2 connections)`,
    { url: apiUrl(`/api/v1/budgets?limit=50&offset=${DEEP_OFFSET}`), headers: auth(largeKey.api_key) },
    api.pid!,
    trips.list,
  );
  Object.assign(benchOptions, saved);

  const bundle = bundleSize(join(persistTo, "bundle"));
  const startup = startupMs(join(persistTo, "startup.cpuprofile"));

  console.log(
    `\n${benchOptions.duration} s per scenario, ${benchOptions.connections} connections, autocannon in a separate process, inspector ${benchOptions.inspector ? "on" : "off"}; ${machine()}; CPU: the workerd process that runs the Worker, and (tree) with wrangler's Node process and proxy\n`,
  );
  console.log(
    "scenario".padEnd(48),
    "req/s".padStart(7),
    "p50 ms".padStart(7),
    "p99 ms".padStart(7),
    "CPU ms/req".padStart(11),
    "tree".padStart(6),
    "non-2xx".padStart(8),
    "RSS MiB".padStart(8),
    "  round trips",
  );
  for (const result of results) {
    console.log(
      result.name.padEnd(48),
      String(result.rps).padStart(7),
      String(result.p50).padStart(7),
      String(result.p99).padStart(7),
      result.cpuMsPerRequest.toFixed(2).padStart(11),
      result.treeCpuMsPerRequest.toFixed(2).padStart(6),
      String(result.non2xx + result.errors).padStart(8),
      String(result.rssMiB).padStart(8),
      `  ${result.trips ?? ""}`,
    );
  }
  const verdict = (ok: boolean) => (ok ? "met" : "NOT met");
  const cpuAbove = (api: Result, floor: Result) => api.cpuMsPerRequest - floor.cpuMsPerRequest;
  const { apiMedian: p50Small, alsoMedian: p50Large } = listPair.p50s;
  const p50Spread = Math.abs(p50Large - p50Small) / Math.max(p50Small, 1);
  const targets = {
    list: {
      ratio: list1k.rps / listFloor.rps,
      cpuAboveFloorMs: cpuAbove(list1k, listFloor),
      rounds: { ratios: listPair.ratios, cpuAboveFloorMs: listPair.cpuAbove },
    },
    write: {
      ratio: write.rps / writeFloor.rps,
      cpuAboveFloorMs: cpuAbove(write, writeFloor),
      rounds: { ratios: writePair.ratios, cpuAboveFloorMs: writePair.cpuAbove },
    },
    calls: { ratio: calls.rps / callsFloor.rps, cpuAboveFloorMs: cpuAbove(calls, callsFloor) },
    search: {
      ratio: searchApi.rps / searchFloor.rps,
      cpuAboveFloorMs: cpuAbove(searchApi, searchFloor),
      p50: searchApi.p50,
    },
    p50Spread,
    p50Rounds: listPair.p50s,
  };
  console.log("");
  const roundsText = (pair: { ratios: number[]; cpuAbove: number[] }) =>
    pair.ratios.map((ratio, i) => `${percent(ratio, 1)} +${pair.cpuAbove[i]!.toFixed(2)} ms`).join("; ");
  console.log(
    `Rounds in the order they ran (API/floor req/s, CPU above the floor), the median round shown above: list ${roundsText(listPair)}; POST /budgets ${roundsText(writePair)}`,
  );
  console.log(
    `List at ${percent(list1k.rps, listFloor.rps)} of its floor's req/s (target >= ${percent(TARGETS.listRps, 1)}): ${verdict(targets.list.ratio >= TARGETS.listRps)}; CPU ${targets.list.cpuAboveFloorMs.toFixed(2)} ms/req above it (target <= ${TARGETS.cpuMsAboveFloor}): ${verdict(targets.list.cpuAboveFloorMs <= TARGETS.cpuMsAboveFloor)}`,
  );
  console.log(
    `POST /budgets at ${percent(write.rps, writeFloor.rps)} of its floor's req/s (target >= ${percent(TARGETS.writeRps, 1)}): ${verdict(targets.write.ratio >= TARGETS.writeRps)}; CPU ${targets.write.cpuAboveFloorMs.toFixed(2)} ms/req above it (target <= ${TARGETS.cpuMsAboveFloor}): ${verdict(targets.write.cpuAboveFloorMs <= TARGETS.cpuMsAboveFloor)}`,
  );
  console.log(
    `GET /calls at ${percent(calls.rps, callsFloor.rps)} of its floor's req/s; CPU ${targets.calls.cpuAboveFloorMs.toFixed(2)} ms/req above it`,
  );
  console.log(
    `Knowledge-base search (${KB_DOCUMENTS.toLocaleString("en")} documents): p50 ${searchApi.p50} ms, ${percent(searchApi.rps, searchFloor.rps)} of its floor's req/s; CPU ${targets.search.cpuAboveFloorMs.toFixed(2)} ms/req above it`,
  );
  console.log(
    `List p50 at ${LARGE.toLocaleString("en")} budgets vs ${SMALL.toLocaleString("en")}, medians of the rounds: ${p50Large} ms vs ${p50Small} ms (${percent(p50Spread, 1)}; target within ${percent(TARGETS.p50Spread, 1)}): ${verdict(p50Spread <= TARGETS.p50Spread)}; rounds ${listPair.p50s.also.join("/")} vs ${listPair.p50s.api.join("/")} ms`,
  );
  console.log(
    `Static-assets router (in front of the API and of its floors alike): the fixed JSON answer at ${bareFixed.rps} req/s through it, ${directFixed.rps} without it; ${(bareFixed.cpuMsPerRequest - directFixed.cpuMsPerRequest).toFixed(2)} ms of CPU per request`,
  );
  console.log(
    `Seeding ${LARGE.toLocaleString("en")} budgets took ${seedSeconds.toFixed(1)} s; offset=${DEEP_OFFSET} costs p50 ${deep.p50} ms (page by cursor instead)`,
  );
  console.log(
    `Bundle: ${bundle.rawKiB} KiB, ${bundle.gzipKiB} KiB gzipped (target < ${TARGETS.bundleGzipKiB} KiB): ${verdict(bundle.gzipKiB < TARGETS.bundleGzipKiB)}`,
  );
  console.log(
    `Start-up: ${startup} ms of CPU on this machine (the platform allows ${TARGETS.startupMs} ms): ${verdict(startup < TARGETS.startupMs / 2)} with room to spare`,
  );

  mkdirSync(join(root, "bench-results"), { recursive: true });
  writeFileSync(
    join(root, "bench-results", "latest.json"),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: machine(),
        ...benchOptions,
        seedSeconds,
        results,
        targets,
        bundle,
        startupMs: startup,
        bareFixedRps: bareFixed.rps,
        assetsRouter: {
          directRps: directFixed.rps,
          cpuMsPerRequest: bareFixed.cpuMsPerRequest - directFixed.cpuMsPerRequest,
        },
      },
      null,
      2,
    ),
  );
}

/** The flood (scripts/lib/flood.ts): requests that cannot be authenticated, against an API server with nothing seeded. */
async function runFlood(state: State, requests: number) {
  await state.dispose();
  buildAssets();
  const apiPort = await port();
  const api = startServer(["--port", String(apiPort), "--persist-to", persistTo, ...apiVars]);
  servers.push(api);
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  await waitFor(`${apiUrl}/api/v1/openapi.json`, api);
  const results = await flood({ apiUrl, pid: api.pid!, persistTo, requests, connections: benchOptions.connections });
  console.log(
    `\nFlood: ${requests.toLocaleString("en")} requests per scenario, ${benchOptions.connections} connections; ${machine()}\n`,
  );
  printFlood(results);
  mkdirSync(join(root, "bench-results"), { recursive: true });
  writeFileSync(
    join(root, "bench-results", "flood.json"),
    JSON.stringify(
      { date: new Date().toISOString(), machine: machine(), requests, connections: benchOptions.connections, results },
      null,
      2,
    ),
  );
}

async function runSoak(state: State, seconds: number) {
  const capabilities = [...new Set(domains.flatMap((domain) => domain.operations.map((op) => op.capability)))];
  const keys: string[] = [];
  const random = seededRandom(14);
  for (let company = 1; company <= SOAK_COMPANIES; company++) {
    const { company_id } = await createTenant(state.db, {
      name: `Soak ${company}`,
      plan: "Enterprise",
      capabilities,
      defaultCurrency: "EUR",
    });
    await seedCompany(
      state.db,
      { id: company_id, currency: "EUR", vatRate: 21, region: "ES" },
      random,
      Date.now(),
      "small",
    );
    for (let key = 0; key < SOAK_KEYS_PER_COMPANY; key++)
      keys.push(
        (await createKey(state.db, { companyId: company_id, scopes: [...knownScopes] }, BENCH_KEY_CHECK_SECRET))
          .api_key,
      );
  }
  await state.dispose();
  buildAssets();
  const apiPort = await port();
  const api = startServer(["--port", String(apiPort), "--persist-to", persistTo, ...apiVars]);
  servers.push(api);
  await waitFor(`http://127.0.0.1:${apiPort}/api/v1/openapi.json`, api);
  // Every list the API serves on gates A and W: GET operations without path parameters or required query parameters.
  const reads = domains
    .flatMap((domain) => domain.operations)
    .filter((op) => op.method === "get" && !op.path.includes("{") && (op.gate === "A" || op.gate === "W"))
    .filter(
      (op) =>
        !Object.values(
          (op.request?.query as { shape?: Record<string, { isOptional(): boolean }> } | undefined)?.shape ?? {},
        ).some((field) => !field.isOptional()),
    )
    .map((op) => op.path);
  console.log(
    `Soak: a warm-up, then ${seconds} s measured, ${SOAK_CONCURRENCY} clients, ${keys.length} keys of ${SOAK_COMPANIES} companies, reads over ${reads.length} lists, writes POST /budgets ...`,
  );
  const report = await soak({
    baseUrl: `http://127.0.0.1:${apiPort}`,
    pid: api.pid!,
    seconds,
    keys,
    reads,
    write: { path: "/api/v1/budgets", body: budgetBody },
    concurrency: SOAK_CONCURRENCY,
  });
  process.kill(-api.pid!, "SIGTERM");
  // The same traffic against the bare Worker's fixed answer (no I/O, no application code): how much
  // of the servers' memory growth is the local runtime's own (wrangler dev and workerd).
  console.log(
    `Reference: the same traffic (warm-up, then ${seconds} s) against the bare Worker's fixed JSON answer ...`,
  );
  const barePort = await port();
  const bare = startServer(["-c", "bench/wrangler.bare.toml", "--port", String(barePort), "--persist-to", persistTo]);
  servers.push(bare);
  await waitFor(`http://127.0.0.1:${barePort}/`, bare);
  const reference = await soak({
    baseUrl: `http://127.0.0.1:${barePort}`,
    pid: bare.pid!,
    seconds,
    keys,
    reads: ["/"],
    write: { path: "/", body: budgetBody },
    concurrency: SOAK_CONCURRENCY,
  });
  const rssLine = (samples: typeof report.rssSamples) =>
    samples.map((sample) => `${sample.second}s ${sample.rssMiB}`).join(", ");
  const warmUpLine = (run: typeof report) =>
    `${run.warmUp.settled ? "settled after" : "still growing after"} ${run.warmUp.seconds} s (RSS ${rssLine(run.warmUp.rssSamples)})`;
  console.log(`\nWarm-up of the API (the same traffic until the RSS stops growing): ${warmUpLine(report)}`);
  console.log(
    `Measured ${seconds} s: ${report.requests} requests; by status: ${JSON.stringify(report.byStatus)}; responses of 500: ${report.serverErrors} (target 0)`,
  );
  for (const op of report.operations.filter((op) => Object.keys(op.byStatus).some((status) => !status.startsWith("2"))))
    console.log(`  ${op.operation}: ${JSON.stringify(op.byStatus)}`);
  console.log(`RSS of the server processes every 10 s (MiB): ${rssLine(report.rssSamples)}`);
  console.log(
    `Spread after warm-up: ${percent(report.rssSpread, 1)} (target within 10%): ${report.rssSpread <= 0.1 ? "met" : "NOT met"}`,
  );
  console.log(
    `Bare Worker, fixed JSON, same traffic: warm-up ${warmUpLine(reference)}; measured ${reference.requests} requests; RSS ${rssLine(reference.rssSamples)}; spread ${percent(reference.rssSpread, 1)}`,
  );
  console.log(`\n${"operation".padEnd(44)} ${"requests".padStart(9)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)}`);
  for (const op of report.operations)
    console.log(
      `${op.operation.padEnd(44)} ${String(op.requests).padStart(9)} ${String(op.p50).padStart(7)} ${String(op.p99).padStart(7)}`,
    );
  mkdirSync(join(root, "bench-results"), { recursive: true });
  writeFileSync(
    join(root, "bench-results", "soak.json"),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: machine(),
        seconds,
        ...report,
        reference: {
          warmUp: reference.warmUp,
          requests: reference.requests,
          rssSamples: reference.rssSamples,
          rssSpread: reference.rssSpread,
        },
      },
      null,
      2,
    ),
  );
  if (report.serverErrors > 0) process.exitCode = 1;
}

/**
 * The cost of the due-work tick as the due_work table grows: for each size, that many items come
 * due (in 100 companies) TICK_DUE_AFTER_MS after they are seeded. A fresh server first runs one tick
 * through wrangler's scheduled route (`/__scheduled`) before they are due, which loads and compiles
 * the tick's code and hands nothing over; once they are due, the measured tick: its CPU (the
 * Worker's runtime, and the server's process tree, while the route runs) divided by the items it
 * handed over. Without the warm-up, the first tick of a fresh server also paid for loading every
 * domain's module. The tick reads due_work_due_idx only, so its cost per item stays flat however many rows wait.
 */
async function runTick(state: State) {
  const rows: {
    size: number;
    handed: number;
    cpuMs: number;
    treeCpuMs: number;
    warmUpCpuMs: number;
    batches: number;
    left: number;
  }[] = [];
  let current = state;
  for (const size of TICK_TABLE_SIZES) {
    console.log(`Seeding ${size.toLocaleString("en")} due items ...`);
    await current.d1.exec("DELETE FROM due_work; DELETE FROM jobs;");
    const created = new Date().toISOString();
    const insert = current.d1.prepare(
      "INSERT INTO due_work (id, company_id, kind, payload, due_at, created_at) VALUES (?, ?, 'bench.noop', '{}', ?, ?)",
    );
    for (let start = 0; start < size; start += 500) {
      const count = Math.min(500, size - start);
      await current.d1.batch(
        Array.from({ length: count }, (_, index) =>
          insert.bind(crypto.randomUUID(), `company_${(start + index) % 100}`, created, created),
        ),
      );
    }
    // Due a fixed time from now, however long the seeding took.
    const seeded = Date.now();
    await current.d1
      .prepare("UPDATE due_work SET due_at = ?")
      .bind(new Date(seeded + TICK_DUE_AFTER_MS).toISOString())
      .run();
    await current.dispose();
    const apiPort = await port();
    const api = startServer(["--port", String(apiPort), "--persist-to", persistTo, "--test-scheduled", ...apiVars]);
    servers.push(api);
    await waitFor(`http://127.0.0.1:${apiPort}/api/v1/openapi.json`, api);
    const tick = async () => {
      const before = serverCpuMs(api.pid!);
      await (await fetch(`http://127.0.0.1:${apiPort}/__scheduled?cron=*+*+*+*+*`)).text();
      const after = serverCpuMs(api.pid!);
      return { runtime: after.runtime - before.runtime, tree: after.tree - before.tree };
    };
    const warmUp = await tick();
    const warmUpEnded = Date.now();
    if (warmUpEnded >= seeded + TICK_DUE_AFTER_MS)
      throw new Error(
        `The warm-up tick ended ${warmUpEnded - seeded} ms after seeding, when the items were already due: the server took too long to start.`,
      );
    await new Promise((wait) => setTimeout(wait, seeded + TICK_DUE_AFTER_MS + 1_000 - warmUpEnded));
    const measured = await tick();
    await stopServer(api);
    current = await openState({ persistTo });
    const left = (await current.d1.prepare("SELECT count(*) AS n FROM due_work").first<{ n: number }>())?.n ?? 0;
    const handed = size - left;
    // One D1 batch per handover of up to 100 items, and one more that finds fewer than 100 (or none).
    const batches =
      Math.ceil(handed / TICK_HANDOVER.perBatch) +
      (handed % TICK_HANDOVER.perBatch === 0 && handed < TICK_HANDOVER.perTick ? 1 : 0);
    rows.push({
      size,
      handed,
      cpuMs: measured.runtime,
      treeCpuMs: measured.tree,
      warmUpCpuMs: warmUp.runtime,
      batches,
      left,
    });
  }
  await current.dispose();
  console.log(
    `\n${"due items in the table".padEnd(24)} ${"handed over".padStart(12)} ${"CPU ms".padStart(8)} ${"CPU ms/item".padStart(12)} ${"tree ms/item".padStart(13)} ${"D1 batches/item".padStart(16)} ${"warm-up tick ms".padStart(16)}`,
  );
  for (const row of rows) {
    const perItem = (ms: number) => (ms / Math.max(row.handed, 1)).toFixed(3);
    console.log(
      `${row.size.toLocaleString("en").padEnd(24)} ${String(row.handed).padStart(12)} ${row.cpuMs.toFixed(1).padStart(8)} ${perItem(row.cpuMs).padStart(12)} ${perItem(row.treeCpuMs).padStart(13)} ${(row.batches / Math.max(row.handed, 1)).toFixed(3).padStart(16)} ${row.warmUpCpuMs.toFixed(1).padStart(16)}`,
    );
  }
  console.log(
    `(CPU: the Worker's runtime while the measured tick's route ran; tree: with wrangler's Node process and proxy; the warm-up tick, on the fresh server before anything was due, in the runtime. At most ${TICK_HANDOVER.perTick.toLocaleString("en")} items per tick; the rest waits for the next minute. ${machine()})`,
  );
  mkdirSync(join(root, "bench-results"), { recursive: true });
  writeFileSync(
    join(root, "bench-results", "tick.json"),
    JSON.stringify({ date: new Date().toISOString(), machine: machine(), rows }, null, 2),
  );
}

/**
 * The cost of a burst of provider callbacks as their tables grow (issue #26): for each size,
 * provider_callbacks and jobs are topped up to that many rows (finished callbacks of 100 companies,
 * the bench company's among them) and 1,000 dialled calls are left ringing in one company; then one
 * server receives a burst of 1,000 signed Twilio `completed` status callbacks, 20 at a time, and its
 * jobs settle every call (real cost, refund to the wallet, call.settled). CPU is the server's
 * process tree from the first callback sent until the API reports every call ended (its calls
 * totals, polled every 250 ms), less what the idle server burns in that time. The route's and the
 * job's queries read a row by its key and the unique index of the event id, so the cost per
 * callback stays flat however many rows the tables hold.
 */
async function runCallbacks(state: State) {
  const { company_id: companyId } = await createTenant(state.db, {
    name: "Bench callbacks",
    plan: "Business",
    capabilities: ["calls"],
    defaultCurrency: "EUR",
  });
  const readKey = await createKey(state.db, { companyId, scopes: ["calls:read"] }, BENCH_KEY_CHECK_SECRET);
  await runWriteBatch(
    state.db,
    await credit(state.db, {
      companyId,
      amountMinor: 10_000_000,
      currency: "EUR",
      kind: "top_up",
      reference: { type: "payment", id: "bench" },
    }),
  );
  const rows: CallbackRow[] = [];
  let ended = 0;
  let current = state;
  for (const size of CALLBACK_TABLE_SIZES) {
    console.log(
      `Seeding ${size.toLocaleString("en")} provider callbacks and jobs, and ${(CALLBACK_WARM_UP + CALLBACK_BURST).toLocaleString("en")} ringing calls ...`,
    );
    await fillCallbackTables(current.d1, companyId, size);
    const warmUpCalls = await seedRingingCalls(current.db, companyId, CALLBACK_WARM_UP);
    const burstCalls = await seedRingingCalls(current.db, companyId, CALLBACK_BURST);
    await current.dispose();

    const apiPort = await port();
    const baseUrl = `http://127.0.0.1:${apiPort}`;
    const callbackVars = [
      "--var",
      `TWILIO_AUTH_TOKEN:${BENCH_TWILIO_AUTH_TOKEN}`,
      "--var",
      `PROVIDER_CALLBACK_BASE_URL:${baseUrl}`,
    ];
    const api = startServer(["--port", String(apiPort), "--persist-to", persistTo, ...apiVars, ...callbackVars]);
    servers.push(api);
    await waitFor(`${baseUrl}/api/v1/openapi.json`, api);
    const endedCalls = async (expected: number) => waitForEndedCalls(baseUrl, readKey.api_key, expected);
    // A small burst first, so the measured one finds the route and the job compiled and warm.
    await fireCallbacks(await signCallbacks(baseUrl, companyId, warmUpCalls));
    ended += CALLBACK_WARM_UP;
    await endedCalls(ended);

    const signed = await signCallbacks(baseUrl, companyId, burstCalls);
    const idleStart = treeCpuMs(api.pid!);
    await new Promise((wait) => setTimeout(wait, CALLBACK_IDLE_SAMPLE_MS));
    const idleCpuMsPerSecond = (treeCpuMs(api.pid!) - idleStart) / (CALLBACK_IDLE_SAMPLE_MS / 1000);
    const before = treeCpuMs(api.pid!);
    const started = performance.now();
    const burst = await fireCallbacks(signed);
    const receivedSeconds = (performance.now() - started) / 1000;
    const receiveCpuMs = treeCpuMs(api.pid!) - before;
    ended += CALLBACK_BURST;
    const polls = await endedCalls(ended);
    const settledSeconds = (performance.now() - started) / 1000;
    const totalCpuMs = treeCpuMs(api.pid!) - before;
    await stopServer(api);

    current = await openState({ persistTo });
    const jobsOf = await current.d1
      .prepare(
        "SELECT status, count(*) AS n, sum(attempts) AS attempts FROM jobs WHERE company_id = ? AND kind = 'dialer.call_status' GROUP BY status",
      )
      .bind(companyId)
      .all<{ status: string; n: number; attempts: number }>();
    const tableRows = (await current.d1
      .prepare("SELECT (SELECT count(*) FROM provider_callbacks) AS callbacks, (SELECT count(*) FROM jobs) AS jobs")
      .first<{ callbacks: number; jobs: number }>())!;
    rows.push({
      size,
      tableRows,
      statuses: burst.statuses,
      p50Ms: burst.p50Ms,
      p99Ms: burst.p99Ms,
      receivedSeconds,
      settledSeconds,
      receiveCpuMs,
      totalCpuMs,
      idleCpuMsPerSecond,
      netCpuMs: totalCpuMs - idleCpuMsPerSecond * settledSeconds,
      polls,
      jobs: Object.fromEntries(jobsOf.results.map((row) => [row.status, { count: row.n, attempts: row.attempts }])),
    });
  }
  await current.dispose();

  const perCallback = (ms: number) => (ms / CALLBACK_BURST).toFixed(2);
  console.log(
    `\nA burst of ${CALLBACK_BURST.toLocaleString("en")} Twilio \`completed\` callbacks, ${CALLBACK_CONCURRENCY} at a time, each settling a dialled call; ${machine()}\n`,
  );
  console.log(
    `${"rows already in the tables".padEnd(27)} ${"answers".padStart(10)} ${"p50/p99 ms".padStart(11)} ${"received s".padStart(11)} ${"settled s".padStart(10)} ${"CPU ms/cb (receive)".padStart(20)} ${"CPU ms/cb (all)".padStart(16)} ${"net of idle".padStart(12)} ${"D1 calls/cb".padStart(12)}`,
  );
  for (const row of rows) {
    console.log(
      `${`${row.size.toLocaleString("en")} (now ${row.tableRows.callbacks.toLocaleString("en")} / ${row.tableRows.jobs.toLocaleString("en")})`.padEnd(27)} ${Object.entries(
        row.statuses,
      )
        .map(([status, n]) => `${status}×${n}`)
        .join(" ")
        .padStart(
          10,
        )} ${`${row.p50Ms}/${row.p99Ms}`.padStart(11)} ${row.receivedSeconds.toFixed(1).padStart(11)} ${row.settledSeconds.toFixed(1).padStart(10)} ${perCallback(row.receiveCpuMs).padStart(20)} ${perCallback(row.totalCpuMs).padStart(16)} ${perCallback(row.netCpuMs).padStart(12)} ${String(CALLBACK_D1.receive + CALLBACK_D1.job).padStart(12)}`,
    );
  }
  console.log(
    `\nJobs of the bench company after each run (status: count, attempts): ${rows.map((row) => JSON.stringify(row.jobs)).join("; ")}`,
  );
  console.log(
    `CPU (receive) runs until the last callback was answered, its jobs already running alongside; CPU (all) until the API reported every call ended (${rows.map((row) => row.polls).join("/")} polls of GET /calls?limit=1, included); net of idle subtracts the idle server's own CPU (${rows.map((row) => row.idleCpuMsPerSecond.toFixed(0)).join("/")} ms/s) over that time.`,
  );
  console.log(
    `D1 calls per callback, counted in the code (the route uses the company's database, not the request's session, so Server-Timing does not count them): receive ${CALLBACK_D1.receive} (read the call, record it with its job in one batch), job ${CALLBACK_D1.job} (claim, read the call, read the wallet, settle in one batch).`,
  );
  mkdirSync(join(root, "bench-results"), { recursive: true });
  writeFileSync(
    join(root, "bench-results", "callbacks.json"),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: machine(),
        burst: CALLBACK_BURST,
        concurrency: CALLBACK_CONCURRENCY,
        d1PerCallback: CALLBACK_D1,
        rows,
      },
      null,
      2,
    ),
  );
  if (rows.some((row) => Object.keys(row.statuses).some((status) => status !== "200"))) process.exitCode = 1;
}

interface CallbackRow {
  size: number;
  tableRows: { callbacks: number; jobs: number };
  statuses: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
  receivedSeconds: number;
  settledSeconds: number;
  receiveCpuMs: number;
  totalCpuMs: number;
  idleCpuMsPerSecond: number;
  netCpuMs: number;
  polls: number;
  jobs: Record<string, { count: number; attempts: number }>;
}

/** Tops provider_callbacks up to `size` rows, each with its finished job: earlier callbacks of 100 companies, the bench company one of them. */
async function fillCallbackTables(d1: State["d1"], companyId: string, size: number) {
  const have = (await d1.prepare("SELECT count(*) AS n FROM provider_callbacks").first<{ n: number }>())?.n ?? 0;
  const at = new Date(Date.now() - 3_600_000).toISOString();
  const job = d1.prepare(
    "INSERT INTO jobs (id, company_id, kind, payload, status, attempts, next_attempt_at, lease_until, last_error, created_at, updated_at) VALUES (?, ?, 'dialer.call_status', '{}', 'done', 1, ?, NULL, NULL, ?, ?)",
  );
  const record = d1.prepare(
    "INSERT INTO provider_callbacks (id, company_id, provider, topic, event_id, job_id, received_at) VALUES (?, ?, 'twilio', 'call-status', ?, ?, ?)",
  );
  const missing = Math.max(0, size - have);
  for (let start = 0; start < missing; start += 250) {
    const count = Math.min(250, missing - start);
    await d1.batch(
      Array.from({ length: count }, (_, index) => {
        const owner = (start + index) % 100 === 0 ? companyId : `company_${(start + index) % 100}`;
        const jobId = crypto.randomUUID();
        return [
          job.bind(jobId, owner, at, at, at),
          record.bind(crypto.randomUUID(), owner, `CA${crypto.randomUUID().replaceAll("-", "")}:completed`, jobId, at),
        ];
      }).flat(),
    );
  }
}

/** Dialled calls left ringing, as a dial leaves them once the provider took the call: a reservation of 5 minutes at 0.02 EUR a minute. */
async function seedRingingCalls(db: State["db"], companyId: string, count: number): Promise<DialledCallRecord[]> {
  const at = new Date(Date.now() - 120_000).toISOString();
  const seeded: DialledCallRecord[] = Array.from({ length: count }, (_, index) => ({
    id: crypto.randomUUID(),
    companyId,
    agentId: BENCH_AGENT_ID,
    toNumber: `+34612${String(index).padStart(6, "0")}`,
    fromNumber: "+34910000000",
    sipTrunkId: null,
    status: "ringing",
    startedAt: at,
    country: "ES",
    ratePerMinuteMicros: 20_000,
    minimumSeconds: 60,
    billingIncrementSeconds: 60,
    currency: "EUR",
    reservedMinor: 10,
    reservedSeconds: 300,
    providerCallId: `CA${crypto.randomUUID().replaceAll("-", "")}`,
    failureReason: null,
    answeredAt: null,
    createdAt: at,
    updatedAt: at,
  }));
  for (let start = 0; start < count; start += 50) {
    await runWriteBatch(
      db,
      seeded.slice(start, start + 50).flatMap((call) => dialledCallInsertion(db, call, at.slice(0, 10))),
    );
  }
  return seeded;
}

/** Each call's `completed` status callback as Twilio sends it: form fields, signed over the URL the API gave (its StatusCallback). */
async function signCallbacks(baseUrl: string, companyId: string, calls: readonly DialledCallRecord[]) {
  return Promise.all(
    calls.map(async (call) => {
      const url = callbackUrl(baseUrl, "twilio", callStatusCallback.topic, { company: companyId, call: call.id });
      const params = new URLSearchParams({
        AccountSid: BENCH_TWILIO_ACCOUNT_SID,
        ApiVersion: "2010-04-01",
        CallSid: call.providerCallId!,
        CallStatus: "completed",
        CallDuration: "42",
        Duration: "1",
        Direction: "outbound-api",
        From: call.fromNumber,
        To: call.toNumber,
        CallbackSource: "call-progress-events",
        SequenceNumber: "3",
        Timestamp: new Date().toUTCString(),
      });
      return { url, body: params.toString(), signature: await twilioSignature(BENCH_TWILIO_AUTH_TOKEN, url, params) };
    }),
  );
}

/** Sends the signed callbacks, CALLBACK_CONCURRENCY at a time: the answers by status and their latency. */
async function fireCallbacks(signed: readonly { url: string; body: string; signature: string }[]) {
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  let next = 0;
  const sender = async () => {
    for (let item = signed[next++]; item; item = signed[next++]) {
      const started = performance.now();
      const response = await fetch(item.url, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": item.signature },
        body: item.body,
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: CALLBACK_CONCURRENCY }, sender));
  latencies.sort((a, b) => a - b);
  const at = (quantile: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * quantile))] ?? 0);
  return { statuses, p50Ms: at(0.5), p99Ms: at(0.99) };
}

/** Polls the company's call totals through the API until `expected` calls have ended; returns the polls made. */
async function waitForEndedCalls(baseUrl: string, apiKey: string, expected: number): Promise<number> {
  const deadline = Date.now() + CALLBACK_SETTLE_TIMEOUT_MS;
  for (let polls = 1; ; polls++) {
    const response = await fetch(`${baseUrl}/api/v1/calls?limit=1`, { headers: { Authorization: `Bearer ${apiKey}` } });
    const page = (await response.json()) as { aggregates?: { count?: number } };
    const count = page.aggregates?.count ?? 0;
    if (count >= expected) return polls;
    if (Date.now() > deadline)
      throw new Error(
        `Only ${count} of ${expected} calls ended within ${CALLBACK_SETTLE_TIMEOUT_MS / 1000} s (GET /calls answered ${response.status}).`,
      );
    await new Promise((wait) => setTimeout(wait, 250));
  }
}
