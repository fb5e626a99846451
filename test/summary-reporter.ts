import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Reporter, TestModule } from "vitest/node";

const summaryFile = join(import.meta.dirname, "..", "node_modules", ".cache", "test-summary.json");
type Counts = { passed: number; failed: number; skipped: number };

/**
 * Prints "<label>: N passed, N failed, N skipped" as the run's last line (a form CI reads for any
 * runner). The e2e run adds the Workers-runtime run's counts written just before it by `npm test`.
 */
export default class SummaryReporter implements Reporter {
  constructor(private readonly options: { label: string }) {}

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const counts: Counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") counts.passed++;
        else if (state === "failed") counts.failed++;
        else counts.skipped++;
      }
      if (module.state() === "failed" && [...module.children.allTests()].length === 0) counts.failed++;
    }
    let label = this.options.label;
    // `npm test` sets TEST_SUMMARY_ALL for its second (e2e) run, to print one total for both.
    if (process.env.TEST_SUMMARY_ALL) {
      try {
        const previous = JSON.parse(readFileSync(summaryFile, "utf8")) as Counts;
        counts.passed += previous.passed;
        counts.failed += previous.failed;
        counts.skipped += previous.skipped;
        label = "all";
      } catch {
        // run alone (npm run test:e2e)
      }
    } else {
      mkdirSync(dirname(summaryFile), { recursive: true });
      writeFileSync(summaryFile, JSON.stringify(counts));
    }
    console.log(`\n${label}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }
}
