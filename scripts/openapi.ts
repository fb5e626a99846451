/**
 * npm run openapi [-- --out <file>]: the OpenAPI 3.1 document, built from the operation declarations
 * and wrangler.toml's configuration, without a server. Printed on stdout, or written to the file
 * with --out (`npm run openapi > file` would also capture npm's own banner: use --out, or `npm run -s`).
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { createApp } from "../src/app";
import { domains } from "../src/domains";
import { openApiDocument } from "../src/core/registry";
import { deploymentConfig } from "./lib/config";

const { values } = parseArgs({ options: { out: { type: "string" } } });
const config = await deploymentConfig(
  process.env.PUBLIC_BASE_URL ? { PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL } : {},
);
const document = `${JSON.stringify(openApiDocument(createApp(domains), config), null, 2)}\n`;
if (values.out) {
  writeFileSync(values.out, document);
  console.error(`Wrote the OpenAPI document to ${values.out}`);
} else {
  process.stdout.write(document);
}
