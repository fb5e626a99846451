import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { sharedDev } from "../../test/e2e/harness";

/**
 * The package as its README installs it, from a clean copy of sdk/ (what a clone has: no
 * node_modules, no dist/): `npm install && npm pack` there, then `npm install <tarball>` in a
 * project of its own, from npm's cache where it can (`--prefer-offline`): the repository's `npm ci`
 * cached the tarballs of ky, standardwebhooks and typescript, but not the registry metadata an
 * install without a lockfile reads, so a fresh machine reads that once from the registry (with
 * `--offline` it failed there: ENOTCACHED). Then plain Node calls the API (`npm run dev`) with it.
 */
const sdk = resolve(import.meta.dirname, "..");
const run = promisify(execFile);
const fromCache = ["--prefer-offline", "--no-audit", "--no-fund"];
const temporary = mkdtempSync(join(tmpdir(), "sdk-package-"));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

describe("the SDK package", () => {
  it("installs the README's way from a clean copy, publishes in one command, and calls the API from plain Node", async () => {
    const server = await sharedDev();
    const clone = join(temporary, "sdk");
    // What git tracks: no install, no build, no tarball of an earlier run.
    cpSync(sdk, clone, {
      recursive: true,
      filter: (path) => !/^(node_modules|dist)(\/|$)|\.tgz$/.test(relative(sdk, path)),
    });
    await run("npm", ["install", ...fromCache], { cwd: clone });
    const { stdout: packed } = await run("npm", ["pack", "--json"], { cwd: clone });
    const [{ filename, files }] = JSON.parse(packed) as [{ filename: string; files: { path: string }[] }];
    // The name the README's install command gives.
    const { version } = JSON.parse(readFileSync(join(sdk, "package.json"), "utf8")) as { version: string };
    expect(filename).toBe(`edge-public-api-sdk-${version}.tgz`);
    expect(readFileSync(join(sdk, "README.md"), "utf8")).toContain(`npm install /path/to/the/clone/sdk/${filename}`);
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
    const { stderr: published } = await run("npm", ["publish", "--dry-run", "--ignore-scripts"], { cwd: clone });
    expect(published).toContain("public access");
    expect(
      published
        .split("\n")
        .filter((line) => /^npm (warn|error|ERR)/i.test(line) && !/requires you to be logged in/.test(line)),
    ).toEqual([]);

    const project = join(temporary, "project");
    mkdirSync(project);
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "project", private: true, type: "module" }));
    await run("npm", ["install", ...fromCache, join(clone, filename)], { cwd: project });

    // A key of a company of the test's own: the demo key's rate limit is left to the other files.
    const tenant = await server.admin(["tenant", "create", "--name", "SDK package Co", "--plan", "Starter"]);
    const key = await server.admin([
      "key",
      "create",
      "--company",
      tenant.company_id,
      "--scopes",
      "budgets:read,budgets:write,contacts:read",
      "--name",
      "sdk-package",
    ]);
    const script = `
      import { Client, ApiError, TimeoutError, VERSION, verifyWebhook } from "@edge-public-api/sdk";
      const client = new Client({ apiKey: ${JSON.stringify(key.api_key)}, baseUrl: ${JSON.stringify(server.baseUrl)} });
      const body = { client_name: "Packed", items: [{ concept: "Visit", units: 1, unit_price: 60 }] };
      const created = await client.budgets.create(body, { idempotencyKey: "packed-1" });
      const replayed = await client.budgets.create(body, { idempotencyKey: "packed-1" });
      await client.budgets.create(body);
      const page = await client.budgets.list({ limit: 1 });
      const ids = [];
      for await (const budget of client.budgets.list({ limit: 1 })) ids.push(budget.id);
      const capped = await client.budgets.list({ limit: 1 }).toArray({ limit: 1 }).catch((error) => error.name);
      const missing = await client.contacts.get("00000000-0000-4000-8000-000000000000").catch((error) => error);
      const header = (response, name) => response.headers.get(name);
      console.log(JSON.stringify({
        version: VERSION,
        created: { status: created.lastResponse.status, requestId: created.lastResponse.requestId, replayed: header(created.lastResponse, "Idempotent-Replayed") },
        replayed: { id: replayed.id === created.id, replayed: header(replayed.lastResponse, "Idempotent-Replayed") },
        page: { ratelimit: header(page.lastResponse, "RateLimit"), requestId: page.lastResponse.requestId === header(page.lastResponse, "X-Request-Id") },
        iterated: ids.length,
        capped,
        missing: { isApiError: missing instanceof ApiError, status: missing.status, code: missing.code, requestId: typeof missing.request_id },
        exported: [typeof TimeoutError, typeof verifyWebhook, typeof client.webhooks.verify, typeof client.calls.dial],
      }));
    `;
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], { cwd: project });
    expect(JSON.parse(stdout)).toEqual({
      version,
      created: { status: 201, requestId: expect.stringMatching(/\S/), replayed: null },
      replayed: { id: true, replayed: "true" },
      page: { ratelimit: expect.stringMatching(/^"default";r=\d+;t=\d+$/), requestId: true },
      iterated: 2,
      capped: "RangeError",
      missing: { isApiError: true, status: 404, code: "not_found", requestId: "string" },
      exported: ["function", "function", "function", "function"],
    });
  }, 420_000);
});
