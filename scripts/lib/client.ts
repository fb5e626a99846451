import openapiTS, { astToString } from "openapi-typescript";

const HEADER =
  "// The types of the OpenAPI document (paths, operations, components, webhooks) for openapi-fetch,\n" +
  "// written by `npm run client` with openapi-typescript. Do not edit: change the declarations and run it again.\n\n";

/** The TypeScript types of an OpenAPI document, as openapi-typescript writes them. */
export async function clientTypes(document: unknown): Promise<string> {
  // A property with a default is optional for the client unless the document requires it (a
  // request body's default is the server's to apply); openapi-typescript's default would require it.
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], { defaultNonNullable: false });
  return HEADER + astToString(ast);
}
