import { defineConfig } from "vitest/config";

// End-to-end tests: Node drives `npm run dev` (wrangler dev) over HTTP, as a user would; and the
// SDK's own tests (sdk/test), which run in Node against local servers.
export default defineConfig({
  test: {
    include: ["test/e2e/**/*.e2e.test.ts", "sdk/test/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    // Above startDev's own deadline for a server to answer (test/e2e/harness.ts, 180 s on a loaded machine).
    hookTimeout: 240_000,
    // Two files at a time, each with its own `npm run dev` (its own port and state folder): most of a
    // file's time is waiting (for the local cron's tick, a retry, a provider's callback), so two
    // share the machine's two cores well (about 350 s for the run instead of 530).
    maxWorkers: 2,
    globalSetup: ["./test/e2e/workspace.setup.ts"],
    reporters: ["default", ["./test/summary-reporter.ts", { label: "e2e" }]],
  },
});
