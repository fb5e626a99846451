/**
 * npm test: every stage, timed, then one summary: the time of each stage (and of each store layout),
 * the ten slowest test files, and the counts of all stages as the last line ("all: N passed,
 * N failed, N skipped", the form CI reads). Stops after the first stage that fails.
 *
 *   lint          Biome, knip, tsc
 *   node          pure modules in Node (*.node.test.ts)
 *   workers       the Workers runtime: every file on one store (DB alone), then on three (DB,
 *                 STORE_1, STORE_2), in one vitest run (its transforms and bundled packages shared)
 *   e2e           `npm run dev` driven over HTTP, and the SDK's tests
 *
 * STORES=1 or STORES=3 runs that layout alone.
 */
import "./lib/node-version";
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { summaryDirectory, type StageSummary } from "../test/summary-reporter";

interface Stage {
  name: string;
  command: string[];
}

const vitest = (...args: string[]) => ["npx", "vitest", "run", ...args];
const layouts = process.env.STORES ? [Number(process.env.STORES)] : [1, 3];
const layoutName = (stores: number) => `${stores} ${stores === 1 ? "store" : "stores"}`;
// Lint beside the node tier was tried: 54 s for the pair against 35 + 10 in turn (tsc and vitest share two cores).
// The end-to-end stage beside the workers stage was tried too: 926 s in all against 937 in turn, with
// both stages stretched (the fuzz 192 s against 62) and two timing-bound tests failing: no gain.
const stages: Stage[] = [
  { name: "lint", command: ["npm", "run", "--silent", "lint"] },
  { name: "node", command: vitest("--project", "node") },
  {
    name: "workers",
    command: vitest(
      ...layouts.flatMap((stores) => [
        "--project",
        layoutName(stores),
        "--project",
        `${layoutName(stores)} · own runtime`,
      ]),
    ),
  },
  { name: "e2e", command: vitest("-c", "vitest.e2e.config.ts") },
];

/** Runs a stage to its end, its output on the terminal. */
function run(stage: Stage): Promise<{ name: string; seconds: number; ok: boolean }> {
  const started = performance.now();
  // The workers stage picks its layouts' projects by name; the configuration defines every layout.
  const { STORES: _chosen, ...env } = process.env;
  const child = spawn(stage.command[0]!, stage.command.slice(1), {
    stdio: "inherit",
    env: { ...env, TEST_STAGE: stage.name },
  });
  return new Promise((done) => {
    child.on("close", (code) =>
      done({ name: stage.name, seconds: (performance.now() - started) / 1000, ok: code === 0 }),
    );
  });
}

rmSync(summaryDirectory, { recursive: true, force: true });
const runStarted = performance.now();
const timings: { name: string; seconds: number; ok: boolean }[] = [];
for (const stage of stages) {
  console.log(`\n== npm test: ${stage.name} (${stage.command.join(" ")})`);
  const result = await run(stage);
  timings.push(result);
  if (!result.ok) break;
}
const wallSeconds = (performance.now() - runStarted) / 1000;

const summaries: StageSummary[] = (() => {
  try {
    return readdirSync(summaryDirectory).map(
      (file) => JSON.parse(readFileSync(join(summaryDirectory, file), "utf8")) as StageSummary,
    );
  } catch {
    return [];
  }
})();
const files = summaries.flatMap((summary) => summary.files.map((file) => ({ ...file, stage: summary.label })));

/** A layout's span within the workers stage: from its first file's start to its last file's end. */
function layoutSpan(stores: number) {
  const own = files.filter(({ stage, project }) => stage === "workers" && project.startsWith(layoutName(stores)));
  if (own.length === 0) return undefined;
  const seconds =
    (Math.max(...own.map((file) => file.endedAt)) - Math.min(...own.map((file) => file.startedAt))) / 1000;
  const fileSeconds = own.reduce((sum, file) => sum + file.ms, 0) / 1000;
  return `${layoutName(stores)} ${seconds.toFixed(0)} s (files ${fileSeconds.toFixed(0)} s)`;
}

const seconds = (value: number) => `${value.toFixed(0).padStart(5)} s`;
console.log("\n== npm test: the stages");
for (const { name, seconds: took, ok } of timings) {
  const layoutsOf =
    name === "workers"
      ? layouts
          .map(layoutSpan)
          .filter((span) => span !== undefined)
          .join(", ")
      : "";
  console.log(`  ${name.padEnd(10)} ${seconds(took)}${ok ? "" : "  FAILED"}${layoutsOf ? `   ${layoutsOf}` : ""}`);
}
console.log(`  ${"total".padEnd(10)} ${seconds(wallSeconds)}`);

console.log("\n== npm test: the ten slowest files (set-up, import and tests)");
for (const file of files.sort((a, b) => b.ms - a.ms).slice(0, 10)) {
  const where = file.stage === "workers" ? file.project.replace(" · own runtime", "") : file.stage;
  console.log(
    `  ${(file.ms / 1000).toFixed(1).padStart(6)} s  ${where.padEnd(9)} ${file.file}${file.project.includes("own runtime") ? " (own runtime)" : ""}`,
  );
}

const total = (key: "passed" | "failed" | "skipped") => summaries.reduce((sum, summary) => sum + summary[key], 0);
const failedStage = timings.some(({ ok }) => !ok);
console.log(
  `\nall: ${total("passed")} passed, ${total("failed") + (failedStage && total("failed") === 0 ? 1 : 0)} failed, ${total("skipped")} skipped`,
);
process.exit(failedStage ? 1 : 0);
