/** npm run openapi: prints the OpenAPI 3.1 document, built from the operation declarations and wrangler.toml's configuration, without a server. */
import { createApp } from "../src/app";
import { openApiDocument } from "../src/core/registry";
import { deploymentConfig } from "./lib/config";

const config = await deploymentConfig(process.env.PUBLIC_BASE_URL ? { PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL } : {});
process.stdout.write(`${JSON.stringify(openApiDocument(createApp(), config), null, 2)}\n`);
