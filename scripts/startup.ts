/**
 * npm run startup [-- --runs 5 --path /api/v1/budgets]: what a new isolate pays before and on its
 * first request.
 *
 *   - the bundle's size (wrangler deploy --dry-run);
 *   - the domain modules the bundle evaluates at start-up (none: each domain is loaded on first use,
 *     src/core/domain-table.ts) and those one request to --path evaluates (its domain's, and the
 *     domains that domain imports). The bundle is evaluated in Node with a mark at the start of
 *     every module's code, `cloudflare:workers` standing in as wrangler.toml's variables;
 *   - the median start-up CPU of --runs runs of `wrangler check startup` (workerd's own profile).
 *
 * Exits 1 when start-up evaluates a domain module, a provider adapter or the phone metadata (each is
 * loaded by the first request, job or tick that needs it; together they were a quarter of start-up's CPU).
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { register } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { bundleSize, startupMs } from "./lib/bench";
import { root } from "./lib/state";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "5" }, path: { type: "string", default: "/api/v1/budgets" } },
});
const work = mkdtempSync(join(tmpdir(), "startup-"));

const size = bundleSize(work);
console.log(`Bundle: ${size.rawKiB} KiB, ${size.gzipKiB} KiB gzipped`);

/** Each module's code in esbuild's output starts after `// <path>`, or inside its lazy `"<path>"() {` wrapper. */
function instrumented(bundle: string): string {
  const lines = bundle.split("\n");
  const comment = /^\/\/ (\S+\.(?:ts|js|mjs|cjs|json))$/;
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    out.push(line);
    let name = /^ {2}"(\S+\.(?:ts|js|mjs|cjs|json))"\(\) \{$/.exec(line)?.[1];
    const top = comment.exec(line)?.[1];
    if (top) {
      // A wrapped module's comment comes before its `var init_x = __esm({`: marked inside the wrapper instead.
      let wrapped = false;
      for (let j = i + 1; j < lines.length && !comment.test(lines[j]!); j++)
        if (lines[j]!.endsWith("= __esm({")) wrapped = true;
      if (!wrapped) name = top;
    }
    if (name) out.push(`globalThis.__evaluated?.push(${JSON.stringify(name)});`);
  }
  return out.join("\n");
}

const bundleFile = join(work, "instrumented.mjs");
writeFileSync(bundleFile, instrumented(readFileSync(join(work, "index.js"), "utf8")));
const { unstable_readConfig } = await import("wrangler");
const { vars } = unstable_readConfig({ config: join(root, "wrangler.toml") });
const globals = globalThis as unknown as { __evaluated: string[]; __workerEnv: Record<string, unknown> };
globals.__evaluated = [];
globals.__workerEnv = {
  ...vars,
  // Stand-ins of the secrets the configuration requires (never used: no request here reaches a binding).
  WEBHOOK_SECRET_KEY: Buffer.alloc(32).toString("base64"),
  ADMIN_SECRET: "startup-check-admin-secret-0123456789",
  API_KEY_CHECK_SECRET: "startup-check-api-key-secret-0123456789",
  AUTH_FAILURES: { limit: async () => ({ success: true }) },
  REQUEST_LOG: "false",
};
const stub = `export const env = globalThis.__workerEnv; export class DurableObject {} export class WorkerEntrypoint {} export class WorkflowEntrypoint {}`;
const hooks = `export async function resolve(specifier, context, next) {
  if (specifier === "cloudflare:workers") return { url: ${JSON.stringify(`data:text/javascript,${encodeURIComponent(stub)}`)}, shortCircuit: true };
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);

const domainsOf = (modules: readonly string[]) => [
  ...new Set(modules.flatMap((name) => /^src\/domains\/([^/]+)\//.exec(name)?.[1] ?? [])),
];
// Node's own Request and Response are built once first: their first use loads Node internals, not the Worker's code.
await new Response(new Request("http://localhost/").url).text();
let started = performance.now();
const worker = (await import(pathToFileURL(bundleFile).href)).default as ExportedHandler<Record<string, unknown>>;
const startupNodeMs = performance.now() - started;
const atStartup = [...globals.__evaluated];
globals.__evaluated.length = 0;
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
started = performance.now();
const response = await worker.fetch!(new Request(`http://localhost${values.path}`) as never, globals.__workerEnv, ctx);
await response.text();
const firstNodeMs = performance.now() - started;
const byRequest = [...globals.__evaluated];
const ms = (value: number) => `${value.toFixed(1)} ms`;
console.log(
  `Start-up evaluates ${atStartup.length} modules, ${atStartup.filter((name) => /^src\/domains\/[^/]+\//.test(name)).length} of them domain modules: domains ${JSON.stringify(domainsOf(atStartup))} (Node: ${ms(startupNodeMs)}, parsing included)`,
);
console.log(
  `GET ${values.path} (${response.status}, no key) then evaluates ${byRequest.length} modules: domains ${JSON.stringify(domainsOf(byRequest))} (Node: ${ms(firstNodeMs)})`,
);

const runs = Number(values.runs);
const figures = Array.from({ length: runs }, (_, run) => startupMs(join(work, `startup-${run}.cpuprofile`))).sort(
  (a, b) => a - b,
);
console.log(
  `wrangler check startup: median ${figures[Math.floor(runs / 2)]} ms of CPU over ${runs} runs (${figures.join(", ")})`,
);
const deferred = atStartup.filter((name) =>
  /^(src\/domains\/[^/]+\/|src\/integrations\/adapters\/|node_modules\/libphonenumber-js\/)/.test(name),
);
if (deferred.length > 0) console.log(`Start-up must not evaluate: ${deferred.join(", ")}`);
process.exit(deferred.length > 0 ? 1 : 0);
