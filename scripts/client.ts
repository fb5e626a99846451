/**
 * npm run client: writes the types of the OpenAPI document (the one npm run openapi prints) for the
 * SDK (sdk/src/schema.d.ts, which the tests' raw client, openapi-fetch's createClient<paths>(), takes
 * too) and the SDK's methods (sdk/src/operations.ts). The e2e tests call
 * the API through both; test/e2e/document.e2e.test.ts fails when a committed file is out of date.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createApp } from "../src/app";
import { domains } from "../src/domains";
import { openApiDocument } from "../src/core/registry";
import { deploymentConfig } from "./lib/config";
import { SDK_OPERATIONS_PATH, SDK_TYPES_PATH, sdkOperations, sdkTypes } from "./lib/sdk";
import { root } from "./lib/state";

const config = await deploymentConfig();
const document = openApiDocument(createApp(domains), config);
const files: [string, string][] = [
  [SDK_TYPES_PATH, await sdkTypes(document)],
  [SDK_OPERATIONS_PATH, sdkOperations(document)],
];
for (const [path, text] of files) {
  const target = join(root, path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
  console.log(`wrote ${path}`);
}
