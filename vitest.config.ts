import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

// Tests run inside workerd against the real bindings of wrangler.toml (D1, Durable Objects,
// Queues), with migrations applied by test/setup.ts. Storage is isolated per test file.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            REQUEST_LOG: "false",
            // A fixed key for the tests only (encrypts webhook signing secrets); never used elsewhere.
            WEBHOOK_SECRET_KEY: "dGVzdC1vbmx5LXdlYmhvb2stc2VjcmV0LWtleS0zMmI=",
          },
        },
      }),
    ],
    test: {
      include: ["src/**/*.test.ts", "test/**/*.test.ts"],
      exclude: ["test/e2e/**", "node_modules/**"],
      setupFiles: ["./test/setup.ts"],
      reporters: ["default", ["./test/summary-reporter.ts", { label: "workers" }] as [string, { label: string }]],
    },
  };
});
