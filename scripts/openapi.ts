/** npm run openapi: prints the OpenAPI 3.1 document, built from the operation declarations, without a server. */
import { createApp } from "../src/app";
import { openApiDocument } from "../src/core/registry";

const baseUrl = process.env.PUBLIC_BASE_URL ?? "http://127.0.0.1:8787";
process.stdout.write(`${JSON.stringify(openApiDocument(createApp(), baseUrl), null, 2)}\n`);
