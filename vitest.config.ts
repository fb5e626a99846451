import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { buildAssets } from "./scripts/assets.js";
import { leaseFakes } from "./test/fakes.setup.js";

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
 * Tenant stores beyond DB (src/core/db/tenancy.ts): STORES=3 runs every test with STORE_1 and
 * STORE_2 bound as well, and test companies spread over the three (test/helpers.ts places them).
 */
function storeDatabases(): Record<string, string> {
  const stores = Number(process.env.STORES ?? "1");
  if (!Number.isInteger(stores) || stores < 1 || stores > 16) throw new Error(`STORES must be a whole number from 1 to 16, not ${process.env.STORES}.`);
  return Object.fromEntries(Array.from({ length: stores - 1 }, (_, index) => [`STORE_${index + 1}`, `store-${index + 1}`]));
}

/** The packages (entry points) that src and the Workers-runtime tests import. One left out still works, only unbundled. */
const OPTIMIZED_PACKAGES = [
  "@hono/zod-openapi",
  "@modelcontextprotocol/sdk/client/index.js",
  "@modelcontextprotocol/sdk/client/streamableHttp.js",
  "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js",
  "ajv-formats",
  "ajv/dist/2020",
  "big.js",
  "currency-codes",
  "drizzle-orm",
  "drizzle-orm/batch",
  "drizzle-orm/d1",
  "drizzle-orm/errors",
  "drizzle-orm/sqlite-core",
  "fast-check",
  "hono",
  "ipaddr.js",
  "libphonenumber-js/max",
  "luxon",
  "mustache",
  "standardwebhooks",
  "yaml",
  "zod",
];

// Tests run inside workerd against the real bindings of wrangler.toml (D1, Durable Objects,
// Queues), with migrations applied by test/setup.ts. Storage is isolated per test file.
export default defineConfig(async () => {
  // wrangler.toml's [assets] folder (public/) must exist before the runtime starts.
  buildAssets();
  const migrations = await readD1Migrations("./migrations");
  const specification = specificationText();
  return {
    plugins: [
      // A function, called for each test file's runtime: each gets fake providers of its own (test/fakes.setup.ts).
      cloudflareTest(async () => ({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          // MIGRATION_SCRATCH: a database no setup migrates, which test/migrations.test.ts migrates step by step.
          d1Databases: { ...storeDatabases(), MIGRATION_SCRATCH: "migration-scratch" },
          bindings: {
            TEST_MIGRATIONS: migrations,
            REQUEST_LOG: "false",
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
      // Every test file starts a new isolate that fetches each module it imports from Vite, one by
      // one: zod is about a hundred modules (its 64 locales among them), drizzle-orm another hundred,
      // yaml sixty. Bundled once per run by Vite's optimizer, the packages are a few modules each (a
      // file's 800 modules become 420), which halves a file's setup and takes a fifth off its import.
      deps: { optimizer: { ssr: { enabled: true, include: OPTIMIZED_PACKAGES } } },
      include: ["src/**/*.test.ts", "test/**/*.test.ts", "bench/**/*.test.ts"],
      exclude: ["test/e2e/**", "node_modules/**"],
      setupFiles: ["./test/setup.ts"],
      // Race tests fire many rounds of concurrent requests; on a busy 2-core machine the default 5 s
      // is not a bound on correctness, only on load, so it is raised rather than made a source of flakes.
      testTimeout: 30_000,
      // Two files at a time, each in a runtime of its own with its own storage and fake providers
      // (vitest's default on two cores is one at a time).
      maxWorkers: 2,
      globalSetup: ["./test/fakes.setup.ts"],
      reporters: ["default", ["./test/summary-reporter.ts", { label: "workers" }] as [string, { label: string }]],
    },
  };
});
