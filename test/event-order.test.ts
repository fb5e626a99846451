import { describe, expect, it } from "vitest";
import { call, tenant } from "./helpers";
import { domains } from "../src/domains";

/**
 * Events carry their order (src/data/sequences.ts): every event about a resource with a lifecycle
 * describes its `sequence` and `previous_status` in the event catalogue and the OpenAPI `webhooks`.
 */
const sequenced = domains.flatMap((domain) => domain.events).filter((definition) => definition.sequenced);

type JsonSchema = {
  properties?: Record<string, { description?: string }>;
  required?: string[];
  $ref?: string;
  allOf?: JsonSchema[];
};

describe("The event catalogue and the OpenAPI webhooks describe each event's order", () => {
  it("every event about a call or a message is sequenced", () => {
    const types = sequenced.map((definition) => definition.type);
    for (const type of [
      "call.dialled",
      "call.status_changed",
      "call.settled",
      "sms.sent",
      "sms.delivered",
      "sms.failed",
      "email.sent",
      "email.delivered",
      "email.bounced",
      "email.complained",
      "email.failed",
      "whatsapp.message.sent",
      "whatsapp.message.delivered",
      "whatsapp.message.read",
      "whatsapp.message.failed",
      "whatsapp.message.received",
    ])
      expect(types).toContain(type);
  });

  it("GET /events/catalog: sequence and previous_status, required and described", async () => {
    const t = await tenant();
    // The catalogue is an operation of the conversations switch too (CONVERSATIONS_API_ENABLED).
    const catalog = await call("/api/v1/events/catalog", { key: t.key, vars: { CONVERSATIONS_API_ENABLED: "true" } });
    expect(catalog.status).toBe(200);
    const schemas = new Map(
      (catalog.json.data as { type: string; schema: JsonSchema }[]).map((entry) => [entry.type, entry.schema]),
    );
    for (const { type } of sequenced) {
      const schema = schemas.get(type)!;
      expect(schema, type).toBeDefined();
      for (const member of ["sequence", "previous_status"]) {
        expect(schema.required, `${type} ${member}`).toContain(member);
        expect(schema.properties?.[member]?.description, `${type} ${member}`).toBeTruthy();
      }
    }
  });

  it("the OpenAPI document's webhooks: each body's data has both", async () => {
    const document = await call("/api/v1/openapi.json");
    const components = document.json.components.schemas as Record<string, JsonSchema>;
    const resolve = (schema: JsonSchema): JsonSchema =>
      schema.$ref ? resolve(components[schema.$ref.split("/").at(-1)!]!) : schema;
    for (const { type } of sequenced) {
      const body = document.json.webhooks[type].post.requestBody.content["application/json"].schema as JsonSchema;
      // A schema extended from a named one is that one and its own part (allOf).
      const propertiesOf = (schema: JsonSchema): string[] => {
        const resolved = resolve(schema);
        return [...Object.keys(resolved.properties ?? {}), ...(resolved.allOf ?? []).flatMap(propertiesOf)];
      };
      const data = resolve(body).properties!.data as JsonSchema;
      expect(propertiesOf(data), type).toEqual(expect.arrayContaining(["sequence", "previous_status"]));
    }
  });
});
