/**
 * The OpenAPI document as `npm run openapi` prints it (no server), linted and turned into a client,
 * and the operator API's document (`npm run openapi -- --operator`), linted the same way:
 *
 * - Spectral with spectral:oas and the OWASP API Security ruleset (.spectral.yaml, where each
 *   exception gives its reason): no error. A small document that breaks the two rules the ruleset
 *   adds must fail them, so the exceptions cannot quietly switch the checks off.
 * - Redocly's recommended rules (redocly.yaml): no error.
 * - The SDK's files that `npm run client` writes (sdk/src/schema.d.ts with openapi-typescript, which
 *   the tests' raw client uses too, and sdk/src/operations.ts) equal what the document gives now.
 *
 * Warnings are printed, not failed on.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SDK_OPERATIONS_PATH, SDK_TYPES_PATH, sdkOperations, sdkTypes } from "../../scripts/lib/sdk";

const root = resolve(import.meta.dirname, "..", "..");
const bin = (name: string) => join(root, "node_modules", ".bin", name);
const run = promisify(execFile);
const quiet = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" };

let folder: string;
let documentPath: string;
let documentText: string;
let operatorPath: string;

/** A document that breaks the ruleset's own rules: a 200 without RateLimit, an unlimited query string. */
const BROKEN = {
  openapi: "3.1.0",
  info: {
    title: "broken",
    version: "1",
    description: "Checks the ruleset's own rules.",
    contact: { name: "x", url: "https://example.com" },
    license: { name: "x", identifier: "MIT" },
  },
  servers: [{ url: "https://api.example.com", description: "test", "x-internal": false }],
  tags: [{ name: "t", description: "t" }],
  components: { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer" } } },
  security: [{ bearerAuth: [] }],
  paths: {
    "/things": {
      get: {
        operationId: "listThings",
        summary: "List things",
        description: "Lists things.",
        tags: ["t"],
        parameters: [{ name: "q", in: "query", description: "A query", schema: { type: "string" } }],
        responses: {
          "200": {
            description: "Things",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: { n: { type: "integer", format: "int32", minimum: 0, maximum: 9 } },
                },
              },
            },
          },
        },
      },
    },
  },
};

interface SpectralResult {
  code: string;
  message: string;
  path: (string | number)[];
  severity: number;
  source?: string;
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "openapi-lint-"));
  // Both documents exactly as `npm run openapi` prints them (scripts/openapi.ts, run by tsx as npm does), at once.
  const print = (...args: string[]) =>
    run(bin("tsx"), ["scripts/openapi.ts", ...args], {
      cwd: root,
      env: { ...process.env, PUBLIC_BASE_URL: "" },
      maxBuffer: 64 * 1024 * 1024,
    });
  const [documentOutput, operatorOutput] = await Promise.all([print(), print("--operator")]);
  documentText = documentOutput.stdout;
  documentPath = join(folder, "openapi.json");
  writeFileSync(documentPath, documentText);
  operatorPath = join(folder, "operator-openapi.json");
  writeFileSync(operatorPath, operatorOutput.stdout);
  writeFileSync(join(folder, "broken.json"), JSON.stringify(BROKEN, null, 2));
}, 120_000);

afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const where = (result: SpectralResult) => `${result.code} at ${result.path.join(".")}: ${result.message}`;

describe("the OpenAPI documents of npm run openapi (the public one and the operator API's)", () => {
  it("passes Spectral (spectral:oas and OWASP, .spectral.yaml) without an error, and the ruleset's own rules catch what they must", async () => {
    // One run for both documents; spectral exits 1 when it finds errors, so its output is read either way.
    const output = await run(
      bin("spectral"),
      [
        "lint",
        documentPath,
        operatorPath,
        join(folder, "broken.json"),
        "--ruleset",
        join(root, ".spectral.yaml"),
        "--format",
        "json",
        "--quiet",
      ],
      {
        cwd: root,
        env: quiet,
        maxBuffer: 64 * 1024 * 1024,
      },
    ).catch((error: { stdout?: string; stderr?: string }) => ({
      stdout: error.stdout ?? "",
      stderr: error.stderr ?? "",
    }));
    const results = JSON.parse(output.stdout || "[]") as SpectralResult[];
    for (const [name, path] of [
      ["public", documentPath],
      ["operator", operatorPath],
    ] as const) {
      const ours = results.filter(
        (result) => (result.source === undefined && path === documentPath) || resolve(result.source ?? "") === path,
      );
      const errors = ours.filter((result) => result.severity === 0);
      const warnings = ours.filter((result) => result.severity === 1);
      const byRule = new Map<string, number>();
      for (const warning of warnings) byRule.set(warning.code, (byRule.get(warning.code) ?? 0) + 1);
      console.log(
        `spectral (${name}): ${errors.length} errors, ${warnings.length} warnings (${[...byRule].map(([code, n]) => `${code} ${n}`).join(", ")})`,
      );
      expect(errors.map(where), `the ${name} document`).toEqual([]);
    }
    const broken = results
      .filter(
        (result) => result.source && resolve(result.source) === join(folder, "broken.json") && result.severity === 0,
      )
      .map((result) => result.code);
    expect(broken).toEqual(expect.arrayContaining(["rate-limit-headers", "request-string-limit"]));
  }, 120_000);

  for (const name of ["public", "operator"] as const)
    it(`passes Redocly's recommended rules (redocly.yaml) without an error: the ${name} document`, async () => {
      const output = await run(
        bin("redocly"),
        [
          "lint",
          name === "public" ? documentPath : operatorPath,
          "--config",
          join(root, "redocly.yaml"),
          "--format",
          "json",
        ],
        {
          cwd: root,
          env: quiet,
          maxBuffer: 64 * 1024 * 1024,
        },
      ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
      const { problems } = JSON.parse(output.stdout) as {
        problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
      };
      const errors = problems.filter((problem) => problem.severity === "error");
      console.log(
        `redocly (${name}): ${errors.length} errors, ${problems.length - errors.length} warnings (${problems
          .filter((p) => p.severity !== "error")
          .map((p) => `${p.ruleId} ${p.location[0]?.pointer}`)
          .join(", ")})`,
      );
      expect(
        errors.map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`),
      ).toEqual([]);
    }, 120_000);

  const generated: [string, (document: unknown) => string | Promise<string>][] = [
    [SDK_TYPES_PATH, sdkTypes],
    [SDK_OPERATIONS_PATH, sdkOperations],
  ];
  for (const [path, generate] of generated) {
    it(`gives the file committed in ${path} (run npm run client when this fails)`, async () => {
      const committed = readFileSync(join(root, path), "utf8");
      const current = await generate(JSON.parse(documentText));
      if (current === committed) return;
      // A diff of thousands of lines is no help: the first line that differs says where to look.
      const lines = committed.split("\n");
      const first = current.split("\n").findIndex((line, index) => line !== lines[index]);
      expect.fail(
        `${path} is out of date with the document from line ${first === -1 ? lines.length : first + 1}; run: npm run client`,
      );
    }, 60_000);
  }
});
