/**
 * npm run catalogue [-- <path of the specification's operations.json>]
 * Writes spec/catalogue.json from the specification and spec/extensions.json (the operations this
 * API adds beyond the specification); the same input always gives the same file. Without a path it
 * reads SPEC_OPERATIONS_JSON (as the tests do), else keeps the specification's operations already
 * in spec/catalogue.json, so that a new extension can be added without the specification at hand.
 * The drift test (test/catalogue-drift.test.ts) fails when the committed file no longer equals it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { buildCatalogue, CatalogueSchema, formatCatalogue, specificationOf } from "./lib/catalogue";

const root = resolve(import.meta.dirname, "..");
const target = join(root, "spec", "catalogue.json");
const extensionsPath = join(root, "spec", "extensions.json");

if (process.argv.length > 3) {
  console.error("usage: npm run catalogue [-- <operations.json>]");
  process.exit(2);
}

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, "utf8"));

/** The specification to build from, and where it came from (for the closing line). */
function specification(): { value: unknown; from: string } {
  const named = process.argv[2] ?? process.env.SPEC_OPERATIONS_JSON;
  if (named) return { value: readJson(resolve(named)), from: named };
  return {
    value: specificationOf(CatalogueSchema.parse(readJson(target))),
    from: "the specification's operations already in spec/catalogue.json",
  };
}

const source = specification();
const extensions = existsSync(extensionsPath) ? readJson(extensionsPath) : undefined;
const catalogue = buildCatalogue(source.value, extensions);
const text = formatCatalogue(catalogue);
// The formatter only lays the JSON out; what it writes must read back as the same catalogue.
if (JSON.stringify(JSON.parse(text)) !== JSON.stringify(catalogue))
  throw new Error("formatCatalogue changed the catalogue");

mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, text);
const added = catalogue.operations.filter((op) => op.extension).length;
console.log(
  `wrote spec/catalogue.json: ${catalogue.operations.length} operations (${added} from spec/extensions.json) from ${source.from}`,
);
