import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The package as its README installs it: `npm pack` builds dist/ (prepack) and writes the tarball,
 * which a project of its own installs and imports from plain Node, and whose calls reach a server.
 */
const sdk = resolve(import.meta.dirname, "..");
const run = promisify(execFile);
const temporary = mkdtempSync(join(tmpdir(), "sdk-package-"));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

describe("the SDK package", () => {
  it("packs with its build, installs from the tarball into another project, and makes a call from plain Node", async () => {
    rmSync(join(sdk, "dist"), { recursive: true, force: true });
    const { stdout: packed } = await run("npm", ["pack", "--json", "--pack-destination", temporary], { cwd: sdk });
    const [{ filename, files }] = JSON.parse(packed) as [{ filename: string; files: { path: string }[] }];
    const paths = files.map((file) => file.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "README.md",
        "package.json",
        "dist/index.js",
        "dist/index.d.ts",
        "dist/schema.d.ts",
        "dist/operations.js",
      ]),
    );
    expect(
      paths.filter((file) => !file.startsWith("dist/") && file !== "README.md" && file !== "package.json"),
    ).toEqual([]);

    // Publishing is one command: its dry run warns of nothing but the missing login, and publishes the scoped package publicly.
    const { stderr: published } = await run("npm", ["publish", "--dry-run", "--ignore-scripts"], { cwd: sdk });
    expect(published).toContain("public access");
    expect(
      published
        .split("\n")
        .filter((line) => /^npm (warn|error|ERR)/i.test(line) && !/requires you to be logged in/.test(line)),
    ).toEqual([]);

    const project = join(temporary, "project");
    mkdirSync(project);
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "project", private: true, type: "module" }));
    // The dependencies (ky, standardwebhooks) come from npm's cache where the repository's install put them.
    await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", join(temporary, filename)], {
      cwd: project,
    });

    const server = createServer((request, response) => {
      response
        .writeHead(200, { "Content-Type": "application/json", "X-Request-Id": "req-packed" })
        .end(JSON.stringify({ data: [], limit: 50, offset: 0, agent: request.headers["user-agent"] }));
    });
    await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
    try {
      const address = server.address();
      const baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
      const script = `
        import { Client, ApiError, TimeoutError, VERSION, verifyWebhook } from "@edge-public-api/sdk";
        const client = new Client({ apiKey: "k", baseUrl: ${JSON.stringify(baseUrl)} });
        const page = await client.budgets.list();
        console.log(JSON.stringify({ agent: page.agent, requestId: page.lastResponse.requestId, version: VERSION, dial: typeof client.calls.dial, verify: typeof client.webhooks.verify, errors: [typeof ApiError, typeof TimeoutError], standalone: typeof verifyWebhook }));
      `;
      const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], { cwd: project });
      const { version } = JSON.parse(readFileSync(join(sdk, "package.json"), "utf8")) as { version: string };
      expect(JSON.parse(stdout)).toEqual({
        agent: `edge-public-api-sdk/${version}`,
        requestId: "req-packed",
        version,
        dial: "function",
        verify: "function",
        errors: ["function", "function"],
        standalone: "function",
      });
    } finally {
      await new Promise((closed) => server.close(closed));
    }
  }, 180_000);
});
