/**
 * npm test: every stage in order, each timed, then one summary: the time of each stage, the ten
 * slowest test files, and the counts of all stages as the last line ("all: N passed, N failed,
 * N skipped", the form CI reads). Stops at the first stage that fails, as `a && b && c` would.
 *
 *   lint          Biome, knip, tsc
 *   node          pure modules in Node (*.node.test.ts)
 *   1 store       the Workers runtime, DB alone
 *   3 stores      the Workers runtime, DB, STORE_1 and STORE_2
 *   e2e           `npm run dev` driven over HTTP, and the SDK's tests
 *
 * STORES=1 or STORES=3 runs that layout alone.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { summaryDirectory, type StageSummary } from "../test/summary-reporter";

interface Stage {
  name: string;
  command: string[];
}

const vitest = (...args: string[]) => ["npx", "vitest", "run", ...args];
const layouts = process.env.STORES ? [Number(process.env.STORES)] : [1, 3];
const stages: Stage[] = [
  { name: "lint", command: ["npm", "run", "--silent", "lint"] },
  { name: "node", command: vitest("--project", "node") },
  ...layouts.map((stores) => {
    const name = `${stores} ${stores === 1 ? "store" : "stores"}`;
    return { name, command: vitest("--project", name, "--project", `${name} · own runtime`) };
  }),
  { name: "e2e", command: vitest("-c", "vitest.e2e.config.ts") },
];

rmSync(summaryDirectory, { recursive: true, force: true });
const timings: { name: string; seconds: number; ok: boolean }[] = [];
for (const stage of stages) {
  console.log(`\n== npm test: ${stage.name} (${stage.command.join(" ")})`);
  const started = performance.now();
  // Each layout's stage picks its projects by name; the configuration defines every layout.
  const { STORES: _chosen, ...env } = process.env;
  const run = spawnSync(stage.command[0]!, stage.command.slice(1), {
    stdio: "inherit",
    env: { ...env, TEST_STAGE: stage.name },
  });
  const ok = run.status === 0;
  timings.push({ name: stage.name, seconds: (performance.now() - started) / 1000, ok });
  if (!ok) break;
}

const summaries: StageSummary[] = (() => {
  try {
    return readdirSync(summaryDirectory).map(
      (file) => JSON.parse(readFileSync(join(summaryDirectory, file), "utf8")) as StageSummary,
    );
  } catch {
    return [];
  }
})();

console.log("\n== npm test: the stages");
for (const { name, seconds, ok } of timings)
  console.log(`  ${name.padEnd(10)} ${seconds.toFixed(0).padStart(5)} s${ok ? "" : "  FAILED"}`);
console.log(
  `  ${"total".padEnd(10)} ${timings
    .reduce((sum, { seconds }) => sum + seconds, 0)
    .toFixed(0)
    .padStart(5)} s`,
);

const files = summaries.flatMap((summary) => summary.files.map((file) => ({ ...file, stage: summary.label })));
console.log("\n== npm test: the ten slowest files (set-up, import and tests)");
for (const file of files.sort((a, b) => b.ms - a.ms).slice(0, 10)) {
  console.log(
    `  ${(file.ms / 1000).toFixed(1).padStart(6)} s  ${file.stage.padEnd(9)} ${file.file}${file.project.includes("own runtime") ? " (own runtime)" : ""}`,
  );
}

const total = (key: "passed" | "failed" | "skipped") => summaries.reduce((sum, summary) => sum + summary[key], 0);
const failedStage = timings.some(({ ok }) => !ok);
console.log(
  `\nall: ${total("passed")} passed, ${total("failed") + (failedStage && total("failed") === 0 ? 1 : 0)} failed, ${total("skipped")} skipped`,
);
process.exit(failedStage ? 1 : 0);
