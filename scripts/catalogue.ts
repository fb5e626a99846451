/**
 * npm run catalogue -- <path of the specification's operations.json>
 * Writes spec/catalogue.json from the specification; the same input always gives the same file.
 * The drift test (test/catalogue-drift.test.ts) fails when the committed file no longer equals it.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { buildCatalogue, formatCatalogue } from "./lib/catalogue";

const source = process.argv[2];
if (!source || process.argv.length > 3) {
  console.error("usage: npm run catalogue -- <operations.json>");
  process.exit(2);
}

const catalogue = buildCatalogue(JSON.parse(readFileSync(resolve(source), "utf8")) as unknown);
const text = formatCatalogue(catalogue);
// The formatter only lays the JSON out; what it writes must read back as the same catalogue.
if (JSON.stringify(JSON.parse(text)) !== JSON.stringify(catalogue)) throw new Error("formatCatalogue changed the catalogue");

const target = join(resolve(import.meta.dirname, ".."), "spec", "catalogue.json");
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, text);
console.log(`wrote spec/catalogue.json: ${catalogue.operations.length} operations from ${source}`);
