import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that wait longest (the SDK's minute of Retry-After, the bench's scenarios, the cron's
 * ticks of onboarding and campaigns), started first so that the short ones fill the other workers
 * around them. vitest orders by the last run's durations when it has them, but a fresh clone (CI)
 * has none and it would order by size, leaving a minute-long file to the end.
 */
const WAIT_LONGEST = ["bench-cli", "onboarding", "sdk", "marketing-mail", "write-crash"].map(
  (name) => `/test/e2e/${name}.e2e.test.ts`,
);
const waitRank = (file: TestSpecification) => {
  const rank = WAIT_LONGEST.findIndex((name) => file.moduleId.endsWith(name));
  return rank === -1 ? WAIT_LONGEST.length : rank;
};

class LongestWaitFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).sort((a, b) => waitRank(a) - waitRank(b));
  }
}

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
    sequence: { sequencer: LongestWaitFirst },
    globalSetup: ["./test/e2e/workspace.setup.ts"],
    reporters: ["default", ["./test/summary-reporter.ts", { label: "e2e" }]],
  },
});
