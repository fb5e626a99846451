import { defineConfig } from "vitest/config";
import { longestFirst } from "./test/longest-first";

// End-to-end tests: Node drives `npm run dev` (wrangler dev) over HTTP, as a user would; and the
// SDK's own tests (sdk/test), which run in Node against local servers.
export default defineConfig({
  test: {
    include: ["test/e2e/**/*.e2e.test.ts", "sdk/test/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    // Above startDev's own deadline for a server to answer (test/e2e/harness.ts, 180 s on a loaded machine).
    hookTimeout: 240_000,
    // Three files at a time: most of a file's time is waiting (for the local cron's tick, a retry, a
    // provider's callback), so the run keeps about one of the two cores busy even with three (on a
    // two-core machine: 210 s with three against 283 with two; four stretched every file for 20 s less).
    maxWorkers: 3,
    // The files that wait longest (the SDK's minute of Retry-After, the bench's scenarios, the cron's
    // ticks of onboarding and campaigns) first.
    sequence: {
      sequencer: longestFirst(
        ["bench-cli", "onboarding", "sdk", "marketing-mail", "write-crash"].map(
          (name) => `test/e2e/${name}.e2e.test.ts`,
        ),
      ),
    },
    globalSetup: ["./test/e2e/workspace.setup.ts"],
    reporters: ["default", ["./test/summary-reporter.ts", { label: "e2e" }]],
  },
});
