/**
 * npm run assets: fills public/, the Worker's static assets folder ([assets] in wrangler.toml), from
 * installed packages. public/ is generated and never committed. `npm run dev`, `npm run bench` and
 * `npm run deploy` run this first, and so does vitest.config.ts (`npm test`, `npx vitest run`).
 *
 *   public/docs/assets/api-reference.<hash>.js   the standalone browser bundle of @scalar/api-reference
 *                                          (one self-contained file: no CDN, no chunk, no font),
 *                                          which /docs loads and points at /api/v1/openapi.json; named
 *                                          by its content, so it is served with a year-long immutable cache
 *   public/docs/assets/manifest.json       which file holds the bundle now: { "api-reference.js": "api-reference.<hash>.js" }
 *
 * A file whose content is already there is left alone (a running `wrangler dev` watches the
 * folder), and each file is written whole (a temporary file renamed over it).
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/** The folder wrangler.toml's [assets] serves (run_worker_first: only through the Worker). */
export const ASSETS_DIR = join(root, "public");

export interface BuiltAsset {
  path: string;
  bytes: number;
  written: boolean;
}

/** What public/ holds: URL path under the folder -> content. */
function assetContents(): Map<string, Buffer> {
  // A devDependency of this package, so always at the top of node_modules (its exports hide package.json).
  const scalar = join(root, "node_modules", "@scalar", "api-reference");
  let version: string;
  try {
    version = (JSON.parse(readFileSync(join(scalar, "package.json"), "utf8")) as { version: string }).version;
  } catch {
    throw new Error(`scripts/assets.ts: ${scalar} is missing; run npm ci first.`);
  }
  const bundle = readFileSync(join(scalar, "dist", "browser", "standalone.js"), "utf8")
    // The 17 MB source map is not copied: drop the comment that would make DevTools ask for it.
    .replace(/\n\/\/# sourceMappingURL=\S+\s*$/, "\n");
  const content = Buffer.from(`/*! @scalar/api-reference ${version} (MIT), copied by scripts/assets.ts */\n${bundle}`);
  const hashed = `api-reference.${createHash("sha256").update(content).digest("hex").slice(0, 16)}.js`;
  return new Map([
    [`docs/assets/${hashed}`, content],
    ["docs/assets/manifest.json", Buffer.from(`${JSON.stringify({ "api-reference.js": hashed })}\n`)],
  ]);
}

/** Brings public/ up to date and removes anything else from it; returns what it holds. */
export function buildAssets(): BuiltAsset[] {
  const contents = assetContents();
  const built: BuiltAsset[] = [];
  for (const [path, content] of contents) {
    const file = join(ASSETS_DIR, path);
    let same = false;
    try {
      same = statSync(file).size === content.length && readFileSync(file).equals(content);
    } catch {
      // missing
    }
    if (!same) {
      mkdirSync(dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, content);
      renameSync(temporary, file);
    }
    built.push({ path, bytes: content.length, written: !same });
  }
  for (const file of listFiles(ASSETS_DIR)) {
    const path = relative(ASSETS_DIR, file).split("\\").join("/");
    if (!contents.has(path) && !path.endsWith(".tmp")) rmSync(file, { force: true });
  }
  return built;
}

function listFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => (entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)]));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const asset of buildAssets()) {
    console.log(
      `public/${asset.path}  ${(asset.bytes / 1024 / 1024).toFixed(2)} MiB${asset.written ? " (written)" : " (up to date)"}`,
    );
  }
}
