import { describe, expect, it } from "vitest";
import { call, operator } from "./helpers";

/**
 * Every field of a request, public or operator, that names a host or a URL the platform will reach
 * (or serve) goes through the one destination check of src/lib/destination.ts: https, no
 * credentials, a public host by its form and by what it resolves to, loopback only under local
 * development's switch (WEBHOOKS_ALLOW_LOOPBACK). The fields are found in the two OpenAPI documents
 * (by name or format), so a field added tomorrow fails here until it is listed with the test that
 * proves its check, or listed as not a destination with the reason.
 */

/** Each destination field, as `operationId body.path`, and the test that proves it is checked. */
const CHECKED: Record<string, string> = {
  "putWebhookSubscription body.url": "src/domains/webhooks/destinations.test.ts",
  "updateWebhookSubscription body.url": "src/domains/webhooks/destinations.test.ts",
  "updateSubaccountBranding body.logo_url": "src/domains/agency/branding.test.ts",
  "updateSubaccountBranding body.custom_domain": "src/domains/agency/branding.test.ts",
  "createSipTrunk body.host": "src/domains/sip-trunks/trunks.test.ts",
  "updateSipTrunk body.host": "src/domains/sip-trunks/trunks.test.ts",
  "connectArchive body.url": "src/domains/documents/panel.test.ts",
  "createMailbox body.jmap.base_url": "src/domains/inbox/panel.test.ts",
  "createMailbox body.jmap.session_url": "src/domains/inbox/panel.test.ts",
  "addTelephonyProfile body.trunk.host": "src/domains/telephony/extensions.test.ts",
};

/** Fields whose names look like a destination but that the platform never reaches, and why. */
const NOT_DESTINATIONS: Record<string, string> = {
  "addSipExtension body.sip_domain":
    "the SIP domain the extension's phone registers at (the company's domain on the platform's registrar); the platform connects to no host by it",
};

const DESTINATION_NAME = /(^|_)(url|uri|urls|host|hostname|domain|endpoint)$/;
const DESTINATION_FORMATS = new Set(["uri", "url", "iri", "hostname", "idn-hostname"]);

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface Document {
  paths: Record<
    string,
    Record<string, { operationId?: string; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** The `operationId body.path` of every request body field that looks like a destination. */
function destinationFields(document: Document): string[] {
  const found = new Set<string>();
  const resolve = (schema: JsonSchema): JsonSchema =>
    schema.$ref ? resolve(document.components?.schemas?.[schema.$ref.split("/").pop()!] ?? {}) : schema;
  const walk = (operationId: string, path: string, name: string, raw: JsonSchema, depth: number) => {
    if (depth > 12) return;
    const schema = resolve(raw);
    if (DESTINATION_NAME.test(name) || (schema.format && DESTINATION_FORMATS.has(schema.format)))
      found.add(`${operationId} ${path}`);
    for (const [key, child] of Object.entries(schema.properties ?? {}))
      walk(operationId, `${path}.${key}`, key, child, depth + 1);
    if (schema.items) walk(operationId, `${path}[]`, name, schema.items, depth + 1);
    for (const option of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
      walk(operationId, path, name, option, depth + 1);
  };
  for (const methods of Object.values(document.paths))
    for (const operation of Object.values(methods)) {
      if (!operation.operationId) continue;
      for (const media of Object.values(operation.requestBody?.content ?? {}))
        if (media.schema) walk(operation.operationId, "body", "", media.schema, 0);
    }
  return [...found].sort();
}

describe("outbound destinations", () => {
  it("every host or URL field of a request, public or operator, is checked as a destination (or listed as not one)", async () => {
    const publicDocument = await call("/api/v1/openapi.json");
    const operatorDocument = await operator("/openapi.json");
    expect([publicDocument.status, operatorDocument.status]).toEqual([200, 200]);
    const fields = [
      ...destinationFields(publicDocument.json as Document),
      ...destinationFields(operatorDocument.json as Document),
    ];
    const unlisted = fields.filter((field) => !(field in CHECKED) && !(field in NOT_DESTINATIONS));
    expect(
      unlisted,
      "check these with src/lib/destination.ts (requireResolvedPublicDestination or requirePublicHost) and list them in CHECKED with their test, or in NOT_DESTINATIONS with the reason",
    ).toEqual([]);
    // A listed field that no longer exists is a stale entry.
    expect(
      [...Object.keys(CHECKED), ...Object.keys(NOT_DESTINATIONS)].filter((field) => !fields.includes(field)),
    ).toEqual([]);
  });
});
