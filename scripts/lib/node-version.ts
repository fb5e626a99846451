/**
 * Imported first by the project's commands: on a Node older than package.json's engines.node they
 * stop at once with one line naming the minimum, before anything half starts (wrangler would print
 * a key and then stop). `npm ci` stops the same way (.npmrc, engine-strict).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";

const manifest = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "package.json"), "utf8")) as {
  engines: { node: string };
};
if (!semver.satisfies(process.version, manifest.engines.node)) {
  console.error(
    `This project needs Node ${manifest.engines.node} (package.json engines.node); this is Node ${process.version}.`,
  );
  process.exit(1);
}
