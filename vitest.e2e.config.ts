import { defineConfig } from "vitest/config";

// End-to-end tests: Node drives `npm run dev` (wrangler dev) over HTTP, as a user would; and the
// SDK's own tests (sdk/test), which run in Node against local servers.
export default defineConfig({
  test: {
    include: ["test/e2e/**/*.e2e.test.ts", "sdk/test/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    reporters: ["default", ["./test/summary-reporter.ts", { label: "e2e" }]],
  },
});
