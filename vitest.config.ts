import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { buildAssets } from "./scripts/assets.js";
import { leaseFakes } from "./test/fakes.setup.js";
import { longestFirst } from "./test/longest-first.js";
import { ONE_LAYOUT } from "./test/one-layout.js";
import { OWN_RUNTIME } from "./test/own-runtime.js";

/**
 * The specification's operations.json, for the drift test (test/catalogue-drift.test.ts), which
 * runs in workerd and cannot read files: SPEC_OPERATIONS_JSON names it (.ci/run sets it); unset,
 * the drift test reports itself skipped. A named file that is missing is an error.
 */
function specificationText(): string | undefined {
  const named = process.env.SPEC_OPERATIONS_JSON;
  return named ? readFileSync(resolve(named), "utf8") : undefined;
}

/**
 * The store layouts every run proves (src/data/tenancy.ts): one store (DB alone) and three (DB,
 * STORE_1, STORE_2, test companies spread over them as the platform places companies). STORES=1 or
 * STORES=3 runs one layout only, for a quicker local run.
 */
function storeLayouts(): number[] {
  const named = process.env.STORES;
  if (named === undefined) return [1, 3];
  const stores = Number(named);
  if (!Number.isInteger(stores) || stores < 1 || stores > 16)
    throw new Error(`STORES must be a whole number from 1 to 16, not ${named}.`);
  return [stores];
}

const storeDatabases = (stores: number): Record<string, string> =>
  Object.fromEntries(Array.from({ length: stores - 1 }, (_, index) => [`STORE_${index + 1}`, `store-${index + 1}`]));

/** The packages (entry points) that src and the Workers-runtime tests import. One left out still works, only unbundled. */
const OPTIMIZED_PACKAGES = [
  "@hono/zod-openapi",
  "@modelcontextprotocol/sdk/client/index.js",
  "@modelcontextprotocol/sdk/client/streamableHttp.js",
  "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js",
  "ajv-formats",
  "ajv/dist/2020",
  "big.js",
  "content-type",
  "currency-codes",
  "drizzle-orm",
  "drizzle-orm/batch",
  "drizzle-orm/d1",
  "drizzle-orm/errors",
  "drizzle-orm/sqlite-core",
  "fast-check",
  "hono",
  "hono/utils/html",
  "ipaddr.js",
  "libphonenumber-js/max",
  "luxon",
  "mustache",
  "standardwebhooks",
  "yaml",
  "zod",
];

/** Pure modules: no binding, no runtime; they run in Node in seconds (the `node` project). */
const NODE_TESTS = ["src/**/*.node.test.ts", "test/**/*.node.test.ts"];
const WORKERS_TESTS = ["src/**/*.test.ts", "test/**/*.test.ts", "bench/**/*.test.ts"];
const NEVER = ["test/e2e/**", "node_modules/**", ...NODE_TESTS];

// Tests run inside workerd against the real bindings of wrangler.toml (D1, Durable Objects, Queues,
// R2). A runtime is shared by every file one vitest worker runs (isolate: false): the migrations are
// applied to it once, the Worker is imported once, and each file gets its data apart by making its
// own companies (test/helpers.ts, `tenant`); test/setup.ts puts back the clock and the fakes before
// each file. A file whose change to the runtime cannot be put back runs in one of its own (test/own-runtime.ts).
export default defineConfig(async () => {
  // wrangler.toml's [assets] folder (public/) must exist before the runtime starts.
  buildAssets();
  const migrations = await readD1Migrations("./migrations");
  const specification = specificationText();

  // `first`: the run's first layout, which also runs the files that prove the same in every layout (test/one-layout.ts).
  const workersProject = (
    stores: number,
    own: boolean,
    groupOrder: number,
    first: boolean,
  ): TestProjectInlineConfiguration => ({
    plugins: [
      // A function, called for each runtime: each gets fake providers of its own (test/fakes.setup.ts).
      cloudflareTest(async () => ({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          // MIGRATION_SCRATCH: a database no setup migrates, which test/migrations.test.ts migrates step by step.
          d1Databases: { ...storeDatabases(stores), MIGRATION_SCRATCH: "migration-scratch" },
          bindings: {
            TEST_MIGRATIONS: migrations,
            REQUEST_LOG: "false",
            // Whether this runtime ends with its file (test/setup.ts gives its fakes back then).
            TEST_RUNTIME: own ? "own" : "shared",
            // A fixed key for the tests only (encrypts webhook signing secrets); never used elsewhere.
            WEBHOOK_SECRET_KEY: "dGVzdC1vbmx5LXdlYmhvb2stc2VjcmV0LWtleS0zMmI=",
            // A fixed HMAC key of API keys' check, for the tests only (test/helpers.ts mints keys under it).
            API_KEY_CHECK_SECRET: "test-only-api-key-check-secret-0123456789abcdef",
            ...(specification === undefined ? {} : { SPEC_OPERATIONS_JSON: specification }),
            // Every outside provider points at its local fake (scripts/fakes), with its credentials.
            ...(await leaseFakes()),
          },
        },
      })),
    ],
    test: {
      name: `${stores} ${stores === 1 ? "store" : "stores"}${own ? " · own runtime" : ""}`,
      include: own ? OWN_RUNTIME : WORKERS_TESTS,
      exclude: own ? NEVER : [...NEVER, ...OWN_RUNTIME, ...(first ? [] : ONE_LAYOUT)],
      isolate: own,
      // A layout at a time, so that a shared runtime is handed file after file of its own layout.
      // Its own-runtime files run beside its shared ones (they are slow, so vitest starts them first).
      sequence: { groupOrder },
      setupFiles: ["./test/setup.ts"],
      // Every test file starts by fetching each module it imports from Vite, one by one: zod is
      // about a hundred modules, drizzle-orm another hundred. Bundled once per run by Vite's
      // optimizer, the packages are a few modules each.
      deps: { optimizer: { ssr: { enabled: true, include: OPTIMIZED_PACKAGES } } },
      // A timeout bounds a hang, not correctness. The heaviest tests (every catalogue type's test
      // event delivered, the full demo seeded, races of many rounds) take 15-20 s on a quiet machine
      // and 30-45 s at load 13-20 on two cores, so the bound sits well above that.
      testTimeout: 90_000,
      hookTimeout: 90_000,
      // Background work (a Queue consumer, a waitUntil) may log after its file ended; captured, that
      // line is sent to vitest over a closing channel and fails the run ("Closing rpc while
      // onUserConsoleLog was pending"). Uncaptured, workerd prints it as it comes.
      disableConsoleIntercept: true,
    },
  });

  const layouts = storeLayouts();
  return {
    test: {
      projects: [
        {
          test: {
            name: "node",
            include: NODE_TESTS,
            environment: "node",
            sequence: { groupOrder: 0 },
            // Property tests run hundreds of cases: on a busy machine 5 s bounds the load, not correctness.
            testTimeout: 30_000,
          },
        },
        ...layouts.flatMap((stores, index) => [
          workersProject(stores, false, 1 + index, index === 0),
          workersProject(stores, true, 1 + index, index === 0),
        ]),
      ],
      // Two runtimes at a time: the machine's two cores.
      maxWorkers: 2,
      // The slowest files first within their layout (fuzz alone is a minute on one store).
      sequence: {
        sequencer: longestFirst([
          "test/fuzz.test.ts",
          "test/security.test.ts",
          "src/domains/billing/charges.property.test.ts",
          "src/domains/campaigns/large.test.ts",
          "test/crash-once.test.ts",
        ]),
      },
      globalSetup: ["./test/fakes.setup.ts"],
      reporters: ["default", ["./test/summary-reporter.ts", { label: "workers" }] as [string, { label: string }]],
    },
  };
});
