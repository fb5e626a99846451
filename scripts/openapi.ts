/**
 * npm run openapi [-- --operator] [-- --out <file>]: the OpenAPI 3.1 document, built from the
 * operation declarations and wrangler.toml's configuration, without a server; with --operator, the
 * operator API's (what GET /admin/v1/openapi.json serves). Printed on stdout, or written to the file
 * with --out (`npm run openapi > file` would also capture npm's own banner: use --out, or `npm run -s`).
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { createApp } from "../src/app";
import { platformOperatorOperations } from "../src/admin/operations";
import { loadedSource } from "../src/core/domain-table";
import { operatorDocument } from "../src/core/operator-api";
import { domains } from "../src/domains";
import { openApiDocument } from "../src/core/registry";
import { deploymentConfig } from "./lib/config";

const { values } = parseArgs({ options: { out: { type: "string" }, operator: { type: "boolean", default: false } } });
const config = await deploymentConfig(
  process.env.PUBLIC_BASE_URL ? { PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL } : {},
);
const built = values.operator
  ? await operatorDocument(loadedSource(domains, platformOperatorOperations), config)
  : openApiDocument(createApp(domains), config);
const document = `${JSON.stringify(built, null, 2)}\n`;
if (values.out) {
  writeFileSync(values.out, document);
  console.error(`Wrote the ${values.operator ? "operator API's " : ""}OpenAPI document to ${values.out}`);
} else {
  process.stdout.write(document);
}
