import worker from "../src/index";
import { createApp, workerDomains } from "../src/app";
import { operationStages } from "../src/core/pipeline";
import { requestLog } from "../src/core/stages/request-log";
import type { Env } from "../src/env";
import { captured, capturedEnv, captureProviderCalls } from "./capture";
import { CAPTURE_HEADER } from "./captured";
import { atDistance } from "./distance";
import { aroundD1 } from "./d1";
import { REQUEST_LOG_SWITCH } from "./request-log-switch";

export { KeyGuard } from "../src/index";

/**
 * The Worker as the bench runs it (scripts/lib/bench.ts's benchWranglerConfig: wrangler.toml with
 * this as its main): the real Worker, its requests handed an env whose bindings do the bench's
 * work, set by two variables the Worker itself never reads:
 *   BENCH_DELAY_MS=<ms>  every Durable Object call and D1 query of a request waits that long first (bench/distance.ts);
 *   SQL_CAPTURE=true     every /api/v1 response carries, in X-Bench-SQL, the D1 calls, R2 object
 *                        reads and provider requests its request made (bench/capture.ts).
 * Neither set, a request reaches the Worker with the runtime's env as it is. Queue batches and
 * cron ticks are the Worker's own: the bench measures requests.
 *
 * A request with `X-Bench-Request-Log: off` (REQUEST_LOG_SWITCH) is answered by the same app built
 * without the request log's stage (createApp's stage list), in the same isolate over the same
 * bindings; one with `unsent` by the Worker over D1 bindings that answer the log's insert without
 * running it; so that `--request-log` measures what the log costs a request and nothing else.
 */
interface BenchVars {
  BENCH_DELAY_MS?: string;
  SQL_CAPTURE?: string;
}

interface BenchEnv {
  /** The env the Worker's fetch is given: the runtime's, or one wrapped once for its life. */
  env: Env;
  capture: boolean;
}

const benchEnvs = new WeakMap<Env, BenchEnv>();

export function benchEnvOf(env: Env & BenchVars): BenchEnv {
  let bench = benchEnvs.get(env);
  if (!bench) {
    const delay = env.BENCH_DELAY_MS ?? "0";
    if (!/^\d+$/.test(delay) || Number(delay) > 10_000)
      throw new Error(`BENCH_DELAY_MS must be a whole number of milliseconds up to 10000, not ${delay}.`);
    const capture = env.SQL_CAPTURE === "true";
    if (capture) captureProviderCalls();
    const delayMs = Number(delay);
    const capturing = capture ? capturedEnv(env) : env;
    bench = { env: delayMs > 0 ? atDistance(capturing, delayMs) : capturing, capture };
    benchEnvs.set(env, bench);
  }
  return bench;
}

/** The app without the request log's stage, built on the first request that asks for it. */
let unlogged: ReturnType<typeof createApp> | undefined;
const appFor = (request: Request) =>
  request.headers.get(REQUEST_LOG_SWITCH) === "off"
    ? (unlogged ??= createApp(workerDomains(), {
        stages: operationStages.filter((stage) => stage !== requestLog),
      }))
    : worker;

/** The request log's insert as recordRequest sends it (src/data/request-log.ts): a batch of that one statement. */
const LOG_INSERT = /^insert into "request_log"/i;
const unsentEnvs = new WeakMap<Env, Env>();
/** `env` with D1 bindings that answer the request log's insert as D1 would, without running it; every other call runs. */
function unsentEnvOf(env: Env): Env {
  let unsent = unsentEnvs.get(env);
  if (!unsent) {
    unsent = aroundD1(env, (call, run) =>
      call.method === "batch" && call.statements.length === 1 && LOG_INSERT.test(call.statements[0]?.sql ?? "")
        ? Promise.resolve([{ success: true, results: [], meta: {} }] as never)
        : run(),
    );
    unsentEnvs.set(env, unsent);
  }
  return unsent;
}

async function fetch(request: Request, env: Env & BenchVars, ctx: ExecutionContext): Promise<Response> {
  const bench = benchEnvOf(env);
  const app = appFor(request);
  const appEnv = request.headers.get(REQUEST_LOG_SWITCH) === "unsent" ? unsentEnvOf(bench.env) : bench.env;
  if (!bench.capture || !new URL(request.url).pathname.startsWith("/api/v1/")) return app.fetch(request, appEnv, ctx);
  // The work the request hands to waitUntil (its request log entry) is captured too: the floor makes it after its answer.
  const handedOff: Promise<unknown>[] = [];
  const waitUntil = (work: Promise<unknown>) => {
    handedOff.push(work);
    ctx.waitUntil(work);
  };
  // The runtime's methods need the context itself as `this`, not the proxy.
  const context = new Proxy(ctx, {
    get: (target, property) => {
      if (property === "waitUntil") return waitUntil;
      const value: unknown = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const { result, calls } = await captured(
    async () => app.fetch(request, appEnv, context),
    () => Promise.allSettled(handedOff),
  );
  const response = new Response(result.body, result);
  // As JSON in a header, non-ASCII escaped: a header value is bytes.
  response.headers.set(
    CAPTURE_HEADER,
    JSON.stringify(calls).replace(/[\u007f-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`),
  );
  return response;
}

export default { ...worker, fetch } satisfies ExportedHandler<Env & BenchVars, string>;
