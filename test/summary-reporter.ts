import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/** Where each stage leaves its counts and file times, for `npm test`'s closing summary (scripts/test.ts). */
export const summaryDirectory = join(import.meta.dirname, "..", "node_modules", ".cache", "test-summary");

export interface StageSummary {
  label: string;
  passed: number;
  failed: number;
  skipped: number;
  /**
   * Each test file's time (set-up, import and tests), with the project that ran it, and when it
   * started and ended (ms since the epoch): a stage that runs several projects gives each its span.
   */
  files: { file: string; project: string; ms: number; startedAt: number; endedAt: number }[];
}

const root = join(import.meta.dirname, "..");

const spanKey = (module: TestModule) => `${module.project.name}\0${module.moduleId}`;

/**
 * Prints "<label>: N passed, N failed, N skipped" as the run's last line (a form CI reads for any
 * runner) and writes the same counts and every file's time for `npm test`'s summary.
 */
export default class SummaryReporter implements Reporter {
  /** When each file (of a project) started and ended, by `project\0file`. */
  private readonly spans = new Map<string, { startedAt: number; endedAt?: number }>();

  constructor(private readonly options: { label: string }) {}

  onTestModuleStart(module: TestModule) {
    this.spans.set(spanKey(module), { startedAt: Date.now() });
  }

  onTestModuleEnd(module: TestModule) {
    const span = this.spans.get(spanKey(module));
    if (span) span.endedAt = Date.now();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    // `npm test` names each stage it runs (scripts/test.ts); run alone, the configuration's label.
    const label = process.env.TEST_STAGE ?? this.options.label;
    const summary: StageSummary = { label, passed: 0, failed: 0, skipped: 0, files: [] };
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") summary.passed++;
        else if (state === "failed") summary.failed++;
        else summary.skipped++;
      }
      if (module.state() === "failed" && [...module.children.allTests()].length === 0) summary.failed++;
      const { setupDuration, collectDuration, duration } = module.diagnostic();
      const ms = Math.round(setupDuration + collectDuration + duration);
      const span = this.spans.get(spanKey(module));
      const endedAt = span?.endedAt ?? Date.now();
      const startedAt = span?.startedAt ?? endedAt - ms;
      summary.files.push({
        file: relative(root, module.moduleId),
        project: module.project.name,
        ms,
        startedAt,
        endedAt,
      });
    }
    const file = join(summaryDirectory, `${label}.json`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(summary));
    console.log(`\n${summary.label}: ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`);
  }
}
