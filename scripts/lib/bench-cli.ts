/**
 * npm run bench's command line: its usage, its options read, and what needs no server (--help, a bad
 * option, --charts-from) answered here, before scripts/bench.ts imports the run and all of src/.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";

const USAGE = `Usage: npm run bench [-- <options>]

The API under \`wrangler dev\` beside a bare Worker that makes exactly the same I/O
(its floors, bench/bare-worker.ts), loaded in one run by autocannon from this separate process.
Prints per scenario requests/s, p50/p99, CPU time per request (the Worker's runtime, and the server's process tree), memory and
the sequential round trips a request made (counted by the code: Server-Timing), each API scenario
as a ratio to its floor; the list's p50 at 1,000 and 1,000,000 budgets; a deep offset; what the
static-assets router in front of both Workers costs; the deployable bundle's size and the Worker's
start-up time; then every GET of the demo against its floor (--floors), the distance table at 25 ms
per call (--distance 25) and writes on one tenant store against three (--stores). Writes
bench-results/latest.json (and distance.json, stores.json) and their charts beside them (SVG:
floors.svg, scenarios.svg, latency.svg, distance.svg, distance-latency.svg, stores.svg;
scripts/lib/bench-charts.ts). Ctrl-C stops everything it started.
  --help, -h      this text
  --duration <s>  seconds per scenario (default 10)   --connections <n> (default 10)
  --rounds <n>    floor/API rounds of the two targets with a floor, in turn first (default 7)
  --soak <s>      instead: <s> measured seconds of mixed traffic, after the same traffic has warmed
                  the servers up until their memory stopped growing (scripts/lib/soak.ts)
  --inspector     keep wrangler's DevTools inspector on (off by default, see startServer)
  --tick          instead: the cost of one Cron Trigger tick handing due work over, with 1,000 and
                  with 100,000 items due, after a warm-up tick (CPU per item, D1 batches per item: flat as the table grows)
  --distance <ms> instead: p50/p99 of a warm read, a read by keys seen 40 s ago, a cold read and an idempotent write, without and
                  with <ms> of delay before every Durable Object call and D1 query (scripts/lib/bench-distance.ts)
  --callbacks     instead: the cost of a burst of 1,000 signed Twilio status callbacks (\`completed\`,
                  20 at a time) that settle 1,000 dialled calls, with 1,000 and with 100,000 rows
                  already in provider_callbacks and jobs (CPU per callback, receive and job, and D1
                  queries per callback: flat as the tables grow)
  --flood         instead: unauthenticated traffic (random keys, 1 MiB bodies) against a bare 401,
                  --flood-requests <n> per scenario (default 10,000); see scripts/lib/flood.ts
  --floors        instead: every GET of the seeded demo against its floor (captured SQL) and the cold
                  start, scripts/lib/floors.ts (also run after the main scenarios)
  --floor-seconds <s>  measured seconds per operation and per floor there (default 2)
  --floor-rounds <n>   rounds there: every GET measured once per round, judged by its medians (default 3)
  --floors-only <regex>  with or without --floors: only the GETs whose name matches ("GET /calls$"), to iterate on a few
  --floors-self   A/A: the same run with each GET against the API itself instead of its floor (no
                  floor server), so that what the table shows, misses included, is the method's noise
  --pin           the servers on the last CPU, the load generator and the fakes on the others (taskset),
                  so that one run is placed on the CPUs as the next is
  --charts-from <file>  instead: redraw the charts of a JSON the bench wrote (latest.json, distance.json,
                  stores.json, request-log.json; repeatable) beside it, without running anything
  --stores        instead: write throughput with tenant data on 1 D1 store and on 3, the servers side by
                  side, --rounds rounds, and the round trips per request with each (scripts/lib/bench-stores.ts)
  --request-log   instead: what writing the request log costs a request (target: at most 0.2 ms of CPU, no
                  sequential round trip): one server answers each request with the log, with its entry built
                  but its insert not sent to D1 (the Worker's own part: the local D1 runs in its process), or
                  without it; a list and an idempotent write, --rounds rounds in alternating order; CPU per
                  request, req/s, p50, and the p50 of requests sent one at a time with 25 ms before every
                  call (scripts/lib/bench-request-log.ts; bench-results/request-log.json, request-log.svg)
`;

/** Alternating floor/API rounds of the two targets with a floor (the median round is reported). */
const DEFAULT_ROUNDS = 7;
const OPTIONS = {
  help: { type: "boolean", short: "h", default: false },
  duration: { type: "string", default: "10" },
  connections: { type: "string", default: "10" },
  inspector: { type: "boolean", default: false },
  pin: { type: "boolean", default: false },
  soak: { type: "string" },
  tick: { type: "boolean", default: false },
  callbacks: { type: "boolean", default: false },
  flood: { type: "boolean", default: false },
  "flood-requests": { type: "string", default: "10000" },
  distance: { type: "string" },
  floors: { type: "boolean", default: false },
  stores: { type: "boolean", default: false },
  "request-log": { type: "boolean", default: false },
  "floor-seconds": { type: "string", default: "2" },
  "floor-rounds": { type: "string", default: "3" },
  "floors-only": { type: "string" },
  "floors-self": { type: "boolean", default: false },
  rounds: { type: "string", default: String(DEFAULT_ROUNDS) },
  "charts-from": { type: "string", multiple: true },
} satisfies ParseArgsConfig["options"];
export const values = (() => {
  try {
    return parseArgs({ options: OPTIONS }).values;
  } catch (error) {
    // An unknown or malformed option: the reason and the usage, no stack trace.
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
})();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (values["charts-from"]) {
  // Only the charts, from saved JSON: no server, no state folder.
  for (const file of values["charts-from"]) {
    try {
      console.log(`Charts of ${file}: ${(await (await import("./bench-charts")).writeChartsOf(file)).join(", ")}`);
    } catch (error) {
      console.error(`--charts-from ${file}: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(2);
    }
  }
  process.exit(0);
}
