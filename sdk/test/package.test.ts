import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

/** The package as npm would publish it: built with its own tsconfig, and usable from plain Node ESM. */
const sdk = resolve(import.meta.dirname, "..");
const run = promisify(execFile);

describe("the SDK package", () => {
  it("builds to dist/ and works from plain Node (ES modules, .js imports, the types beside it)", async () => {
    await run("npm", ["run", "build"], { cwd: sdk });
    const script = `
      import { Client, ApiError, verifyWebhook } from "./dist/index.js";
      const client = new Client({ apiKey: "k", baseUrl: "http://127.0.0.1:1", maxRetries: 0 });
      console.log(JSON.stringify({ list: typeof client.budgets.list, verify: typeof client.webhooks.verify, dial: typeof client.calls.dial, error: typeof ApiError, standalone: typeof verifyWebhook }));
    `;
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], { cwd: sdk });
    expect(JSON.parse(stdout)).toEqual({ list: "function", verify: "function", dial: "function", error: "function", standalone: "function" });

    const { stdout: packed } = await run("npm", ["pack", "--dry-run", "--json"], { cwd: sdk });
    const files = (JSON.parse(packed) as { files: { path: string }[] }[])[0]!.files.map((file) => file.path);
    expect(files).toEqual(expect.arrayContaining(["README.md", "package.json", "dist/index.js", "dist/index.d.ts", "dist/schema.d.ts", "dist/operations.js"]));
    expect(files.some((file) => file.startsWith("src/") || file.startsWith("test/"))).toBe(false);
  }, 180_000);
});
