/**
 * npm run client: writes test/client/schema.d.ts, the types of the OpenAPI document (the one npm run
 * openapi prints), which openapi-fetch's createClient<paths>() takes. The e2e tests call the API
 * through that client; test/e2e/document.e2e.test.ts fails when the committed file is out of date.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createApp } from "../src/app";
import { openApiDocument } from "../src/core/registry";
import { CLIENT_TYPES_PATH, clientTypes } from "./lib/client";
import { deploymentConfig } from "./lib/config";
import { root } from "./lib/state";

const config = await deploymentConfig();
const target = join(root, CLIENT_TYPES_PATH);
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, await clientTypes(openApiDocument(createApp(), config)));
console.log(`wrote ${CLIENT_TYPES_PATH}`);
